package storage

import (
	"slices"
	"testing"
)

// The newest archives come first, and the walk stops when asked: a
// rematch or /board after the game reads one record, not the chat's whole
// history.
func TestForEachArchiveNewest(t *testing.T) {
	s := openTest(t)
	for _, rec := range []string{"game one", "game two", "lobby three"} {
		mustUpdate(t, s, func(tx *Tx) error { return tx.Archive(-9, []byte(rec)) })
	}
	walk := func(chat int64, limit int) (seqs []uint64, recs []string) {
		mustView(t, s, func(tx *Tx) error {
			return tx.ForEachArchiveNewest(chat, func(seq uint64, data []byte) (bool, error) {
				seqs, recs = append(seqs, seq), append(recs, string(data))
				return len(seqs) < limit, nil
			})
		})
		return seqs, recs
	}
	if seqs, recs := walk(-9, 10); !slices.Equal(seqs, []uint64{3, 2, 1}) || !slices.Equal(recs, []string{"lobby three", "game two", "game one"}) {
		t.Errorf("newest first = %v %q", seqs, recs)
	}
	if seqs, _ := walk(-9, 2); !slices.Equal(seqs, []uint64{3, 2}) {
		t.Errorf("a walk asked to stop after two read %v", seqs)
	}
	if seqs, _ := walk(-10, 10); len(seqs) != 0 {
		t.Errorf("a chat without archives read %v", seqs)
	}
}
