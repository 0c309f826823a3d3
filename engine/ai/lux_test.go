package ai

import (
	"math"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestComputerLuxGames: computer players finish lux games of 2 to 4 seats,
// answering the edition's decisions (the casino's stake, the tax
// inspection's roll, the jail on stopping) and, in a third of the games,
// random trade offers; the invariants, the jackpot included, hold after
// every step.
func TestComputerLuxGames(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	playComputerGames(t, engine.Lux, games, 3, func(g *engine.Game) bool {
		return g.Phase == engine.PhaseGamble || g.Phase == engine.PhaseInspection ||
			g.Phase == engine.PhaseTurnStart && g.Players[g.Current].InJail
	}, engine.ActStake, engine.ActNoStake, engine.ActRoll, engine.ActPayJailFine)
}

// TestCasinoStakePolicy: a fiftieth of the cash above the reserve, in
// whole thousands; nothing below a thousand; the tax inspection is rolled.
func TestCasinoStakePolicy(t *testing.T) {
	for _, c := range []struct{ cash, want int }{
		{1_500_000, 28_000}, // (1 500 000 − 100 000) / 50
		{1_149_999, 20_000}, // 20 999.98 → 20 000
		{150_000, 1_000},
		{149_999, 0},
	} {
		g := newEditionGame(t, engine.Lux, 2, 1)
		g.Current, g.Phase, g.Step = 0, engine.PhaseGamble, engine.StepGamble
		g.Players[0].Pos = engine.LuxCasino
		g.Players[0].Cash = c.cash
		a, ok := (&Player{}).Decide(g, 0)
		want := engine.Action{Kind: engine.ActStake, Amount: c.want}
		if c.want == 0 {
			want = engine.Action{Kind: engine.ActNoStake}
		}
		if !ok || a != want {
			t.Errorf("cash %d: %+v, want %+v", c.cash, a, want)
		}
	}
	g := newEditionGame(t, engine.Lux, 2, 1)
	g.Current, g.Phase, g.Step = 0, engine.PhaseInspection, engine.StepInspection
	g.Players[0].Pos = engine.LuxInspection
	if a, ok := (&Player{}).Decide(g, 0); !ok || a.Kind != engine.ActRoll || g.Check(0, a) != nil {
		t.Errorf("at the tax inspection: %+v", a)
	}
}

// TestLuxBalance measures the lux edition between four default computer
// players (the figures LUX.md reports, printed with -v) and holds it to
// issue 17's targets: at least 95 % of games end within 1 000
// player-turns, every seat wins 25 % ± 4 points, and the casino's
// measured return per unit staked (the jackpot aside) is the exact one,
// 97/108, within four standard errors of the stakes actually made.
//
//	go test ./engine/ai -run TestLuxBalance -v
func TestLuxBalance(t *testing.T) {
	const players, games = 4, 4000
	if testing.Short() {
		t.Skip("the balance measurement plays 4 000 games")
	}
	b := measureBalance(t, engine.Lux, players, games, 1000)
	t.Logf("lux, %d players:\n%s", players, b)
	b.checkLengthAndSeats(t)
	mean, variance := casinoMoments()
	if mean != 97.0/108 {
		t.Fatalf("exact return %v", mean)
	}
	measured := b.spinReturns / b.spun
	se := math.Sqrt(variance*b.spunSquares) / b.spun
	t.Logf("casino: measured %.4f, exact %.4f, standard error %.4f over %d stakes", measured, mean, se, b.spins)
	if b.spins < 1000 || math.Abs(measured-mean) > 4*se {
		t.Errorf("casino returned %.4f per unit staked over %d stakes, exact %.4f ± %.4f", measured, b.spins, mean, se)
	}
}

// casinoMoments are the exact mean and variance of what one unit staked
// at the casino returns (stake and win; 0 when lost), the jackpot aside.
func casinoMoments() (mean, variance float64) {
	var sum, squares float64
	for d0 := range 6 {
		for d1 := range 6 {
			for d2 := range 6 {
				s, n := engine.CasinoCombination([3]int{engine.CasinoReels[0][d0], engine.CasinoReels[1][d1], engine.CasinoReels[2][d2]})
				if w := engine.CasinoWin(s, n); w != engine.CasinoLost {
					sum += float64(1 + w)
					squares += float64((1 + w) * (1 + w))
				}
			}
		}
	}
	mean = sum / 216
	return mean, squares/216 - mean*mean
}
