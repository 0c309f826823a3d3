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
// The bot keeps at most one entry per chat and stores its moment in the
// chat's record, so rescheduling deletes the old key in the same
// transaction that changes the game.

func timerKey(at, chat int64) []byte {
	k := make([]byte, 0, 16)
	k = binary.BigEndian.AppendUint64(k, uint64(max(at, 0)))
	return append(k, chatKey(chat)...)
}

// Timer is one scheduled deadline.
type Timer struct {
	At   int64 // Unix ms
	Chat int64
}

// PutTimer schedules a deadline for chat at at (Unix ms).
func (t *Tx) PutTimer(at, chat int64) error {
	if err := t.bucket(bucketTimers).Put(timerKey(at, chat), []byte{}); err != nil {
		return fmt.Errorf("storage: put timer %d@%d: %w", chat, at, err)
	}
	return nil
}

// DeleteTimer removes a scheduled deadline; a missing one is fine.
func (t *Tx) DeleteTimer(at, chat int64) error {
	if err := t.bucket(bucketTimers).Delete(timerKey(at, chat)); err != nil {
		return fmt.Errorf("storage: delete timer %d@%d: %w", chat, at, err)
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
