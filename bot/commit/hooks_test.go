package commit

import (
	"errors"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// What the chat layer adds inside a commit is stored in the change's own
// transaction: the offset with the update, the re-planned timer entry, the
// kept messages (whose numbers the change learns), the log entry.
func TestChangeStoresWhatTheHooksAdd(t *testing.T) {
	t.Parallel()
	const chat, at = -8, int64(1_900_000_000_000)
	var rearmed []int
	p, store := newPath(t, Options{
		Offset: func(updateID int) int { return updateID + 1 },
		ActingSeat: func(entry []byte) int {
			if string(entry) != `{"seat":1}` {
				t.Errorf("acting seat asked of %s, want the change's last log entry", entry)
			}
			return 1
		},
		Rearm: func(c *kit.Change, human bool, seat int) (TimerMove, bool) {
			if !human {
				t.Error("a person's saved change rearmed as not human")
			}
			rearmed = append(rearmed, seat)
			move := TimerMove{Drop: c.Rec.Clock.Timer, Add: at}
			c.Rec.Clock.Timer = at
			return move, true
		},
		Owed: func(c *kit.Change) ([]Owed, error) {
			return []Owed{{Text: "kept", Data: []byte(`{"text":"kept"}`)}}, nil
		},
	})
	data, _ := (&kit.Record{Kind: plainKind, ID: 1, Status: kit.StatusPlaying}).Encode()
	if err := store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) }); err != nil {
		t.Fatal(err)
	}
	st, err := p.Change(chat, 41, func(c *kit.Change) error {
		c.Logs = append(c.Logs, []byte(`{"seat":1}`))
		c.Save = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rearmed) != 1 || rearmed[0] != 1 {
		t.Fatalf("rearmed for seats %v, want once for seat 1", rearmed)
	}
	if len(st.Kept) != 1 || st.Kept[0].Text != "kept" {
		t.Fatalf("kept %+v, want the owed message with its number", st.Kept)
	}
	err = store.View(func(tx *storage.Tx) error {
		if got := tx.Offset(); got != 42 {
			t.Errorf("offset %d, want 42 (stored with update 41)", got)
		}
		if got := tx.LastUpdate(chat); got != 41 {
			t.Errorf("last update %d, want 41", got)
		}
		var pending []string
		_ = tx.ForEachPending(func(c int64, seq uint64, msg []byte) error {
			if c == chat && seq == st.Kept[0].Seq {
				pending = append(pending, string(msg))
			}
			return nil
		})
		if len(pending) != 1 || pending[0] != `{"text":"kept"}` {
			t.Errorf("pending %q, want the owed message's stored form", pending)
		}
		due := tx.DueTimers(at, 10)
		if len(due) != 1 || due[0].Chat != chat {
			t.Errorf("timers due at the planned moment: %+v, want the chat", due)
		}
		var logs int
		_ = tx.Log(chat, 1, func(uint64, []byte) error { logs++; return nil })
		if logs != 1 {
			t.Errorf("%d log entries, want 1", logs)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A change that stores nothing owes nothing: Owed is asked only of a
// change that stores its record or ends its game.
func TestOwedAskedOnlyOfAChangeThatStores(t *testing.T) {
	t.Parallel()
	const chat = -9
	asked := 0
	p, store := newPath(t, Options{Owed: func(*kit.Change) ([]Owed, error) { asked++; return nil, nil }})
	data, _ := (&kit.Record{Kind: plainKind, ID: 1, Status: kit.StatusLobby}).Encode()
	if err := store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) }); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Change(chat, 0, func(*kit.Change) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if asked != 0 {
		t.Fatalf("Owed asked %d times of a change that stores nothing", asked)
	}
	if _, err := p.Change(chat, 0, func(c *kit.Change) error { c.Save = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if asked != 1 {
		t.Fatalf("Owed asked %d times of a saved change, want 1", asked)
	}
}

// A game's end is archived with its log and recorded (GameEnd) in one
// transaction: if the statistics cannot be written, the game is neither
// archived nor removed, and the update is not marked applied.
func TestGameEndIsRecordedWithTheArchive(t *testing.T) {
	t.Parallel()
	const chat = -10
	failing := true
	var ended []uint64
	p, store := newPath(t, Options{GameEnd: func(tx *storage.Tx, c int64, rec *kit.Record, stopped bool) error {
		if failing {
			return errors.New("disk full")
		}
		if c != chat || !stopped {
			t.Errorf("game end of chat %d stopped %v, want %d stopped", c, stopped, chat)
		}
		ended = append(ended, rec.ID)
		return nil
	}})
	data, _ := (&kit.Record{Kind: plainKind, ID: 5, Status: kit.StatusPlaying}).Encode()
	if err := store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) }); err != nil {
		t.Fatal(err)
	}
	end := func(c *kit.Change) error {
		c.Logs = append(c.Logs, []byte(`{"seat":0}`))
		c.Remove, c.Stopped = true, true
		return nil
	}
	if _, err := p.Change(chat, 7, end); err == nil {
		t.Fatal("a game end whose statistics failed was stored")
	}
	archives := func() (n int) {
		_ = store.View(func(tx *storage.Tx) error {
			return tx.ForEachArchive(chat, func(uint64, []byte) error { n++; return nil })
		})
		return n
	}
	if rec, err := p.Snapshot(chat); err != nil || rec == nil || archives() != 0 {
		t.Fatalf("after the failed end: record %v (%v), %d archives; want the game kept, none", rec, err, archives())
	}
	failing = false
	if _, err := p.Change(chat, 7, end); err != nil {
		t.Fatal(err)
	}
	if rec, err := p.Snapshot(chat); err != nil || rec != nil || archives() != 1 || len(ended) != 1 || ended[0] != 5 {
		t.Fatalf("after the end: record %v (%v), %d archives, ended %v; want no record, one archive, game 5", rec, err, archives(), ended)
	}
}
