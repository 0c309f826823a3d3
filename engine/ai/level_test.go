package ai

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// TestEasyBuysAndBuildsTimidly: with a deed's price and 150 more, normal
// and hard buy it and easy (twice the reserve) declines; easy does not
// build where normal does.
func TestEasyBuysAndBuildsTimidly(t *testing.T) {
	for _, c := range []struct {
		lv  level.Level
		buy bool
	}{{level.Easy, false}, {level.Normal, true}, {level.Hard, true}} {
		g := newGame(t, 2, 5, nil)
		p := g.Current
		g.Bank += int64(g.Players[p].Cash - 210)
		g.Players[p].Cash = 210
		rollTo(t, g, 1, 2) // Baltic Avenue, 60
		if a := decide(t, &Player{Level: c.lv}, g, p); (a.Kind == engine.ActBuy) != c.buy {
			t.Errorf("%v with 210: %v, want buying %v", c.lv, a.Kind, c.buy)
		}
	}
	g, p, _ := proposeSetup(t, 400, browns, nil) // the browns, whole
	if a := decide(t, &Player{}, g, p); a.Kind != engine.ActBuild {
		t.Fatalf("normal with 400 and the browns: %v, want a house", a.Kind)
	}
	if a := decide(t, &Player{Level: level.Easy}, g, p); a.Kind == engine.ActBuild {
		t.Error("easy built with 400, under twice its reserve and the margin")
	}
}

// TestEasyProposesNothing: one deed short of the oranges, normal and hard
// offer a trade; easy does not.
func TestEasyProposesNothing(t *testing.T) {
	for _, lv := range level.All {
		g, p, _ := proposeSetup(t, 1500, []int{16, 18}, []int{19})
		a := decide(t, &Player{Level: lv}, g, p)
		if (a.Kind == engine.ActProposeTrade) == (lv == level.Easy) {
			t.Errorf("%v one deed short of the oranges: %v", lv, a.Kind)
		}
	}
}

// TestHardJail: hard pays its way out of jail while deeds are for sale
// and nobody has built, and stays to roll once an opponent's houses
// charge rent.
func TestHardJail(t *testing.T) {
	for _, built := range []bool{false, true} {
		g, p, q := proposeSetup(t, 1500, nil, browns)
		if built {
			g.Props[1].Buildings, g.Props[3].Buildings = 2, 2
			g.Houses -= 4
		}
		g.Players[p].InJail = true
		g.Players[p].Pos = 10
		_ = q
		a := decide(t, &Player{Level: level.Hard}, g, p)
		if want := map[bool]engine.ActionKind{false: engine.ActPayJailFine, true: engine.ActRoll}[built]; a.Kind != want {
			t.Errorf("hard in jail, houses built %v: %v, want %v", built, a.Kind, want)
		}
	}
}

// TestHardStakes: the business Шанс (about 1.17 a unit) gets hard's stake
// of half the Kelly fraction of its free cash, easy's none; the lux casino
// (about 0.9 a unit) gets nothing from hard while it is not losing, and a
// stake once it is far behind (only variance can turn the game).
func TestHardStakes(t *testing.T) {
	g := newEditionGame(t, engine.Business, 2, 1)
	p := g.Current
	g.ScriptDice(1, 4) // a gamble square
	if _, err := g.Apply(p, engine.Action{Kind: engine.ActRoll}); err != nil || g.Phase != engine.PhaseGamble {
		t.Fatalf("phase %v, %v", g.Phase, err)
	}
	if a := decide(t, &Player{Level: level.Hard}, g, p); a.Kind != engine.ActStake || a.Amount <= 0 {
		t.Errorf("hard at the Шанс: %+v, want a stake", a)
	}
	if a := decide(t, &Player{Level: level.Easy}, g, p); a.Kind != engine.ActNoStake {
		t.Errorf("easy at the Шанс: %+v, want none", a)
	}
	for _, behind := range []bool{false, true} {
		g := newEditionGame(t, engine.Lux, 2, 1)
		g.Current, g.Phase, g.Step = 0, engine.PhaseGamble, engine.StepGamble
		g.Players[0].Pos = engine.LuxCasino
		if behind {
			g.Bank += int64(g.Players[1].Cash * 4)
			g.Players[1].Cash *= 5
		}
		a := decide(t, &Player{Level: level.Hard}, g, 0)
		if (a.Kind == engine.ActStake) != behind {
			t.Errorf("hard at the casino, far behind %v: %+v", behind, a)
		}
	}
}

// TestRolloutsSeeNoHiddenState: the rollouts' values do not depend on the
// game's own generator (the real dice to come) nor on the order of the
// cards left in the decks, and the same decision is made twice alike.
func TestRolloutsSeeNoHiddenState(t *testing.T) {
	g, p, _ := proposeSetup(t, 1500, []int{16, 18}, []int{19})
	other := g.Clone()
	other.RNG = engine.RNG{State: g.RNG.State ^ 0xdeadbeef}
	dk := &other.Decks[engine.DeckChance]
	n := len(dk.Order)
	for i := 0; i+1 < dk.Count; i += 2 {
		a, b := (dk.Head+i)%n, (dk.Head+i+1)%n
		dk.Order[a], dk.Order[b] = dk.Order[b], dk.Order[a]
	}
	roll := engine.Action{Kind: engine.ActRoll}
	v1 := compare(g, p, JailShort, []*engine.Action{nil, &roll}, nil, 7)
	v2 := compare(other, p, JailShort, []*engine.Action{nil, &roll}, nil, 7)
	if v1[0] != v2[0] || v1[1] != v2[1] {
		t.Errorf("rollouts differ with the game's generator or the deck's order: %v, %v", v1, v2)
	}
	a1 := decide(t, &Player{Level: level.Hard}, g, p)
	a2 := decide(t, &Player{Level: level.Hard}, g.Clone(), p)
	if a1.Kind != a2.Kind || a1.Kind == engine.ActProposeTrade && a1.Trade.GiveCash != a2.Trade.GiveCash {
		t.Errorf("the same decision twice: %+v and %+v", a1, a2)
	}
}

// TestLevelsPlayWholeGames: games of easy, normal and hard seats in
// every edition play 300 player-turns (or to their end) with the
// invariants holding after every step. (Strength is measured by monosim,
// docs/levels.md, not here.)
func TestLevelsPlayWholeGames(t *testing.T) {
	t.Parallel()
	for i, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		g := newEditionGame(t, ed, 3, uint64(40+i))
		seats := []*Player{{Level: level.Easy}, {}, {Level: level.Hard}}
		for steps := 0; g.Phase != engine.PhaseGameOver && g.Turn < 300; steps++ {
			if steps > 100000 {
				t.Fatalf("%s: no end after %d steps", ed, steps)
			}
			if _, err := Step(g, seats); err != nil {
				t.Fatalf("%s turn %d: %v", ed, g.Turn, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("%s turn %d: %v", ed, g.Turn, err)
			}
		}
	}
}
