package deal

import "testing"

// TestJustSayNo: a target cancels an action aimed at it; the actor may
// cancel that with another Just Say No, and so on without limit; whoever
// lets the last one stand ends the chain.
func TestJustSayNo(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, dealBreaker, sayNo1, sayNo3)
	hand(t, g, 1, sayNo2)
	table(t, g, 1, AnyColor, dblue1, dblue2)
	apply(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: DarkBlue})
	refuse(t, g, 0, Action{Kind: ActSayNo, Card: sayNo1}, ErrNotYourTurn) // the target answers first
	refuse(t, g, 1, Action{Kind: ActSayNo, Card: sayNo1}, ErrWrongCard)   // not its card
	evs := apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo2})
	if e := find(t, evs, EvSaidNo); e.Player != 1 || e.Other != 0 || g.Waiting() != 0 || g.Pending.Targets[0].Noes != 1 {
		t.Fatalf("no %+v, waiting %d", e, g.Waiting())
	}
	evs = apply(t, g, 0, Action{Kind: ActSayNo, Card: sayNo1, Target: 1})
	if e := find(t, evs, EvSaidNo); e.Other != 1 || g.Waiting() != 1 {
		t.Fatalf("counter %+v", e)
	}
	if g.Plays != 1 {
		t.Fatalf("the counter cost a play: %d", g.Plays)
	}
	// Out of Just Say No cards, the target accepts: the set is gone.
	apply(t, g, 1, Action{Kind: ActAccept})
	if g.Complete(0, DarkBlue) != 1 || g.Phase != PhasePlay {
		t.Fatal("deal breaker not carried out")
	}

	// A Just Say No the actor lets stand spares the target.
	g = scripted(t, 2, Rules{})
	hand(t, g, 0, debtCollector, sayNo1)
	hand(t, g, 1, sayNo2)
	bank(t, g, 1, m5)
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo2})
	refuse(t, g, 0, Action{Kind: ActPay, Target: 1}, ErrNotNow)
	evs = apply(t, g, 0, Action{Kind: ActAccept, Target: 1})
	if e := find(t, evs, EvConceded); e.Player != 0 || e.Other != 1 || g.BankValue(1) != 5 || g.Phase != PhasePlay {
		t.Fatalf("conceded %+v", e)
	}
}

// TestJustSayNoSeveralTargets: with several targets each answers on its
// own chain, at the same time as the others; the actor answers a Just Say
// No in the chain it names; a Just Say No spares only the one who played it.
func TestJustSayNoSeveralTargets(t *testing.T) {
	g := scripted(t, 4, Rules{})
	hand(t, g, 0, birthday, sayNo2)
	hand(t, g, 2, sayNo1)
	bank(t, g, 1, m2)
	bank(t, g, 2, m2+1)
	bank(t, g, 3, m2+2)
	apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	apply(t, g, 2, Action{Kind: ActSayNo, Card: sayNo1})
	if !g.Waits(0) || !g.Waits(1) || g.Waits(2) || !g.Waits(3) {
		t.Fatal("after seat 2's No: the actor, seat 1 and seat 3 are asked")
	}
	refuse(t, g, 0, Action{Kind: ActAccept, Target: 1}, ErrNotYourTurn) // seat 1's chain waits for seat 1
	refuse(t, g, 0, Action{Kind: ActSayNo, Card: sayNo2, Target: 3}, ErrNotYourTurn)
	apply(t, g, 3, Action{Kind: ActPay, Cards: set(m2 + 2)})
	apply(t, g, 0, Action{Kind: ActAccept, Target: 2})
	if g.Waiting() != 1 || g.Phase != PhaseRespond {
		t.Fatalf("waiting %d", g.Waiting())
	}
	apply(t, g, 1, Action{Kind: ActPay, Cards: set(m2)})
	if g.BankValue(0) != 4 || g.BankValue(2) != 2 || g.Phase != PhasePlay {
		t.Fatalf("banks %d %d", g.BankValue(0), g.BankValue(2))
	}
}

// TestSayNoCostsPlay: with the option on, a Just Say No played by the
// player whose turn it is uses one of their plays, and needs one left.
func TestSayNoCostsPlay(t *testing.T) {
	g := scripted(t, 2, Rules{SayNoCostsPlay: true})
	hand(t, g, 0, debtCollector, sayNo1, m1, m2)
	hand(t, g, 1, sayNo2)
	apply(t, g, 0, Action{Kind: ActBank, Card: m1})
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo2})
	apply(t, g, 0, Action{Kind: ActSayNo, Card: sayNo1, Target: 1})
	if g.Plays != 3 {
		t.Fatalf("plays %d", g.Plays)
	}
	apply(t, g, 1, Action{Kind: ActPay})
	refuse(t, g, 0, Action{Kind: ActBank, Card: m2}, ErrNoPlaysLeft)

	g = scripted(t, 2, Rules{SayNoCostsPlay: true})
	hand(t, g, 0, debtCollector, sayNo1, m1, m2)
	hand(t, g, 1, sayNo2)
	apply(t, g, 0, Action{Kind: ActBank, Card: m1})
	apply(t, g, 0, Action{Kind: ActBank, Card: m2})
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo2})
	refuse(t, g, 0, Action{Kind: ActSayNo, Card: sayNo1, Target: 1}, ErrNoPlaysLeft)
}

// TestWin: three complete sets of different colours win at once, even in
// the middle of a turn or of a payment; two sets of one colour count once.
func TestWin(t *testing.T) {
	g := scripted(t, 2, Rules{})
	table(t, g, 0, AnyColor, brown1, brown2, dblue1, dblue2, util1)
	table(t, g, 0, Brown, wildBrownLBlue, wildAny)
	hand(t, g, 0, util2, m1)
	if g.CompleteColors(0) != 2 || g.Complete(0, Brown) != 2 {
		t.Fatalf("%d colours", g.CompleteColors(0))
	}
	evs := apply(t, g, 0, Action{Kind: ActPlace, Card: util2, Color: Utility})
	if e := find(t, evs, EvWon); e.Player != 0 || g.Phase != PhaseGameOver || g.Winner != 0 || g.Waiting() != Nobody {
		t.Fatalf("won %+v", e)
	}
	refuse(t, g, 0, Action{Kind: ActBank, Card: m1}, ErrGameOver)
	refuse(t, g, System, Action{Kind: ActTimeout}, ErrGameOver)
	if len(g.Legal(0)) != 0 || len(g.Legal(System)) != 0 {
		t.Fatal("actions listed after the end")
	}

	// A property received in payment completes the third set mid-action.
	g = scripted(t, 3, Rules{})
	table(t, g, 0, AnyColor, brown1, brown2, dblue1, dblue2, util1)
	table(t, g, 1, AnyColor, util2)
	hand(t, g, 0, birthday)
	apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	evs = apply(t, g, 1, Action{Kind: ActPay, Cards: set(util2)})
	if find(t, evs, EvWon).Player != 0 || g.Phase != PhaseGameOver {
		t.Fatal("no win on receiving the utility")
	}

	// A Forced Deal can complete the target's third set: the target wins
	// in the middle of the actor's turn.
	g = scripted(t, 2, Rules{})
	table(t, g, 1, AnyColor, brown1, dblue1, dblue2, util1, util2, green1)
	table(t, g, 0, AnyColor, brown2, rail1)
	hand(t, g, 0, forcedDeal)
	apply(t, g, 0, Action{Kind: ActPlay, Card: forcedDeal, Take: green1, Give: brown2})
	evs = apply(t, g, 1, Action{Kind: ActAccept})
	if find(t, evs, EvWon).Player != 1 || g.Winner != 1 || g.Current != 0 {
		t.Fatal("the target did not win on receiving the brown")
	}

	// A re-colour can complete the third set too.
	g = scripted(t, 2, Rules{})
	table(t, g, 0, AnyColor, brown1, brown2, dblue1, dblue2, rail1, rail2, rail3)
	table(t, g, 0, Utility, wildRailUtil)
	evs = apply(t, g, 0, Action{Kind: ActRecolor, Card: wildRailUtil, Color: Railroad})
	find(t, evs, EvWon)

	// Two complete browns and a blue set are only two colours.
	g = scripted(t, 2, Rules{})
	table(t, g, 0, AnyColor, brown1, brown2, dblue1, dblue2)
	table(t, g, 0, Brown, wildBrownLBlue, wildAny)
	if g.Complete(0, Brown) != 2 || g.CompleteColors(0) != 2 || g.Phase == PhaseGameOver {
		t.Fatal("two sets of one colour counted twice")
	}
}
