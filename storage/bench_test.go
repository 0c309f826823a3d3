package storage

import (
	"bytes"
	"path/filepath"
	"testing"
)

// BenchmarkUpdateGame is one accepted action as the bot commits it, with
// fsync on: the figure is the floor on per-action latency and the ceiling on
// actions per second across all chats (bbolt has one writer).
func BenchmarkUpdateGame(b *testing.B) { benchUpdateGame(b, false) }

// BenchmarkUpdateGameNoSync is the same without fsync, to show how much of
// the cost is the disk rather than bbolt.
func BenchmarkUpdateGameNoSync(b *testing.B) { benchUpdateGame(b, true) }

func benchUpdateGame(b *testing.B, noSync bool) {
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{NoSync: noSync})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	game := bytes.Repeat([]byte(`{"k":"v"},`), 205)[:2048]
	entry := []byte(`{"player":123456789,"op":"roll","update":1}`)
	const chats = 16
	b.SetBytes(int64(len(game) + len(entry)))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		chat := -1000000000000 - int64(i%chats)
		err := s.Update(func(tx *Tx) error {
			if err := tx.PutGame(chat, game); err != nil {
				return err
			}
			if _, err := tx.AppendLog(chat, entry); err != nil {
				return err
			}
			if err := tx.SetOffset(i + 1); err != nil {
				return err
			}
			return tx.SetLastUpdate(chat, i)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
