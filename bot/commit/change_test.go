package commit

import (
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// newPath is a commit path on a fresh store, with no hooks.
func newPath(t *testing.T, opt Options) (*Path, *storage.Store) {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "c.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return New(store, opt), store
}

// A writer that changes a chat's record without holding its lock (a bug)
// does not lose its change: the change that read the older record is
// computed again on the newer one.
func TestChangeRedoneWhenTheRecordMovedMeanwhile(t *testing.T) {
	t.Parallel()
	p, store := newPath(t, Options{})
	const chat = -5
	put := func(rec *kit.Record) {
		data, _ := rec.Encode()
		if err := store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) }); err != nil {
			t.Fatal(err)
		}
	}
	put(&kit.Record{Kind: plainKind, ID: 1, Status: kit.StatusLobby, Seats: []kit.Seat{{User: 1, Name: "A"}}})
	if _, err := p.Snapshot(chat); err != nil { // cached now
		t.Fatal(err)
	}
	runs := 0
	_, err := p.Change(chat, 10, func(c *kit.Change) error {
		runs++
		if runs == 1 { // someone else writes between our read and write
			put(&kit.Record{Kind: plainKind, ID: 1, Status: kit.StatusLobby, Seats: []kit.Seat{{User: 1, Name: "A"}, {User: 2, Name: "B"}}})
		}
		c.Rec.Seats = append(c.Rec.Seats, kit.Seat{User: 3, Name: "C"})
		c.Save = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if runs != 2 {
		t.Fatalf("fn ran %d times, want 2", runs)
	}
	rec, err := p.Snapshot(chat)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Seats) != 3 || rec.Seats[1].User != 2 || rec.Seats[2].User != 3 {
		t.Fatalf("seats %+v: want A, B (the other write) and C (ours)", rec.Seats)
	}
	// The update is recorded as applied: a second delivery is a duplicate.
	if _, err := p.Change(chat, 10, func(*kit.Change) error { t.Fatal("duplicate applied"); return nil }); err != kit.ErrDuplicate {
		t.Fatalf("redelivered update: err %v, want kit.ErrDuplicate", err)
	}
}

// Records loaded through the cache are what storage holds, change after
// change: the whole-game tests run on the cache; this pins that a change
// sees its predecessor's result even when the cache was emptied between.
func TestChangeSeesThePreviousChangeWithOrWithoutCache(t *testing.T) {
	t.Parallel()
	for _, size := range []int{0, -1} {
		p, store := newPath(t, Options{CachedRecords: size})
		const chat = -6
		data, _ := (&kit.Record{Kind: plainKind, ID: 1, Status: kit.StatusLobby}).Encode()
		_ = store.Update(func(tx *storage.Tx) error { return tx.PutGame(chat, data) })
		for i := range 5 {
			if i == 3 {
				p.Forget(chat)
			}
			_, err := p.Change(chat, 100+i, func(c *kit.Change) error {
				if want := uint64(i); c.Rec.Rev != want {
					t.Errorf("cache %d: change %d sees rev %d, want %d", size, i, c.Rec.Rev, want)
				}
				c.Save = true
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// plainKind is a kind of game with no state of its own: the commit path
// knows no kind, its tests need one whose records decode.
const plainKind = "commit-test"

func init() { kit.RegisterState(plainKind, kit.DecodeEnvelope) }
