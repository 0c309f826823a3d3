package main

import (
	"encoding/binary"
	"hash/fnv"
	"testing"
)

// dealFingerprint hashes what a Deal run measured about its games (not how
// fast): winners by seat and by turn order, game lengths, turns and
// actions. A change in any decision of the normal players or in any rule
// almost surely changes it.
func dealFingerprint(r *DealResult) uint64 {
	h := fnv.New64a()
	put := func(vs ...int64) {
		var b [8]byte
		for _, v := range vs {
			binary.LittleEndian.PutUint64(b[:], uint64(v))
			h.Write(b[:])
		}
	}
	put(int64(r.Games), int64(r.Finished), int64(r.Capped), r.Turns, r.Steps)
	for i := range r.Wins {
		put(int64(r.Wins[i]), int64(r.WinsByOrder[i]))
	}
	l := r.Length
	put(int64(l.Min), int64(l.P10), int64(l.Median), int64(l.P90), int64(l.Max))
	for _, c := range l.Histogram {
		put(int64(c))
	}
	return h.Sum64()
}

// TestDealFingerprint pins the games of fixed seeds between normal
// computer players, computed by this test from the code of commit 8632a11,
// before the levels (easy, hard) were added: the levels must not change a
// single game of the normal players. A deliberate change of the rules or
// of the normal strategy changes them; then say so in the commit.
func TestDealFingerprint(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		players int
		want    uint64
	}{
		{2, 0x8547d456f4c8780c},
		{4, 0xbd527d73789c7149},
		{5, 0xa9e4f82d5e0b4168},
	} {
		r, err := RunDeal(Config{Players: c.players, Games: 300, Seed: 11, MaxTurns: 1000, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := dealFingerprint(r); got != c.want {
			t.Errorf("%d players: fingerprint %#x, want %#x (%d turns, %d actions)", c.players, got, c.want, r.Turns, r.Steps)
		}
	}
}
