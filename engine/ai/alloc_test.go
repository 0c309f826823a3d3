//go:build !race

package ai

import (
	"runtime"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestTurnsDoNotAllocate guards the simulation path: once a game is
// under way, decisions and Apply allocate nothing but trade offers. A
// game's first auction, debt or bankruptcy may allocate the buffer the
// later ones reuse, so the bound is one allocation per hundred
// player-turns, measured over games warmed up for 100 turns, plus six per
// trade offer: the offer and its deed lists, then the engine's own copy
// (an offer is rare, a few per hundred turns). (Not under -race, which
// allocates itself.)
func TestTurnsDoNotAllocate(t *testing.T) {
	s := seats(4, &Player{})
	var games []*engine.Game
	for seed := uint64(1); seed <= 20; seed++ {
		g := newGame(t, 4, seed, nil)
		for g.Phase != engine.PhaseGameOver && g.Turn < 100 {
			if _, err := Step(g, s); err != nil {
				t.Fatal(err)
			}
		}
		if g.Phase != engine.PhaseGameOver {
			games = append(games, g)
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	turns, offers := 0, 0
	for _, g := range games {
		for g.Phase != engine.PhaseGameOver && g.Turn < 600 {
			turn := g.Turn
			events, err := Step(g, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				if e.Kind == engine.EvTradeProposed {
					offers++
				}
			}
			if g.Turn != turn {
				turns++
			}
		}
	}
	runtime.ReadMemStats(&after)
	allocs := after.Mallocs - before.Mallocs
	t.Logf("%d allocations in %d player-turns with %d trade offers", allocs, turns, offers)
	if turns == 0 || allocs > uint64(turns/100+6*offers) {
		t.Fatalf("%d allocations in %d player-turns with %d trade offers", allocs, turns, offers)
	}
}
