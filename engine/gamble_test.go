package engine

import "testing"

// TestGamble: a stake on one die — 1–2 lost to the bank, 3–4 half the
// stake (rounded down) on top, 5–6 doubled; staking nothing is allowed;
// by default any part of one's cash may be staked (no cap).
func TestGamble(t *testing.T) {
	for _, c := range []struct {
		die, stake, cash int
		kind             EventKind
		gain             int
	}{
		{1, 100, 1400, EvGambleLost, 0},
		{2, 200, 1300, EvGambleLost, 0},
		{3, 100, 1550, EvGambleWon, 50},
		{4, 75, 1537, EvGambleWon, 37},
		{5, 100, 1600, EvGambleWon, 100},
		{6, 200, 1700, EvGambleWon, 200},
		{6, 1500, 3000, EvGambleWon, 1500}, // any amount of one's cash
		{2, 1500, 0, EvGambleLost, 0},
	} {
		g := newBusinessGame(t, 2, nil)
		ev := roll(t, g, 0, 1, 4) // 0 → 5
		hasEvent(t, ev, Event{Kind: EvGambleOffered, Player: 0, Amount: 1500})
		wantPhase(t, g, PhaseGamble)
		l := g.Legal(0)
		if countKind(l, ActStake) != 1 || countKind(l, ActNoStake) != 1 || hasAction(l, ActEndTurn) {
			t.Fatalf("Legal %+v", l)
		}
		for _, a := range l {
			if a.Kind == ActStake && (a.Amount != 1 || a.Max != 1500) {
				t.Fatalf("stake range %d–%d", a.Amount, a.Max)
			}
		}
		refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)
		refuse(t, g, 1, Action{Kind: ActStake, Amount: 10}, ErrNotYourTurn)
		g.ScriptDice(c.die)
		ev = do(t, g, 0, Action{Kind: ActStake, Amount: c.stake})
		want := Event{Kind: c.kind, Player: 0, Amount: c.stake, Dice: [2]int{c.die, 0}, Cost: c.gain}
		wantEvents(t, ev, want)
		wantCash(t, g, c.cash)
		if got := GambleGain(c.stake, c.die); c.kind == EvGambleLost && got != -c.stake || c.kind == EvGambleWon && got != c.gain {
			t.Errorf("GambleGain(%d, %d) = %d", c.stake, c.die, got)
		}
		wantPhase(t, g, PhaseTurnEnd)
	}
}

func TestGambleLimits(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	roll(t, g, 0, 1, 4)
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 0}, ErrBadStake)
	refuse(t, g, 0, Action{Kind: ActStake, Amount: -5}, ErrBadStake)
	ev := act(t, g, 0, ActNoStake)
	wantEvents(t, ev, Event{Kind: EvNoStake, Player: 0})
	wantCash(t, g, 1500)

	// A cap is a house rule a chat may choose: no more than it.
	g = newBusinessGame(t, 2, businessRules(func(r *Rules) { r.GambleCap = 200 }))
	ev = roll(t, g, 0, 1, 4)
	hasEvent(t, ev, Event{Kind: EvGambleOffered, Player: 0, Amount: 200})
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 201}, ErrBadStake)

	// By default (the book's «любую сумму из имеющихся у тебя денег») the
	// whole cash may be staked, and no more.
	g = newBusinessGame(t, 2, nil)
	setCash(g, 0, 300)
	roll(t, g, 0, 1, 4)
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 301}, ErrBadStake)
	g.ScriptDice(1)
	do(t, g, 0, Action{Kind: ActStake, Amount: 300})
	wantCash(t, g, 0)

	// A cap above the cash: the cash is the limit.
	g = newBusinessGame(t, 2, businessRules(func(r *Rules) { r.GambleCap = 200 }))
	setCash(g, 0, 120)
	ev = roll(t, g, 0, 1, 4)
	hasEvent(t, ev, Event{Kind: EvGambleOffered, Player: 0, Amount: 120})
	refuse(t, g, 0, Action{Kind: ActStake, Amount: 121}, ErrBadStake)

	// No cash, no gamble.
	g = newBusinessGame(t, 2, nil)
	setCash(g, 0, 0)
	ev = roll(t, g, 0, 1, 4)
	noEvent(t, ev, EvGambleOffered)
	wantPhase(t, g, PhaseTurnEnd)

	// The timeout stakes nothing; a double rolls again after the gamble.
	g = newBusinessGame(t, 2, nil)
	g.Players[0].Pos = 25
	roll(t, g, 0, 1, 1) // 25 → 27, the corner
	wantPhase(t, g, PhaseGamble)
	ev = do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev, Event{Kind: EvTimeout, Player: 0}, Event{Kind: EvNoStake, Player: 0})
	if !g.RollAgain || g.Phase != PhaseTurnEnd {
		t.Fatalf("roll again %v phase %d", g.RollAgain, g.Phase)
	}
}

// TestGambleOdds: over the six faces the stake returns a sixth of itself
// on average, as the rule book's table gives.
func TestGambleOdds(t *testing.T) {
	sum := 0
	for die := 1; die <= 6; die++ {
		sum += GambleGain(600, die)
	}
	if sum/6 != 100 {
		t.Fatalf("mean gain on 600 is %d, want 100", sum/6)
	}
}
