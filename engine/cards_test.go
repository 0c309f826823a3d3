package engine

import "testing"

// TestCards plays every Chance and Community Chest card of the classic
// decks: the token reaches the card square with scripted dice, the card is
// put on top of the pile, and the test checks the events after the draw,
// cash, position, phase and that the card went to the bottom (or, a jail
// card, stays with the player).
func TestCards(t *testing.T) {
	type row struct {
		name  string
		deck  int
		card  int
		from  int // token position before the roll of 1+2
		setup func(g *Game)
		dice  []int   // extra scripted dice (the fresh roll of the utility card)
		tail  []Event // events after EvCardDrawn
		cash  []int
		pos   int
		phase Phase
	}
	ev := func(k EventKind, p PlayerID, f func(e *Event)) Event {
		e := Event{Kind: k, Player: p}
		if f != nil {
			f(&e)
		}
		return e
	}
	moved := func(from, to int) Event {
		return ev(EvMoved, 0, func(e *Event) { e.From, e.Square = from, to })
	}
	landed := func(sq int) Event { return ev(EvLanded, 0, func(e *Event) { e.Square = sq }) }
	salary := ev(EvPassedStart, 0, func(e *Event) { e.Amount = 200 })
	collected := func(n int) Event { return ev(EvCollected, 0, func(e *Event) { e.Amount = n }) }
	paid := func(n, sq int) Event { return ev(EvPaid, 0, func(e *Event) { e.Amount, e.Square = n, sq }) }
	repairs := func(g *Game) { // 8 houses and 2 hotels
		own(g, 0, 1, 3, 37, 39)
		build(g, 4, 1, 3)
		build(g, Hotel, 37, 39)
	}
	rows := []row{
		// Chance.
		{name: "advance to start, salary twice", deck: DeckChance, card: 0, from: 38,
			tail: []Event{moved(7, 0), salary, landed(0)}, cash: []int{1900, 1500, 1500}, pos: 0, phase: PhaseTurnEnd},
		{name: "advance to 24 passing start", deck: DeckChance, card: 1, from: 33,
			tail: []Event{moved(36, 24), salary, landed(24)}, cash: []int{1700, 1500, 1500}, pos: 24, phase: PhaseBuyDecision},
		{name: "advance to 24 without passing start", deck: DeckChance, card: 1, from: 4,
			tail: []Event{moved(7, 24), landed(24)}, cash: []int{1500, 1500, 1500}, pos: 24, phase: PhaseBuyDecision},
		{name: "advance to 11 passing start", deck: DeckChance, card: 2, from: 19,
			tail: []Event{moved(22, 11), salary, landed(11)}, cash: []int{1700, 1500, 1500}, pos: 11, phase: PhaseBuyDecision},
		{name: "nearest utility owned: 10x a fresh roll", deck: DeckChance, card: 3, from: 4,
			setup: func(g *Game) { own(g, 1, 12) }, dice: []int{3, 4},
			tail: []Event{moved(7, 12), landed(12), ev(EvRolled, 0, func(e *Event) { e.Dice = [2]int{3, 4} }),
				ev(EvRentPaid, 0, func(e *Event) { e.Other, e.Square, e.Amount = 1, 12, 70 })},
			cash: []int{1430, 1570, 1500}, pos: 12, phase: PhaseTurnEnd},
		{name: "nearest utility unowned: buy offer", deck: DeckChance, card: 3, from: 33,
			tail: []Event{moved(36, 12), salary, landed(12)}, cash: []int{1700, 1500, 1500}, pos: 12, phase: PhaseBuyDecision},
		{name: "nearest utility from 22 is 28", deck: DeckChance, card: 3, from: 19,
			setup: func(g *Game) { own(g, 2, 12, 28) }, dice: []int{6, 6},
			tail: []Event{moved(22, 28), landed(28), ev(EvRolled, 0, func(e *Event) { e.Dice = [2]int{6, 6} }),
				ev(EvRentPaid, 0, func(e *Event) { e.Other, e.Square, e.Amount = 2, 28, 120 })},
			cash: []int{1380, 1500, 1620}, pos: 28, phase: PhaseTurnEnd},
		{name: "nearest port owned: double rent", deck: DeckChance, card: 4, from: 19,
			setup: func(g *Game) { own(g, 1, 5, 25) },
			tail:  []Event{moved(22, 25), landed(25), ev(EvRentPaid, 0, func(e *Event) { e.Other, e.Square, e.Amount = 1, 25, 100 })},
			cash:  []int{1400, 1600, 1500}, pos: 25, phase: PhaseTurnEnd},
		{name: "nearest port (second card) from 36 passes start", deck: DeckChance, card: 5, from: 33,
			tail: []Event{moved(36, 5), salary, landed(5)}, cash: []int{1700, 1500, 1500}, pos: 5, phase: PhaseBuyDecision},
		{name: "nearest port from 7 is 15, mortgaged: no rent", deck: DeckChance, card: 5, from: 4,
			setup: func(g *Game) { own(g, 1, 15); g.Props[15].Mortgaged = true; give(g, 1, 100) },
			tail:  []Event{moved(7, 15), landed(15), ev(EvRentMortgaged, 0, func(e *Event) { e.Square = 15 })},
			cash:  []int{1500, 1600, 1500}, pos: 15, phase: PhaseTurnEnd},
		{name: "collect 50", deck: DeckChance, card: 6, from: 4,
			tail: []Event{collected(50)}, cash: []int{1550, 1500, 1500}, pos: 7, phase: PhaseTurnEnd},
		{name: "get out of jail free", deck: DeckChance, card: 7, from: 4,
			tail: []Event{ev(EvJailCardKept, 0, func(e *Event) { e.Deck = DeckChance })}, cash: []int{1500, 1500, 1500}, pos: 7, phase: PhaseTurnEnd},
		{name: "back 3 from 36 to chest 33", deck: DeckChance, card: 8, from: 33,
			setup: func(g *Game) { topCard(t, g, DeckChest, 14) }, // collect 10
			tail:  []Event{moved(36, 33), landed(33), ev(EvCardDrawn, 0, func(e *Event) { e.Deck, e.Card = DeckChest, 14 }), collected(10)},
			cash:  []int{1510, 1500, 1500}, pos: 33, phase: PhaseTurnEnd},
		{name: "back 3 from 7 to income tax", deck: DeckChance, card: 8, from: 4,
			tail: []Event{moved(7, 4), landed(4), ev(EvTaxPaid, 0, func(e *Event) { e.Amount, e.Square = 200, 4 })},
			cash: []int{1300, 1500, 1500}, pos: 4, phase: PhaseTurnEnd},
		{name: "go to jail, no salary", deck: DeckChance, card: 9, from: 33,
			tail: []Event{ev(EvSentToJail, 0, func(e *Event) { e.Square, e.Amount = 10, JailByCard })},
			cash: []int{1500, 1500, 1500}, pos: 10, phase: PhaseTurnEnd},
		{name: "repairs 25/100", deck: DeckChance, card: 10, from: 4, setup: repairs,
			tail: []Event{paid(8*25+2*100, 7)}, cash: []int{1100, 1500, 1500}, pos: 7, phase: PhaseTurnEnd},
		{name: "repairs without buildings", deck: DeckChance, card: 10, from: 4,
			tail: []Event{}, cash: []int{1500, 1500, 1500}, pos: 7, phase: PhaseTurnEnd},
		{name: "pay 15", deck: DeckChance, card: 11, from: 4,
			tail: []Event{paid(15, 7)}, cash: []int{1485, 1500, 1500}, pos: 7, phase: PhaseTurnEnd},
		{name: "advance to port 5", deck: DeckChance, card: 12, from: 4,
			tail: []Event{moved(7, 5), salary, landed(5)}, cash: []int{1700, 1500, 1500}, pos: 5, phase: PhaseBuyDecision},
		{name: "advance to 39", deck: DeckChance, card: 13, from: 4,
			tail: []Event{moved(7, 39), landed(39)}, cash: []int{1500, 1500, 1500}, pos: 39, phase: PhaseBuyDecision},
		{name: "pay each player 50", deck: DeckChance, card: 14, from: 4,
			tail: []Event{ev(EvPaidPlayer, 0, func(e *Event) { e.Other, e.Amount = 1, 50 }), ev(EvPaidPlayer, 0, func(e *Event) { e.Other, e.Amount = 2, 50 })},
			cash: []int{1400, 1550, 1550}, pos: 7, phase: PhaseTurnEnd},
		{name: "collect 150", deck: DeckChance, card: 15, from: 4,
			tail: []Event{collected(150)}, cash: []int{1650, 1500, 1500}, pos: 7, phase: PhaseTurnEnd},
		// Community Chest.
		{name: "chest: advance to start", deck: DeckChest, card: 0, from: 14,
			tail: []Event{moved(17, 0), salary, landed(0)}, cash: []int{1700, 1500, 1500}, pos: 0, phase: PhaseTurnEnd},
		{name: "chest: collect 200", deck: DeckChest, card: 1, from: 14, tail: []Event{collected(200)}, cash: []int{1700, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: pay 50", deck: DeckChest, card: 2, from: 14, tail: []Event{paid(50, 17)}, cash: []int{1450, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 45", deck: DeckChest, card: 3, from: 14, tail: []Event{collected(45)}, cash: []int{1545, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: get out of jail free", deck: DeckChest, card: 4, from: 14,
			tail: []Event{ev(EvJailCardKept, 0, func(e *Event) { e.Deck = DeckChest })}, cash: []int{1500, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: go to jail", deck: DeckChest, card: 5, from: 30,
			tail: []Event{ev(EvSentToJail, 0, func(e *Event) { e.Square, e.Amount = 10, JailByCard })},
			cash: []int{1500, 1500, 1500}, pos: 10, phase: PhaseTurnEnd},
		{name: "chest: collect 50 from each player", deck: DeckChest, card: 6, from: 14,
			tail: []Event{ev(EvPaidPlayer, 1, func(e *Event) { e.Other, e.Amount = 0, 50 }), ev(EvPaidPlayer, 2, func(e *Event) { e.Other, e.Amount = 0, 50 })},
			cash: []int{1600, 1450, 1450}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 100", deck: DeckChest, card: 7, from: 14, tail: []Event{collected(100)}, cash: []int{1600, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 20", deck: DeckChest, card: 8, from: 14, tail: []Event{collected(20)}, cash: []int{1520, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 100 (second)", deck: DeckChest, card: 9, from: 14, tail: []Event{collected(100)}, cash: []int{1600, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: pay 100", deck: DeckChest, card: 10, from: 14, tail: []Event{paid(100, 17)}, cash: []int{1400, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: pay 150", deck: DeckChest, card: 11, from: 14, tail: []Event{paid(150, 17)}, cash: []int{1350, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 25", deck: DeckChest, card: 12, from: 14, tail: []Event{collected(25)}, cash: []int{1525, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: repairs 40/115", deck: DeckChest, card: 13, from: 14, setup: repairs,
			tail: []Event{paid(8*40+2*115, 17)}, cash: []int{950, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 10", deck: DeckChest, card: 14, from: 14, tail: []Event{collected(10)}, cash: []int{1510, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
		{name: "chest: collect 100 (third)", deck: DeckChest, card: 15, from: 14, tail: []Event{collected(100)}, cash: []int{1600, 1500, 1500}, pos: 17, phase: PhaseTurnEnd},
	}
	covered := [2][16]bool{}
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			covered[tt.deck][tt.card] = true
			g := newTestGame(t, 3, nil)
			g.Players[0].Pos = tt.from
			if tt.setup != nil {
				tt.setup(g)
			}
			topCard(t, g, tt.deck, tt.card)
			squares := [2]int{7, 17}
			d1, d2 := 1, 2
			target := squares[tt.deck]
			if tt.from == 38 {
				d1, d2 = 4, 5 // 38+9 = 7 after passing start
			}
			if tt.from == 33 && tt.deck == DeckChance {
				target = 36
			}
			if tt.from == 19 {
				target = 22
			}
			if tt.from == 30 {
				target = 33
			}
			g.ScriptDice(d1, d2)
			g.ScriptDice(tt.dice...)
			got := act(t, g, 0, ActRoll)
			want := []Event{
				{Kind: EvRolled, Player: 0, Dice: [2]int{d1, d2}},
				moved(tt.from, target),
			}
			if tt.from+d1+d2 >= 40 {
				want = append(want, salary)
			}
			want = append(want, landed(target), Event{Kind: EvCardDrawn, Player: 0, Deck: tt.deck, Card: tt.card})
			want = append(want, tt.tail...)
			wantEvents(t, got, want...)
			wantCash(t, g, tt.cash...)
			wantPos(t, g, 0, tt.pos)
			wantPhase(t, g, tt.phase)
			if len(g.Scripted) != 0 {
				t.Fatalf("scripted dice left: %v", g.Scripted)
			}
			if EditionByID(Classic).Decks[tt.deck][tt.card].Kind == CardJailFree {
				if !g.Players[0].JailCards[tt.deck] || g.Decks[tt.deck].Count != 15 {
					t.Fatalf("jail card: held %v, pile %d", g.Players[0].JailCards, g.Decks[tt.deck].Count)
				}
				return
			}
			if got := bottomCard(g, tt.deck); got != tt.card || g.Decks[tt.deck].Count != 16 {
				t.Fatalf("bottom card %d (pile %d), want %d at the bottom of 16", got, g.Decks[tt.deck].Count, tt.card)
			}
			if tt.card == 9 && tt.deck == DeckChance || tt.card == 5 && tt.deck == DeckChest {
				if !g.Players[0].InJail || g.RollAgain {
					t.Fatalf("go to jail: in jail %v, roll again %v", g.Players[0].InJail, g.RollAgain)
				}
			}
		})
	}
	for d := range covered {
		for c, ok := range covered[d] {
			if !ok {
				t.Errorf("card %d of deck %d not covered", c, d)
			}
		}
	}
}

// TestCardEffectsWithDebt: a card payment the player cannot make becomes a
// debt to the bank; paying each player what one cannot becomes debts to
// them; collecting from a player who cannot pay makes that player a debtor.
func TestCardEffectsWithDebt(t *testing.T) {
	t.Run("pay 150 with 100", func(t *testing.T) {
		g := newTestGame(t, 2, nil)
		setCash(g, 0, 100)
		own(g, 0, 39)
		g.Players[0].Pos = 14
		topCard(t, g, DeckChest, 11)
		ev := roll(t, g, 0, 1, 2)
		hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: Bank, Amount: 150})
		wantPhase(t, g, PhaseDebt)
		refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
		refuse(t, g, 0, Action{Kind: ActBankrupt}, ErrCanStillPay)
		refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrInDebt)
		actSq(t, g, 0, ActMortgage, 39)
		ev = act(t, g, 0, ActPayDebt)
		wantEvents(t, ev, Event{Kind: EvDebtPaid, Player: 0, Other: Bank, Amount: 150})
		wantCash(t, g, 150, 1500)
		wantPhase(t, g, PhaseTurnEnd)
	})
	t.Run("pay each player with too little", func(t *testing.T) {
		g := newTestGame(t, 3, nil)
		setCash(g, 0, 70)
		own(g, 0, 1)
		g.Players[0].Pos = 4
		topCard(t, g, DeckChance, 14)
		ev := roll(t, g, 0, 1, 2)
		hasEvent(t, ev, Event{Kind: EvPaidPlayer, Player: 0, Other: 1, Amount: 50})
		hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: 2, Amount: 50})
		wantCash(t, g, 20, 1550, 1500)
		wantPhase(t, g, PhaseDebt)
		actSq(t, g, 0, ActMortgage, 1)
		act(t, g, 0, ActPayDebt)
		wantCash(t, g, 0, 1550, 1550)
		wantPhase(t, g, PhaseTurnEnd)
	})
	t.Run("collect from each when one cannot pay", func(t *testing.T) {
		g := newTestGame(t, 3, nil)
		setCash(g, 2, 10)
		g.Players[0].Pos = 14
		topCard(t, g, DeckChest, 6)
		ev := roll(t, g, 0, 1, 2)
		hasEvent(t, ev, Event{Kind: EvPaidPlayer, Player: 1, Other: 0, Amount: 50})
		hasEvent(t, ev, Event{Kind: EvDebt, Player: 2, Other: 0, Amount: 50})
		wantPhase(t, g, PhaseDebt)
		if g.Waiting() != 2 {
			t.Fatalf("waiting for %d, want the debtor 2", g.Waiting())
		}
		refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrInDebt)
		// Seat 2 has nothing to raise: bankrupt to seat 0.
		ev = act(t, g, 2, ActBankrupt)
		hasEvent(t, ev, Event{Kind: EvBankrupt, Player: 2, Other: 0})
		wantCash(t, g, 1560, 1450, 0)
		wantPhase(t, g, PhaseTurnEnd)
	})
}

// TestSalaryTwiceInOneTurn is the seed's example: passing start onto the
// chance square just after it and drawing "advance to start".
func TestSalaryTwiceInOneTurn(t *testing.T) {
	for _, double := range []bool{false, true} {
		g := newTestGame(t, 2, rulesWith(func(r *Rules) { r.DoubleSalaryOnStart = double }))
		g.Players[0].Pos = 38
		topCard(t, g, DeckChance, 0)
		ev := roll(t, g, 0, 4, 5)
		second := 200
		if double {
			second = 400 // landing exactly on start
		}
		wantEvents(t, ev,
			Event{Kind: EvRolled, Player: 0, Dice: [2]int{4, 5}},
			Event{Kind: EvMoved, Player: 0, From: 38, Square: 7},
			Event{Kind: EvPassedStart, Player: 0, Amount: 200},
			Event{Kind: EvLanded, Player: 0, Square: 7},
			Event{Kind: EvCardDrawn, Player: 0, Deck: DeckChance, Card: 0},
			Event{Kind: EvMoved, Player: 0, From: 7, Square: 0},
			Event{Kind: EvPassedStart, Player: 0, Amount: second},
			Event{Kind: EvLanded, Player: 0, Square: 0},
		)
		wantCash(t, g, 1700+second, 1500)
	}
}

// TestDeckCycle: drawn cards go to the bottom, so the pile repeats after 16
// draws; a kept jail card is out of the cycle until used, and then goes to
// the bottom.
func TestDeckCycle(t *testing.T) {
	g := newTestGame(t, 2, nil)
	start := append([]uint8(nil), g.Decks[DeckChest].Order...)
	var drawn []int
	jail := cardIndex(t, DeckChest, CardJailFree, 0, 0)
	for i := 0; i < 16; i++ {
		// Stand on 14 and roll 1+2 onto chest 17; end the turn of both.
		g.Players[0].Pos = 14
		g.Players[0].InJail = false
		setCash(g, 0, 1500)
		ev := roll(t, g, 0, 1, 2)
		for _, e := range ev {
			if e.Kind == EvCardDrawn {
				drawn = append(drawn, e.Card)
			}
		}
		if g.Phase == PhaseDebt {
			act(t, g, 0, ActPayDebt)
		}
		g.Players[0].InJail = false
		act(t, g, 0, ActEndTurn)
		g.Players[1].Pos = 0
		roll(t, g, 1, 1, 2) // lands on 3: decline and let the auction lapse
		act(t, g, 1, ActDecline)
		do(t, g, System, Action{Kind: ActTimeout})
		act(t, g, 1, ActEndTurn)
	}
	for i, c := range drawn {
		if int(start[i]) != c {
			t.Fatalf("draw %d was card %d, want %d (order %v, drawn %v)", i, c, start[i], start, drawn)
		}
	}
	if !g.Players[0].JailCards[DeckChest] || g.Decks[DeckChest].Count != 15 {
		t.Fatalf("the jail card should be held: %v, pile %d", g.Players[0].JailCards, g.Decks[DeckChest].Count)
	}
	// The next 15 draws cycle without the jail card.
	for i := 0; i < 15; i++ {
		if c := g.Decks[DeckChest].draw(); c == jail {
			t.Fatal("held jail card drawn")
		} else {
			g.Decks[DeckChest].putBack(c)
		}
	}
	g.Players[0].InJail = true
	g.Players[0].Pos = 10
	ev := act(t, g, 0, ActUseJailCard)
	wantEvents(t, ev, Event{Kind: EvJailCardUsed, Player: 0, Deck: DeckChest}, Event{Kind: EvLeftJail, Player: 0})
	if bottomCard(g, DeckChest) != jail || g.Decks[DeckChest].Count != 16 {
		t.Fatalf("used jail card not at the bottom")
	}
}
