package dealai

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// play runs a game between computer players to its end or maxSteps,
// failing on any refused decision or broken invariant.
func play(t testing.TB, players int, seed uint64, maxSteps int) *deal.Game {
	t.Helper()
	g, _, err := deal.New(deal.Config{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < maxSteps && g.Phase != deal.PhaseGameOver; i++ {
		p := g.Waiting()
		a := Decide(g, p)
		evs, err := g.Apply(p, a)
		if err != nil {
			t.Fatalf("seed %d step %d: %+v by %d refused: %v", seed, i, a, p, err)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, i, err)
		}
		if err := g.CheckEvents(evs); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, i, err)
		}
	}
	return g
}

// TestGamesFinish: computer players make only decisions the engine
// accepts, for every player count, and nearly every game ends with a
// winner.
func TestGamesFinish(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	for players := deal.MinPlayers; players <= deal.MaxPlayers; players++ {
		finished := 0
		for seed := uint64(1); seed <= uint64(games); seed++ {
			if g := play(t, players, seed, 20000); g.Phase == deal.PhaseGameOver {
				finished++
			}
		}
		if finished < games*95/100 {
			t.Errorf("%d players: %d of %d games finished", players, finished, games)
		}
	}
}

// TestNoAllocations: a decision and its Apply allocate nothing, over whole
// games.
func TestNoAllocations(t *testing.T) {
	g, _, err := deal.New(deal.Config{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	start := g.Clone()
	restarts := 0
	allocs := testing.AllocsPerRun(5000, func() {
		if g.Phase == deal.PhaseGameOver {
			g.Reset(start)
			restarts++
		}
		if _, err := Step(g); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 || restarts == 0 {
		t.Fatalf("%.2f allocations per decision (%d games)", allocs, restarts)
	}
}

// TestGamesWithLeavers: when players leave mid-game (deal.ActResign, at
// any moment: on their turn, while answering, while others play), the
// computer players left make only decisions the engine accepts and the
// games end, the last one left winning if nobody completes three sets.
func TestGamesWithLeavers(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		players := deal.MinPlayers + 1 + int(seed)%(deal.MaxPlayers-deal.MinPlayers)
		g, _, err := deal.New(deal.Config{Players: players, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		// Every 40 steps a seat still in leaves, the one the game waits
		// for every other time.
		for i := 0; i < 20000 && g.Phase != deal.PhaseGameOver; i++ {
			p, a := g.Waiting(), deal.Action{}
			if i > 0 && i%40 == 0 {
				if (i/40)%2 == 1 {
					p = deal.PlayerID((int(seed) + i) % players)
					for !g.Active(p) {
						p = (p + 1) % deal.PlayerID(players)
					}
				}
				a = deal.Action{Kind: deal.ActResign}
			} else {
				a = Decide(g, p)
			}
			evs, err := g.Apply(p, a)
			if err != nil {
				t.Fatalf("seed %d step %d: %+v by %d refused: %v", seed, i, a, p, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, i, err)
			}
			if err := g.CheckEvents(evs); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, i, err)
			}
		}
		if g.Phase != deal.PhaseGameOver || !g.Active(g.Winner) {
			t.Fatalf("seed %d: the game did not end with a winner still in (phase %d, winner %d)", seed, g.Phase, g.Winner)
		}
	}
}
