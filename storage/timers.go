package storage

import (
	"encoding/binary"
	"fmt"
)

var bucketTimers = []byte("timers") // Unix ms + chat key → empty: deadlines by time

// Timers are an index of deadlines keyed by time: bucketTimers holds
// key = big-endian Unix ms (8 bytes) + chat key (8 bytes) → empty value.
// bbolt keeps keys sorted, so the earliest deadlines are the first keys:
// finding what is due is a cursor Seek to the start and a walk that stops
// at the first key in the future, whatever the number of scheduled timers.
// The bot keeps one entry per chat, written in the transaction that changes
// the game.

func timerKey(at, chat int64) []byte {
	k := make([]byte, 0, 16)
	k = binary.BigEndian.AppendUint64(k, uint64(max(at, 0)))
	return append(k, chatKey(chat)...)
}

// The index is kept lazily for a chat whose deadline is set through
// Deadline (ChatWrite.Deadline, SetDeadline): its entry in the index may
// be earlier than its deadline, never later, and the chat's entry in
// bucketGames (chat.go) remembers its moment. A deadline that moves later,
// as a game's does at nearly every move, leaves the index alone; the
// early entry fires, the bot finds nothing due yet, and the write that
// reports it (Deadline.Fired) puts the chat back in the index at its
// deadline. An index entry moved costs a commit its leaves and the
// branch above them: about a third of a quiet bot's write per update
// (BenchmarkDiskPerUpdate), now paid once per deadline instead.

// Deadline is a chat's deadline after a change, for the timer index.
type Deadline struct {
	At int64 // the chat's next deadline, Unix ms (0: none)
	// Was is the deadline before the change: where the index holds it
	// for a chat whose entry predates schema 11 (the bot's record's).
	Was int64
	// Fired is the moment of the index entry whose firing the change
	// handles (DueTimers' At; 0: none): that entry is done with.
	Fired int64
}

// SetDeadline stores the chat's deadline d for the timer index, as
// ChatWrite.Deadline does, for a change that writes nothing else there.
func (t *Tx) SetDeadline(chat int64, d Deadline) error {
	e, err := t.entry(chat)
	if err == nil {
		var moved bool
		if moved, err = t.setDeadline(chat, &e, d); err == nil && moved {
			err = t.putEntry(chat, e)
		}
	}
	if err != nil {
		return fmt.Errorf("storage: set deadline %d: %w", chat, err)
	}
	return nil
}

// setDeadline moves the chat's index entry for d and notes its moment in
// e; it says whether e changed (the caller stores it).
func (t *Tx) setDeadline(chat int64, e *chatEntry, d Deadline) (bool, error) {
	at, was := uint64(max(d.At, 0)), uint64(max(d.Was, 0))
	indexed := was // schema 10 and before: the index holds the record's deadline
	if e.timed {
		indexed = e.indexed
	}
	timers := t.bucket(bucketTimers)
	drop := func(m uint64) error { return timers.Delete(timerKey(int64(m), chat)) }
	if d.Fired > 0 {
		if err := drop(uint64(d.Fired)); err != nil {
			return false, err
		}
		if uint64(d.Fired) == indexed {
			indexed = 0
		}
	}
	if was != 0 && was != indexed && was != at {
		// Put there by PutTimer (a chat moved to a supergroup): not the
		// entry this chat's deadline is kept by. A missing key costs a
		// lookup and writes nothing.
		if err := drop(was); err != nil {
			return false, err
		}
	}
	switch {
	case at == 0 && indexed != 0:
		if err := drop(indexed); err != nil {
			return false, err
		}
		indexed = 0
	case at != 0 && (indexed == 0 || at < indexed):
		if indexed != 0 {
			if err := drop(indexed); err != nil {
				return false, err
			}
		}
		if err := timers.Put(timerKey(int64(at), chat), []byte{}); err != nil {
			return false, err
		}
		indexed = at
	}
	moved := !e.timed || e.indexed != indexed
	e.timed, e.indexed = true, indexed
	return moved, nil
}

// moveIndexed gives to the index entry Deadline keeps for from (MoveChat).
func (t *Tx) moveIndexed(from, to int64) error {
	src, err := t.entry(from)
	if err != nil || !src.timed || src.indexed == 0 {
		return err
	}
	at := src.indexed
	src.indexed = 0
	if err := t.putEntry(from, src); err != nil { // first: src views what writes may move
		return err
	}
	timers := t.bucket(bucketTimers)
	if err := timers.Delete(timerKey(int64(at), from)); err != nil {
		return err
	}
	if err := timers.Put(timerKey(int64(at), to), []byte{}); err != nil {
		return err
	}
	dst, err := t.entry(to)
	if err != nil {
		return err
	}
	if !dst.timed || dst.indexed == 0 || at < dst.indexed {
		dst.timed, dst.indexed = true, at
		return t.putEntry(to, dst)
	}
	return nil
}

// Timer is one scheduled deadline.
type Timer struct {
	At   int64 // Unix ms
	Chat int64
}

// PutTimer schedules a deadline for chat at at (Unix ms): an entry in the
// index beside what Deadline keeps. If it is earlier than that, Deadline
// keeps the chat by it from now on.
func (t *Tx) PutTimer(at, chat int64) error {
	err := t.bucket(bucketTimers).Put(timerKey(at, chat), []byte{})
	if err == nil {
		err = t.noteTimer(chat, func(indexed uint64) uint64 {
			if indexed == 0 || uint64(max(at, 0)) < indexed {
				return uint64(max(at, 0))
			}
			return indexed
		})
	}
	if err != nil {
		return fmt.Errorf("storage: put timer %d@%d: %w", chat, at, err)
	}
	return nil
}

// DeleteTimer removes a scheduled deadline; a missing one is fine.
func (t *Tx) DeleteTimer(at, chat int64) error {
	err := t.bucket(bucketTimers).Delete(timerKey(at, chat))
	if err == nil {
		err = t.noteTimer(chat, func(indexed uint64) uint64 {
			if indexed == uint64(max(at, 0)) {
				return 0
			}
			return indexed
		})
	}
	if err != nil {
		return fmt.Errorf("storage: delete timer %d@%d: %w", chat, at, err)
	}
	return nil
}

// noteTimer updates the moment a chat's entry notes for its index entry,
// if it notes one (Deadline), after PutTimer or DeleteTimer.
func (t *Tx) noteTimer(chat int64, next func(indexed uint64) uint64) error {
	e, err := t.entry(chat)
	if err != nil || !e.timed {
		return err
	}
	if n := next(e.indexed); n != e.indexed {
		e.indexed = n
		return t.putEntry(chat, e)
	}
	return nil
}

// DueTimers returns up to limit timers whose moment is ≤ now, earliest
// first. It reads only the keys it returns plus one.
func (t *Tx) DueTimers(now int64, limit int) []Timer {
	var out []Timer
	c := t.bucket(bucketTimers).Cursor()
	for k, _ := c.First(); k != nil && len(out) < limit; k, _ = c.Next() {
		if len(k) != 16 {
			continue
		}
		at := int64(binary.BigEndian.Uint64(k[:8]))
		if at > now {
			break
		}
		out = append(out, Timer{At: at, Chat: chatFromKey(k[8:])})
	}
	return out
}

// NextTimer returns the earliest scheduled timer, if any.
func (t *Tx) NextTimer() (Timer, bool) {
	k, _ := t.bucket(bucketTimers).Cursor().First()
	if len(k) != 16 {
		return Timer{}, false
	}
	return Timer{At: int64(binary.BigEndian.Uint64(k[:8])), Chat: chatFromKey(k[8:])}, true
}

// TimerCount is the number of scheduled timers (tests, metrics).
func (t *Tx) TimerCount() int { return t.bucket(bucketTimers).Stats().KeyN }
