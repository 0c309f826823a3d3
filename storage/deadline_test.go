package storage

import (
	"math/rand/v2"
	"testing"
)

// timersOf lists the chat's entries in the index, earliest first.
func timersOf(t *testing.T, s *Store, chat int64) []int64 {
	t.Helper()
	var ats []int64
	mustView(t, s, func(tx *Tx) error {
		for _, tm := range tx.DueTimers(1<<62, 1<<20) {
			if tm.Chat == chat {
				ats = append(ats, tm.At)
			}
		}
		return nil
	})
	return ats
}

func setDeadline(t *testing.T, s *Store, chat int64, d Deadline) {
	t.Helper()
	mustUpdate(t, s, func(tx *Tx) error { return tx.WriteChat(chat, ChatWrite{Deadline: &d}) })
}

// deadlineLeaves sets d and checks the chat's entries in the index.
func deadlineLeaves(t *testing.T, s *Store, chat int64, d Deadline, why string, want ...int64) {
	t.Helper()
	setDeadline(t, s, chat, d)
	if got := timersOf(t, s, chat); !sameTimers(got, want...) {
		t.Fatalf("after %+v: index %v, want %v (%s)", d, got, want, why)
	}
}

func sameTimers(got []int64, want ...int64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// TestDeadlineMovedLaterLeavesTheIndex: a deadline that moves later keeps
// its earlier index entry (no index write); that entry fires, and the
// write reporting it puts the chat in the index at its deadline. A
// deadline that moves earlier, or goes, moves the index at once.
func TestDeadlineMovedLaterLeavesTheIndex(t *testing.T) {
	s := openTest(t)
	const chat = -100
	mustUpdate(t, s, func(tx *Tx) error { return tx.PutGame(chat, []byte(`{}`)) })

	deadlineLeaves(t, s, chat, Deadline{At: 1000}, "the first deadline", 1000)
	setDeadline(t, s, chat, Deadline{At: 2000, Was: 1000})
	deadlineLeaves(t, s, chat, Deadline{At: 3000, Was: 2000}, "moved later: the early entry stays", 1000)
	mustView(t, s, func(tx *Tx) error {
		if due := tx.DueTimers(1500, 10); len(due) != 1 || due[0] != (Timer{At: 1000, Chat: chat}) {
			t.Errorf("due at 1500: %v, want the early entry", due)
		}
		return nil
	})
	// The early entry fired; nothing was due: the chat goes back at 3000.
	deadlineLeaves(t, s, chat, Deadline{At: 3000, Was: 3000, Fired: 1000}, "the early entry fired: back at the deadline", 3000)
	deadlineLeaves(t, s, chat, Deadline{At: 2500, Was: 3000}, "moved earlier: moved at once", 2500)
	// A genuine firing that moves the deadline on.
	deadlineLeaves(t, s, chat, Deadline{At: 9000, Was: 2500, Fired: 2500}, "fired and moved on", 9000)
	deadlineLeaves(t, s, chat, Deadline{At: 0, Was: 9000}, "deadline gone")
	// The game survives all of it.
	mustView(t, s, func(tx *Tx) error {
		if g, ok := tx.Game(chat); !ok || string(g) != `{}` {
			t.Errorf("game %q %v", g, ok)
		}
		return nil
	})
}

// TestDeadlineTakesOverASchema10Entry: before schema 11 the index held the
// record's deadline itself (Was); the first deadline set keeps by it.
func TestDeadlineTakesOverASchema10Entry(t *testing.T) {
	s := openTest(t)
	const chat = -7
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutTimer(500, chat); err != nil {
			return err
		}
		return tx.WriteChat(chat, ChatWrite{UpdateID: 3, Record: []byte(`{"a":1}`)})
	})
	mustView(t, s, func(tx *Tx) error {
		if v := tx.bucket(bucketGames).Get(chatKey(chat)); v[0] != entryGame {
			t.Errorf("an entry with no deadline set keeps schema 10's format, got %#x", v[0])
		}
		return nil
	})
	deadlineLeaves(t, s, chat, Deadline{At: 800, Was: 500}, "schema 10's entry kept as the early one", 500)
	deadlineLeaves(t, s, chat, Deadline{At: 300, Was: 800}, "moved earlier", 300)
	mustView(t, s, func(tx *Tx) error {
		if tx.LastUpdate(chat) != 3 {
			t.Errorf("last update %d", tx.LastUpdate(chat))
		}
		if g, _ := tx.Game(chat); string(g) != `{"a":1}` {
			t.Errorf("game %q", g)
		}
		return nil
	})
}

// TestDeadlineRawTimersKeepTheNote: PutTimer and DeleteTimer (a broken
// chat's timer postponed: bot.Bot.postpone) keep the moment the entry
// notes, so a deadline moved later afterwards is still in the index.
func TestDeadlineRawTimersKeepTheNote(t *testing.T) {
	s := openTest(t)
	const chat = -8
	setDeadline(t, s, chat, Deadline{At: 100})
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.DeleteTimer(100, chat); err != nil {
			return err
		}
		return tx.PutTimer(5000, chat)
	})
	deadlineLeaves(t, s, chat, Deadline{At: 7000, Was: 100}, "the postponed entry is early enough", 5000)
	deadlineLeaves(t, s, chat, Deadline{At: 300, Was: 7000}, "moved earlier", 300)
}

// TestDeadlineMovesWithTheChat: MoveChat takes the index entry along.
func TestDeadlineMovesWithTheChat(t *testing.T) {
	s := openTest(t)
	const from, to = -5, -1_000_000_000_005
	mustUpdate(t, s, func(tx *Tx) error {
		return tx.WriteChat(from, ChatWrite{Record: []byte(`{}`), Deadline: &Deadline{At: 100}})
	})
	setDeadline(t, s, from, Deadline{At: 400, Was: 100})
	mustUpdate(t, s, func(tx *Tx) error { return tx.MoveChat(from, to) })
	if got := timersOf(t, s, from); len(got) != 0 {
		t.Fatalf("the old chat keeps %v", got)
	}
	if got := timersOf(t, s, to); !sameTimers(got, 100) {
		t.Fatalf("the new chat has %v, want the early 100", got)
	}
	deadlineLeaves(t, s, to, Deadline{At: 400, Was: 400, Fired: 100}, "the early entry fired", 400)
}

// TestDeadlineNeverLate plays random deadlines, firings of whatever is
// due and postponements against a model: whenever the chat has a
// deadline, the index has an entry for it at or before it, and only one.
func TestDeadlineNeverLate(t *testing.T) {
	s := openTest(t)
	const chat = -9
	r := rand.New(rand.NewPCG(3, 4))
	var now, deadline int64
	postponed := false // the index entry is late on purpose until the next change
	for step := range 3000 {
		switch op := r.IntN(10); {
		case op < 5: // a change moves the deadline (sometimes away)
			next := now + 1 + r.Int64N(1000)
			if r.IntN(8) == 0 {
				next = 0
			}
			setDeadline(t, s, chat, Deadline{At: next, Was: deadline})
			deadline, postponed = next, false
		case op < 9: // time passes and what is due fires
			now += r.Int64N(300)
			var due []Timer
			mustView(t, s, func(tx *Tx) error { due = tx.DueTimers(now, 10); return nil })
			for _, d := range due {
				if deadline != 0 && deadline <= now {
					deadline = 0 // handled; a new one may come with a later change
				}
				setDeadline(t, s, chat, Deadline{At: deadline, Was: deadline, Fired: d.At})
			}
		default: // a firing panicked: postponed as bot.Bot.postpone does
			var due []Timer
			mustView(t, s, func(tx *Tx) error { due = tx.DueTimers(now, 1); return nil })
			for _, d := range due {
				mustUpdate(t, s, func(tx *Tx) error {
					if err := tx.DeleteTimer(d.At, chat); err != nil {
						return err
					}
					return tx.PutTimer(now+500, chat)
				})
				postponed = true
			}
		}
		ats := timersOf(t, s, chat)
		if deadline != 0 && !postponed && (len(ats) == 0 || ats[0] > deadline && ats[0] > now) {
			t.Fatalf("step %d: deadline %d (now %d), index %v: it would fire late", step, deadline, now, ats)
		}
		if len(ats) > 1 {
			t.Fatalf("step %d: index %v: more than one entry", step, ats)
		}
	}
}

// TestTimedEntryRoundTrip: an entry with its index moment reads back as
// it was written, a damaged moment is an error, and a deadline-only
// write leaves the record, the update id and the log tail alone.
func TestTimedEntryRoundTrip(t *testing.T) {
	for _, e := range []chatEntry{
		{timed: true},
		{timed: true, indexed: 1_800_000_000_000, lastUpdate: 7},
		{timed: true, indexed: 5, game: true, record: []byte(`{"x":1}`), tail: []byte{1, 2, 'a', 'b'}},
		{timed: true, game: true, record: []byte{}},
	} {
		got, err := readEntry(e.encode())
		if err != nil || got.timed != e.timed || got.indexed != e.indexed || got.lastUpdate != e.lastUpdate ||
			got.game != e.game || string(got.record) != string(e.record) || string(got.tail) != string(e.tail) {
			t.Errorf("%+v read back as %+v (%v)", e, got, err)
		}
	}
	for _, v := range [][]byte{{entryGameT, 0x01}, {entryNoGameT, 0x01, 0x80}, {entryGameT, 0x01, 0x02, 0x05}} {
		if _, err := readEntry(v); err == nil {
			t.Errorf("damaged entry %x read without error", v)
		}
	}

	s := openTest(t)
	const chat = -11
	mustUpdate(t, s, func(tx *Tx) error {
		_, err := tx.AppendLog(chat, []byte("first"))
		if err == nil {
			err = tx.WriteChat(chat, ChatWrite{UpdateID: 42, Record: []byte(`{"r":2}`)})
		}
		return err
	})
	setDeadline(t, s, chat, Deadline{At: 900})
	mustView(t, s, func(tx *Tx) error {
		if g, _ := tx.Game(chat); string(g) != `{"r":2}` || tx.LastUpdate(chat) != 42 {
			t.Errorf("after a deadline: game %q, last update %d", g, tx.LastUpdate(chat))
		}
		var entries []string
		_ = tx.Log(chat, 1, func(_ uint64, e []byte) error { entries = append(entries, string(e)); return nil })
		if len(entries) != 1 || entries[0] != "first" {
			t.Errorf("log %q", entries)
		}
		return nil
	})
}
