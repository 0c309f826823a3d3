package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestBatchCommitsConcurrentWriters(t *testing.T) {
	var commits, changes atomic.Int64
	onCommit := func(n int, took time.Duration) {
		commits.Add(1)
		changes.Add(int64(n))
		if took <= 0 {
			t.Errorf("a commit of %d changes took %v", n, took)
		}
	}
	s, err := Open(filepath.Join(t.TempDir(), "b.db"), Options{NoSync: true, OnCommit: onCommit})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	boom := errors.New("boom")
	var wg sync.WaitGroup
	var runs atomic.Int64
	errs := make([]error, 200)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			chat := -int64(i + 1)
			errs[i] = s.Batch(func(tx *Tx) error {
				runs.Add(1)
				if err := tx.PutGame(chat, []byte(fmt.Sprint(i))); err != nil {
					return err
				}
				switch {
				case i%50 == 7:
					return boom // its write must roll back, the others' must not
				case i%50 == 9:
					panic("bad fn")
				}
				return nil
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case i%50 == 7 && !errors.Is(err, boom), i%50 == 9 && err == nil:
			t.Errorf("call %d: got %v, want its own failure", i, err)
		case i%50 != 7 && i%50 != 9 && err != nil:
			t.Errorf("call %d: %v", i, err)
		}
	}
	err = s.View(func(tx *Tx) error {
		for i := range errs {
			data, ok := tx.Game(-int64(i + 1))
			want := i%50 != 7 && i%50 != 9
			if ok != want || (ok && string(data) != fmt.Sprint(i)) {
				t.Errorf("chat %d: stored=%v %q, want stored=%v", i, ok, data, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if runs.Load() < int64(len(errs)) {
		t.Errorf("%d runs for %d calls", runs.Load(), len(errs))
	}
	// Every call is reported once, in the commit that carried it, failed
	// ones included. The callers are answered before the report.
	for end := time.Now().Add(5 * time.Second); changes.Load() < int64(len(errs)) && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
	}
	if changes.Load() != int64(len(errs)) || commits.Load() < 1 || commits.Load() > int64(len(errs)) {
		t.Errorf("OnCommit saw %d changes in %d commits, want %d changes", changes.Load(), commits.Load(), len(errs))
	}
}

// BenchmarkBatchGame is BenchmarkUpdateGame with 64 concurrent writers going
// through Batch, fsync on: group commit spreads one fsync over many actions.
func BenchmarkBatchGame(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	game := make([]byte, 2048)
	var next atomic.Int64
	b.SetParallelism(32)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := next.Add(1)
			chat := -1000000000000 - i%1000
			err := s.Batch(func(tx *Tx) error {
				if err := tx.PutGame(chat, game); err != nil {
					return err
				}
				return tx.SetLastUpdate(chat, int(i))
			})
			if err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// A batch whose functions wrote nothing commits nothing: no meta page, no
// freelist, no disk sync (a quiet bot's offset already stored, a change
// with nothing to store).
func TestBatchThatWritesNothingCommitsNothing(t *testing.T) {
	var commits atomic.Int64
	s, err := Open(filepath.Join(t.TempDir(), "b.db"), Options{NoSync: true, OnCommit: func(int, time.Duration) { commits.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	txid := func() (id int) {
		mustView(t, s, func(tx *Tx) error { id = tx.tx.ID(); return nil })
		return id
	}
	batch := func(fn func(tx *Tx) error) {
		t.Helper()
		if err := s.Batch(fn); err != nil {
			t.Fatal(err)
		}
	}
	batch(func(tx *Tx) error { return tx.SetOffset(5) })
	before := txid()
	batch(func(tx *Tx) error { _ = tx.Offset(); return nil })
	batch(func(tx *Tx) error { return tx.SetOffset(3) }) // older: ignored
	batch(func(tx *Tx) error { return tx.DeleteTimer(1, -1) })
	batch(func(tx *Tx) error { return tx.DeleteLog(-1) })
	if got := txid(); got != before {
		t.Fatalf("batches without writes committed: transaction %d → %d", before, got)
	}
	batch(func(tx *Tx) error { return tx.SetOffset(6) })
	var offset int
	mustView(t, s, func(tx *Tx) error { offset = tx.Offset(); return nil })
	if got := txid(); got != before+1 || offset != 6 {
		t.Fatalf("a write after them: transaction %d → %d, offset %d", before, got, offset)
	}
	// OnCommit runs after the callers are answered, one commit after the
	// other: once the last write's report is in, every earlier one is.
	deadline := time.Now().Add(10 * time.Second)
	for commits.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := commits.Load(); n != 2 {
		t.Fatalf("%d commits reported for the two batches that wrote", n)
	}
}
