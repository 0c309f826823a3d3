package engine

import "testing"

// jailed puts p in jail.
func jailed(g *Game, p PlayerID) {
	g.Players[p].Pos, g.Players[p].InJail, g.Players[p].JailTries = 10, true, 0
}

// holdJailCard gives p the jail card of deck d, taken out of the pile.
func holdJailCard(t testing.TB, g *Game, p PlayerID, d int) {
	t.Helper()
	topCard(t, g, d, cardIndex(t, d, CardJailFree, 0, 0))
	g.Decks[d].draw()
	g.Players[p].JailCards[d] = true
}

func TestJailPayFine(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	refuse(t, g, 1, Action{Kind: ActPayJailFine}, ErrNotYourTurn)
	refuse(t, g, 0, Action{Kind: ActUseJailCard}, ErrNoJailCard)
	ev := act(t, g, 0, ActPayJailFine)
	wantEvents(t, ev,
		Event{Kind: EvJailFinePaid, Player: 0, Amount: 50},
		Event{Kind: EvLeftJail, Player: 0},
	)
	wantCash(t, g, 1450, 1500)
	wantPhase(t, g, PhaseTurnStart)
	refuse(t, g, 0, Action{Kind: ActPayJailFine}, ErrNotInJail)
	// Then an ordinary roll: doubles give another roll.
	ev = roll(t, g, 0, 4, 4)
	hasEvent(t, ev, Event{Kind: EvMoved, Player: 0, From: 10, Square: 18})
	hasEvent(t, ev, Event{Kind: EvDoubles, Player: 0})
	if !g.RollAgain {
		t.Fatal("doubles after paying the fine give another roll")
	}

	// Without 50 the fine cannot be paid before rolling.
	g = newTestGame(t, 2, nil)
	jailed(g, 0)
	setCash(g, 0, 49)
	refuse(t, g, 0, Action{Kind: ActPayJailFine}, ErrInsufficientFunds)
	// Not before the roll: after the roll the choice is gone.
	roll(t, g, 0, 1, 2)
	refuse(t, g, 0, Action{Kind: ActPayJailFine}, ErrNotNow)
}

func TestJailCard(t *testing.T) {
	for _, d := range []int{DeckChance, DeckChest} {
		g := newTestGame(t, 2, nil)
		jailed(g, 0)
		holdJailCard(t, g, 0, d)
		if err := g.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		ev := act(t, g, 0, ActUseJailCard)
		wantEvents(t, ev, Event{Kind: EvJailCardUsed, Player: 0, Deck: d}, Event{Kind: EvLeftJail, Player: 0})
		if g.Players[0].InJail || g.Players[0].JailCards[d] {
			t.Fatal("still in jail or still holding the card")
		}
		if bottomCard(g, d) != cardIndex(t, d, CardJailFree, 0, 0) || g.Decks[d].Count != 16 {
			t.Fatal("the used card is not back at the bottom of its deck")
		}
		wantCash(t, g, 1500, 1500)
		wantPhase(t, g, PhaseTurnStart)
		roll(t, g, 0, 1, 2)
		wantPos(t, g, 0, 13)
	}
}

func TestJailRollDoubles(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	g.Players[0].JailTries = 1
	ev := roll(t, g, 0, 3, 3)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{3, 3}},
		Event{Kind: EvLeftJail, Player: 0},
		Event{Kind: EvMoved, Player: 0, From: 10, Square: 16},
		Event{Kind: EvLanded, Player: 0, Square: 16},
	)
	wantPhase(t, g, PhaseBuyDecision)
	act(t, g, 0, ActBuy)
	// No extra roll for the doubles that opened the jail.
	if g.RollAgain {
		t.Fatal("doubles leaving jail must not give another roll")
	}
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)
	wantCash(t, g, 1320, 1500)
	endTurn(t, g, 0, 1)
	if g.Players[0].InJail || g.Players[0].JailTries != 0 {
		t.Fatal("jail state left over")
	}
}

func TestJailThreeFailedRolls(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	for try := 1; try <= 2; try++ {
		ev := roll(t, g, 0, 1, 2)
		wantEvents(t, ev,
			Event{Kind: EvRolled, Player: 0, Dice: [2]int{1, 2}},
			Event{Kind: EvJailRollFailed, Player: 0, Amount: try},
		)
		wantPos(t, g, 0, 10)
		wantPhase(t, g, PhaseTurnEnd)
		refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)
		endTurn(t, g, 0, 1)
		g.Players[1].Pos = 10
		roll(t, g, 1, 1, 3) // 10 → 14: let it lapse
		act(t, g, 1, ActDecline)
		do(t, g, System, Action{Kind: ActTimeout})
		endTurn(t, g, 1, 0)
	}
	// Third failure: pay 50 and move by this roll.
	topCard(t, g, DeckChest, 14) // collect 10
	ev := roll(t, g, 0, 2, 5)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{2, 5}},
		Event{Kind: EvJailRollFailed, Player: 0, Amount: 3},
		Event{Kind: EvLeftJail, Player: 0},
		Event{Kind: EvJailFinePaid, Player: 0, Amount: 50, Square: 10},
		Event{Kind: EvMoved, Player: 0, From: 10, Square: 17},
		Event{Kind: EvLanded, Player: 0, Square: 17},
		Event{Kind: EvCardDrawn, Player: 0, Deck: DeckChest, Card: 14},
		Event{Kind: EvCollected, Player: 0, Amount: 10},
	)
	wantCash(t, g, 1460, 1500)
	wantPhase(t, g, PhaseTurnEnd)
}

// TestJailThirdFailureMoves checks the fine and the move on the third try
// without the card noise, on a street.
func TestJailThirdFailureMoves(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	g.Players[0].JailTries = 2
	ev := roll(t, g, 0, 1, 2)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{1, 2}},
		Event{Kind: EvJailRollFailed, Player: 0, Amount: 3},
		Event{Kind: EvLeftJail, Player: 0},
		Event{Kind: EvJailFinePaid, Player: 0, Amount: 50, Square: 10},
		Event{Kind: EvMoved, Player: 0, From: 10, Square: 13},
		Event{Kind: EvLanded, Player: 0, Square: 13},
	)
	wantCash(t, g, 1450, 1500)
	wantPhase(t, g, PhaseBuyDecision)
	if g.Players[0].InJail || g.RollAgain {
		t.Fatal("out of jail, no extra roll")
	}
}

// TestJailFineAsDebt: after the third failed roll a prisoner without 50
// owes it; the token moves once the debt is paid.
func TestJailFineAsDebt(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	g.Players[0].JailTries = 2
	setCash(g, 0, 20)
	own(g, 0, 39)
	ev := roll(t, g, 0, 1, 2)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{1, 2}},
		Event{Kind: EvJailRollFailed, Player: 0, Amount: 3},
		Event{Kind: EvLeftJail, Player: 0},
		Event{Kind: EvDebt, Player: 0, Other: Bank, Amount: 50},
	)
	wantPhase(t, g, PhaseDebt)
	wantPos(t, g, 0, 10)
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	refuse(t, g, 0, Action{Kind: ActBankrupt}, ErrCanStillPay)
	ev = actSq(t, g, 0, ActMortgage, 39)
	wantEvents(t, ev, Event{Kind: EvMortgaged, Player: 0, Square: 39, Cost: 200})
	wantPhase(t, g, PhaseDebt)
	ev = act(t, g, 0, ActPayDebt)
	wantEvents(t, ev,
		Event{Kind: EvDebtPaid, Player: 0, Other: Bank, Amount: 50},
		Event{Kind: EvMoved, Player: 0, From: 10, Square: 13},
		Event{Kind: EvLanded, Player: 0, Square: 13},
	)
	wantCash(t, g, 170, 1500)
	wantPhase(t, g, PhaseBuyDecision)
}

// TestJailOwnerCollects: a prisoner's deeds still earn rent (covered in
// TestRent) and a prisoner may build before trying for doubles.
func TestJailBuildBeforeRoll(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	own(g, 0, 1, 3)
	actSq(t, g, 0, ActBuild, 1)
	if !g.Players[0].InJail || g.Props[1].Buildings != 1 {
		t.Fatal("building in jail")
	}
}

// TestJailTimeout: the default for a prisoner is to try for doubles.
func TestJailTimeout(t *testing.T) {
	g := newTestGame(t, 2, nil)
	jailed(g, 0)
	g.ScriptDice(1, 2)
	ev := do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev,
		Event{Kind: EvTimeout, Player: 0},
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{1, 2}},
		Event{Kind: EvJailRollFailed, Player: 0, Amount: 1},
	)
}
