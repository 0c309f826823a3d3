package storage

import (
	"fmt"
	"testing"
)

type pendingEntry struct {
	chat int64
	seq  uint64
	msg  string
}

func allPending(t *testing.T, s *Store) []pendingEntry {
	t.Helper()
	var out []pendingEntry
	err := s.View(func(tx *Tx) error {
		return tx.ForEachPending(func(chat int64, seq uint64, msg []byte) error {
			out = append(out, pendingEntry{chat, seq, string(msg)})
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPendingKeepsOrderAndSurvivesReopen: owed messages come back by chat
// in the order they were added, after the file is closed and opened again;
// a deleted one is gone; a migrated chat takes its own along with their
// sequence numbers, and another chat's stay.
func TestPendingKeepsOrderAndSurvivesReopen(t *testing.T) {
	path := t.TempDir() + "/p.db"
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const group, super, other = -100, -1_000_000_000_100, 42
	seqs := map[string]uint64{}
	for i, chat := range []int64{group, other, group, group} {
		msg := fmt.Sprintf("m%d", i)
		err := s.Update(func(tx *Tx) error {
			seq, err := tx.AddPending(chat, []byte(msg))
			seqs[msg] = seq
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Update(func(tx *Tx) error { return tx.DeletePending(group, seqs["m2"]) }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(path, Options{}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want := []pendingEntry{{group, seqs["m0"], "m0"}, {group, seqs["m3"], "m3"}, {other, seqs["m1"], "m1"}}
	if got := allPending(t, s); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after reopening: %v, want %v", got, want)
	}
	if err := s.Update(func(tx *Tx) error { return tx.MoveChat(group, super) }); err != nil {
		t.Fatal(err)
	}
	want = []pendingEntry{{super, seqs["m0"], "m0"}, {super, seqs["m3"], "m3"}, {other, seqs["m1"], "m1"}}
	if got := allPending(t, s); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after the migration: %v, want %v", got, want)
	}
	if err := s.Update(func(tx *Tx) error { return tx.DeletePending(super, seqs["m0"]) }); err != nil {
		t.Fatal(err)
	}
	if got := allPending(t, s); len(got) != 2 || got[0].msg != "m3" {
		t.Fatalf("deleting under the new id: %v", got)
	}
}
