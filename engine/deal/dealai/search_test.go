package dealai

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// redealHidden returns a copy of g where the cards p cannot see (the
// other hands and the draw pile) are dealt anew, each hand keeping its
// size, with another generator for the pile's later reshuffles.
func redealHidden(g *deal.Game, p deal.PlayerID, r *rand.Rand) *deal.Game {
	h := g.Clone()
	var cards []int
	for c, pl := range h.Places {
		if pl.Zone == deal.ZoneHand && pl.Owner != p {
			cards = append(cards, c)
		}
	}
	for _, c := range h.Deck {
		cards = append(cards, int(c))
	}
	shuffled := slices.Clone(cards)
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	owners := make([]deal.Place, len(cards))
	for i, c := range cards {
		owners[i] = h.Places[c]
	}
	h.Deck = h.Deck[:0]
	for i, c := range shuffled {
		h.Places[c] = owners[i]
		if owners[i].Zone == deal.ZoneDeck {
			h.Deck = append(h.Deck, uint8(c))
		}
	}
	h.RNG.State = r.Uint64()
	return h
}

// smallHard is a hard player with a small search, so that tests under the
// race detector stay short; it searches the same way.
func smallHard() *Player {
	pl := NewPlayer(Hard)
	pl.search.budget = budget{worlds: 8, screen: 4, finalists: 1, candidates: 6, turns: 20, margin: 1, steps: 3000}
	return pl
}

// TestHardSeesOnlyItsView: the hard level's decision depends on nothing
// its seat cannot see. Along whole games, every decision of the hard seat
// is the same in a twin game whose other hands and draw pile are dealt
// anew.
func TestHardSeesOnlyItsView(t *testing.T) {
	t.Parallel()
	hard := smallHard()
	r := rand.New(rand.NewPCG(1, 2))
	decisions := 0
	for seed := uint64(1); seed <= 1; seed++ {
		g, _, err := deal.New(deal.Config{Players: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 300 && g.Phase != deal.PhaseGameOver; step++ {
			p := g.Waiting()
			var a deal.Action
			if p == 0 {
				a = hard.Decide(g, p)
				twin := redealHidden(g, p, r)
				if err := twin.CheckInvariants(); err != nil {
					t.Fatal(err)
				}
				if b := hard.Decide(twin, p); a != b {
					t.Fatalf("seed %d step %d: %+v, but %+v once the hidden cards are dealt anew", seed, step, a, b)
				}
				decisions++
			} else {
				a = Decide(g, p)
			}
			if _, err := g.Apply(p, a); err != nil {
				t.Fatalf("seed %d step %d: %+v by %d: %v", seed, step, a, p, err)
			}
		}
	}
	if decisions < 20 {
		t.Fatalf("only %d decisions of the hard seat", decisions)
	}
}

// TestLevelsPlayLegalGames: every level makes only moves the engine
// accepts, keeping its invariants, with the levels mixed at one table.
func TestLevelsPlayLegalGames(t *testing.T) {
	t.Parallel()
	players := [...]*Player{NewPlayer(Easy), smallHard(), NewPlayer(Normal)}
	for seed := uint64(1); seed <= 2; seed++ {
		g, _, err := deal.New(deal.Config{Players: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 3000 && g.Phase != deal.PhaseGameOver; step++ {
			p := g.Waiting()
			a := players[p].Decide(g, p)
			evs, err := g.Apply(p, a)
			if err != nil {
				t.Fatalf("seed %d step %d: %s's %+v refused: %v", seed, step, players[p].Level, a, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			if err := g.CheckEvents(evs); err != nil {
				t.Fatal(err)
			}
		}
		if g.Phase != deal.PhaseGameOver {
			t.Errorf("seed %d: no winner", seed)
		}
	}
}

// TestParseLevel: the names read back, unknown ones are refused.
func TestParseLevel(t *testing.T) {
	for _, l := range Levels() {
		if got, err := ParseLevel(l.String()); err != nil || got != l {
			t.Errorf("%s reads back as %s, %v", l, got, err)
		}
	}
	if _, err := ParseLevel("expert"); err == nil {
		t.Error("expert accepted")
	}
}

// BenchmarkHardDecision times the hard level's decisions (seat 0 of two
// and of four, against Normal players, over whole games) and reports the
// p50, p99 and maximum of their CPU time on the deciding thread (on Linux;
// wall time elsewhere), which a busy machine does not inflate, and of
// their wall time. The limit is 50 ms a decision on one core:
//
//	go test -run=NONE -bench=HardDecision -benchtime=40x -cpu 1 ./engine/deal/dealai
//
// One op is one game.
func BenchmarkHardDecision(b *testing.B) {
	for _, players := range []int{2, 4} {
		b.Run(map[int]string{2: "2seats", 4: "4seats"}[players], func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			hard := NewPlayer(Hard)
			var cpu, wall []time.Duration
			seed := uint64(0)
			for b.Loop() {
				seed++
				g, _, err := deal.New(deal.Config{Players: players, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				for g.Phase != deal.PhaseGameOver && g.Turn < 1000 {
					p := g.Waiting()
					var a deal.Action
					if p == 0 {
						c0, ok := threadCPU()
						start := time.Now()
						a = hard.Decide(g, p)
						wall = append(wall, time.Since(start))
						if c1, _ := threadCPU(); ok {
							cpu = append(cpu, c1-c0)
						}
					} else {
						a = Decide(g, p)
					}
					if _, err := g.Apply(p, a); err != nil {
						b.Fatal(err)
					}
				}
			}
			report := func(times []time.Duration, unit string) {
				if len(times) == 0 {
					return
				}
				slices.Sort(times)
				ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
				b.ReportMetric(ms(times[len(times)/2]), "p50-"+unit)
				b.ReportMetric(ms(times[len(times)*99/100]), "p99-"+unit)
				b.ReportMetric(ms(times[len(times)-1]), "max-"+unit)
			}
			report(cpu, "cpu-ms")
			report(wall, "wall-ms")
			b.ReportMetric(float64(len(wall))/float64(b.N), "decisions/game")
		})
	}
}

// TestHardAllocatesNothing: once a hard Player's scratch space has grown
// (AllocsPerRun's warm-up), its decisions allocate nothing. Every seat is
// hard here, with a tiny search: allocation does not depend on its size.
func TestHardAllocatesNothing(t *testing.T) {
	hard := NewPlayer(Hard)
	hard.search.budget = budget{worlds: 4, screen: 2, finalists: 1, candidates: 4, turns: 10, margin: 1, steps: 500}
	g, _, err := deal.New(deal.Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	start := g.Clone()
	allocs := testing.AllocsPerRun(100, func() {
		if g.Phase == deal.PhaseGameOver {
			g.Reset(start)
		}
		p := g.Waiting()
		if _, err := g.Apply(p, hard.Decide(g, p)); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%.2f allocations per decision", allocs)
	}
}
