package storage

import (
	"math/rand/v2"
	"testing"
)

// TestTimersManyEarliestFirst stores 100 000 timers in random order and
// checks that the due ones come back earliest first, that the walk stops
// at the first timer in the future (it reads limit+1 keys at most), and
// that rescheduling moves one chat's entry.
func TestTimersManyEarliestFirst(t *testing.T) {
	s := openTest(t)
	const n = 100_000
	const base = int64(1_800_000_000_000)
	r := rand.New(rand.NewPCG(1, 2))
	perm := r.Perm(n)
	for start := 0; start < n; start += 10_000 {
		err := s.Update(func(tx *Tx) error {
			for _, i := range perm[start : start+10_000] {
				// chat ids are negative (groups); moments one second apart
				if err := tx.PutTimer(base+int64(i)*1000, -1_000_000_000_000-int64(i)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	err := s.View(func(tx *Tx) error {
		if got := tx.TimerCount(); got != n {
			t.Fatalf("TimerCount = %d, want %d", got, n)
		}
		next, ok := tx.NextTimer()
		if !ok || next.At != base || next.Chat != -1_000_000_000_000 {
			t.Fatalf("NextTimer = %+v %v", next, ok)
		}
		if due := tx.DueTimers(base-1, 100); len(due) != 0 {
			t.Fatalf("nothing is due before the first moment, got %d", len(due))
		}
		due := tx.DueTimers(base+4_500, 100) // moments 0..4 s
		if len(due) != 5 {
			t.Fatalf("due = %d timers, want 5", len(due))
		}
		for i, d := range due {
			if d.At != base+int64(i)*1000 || d.Chat != -1_000_000_000_000-int64(i) {
				t.Fatalf("due[%d] = %+v", i, d)
			}
		}
		if due := tx.DueTimers(base+n*1000, 10); len(due) != 10 {
			t.Fatalf("limit not honoured: %d", len(due))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Reschedule chat 0 to the end: delete the old key, put the new one.
	err = s.Update(func(tx *Tx) error {
		if err := tx.DeleteTimer(base, -1_000_000_000_000); err != nil {
			return err
		}
		return tx.PutTimer(base+n*1000, -1_000_000_000_000)
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.View(func(tx *Tx) error {
		if next, _ := tx.NextTimer(); next.At != base+1000 {
			t.Fatalf("after rescheduling, NextTimer = %+v", next)
		}
		if tx.TimerCount() != n {
			t.Fatalf("rescheduling changed the count")
		}
		return nil
	})
}

// BenchmarkDueTimers: finding the earliest due timers among 100 000 costs
// the same as among a few (a Seek, not a scan).
func BenchmarkDueTimers(b *testing.B) {
	s, err := Open(b.TempDir()+"/t.db", Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const base = int64(1_800_000_000_000)
	_ = s.Update(func(tx *Tx) error {
		for i := range 100_000 {
			if err := tx.PutTimer(base+int64(i)*1000, int64(-i-1)); err != nil {
				return err
			}
		}
		return nil
	})
	b.ResetTimer()
	for b.Loop() {
		_ = s.View(func(tx *Tx) error {
			if len(tx.DueTimers(base+9_000, 64)) != 10 {
				b.Fatal("wrong count")
			}
			return nil
		})
	}
}
