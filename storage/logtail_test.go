package storage

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func TestLogAcrossTheTailAndItsFlushes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	// A log from before tails: three entries in the chat's log bucket.
	const chat, moved = int64(-42), int64(-1000000000042)
	want := []string{"old 0", "old 1", "old 2"}
	s := upgradeFrom(t, path, 7, func(btx *bolt.Tx) error {
		for _, e := range want {
			if _, err := appendSeq(btx.Bucket(bucketLogs), chat, []byte(e)); err != nil {
				return err
			}
		}
		return nil
	})

	// Entries of 70 bytes, as the bot's: several flushes of the tail, one
	// per transaction and some within one.
	for round := range 10 {
		mustUpdate(t, s, func(tx *Tx) error {
			for range 7 {
				e := fmt.Sprintf("%-70d", len(want))
				seq, err := tx.AppendLog(chat, []byte(e))
				if err != nil {
					return err
				}
				if seq != uint64(len(want)+1) {
					t.Fatalf("round %d: entry %d got seq %d", round, len(want)+1, seq)
				}
				want = append(want, e)
			}
			return nil
		})
	}
	check := func(chat int64, from uint64) {
		t.Helper()
		seqs, got := readLog(t, s, chat, from)
		if !slices.Equal(got, want[from-1:]) {
			t.Fatalf("log of %d from %d: %d entries, want %d", chat, from, len(got), len(want)-int(from)+1)
		}
		for i, q := range seqs {
			if q != from+uint64(i) {
				t.Fatalf("seqs %v", seqs)
			}
		}
	}
	check(chat, 1)
	check(chat, 50)
	check(chat, uint64(len(want))) // the last, in the tail
	var tailed bool
	mustView(t, s, func(tx *Tx) error {
		e, err := tx.entry(chat)
		tailed = err == nil && e.tail != nil
		return nil
	})
	if !tailed {
		t.Fatal("no entries wait in the tail: the test does not cover it")
	}

	// A migration takes the whole log along, the tail included, and the
	// sequence goes on.
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.PutGame(chat, []byte("g")); err != nil {
			return err
		}
		return tx.MoveChat(chat, moved)
	})
	s.Close()
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check(moved, 1)
	if _, got := readLog(t, s, chat, 1); len(got) != 0 {
		t.Fatalf("the old chat kept %d entries", len(got))
	}
	mustUpdate(t, s, func(tx *Tx) error {
		seq, err := tx.AppendLog(moved, []byte("next"))
		if seq != uint64(len(want)+1) {
			t.Fatalf("after the move the next entry got seq %d, want %d", seq, len(want)+1)
		}
		return err
	})
	mustUpdate(t, s, func(tx *Tx) error { return tx.DeleteLog(moved) })
	if _, got := readLog(t, s, moved, 1); len(got) != 0 {
		t.Fatalf("%d entries after DeleteLog", len(got))
	}
}
