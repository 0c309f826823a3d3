package storage

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BenchmarkStartup is storage's share of a start with 100 000 games that
// all changed within the last day: Open (the file check and the schema
// check), then the recent index walked and every recent game's record read
// as the bot's Restore reads them (bytes in place, no copy). Decoding the
// records is the bot's share and is not in it.
//
//	go test -run '^$' -bench Startup -benchtime 5x ./storage/
func BenchmarkStartup(b *testing.B) {
	record := midGame(b)
	path := filepath.Join(b.TempDir(), "bench.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	const games = 100_000
	for lo := 0; lo < games; lo += 5000 {
		mustUpdate(b, s, func(tx *Tx) error {
			for i := lo; i < lo+5000; i++ {
				chat := -1_000_000_000_000 - int64(i)
				if err := tx.PutGame(chat, record); err != nil {
					return err
				}
				if err := tx.MarkRecent(chat, 1_000_000+int64(i)); err != nil {
					return err
				}
			}
			return nil
		})
	}
	s.Close()
	b.ResetTimer()
	var opening, scanning time.Duration
	for b.Loop() {
		start := time.Now()
		s, err := Open(path, Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		opened := time.Now()
		opening += opened.Sub(start)
		n, size := 0, 0
		err = s.View(func(tx *Tx) error {
			return tx.ForEachRecent(0, func(chat, _ int64) error {
				g, _ := tx.GameBytes(chat)
				n, size = n+1, size+len(g)
				return nil
			})
		})
		if err != nil || n != games || size != games*len(record) {
			b.Fatalf("read %d games, %d bytes: %v", n, size, err)
		}
		scanning += time.Since(opened)
		s.Close()
	}
	b.ReportMetric(float64(opening.Milliseconds())/float64(b.N), "open-ms")
	b.ReportMetric(float64(scanning.Milliseconds())/float64(b.N), "scan-ms")
}

// BenchmarkRepage is the one start that converts a file of an earlier
// version (4 KB pages) holding 100 000 games to pageSize pages (pages.go).
//
//	go test -run '^$' -bench Repage -benchtime 3x ./storage/
func BenchmarkRepage(b *testing.B) {
	record := midGame(b)
	dir := b.TempDir()
	src := filepath.Join(dir, "new.db")
	s, err := Open(src, Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	for lo := 0; lo < 100_000; lo += 5000 {
		mustUpdate(b, s, func(tx *Tx) error {
			for i := lo; i < lo+5000; i++ {
				if err := tx.PutGame(-1_000_000_000_000-int64(i), record); err != nil {
					return err
				}
			}
			return nil
		})
	}
	s.Close()
	for b.Loop() {
		b.StopTimer()
		path := filepath.Join(dir, "old.db")
		from, err := bolt.Open(src, 0o600, &bolt.Options{ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		to, err := bolt.Open(path, 0o600, &bolt.Options{PageSize: 4096, NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := bolt.Compact(to, from, 0); err != nil {
			b.Fatal(err)
		}
		from.Close()
		to.Close()
		b.StartTimer()
		s, err := Open(path, Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if ps, _ := filePageSize(path); ps != pageSize {
			b.Fatalf("not converted: %d", ps)
		}
		s.Close()
		os.Remove(path)
		b.StartTimer()
	}
}
