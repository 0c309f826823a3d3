package engine

import (
	"math/big"
	"testing"
)

// newLuxGame is newTestGame for the lux edition.
func newLuxGame(t testing.TB, n int, rules *Rules) *Game {
	t.Helper()
	return newEditionGame(t, Lux, n, rules)
}

// atCasino puts seat 0 on the casino with a scripted roll from 15.
func atCasino(t *testing.T, g *Game) {
	t.Helper()
	g.Players[0].Pos = 15
	ev := roll(t, g, 0, 2, 3)
	hasEvent(t, ev, Event{Kind: EvCasinoOffered, Player: 0, Amount: g.Players[0].Cash, Cost: g.Jackpot})
	wantPhase(t, g, PhaseGamble)
}

// TestCasino: three dice, one per reel, each reel stopping where its
// pointer climbs; the pay table on top of the kept stake, a loss feeding
// the jackpot, three stars winning ×20 and the jackpot up to 20 stakes.
func TestCasino(t *testing.T) {
	const stake = 10_000
	for _, c := range []struct {
		name    string
		dice    [3]int
		symbols [3]int
		win     int // multiple of the stake, CasinoLost
	}{
		{"three stars", [3]int{6, 6, 6}, [3]int{SymbolStar, SymbolStar, SymbolStar}, 20},
		{"three sevens", [3]int{5, 5, 5}, [3]int{SymbolSeven, SymbolSeven, SymbolSeven}, 10},
		{"three bells", [3]int{3, 3, 2}, [3]int{SymbolBell, SymbolBell, SymbolBell}, 6},
		{"three cherries", [3]int{2, 1, 3}, [3]int{SymbolCherry, SymbolCherry, SymbolCherry}, 4},
		{"three lemons", [3]int{1, 2, 4}, [3]int{SymbolLemon, SymbolLemon, SymbolLemon}, 3},
		{"two stars", [3]int{6, 2, 6}, [3]int{SymbolStar, SymbolLemon, SymbolStar}, 3},
		{"two sevens", [3]int{5, 1, 5}, [3]int{SymbolSeven, SymbolCherry, SymbolSeven}, 1},
		{"two cherries: the stake back", [3]int{2, 4, 4}, [3]int{SymbolCherry, SymbolCherry, SymbolLemon}, 0},
		{"two bells: the stake back", [3]int{1, 3, 2}, [3]int{SymbolLemon, SymbolBell, SymbolBell}, 0},
		{"two lemons lose", [3]int{1, 2, 3}, [3]int{SymbolLemon, SymbolLemon, SymbolCherry}, CasinoLost},
		{"nothing alike loses", [3]int{6, 5, 1}, [3]int{SymbolStar, SymbolSeven, SymbolLemon}, CasinoLost},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newLuxGame(t, 2, nil)
			atCasino(t, g)
			start, jackpot := g.Players[0].Cash, g.Jackpot
			g.ScriptDice(c.dice[0], c.dice[1], c.dice[2])
			ev := do(t, g, 0, Action{Kind: ActStake, Amount: stake})
			want := make([]Event, 0, 5)
			for r := range c.dice {
				want = append(want, Event{Kind: EvReelStopped, Player: 0, Deck: r, Amount: c.dice[r], Card: c.symbols[r]})
			}
			symbol, count := CasinoCombination(c.symbols)
			switch {
			case c.win == CasinoLost:
				want = append(want, Event{Kind: EvCasinoLost, Player: 0, Amount: stake, Card: symbol, Deck: count, Cost: jackpot + stake})
				wantCash(t, g, start-stake)
				if g.Jackpot != jackpot+stake {
					t.Fatalf("jackpot %d, want %d", g.Jackpot, jackpot+stake)
				}
			case symbol == SymbolStar && count == 3:
				won := min(jackpot, CasinoJackpotCap*stake)
				want = append(want, Event{Kind: EvCasinoWon, Player: 0, Amount: stake, Cost: 20 * stake, Card: symbol, Deck: 3},
					Event{Kind: EvCasinoJackpot, Player: 0, Amount: won, Cost: jackpot - won})
				wantCash(t, g, start+20*stake+won)
			case c.win == 0:
				want = append(want, Event{Kind: EvCasinoPush, Player: 0, Amount: stake, Card: symbol, Deck: count})
				wantCash(t, g, start)
			default:
				want = append(want, Event{Kind: EvCasinoWon, Player: 0, Amount: stake, Cost: c.win * stake, Card: symbol, Deck: count})
				wantCash(t, g, start+c.win*stake)
				if g.Jackpot != jackpot {
					t.Fatalf("jackpot %d changed", g.Jackpot)
				}
			}
			wantEvents(t, ev, want...)
			if CasinoWin(symbol, count) != c.win {
				t.Fatalf("CasinoWin(%d, %d) = %d", symbol, count, CasinoWin(symbol, count))
			}
			wantPhase(t, g, PhaseTurnEnd)
		})
	}
}

// TestCasinoJackpot: the jackpot starts at 200 000 put in by the bank,
// grows by every lost stake, and three stars take at most 20 stakes of it.
func TestCasinoJackpot(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	if g.Jackpot != 200_000 || g.Bank != -200_000 {
		t.Fatalf("jackpot %d, bank %d at the start", g.Jackpot, g.Bank)
	}
	atCasino(t, g)
	g.ScriptDice(6, 5, 1) // nothing alike
	do(t, g, 0, Action{Kind: ActStake, Amount: 40_000})
	if g.Jackpot != 240_000 {
		t.Fatalf("jackpot %d after a lost stake of 40 000", g.Jackpot)
	}
	// A stake of 5 000 wins ×20 and 100 000 of the jackpot, not all of it.
	g.Players[0].Pos = 15
	g.Phase, g.Step = PhaseTurnStart, StepTurnStart
	roll(t, g, 0, 2, 3)
	g.ScriptDice(6, 6, 6)
	ev := do(t, g, 0, Action{Kind: ActStake, Amount: 5_000})
	hasEvent(t, ev, Event{Kind: EvCasinoJackpot, Player: 0, Amount: 100_000, Cost: 140_000})
	wantCash(t, g, 1_500_000-40_000+100_000+100_000)
	if g.Jackpot != 140_000 {
		t.Fatalf("jackpot %d, want 140 000 left", g.Jackpot)
	}
}

// TestCasinoChoices: any stake from 1 to the whole cash, or none; the
// timeout stakes nothing; a player without cash is not asked.
func TestCasinoChoices(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	atCasino(t, g)
	l := g.Legal(0)
	if countKind(l, ActStake) != 1 || countKind(l, ActNoStake) != 1 || hasAction(l, ActEndTurn) || hasAction(l, ActRoll) {
		t.Fatalf("Legal %+v", l)
	}
	for _, a := range l {
		if a.Kind == ActStake && (a.Amount != 1_000 || a.Max != 1_500_000) {
			t.Fatalf("stake range %d–%d", a.Amount, a.Max)
		}
	}
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 0}, ErrBadStake)
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 999}, ErrBadStake)     // less than the smallest note
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 1_500}, ErrWholeNotes) // not in whole notes
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 1_500_001}, ErrBadStake)
	refuse(t, g, 1, Action{Kind: ActStake, Amount: 10}, ErrNotYourTurn)
	ev := act(t, g, 0, ActNoStake)
	wantEvents(t, ev, Event{Kind: EvNoStake, Player: 0})
	wantCash(t, g, 1_500_000)

	g = newLuxGame(t, 2, nil)
	atCasino(t, g)
	ev = do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev, Event{Kind: EvTimeout, Player: 0}, Event{Kind: EvNoStake, Player: 0})

	// The whole cash may go on the reels.
	g = newLuxGame(t, 2, nil)
	atCasino(t, g)
	g.ScriptDice(1, 2, 3)
	do(t, g, 0, Action{Kind: ActStake, Amount: 1_500_000})
	wantCash(t, g, 0)

	g = newLuxGame(t, 2, nil)
	setCash(g, 0, 0)
	g.Players[0].Pos = 15
	ev = roll(t, g, 0, 2, 3)
	noEvent(t, ev, EvCasinoOffered)
	wantPhase(t, g, PhaseTurnEnd)
}

// TestCasinoReturn computes the casino's odds exactly from the reels and
// the pay table: every one of the 6³ rolls is equally likely. The figures
// are LUX.md's table; the expected return per unit staked is 97/108
// (89.8 %), and even a jackpot as large as the cap allows adds 20/216, so
// no stake returns 100 %.
func TestCasinoReturn(t *testing.T) {
	type combo struct{ symbol, count int }
	rolls := map[combo]int{}
	returned := 0 // in stakes, over all 216 rolls
	for d0 := 1; d0 <= 6; d0++ {
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := 1; d2 <= 6; d2++ {
				reels := [3]int{CasinoReels[0][d0-1], CasinoReels[1][d1-1], CasinoReels[2][d2-1]}
				s, n := CasinoCombination(reels)
				rolls[combo{s, n}]++
				if w := CasinoWin(s, n); w != CasinoLost {
					returned += 1 + w
				}
			}
		}
	}
	want := map[combo]int{
		{SymbolStar, 3}: 1, {SymbolSeven, 3}: 1, {SymbolBell, 3}: 1, {SymbolCherry, 3}: 2, {SymbolLemon, 3}: 4,
		{SymbolStar, 2}: 15, {SymbolSeven, 2}: 15, {SymbolBell, 2}: 15, {SymbolCherry, 2}: 24, {SymbolLemon, 2}: 36,
		{0, 0}: 102,
	}
	for c, n := range want {
		if rolls[c] != n {
			t.Errorf("%+v: %d rolls of 216, want %d", c, rolls[c], n)
		}
	}
	if len(rolls) != len(want) {
		t.Errorf("combinations %v", rolls)
	}
	rtp := big.NewRat(int64(returned), 216)
	if rtp.Cmp(big.NewRat(97, 108)) != 0 {
		t.Fatalf("expected return %s, want 97/108", rtp.RatString())
	}
	if CasinoReturn() != 97.0/108 {
		t.Fatalf("CasinoReturn() = %v", CasinoReturn())
	}
	withJackpot := new(big.Rat).Add(rtp, big.NewRat(CasinoJackpotCap*int64(rolls[combo{SymbolStar, 3}]), 216))
	if withJackpot.Cmp(big.NewRat(1, 1)) >= 0 {
		t.Fatalf("with the largest jackpot share the casino returns %s", withJackpot.RatString())
	}
	t.Logf("expected return %s = %.4f; with the jackpot at its cap %s = %.4f", rtp.RatString(), 97.0/108, withJackpot.RatString(), func() float64 { f, _ := withJackpot.Float64(); return f }())
}

// TestLuxInvariantsCatch: CheckInvariants counts the jackpot in the money
// and notices a negative jackpot and a tax inspection off its square.
func TestLuxInvariantsCatch(t *testing.T) {
	for _, c := range []struct {
		name    string
		corrupt func(g *Game)
	}{
		{"a jackpot from nowhere", func(g *Game) { g.Jackpot++ }},
		{"a jackpot paid out twice", func(g *Game) { g.Players[0].Cash += g.Jackpot }},
		{"a negative jackpot", func(g *Game) { g.Players[0].Cash += g.Jackpot + 1; g.Jackpot = -1 }},
		{"an inspection off its square", func(g *Game) { g.Phase, g.Step = PhaseInspection, StepInspection }},
	} {
		g := newLuxGame(t, 2, nil)
		c.corrupt(g)
		if err := g.CheckInvariants(); err == nil {
			t.Errorf("%s: not caught", c.name)
		}
	}
}
