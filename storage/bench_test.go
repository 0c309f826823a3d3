package storage

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
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

// BenchmarkDiskStalls measures the disk, not this package: each op writes
// 20 pages at random places of a 64 MiB file and syncs twice, the pattern
// of one group commit (bbolt syncs its pages, then its meta page). The
// slow-syncs metric counts ops over 5 ms: changes that arrive during such a
// stall wait for it, which sets a floor under the bot's latency tail
// (BenchmarkThousandChats in bot/ reports its own commits the same way).
//
//	go test -run '^$' -bench DiskStalls -benchtime 10s ./storage/
func BenchmarkDiskStalls(b *testing.B) {
	f, err := os.Create(filepath.Join(b.TempDir(), "stalls"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	const pages = 16384
	if err := f.Truncate(pages * 4096); err != nil {
		b.Fatal(err)
	}
	page := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		for range 20 {
			if _, err := f.WriteAt(page, rng.Int64N(pages)*4096); err != nil {
				b.Fatal(err)
			}
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
		if _, err := f.WriteAt(page, 0); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	fast, _ := slices.BinarySearch(took, 5*time.Millisecond+1)
	b.ReportMetric(float64(took[len(took)*99/100])/1e6, "p99-ms")
	b.ReportMetric(float64(len(took)-fast), "slow-syncs")
	b.ReportMetric(float64(len(took)-fast)/b.Elapsed().Seconds(), "slow-syncs/s")
}

// BenchmarkChangeReads is what a change reads before its work, in a View
// of its own (bot/commit): its chat's last update, game record and
// settings.
//
//	go test -run '^$' -bench ChangeReads -benchmem ./storage/
func BenchmarkChangeReads(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const chats = 1000
	game := bytes.Repeat([]byte(`{"k":"v"},`), 205)[:2048]
	err = s.Update(func(tx *Tx) error {
		for i := range chats {
			chat := -1000000000000 - int64(i)
			if err := tx.WriteChat(chat, ChatWrite{UpdateID: 5, Record: game}); err != nil {
				return err
			}
			if err := tx.PutSettings(chat, []byte(`{"lang":"uk"}`)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		chat := -1000000000000 - int64(i%chats)
		err := s.View(func(tx *Tx) error {
			if tx.LastUpdate(chat) != 5 {
				b.Fatal("no last update")
			}
			if _, ok := tx.GameBytes(chat); !ok {
				b.Fatal("no game")
			}
			if _, ok := tx.SettingsBytes(chat); !ok {
				b.Fatal("no settings")
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
