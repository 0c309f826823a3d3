package main

import (
	"encoding/binary"
	"hash/fnv"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

// fingerprint hashes what a run measured about its games (not how fast):
// landing counts, winners, game lengths, turns and actions. Two runs of
// the same games give the same fingerprint; a change in any decision or
// rule almost surely changes it.
func fingerprint(r *Result) uint64 {
	h := fnv.New64a()
	put := func(vs ...int64) {
		var b [8]byte
		for _, v := range vs {
			binary.LittleEndian.PutUint64(b[:], uint64(v))
			h.Write(b[:])
		}
	}
	put(int64(r.Games), int64(r.Finished), int64(r.Capped), r.Turns, r.Steps)
	put(r.Landing.Counts...)
	put(r.Landing.JailCount)
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

// TestFingerprint pins the games of fixed seeds. The figures were computed
// by this test from the code of commit 55306af, before the engine and the
// computer players were made faster: making them faster must not change a
// single game. A deliberate change of the rules or of the computer
// players' strategy changes them; then say so in the commit.
func TestFingerprint(t *testing.T) {
	for _, c := range []struct {
		players int
		jail    ai.JailStrategy
		want    uint64
	}{
		{4, ai.JailShort, 0xb7ec6cb1e2f267b3},
		{4, ai.JailLong, 0x6da200459e0c5180},
		{2, ai.JailShort, 0x5ae8f21367a6c928},
		{6, ai.JailLong, 0x66562252e69be1d7},
	} {
		cfg := Config{Edition: engine.Classic, Players: c.players, Games: 300, Seed: 11, MaxTurns: 1000, Jail: c.jail, Workers: 1}
		r, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := fingerprint(r); got != c.want {
			t.Errorf("%d players, jail %s: fingerprint %#x, want %#x (%d turns, %d actions)", c.players, c.jail, got, c.want, r.Turns, r.Steps)
		}
	}
}
