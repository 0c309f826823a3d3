package main

import "testing"

// dealFingerprint is fingerprint of what a Deal run measured about its
// games (not how fast): winners by seat and by turn order, game lengths,
// turns and actions. A change in any decision of the normal players or in
// any rule almost surely changes it.
func dealFingerprint(r *DealResult) uint64 {
	return fingerprint(&Result{Games: r.Games, Finished: r.Finished, Capped: r.Capped, Turns: r.Turns, Steps: r.Steps,
		Wins: r.Wins, WinsByOrder: r.WinsByOrder, Length: r.Length})
}

// TestDealFingerprint pins the games of fixed seeds between normal
// computer players as the code of commit 8632a11 played them, before the
// levels (easy, hard) were added (first pinned with a hash of its own,
// which this branch's normal players matched, then re-pinned with
// fingerprint's): the levels must not change a single game of the normal
// players. A deliberate change of the rules or
// of the normal strategy changes them; then say so in the commit.
func TestDealFingerprint(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		players int
		want    uint64
	}{
		{2, 0xf9421f8df302f32c},
		{4, 0xa157af16621403c9},
		{5, 0xa596c88e841eb4a8},
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
