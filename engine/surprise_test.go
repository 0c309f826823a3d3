package engine

import "testing"

// TestSurpriseDeck plays every card of the Сюрприз deck from square 12
// (the token rolls 1+2 from 9) in a three-player game, and checks that a
// drawn card goes to the bottom of the pile.
func TestSurpriseDeck(t *testing.T) {
	repairs := func(g *Game) { // 6 branches and 2 corporations
		own(g, 0, 1, 3, 4, 6, 7)
		build(g, Hotel, 1, 3)
		build(g, 2, 4, 6, 7)
	}
	type row struct {
		setup func(g *Game)
		cash  []int
		pos   int
		phase Phase
		check func(t *testing.T, g *Game, ev []Event)
	}
	skipped := func(reason int) func(t *testing.T, g *Game, ev []Event) {
		return func(t *testing.T, g *Game, ev []Event) {
			hasEvent(t, ev, Event{Kind: EvWillSkip, Player: 0, Amount: reason})
		}
	}
	jailed := func(reason int) func(t *testing.T, g *Game, ev []Event) {
		return func(t *testing.T, g *Game, ev []Event) {
			hasEvent(t, ev, Event{Kind: EvSentToJail, Player: 0, Square: BusinessJail, Amount: reason})
			noEvent(t, ev, EvPassedStart)
		}
	}
	fortune := func(taken EventKind, luck, misfortune uint8) func(t *testing.T, g *Game, ev []Event) {
		return func(t *testing.T, g *Game, ev []Event) {
			hasEvent(t, ev, Event{Kind: taken, Player: 0})
			if pl := g.Players[0]; pl.Luck != luck || pl.Misfortune != misfortune {
				t.Fatalf("holds %d/%d", pl.Luck, pl.Misfortune)
			}
		}
	}
	rows := []row{
		0:  {cash: []int{1700, 1500, 1500}, pos: 0, phase: PhaseTurnEnd},
		1:  {cash: []int{1700, 1500, 1500}, pos: 7, phase: PhaseBuyDecision},
		2:  {cash: []int{1500, 1500, 1500}, pos: 35, phase: PhaseBuyDecision},
		3:  {cash: []int{1500, 1500, 1500}, pos: 27, phase: PhaseGamble},
		4:  {cash: []int{1500, 1500, 1500}, pos: 18, phase: PhaseTurnEnd, check: skipped(SkipRestDay)},
		5:  {cash: []int{1500, 1500, 1500}, pos: 9, phase: PhaseJailChoice, check: jailed(JailByStopping)},
		6:  {cash: []int{1500, 1500, 1500}, pos: 9, phase: PhaseJailChoice, check: jailed(JailByCard)},
		7:  {cash: []int{1500, 1500, 1500}, pos: 9, phase: PhaseJailChoice, check: jailed(JailByCard)},
		8:  {cash: []int{1500, 1500, 1500}, pos: 12, phase: PhaseTurnEnd, check: skipped(SkipCard)},
		9:  {cash: []int{1700, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		10: {cash: []int{1650, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		11: {cash: []int{1600, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		12: {cash: []int{1600, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		13: {cash: []int{1550, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		14: {cash: []int{1550, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		15: {cash: []int{1525, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		16: {cash: []int{1520, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		17: {cash: []int{1350, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		18: {cash: []int{1400, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		19: {cash: []int{1450, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		20: {cash: []int{1450, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		21: {cash: []int{1480, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		22: {cash: []int{1485, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		23: {cash: []int{1400, 1550, 1550}, pos: 12, phase: PhaseTurnEnd},
		24: {cash: []int{1550, 1475, 1475}, pos: 12, phase: PhaseTurnEnd},
		25: {cash: []int{1600, 1450, 1450}, pos: 12, phase: PhaseTurnEnd},
		26: {setup: repairs, cash: []int{1150, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		27: {setup: repairs, cash: []int{1030, 1500, 1500}, pos: 12, phase: PhaseTurnEnd},
		28: {cash: []int{1500, 1500, 1500}, pos: 12, phase: PhaseTurnEnd, check: fortune(EvLuckTaken, 1, 0)},
		29: {cash: []int{1500, 1500, 1500}, pos: 12, phase: PhaseTurnEnd, check: fortune(EvLuckTaken, 1, 0)},
		30: {cash: []int{1500, 1500, 1500}, pos: 12, phase: PhaseTurnEnd, check: fortune(EvMisfortuneTaken, 0, 1)},
		31: {cash: []int{1500, 1500, 1500}, pos: 12, phase: PhaseTurnEnd, check: fortune(EvMisfortuneTaken, 0, 1)},
	}
	if len(rows) != len(EditionByID(Business).Decks[DeckChance]) {
		t.Fatalf("%d rows for %d cards", len(rows), len(EditionByID(Business).Decks[DeckChance]))
	}
	for card, r := range rows {
		g := newBusinessGame(t, 3, nil)
		g.Players[0].Pos = 9
		if r.setup != nil {
			r.setup(g)
		}
		topCard(t, g, DeckChance, card)
		ev := roll(t, g, 0, 1, 2)
		hasEvent(t, ev, Event{Kind: EvCardDrawn, Player: 0, Deck: DeckChance, Card: card})
		if bottomCard(g, DeckChance) != card {
			t.Errorf("card %d: not at the bottom after the draw", card)
		}
		wantCash(t, g, r.cash...)
		wantPos(t, g, 0, r.pos)
		if g.Phase != r.phase {
			t.Errorf("card %d: phase %d, want %d", card, g.Phase, r.phase)
		}
		if r.check != nil {
			r.check(t, g, ev)
		}
	}
}

// TestFortune: Удача waives the next rent owed, Неудача doubles it, each
// card then going back to the centre; Удача is played first; a mortgaged
// deed's rent (none) uses no card; with none left in the centre the card
// drawn gives nothing; bankruptcy returns the cards.
func TestFortune(t *testing.T) {
	g := newBusinessGame(t, 3, nil)
	own(g, 1, 16) // Кинотеатр, rent 18
	g.Players[0].Pos = 9
	topCard(t, g, DeckChance, 28) // Удача
	roll(t, g, 0, 1, 2)
	endTurn(t, g, 0, 1)
	roll(t, g, 1, 1, 2) // 0 → 3, unowned
	act(t, g, 1, ActDecline)
	endTurn(t, g, 1, 2)
	roll(t, g, 2, 1, 2)
	act(t, g, 2, ActDecline)
	endTurn(t, g, 2, 0)
	g.Players[0].Misfortune = 1 // as if drawn too
	ev := roll(t, g, 0, 1, 3)   // 12 → 16
	hasEvent(t, ev, Event{Kind: EvLuckUsed, Player: 0, Other: 1, Square: 16, Amount: 18})
	noEvent(t, ev, EvRentPaid)
	wantCash(t, g, 1500, 1500)
	if pl := g.Players[0]; pl.Luck != 0 || pl.Misfortune != 1 || g.FortunesLeft(FortuneLuck) != 2 || g.FortunesLeft(FortuneMisfortune) != 1 {
		t.Fatalf("after Удача: %+v, left %d/%d", pl, g.FortunesLeft(FortuneLuck), g.FortunesLeft(FortuneMisfortune))
	}
	endTurn(t, g, 0, 1)
	// The next rent is doubled by Неудача.
	g.Players[0].Pos = 12
	g.Current, g.Phase, g.Step = 0, PhaseTurnStart, StepTurnStart
	ev = roll(t, g, 0, 1, 3)
	hasEvent(t, ev, Event{Kind: EvMisfortuneUsed, Player: 0, Other: 1, Square: 16, Amount: 18})
	hasEvent(t, ev, Event{Kind: EvRentPaid, Player: 0, Other: 1, Square: 16, Amount: 36})
	wantCash(t, g, 1464, 1536)
	if g.Players[0].Misfortune != 0 || g.FortunesLeft(FortuneMisfortune) != 2 {
		t.Fatal("Неудача not returned")
	}

	// A mortgaged deed charges nothing and uses no card.
	g = newBusinessGame(t, 2, nil)
	own(g, 1, 16)
	g.Props[16].Mortgaged = true
	g.Players[0].Pos, g.Players[0].Misfortune = 12, 1
	ev = roll(t, g, 0, 1, 3)
	hasEvent(t, ev, Event{Kind: EvRentMortgaged, Player: 0, Square: 16})
	if g.Players[0].Misfortune != 1 {
		t.Fatal("Неудача used on a mortgaged deed")
	}

	// None left in the centre: nothing.
	g = newBusinessGame(t, 3, nil)
	g.Players[1].Luck, g.Players[2].Luck = 1, 1
	g.Players[0].Pos = 9
	topCard(t, g, DeckChance, 29)
	ev = roll(t, g, 0, 1, 2)
	hasEvent(t, ev, Event{Kind: EvLuckGone, Player: 0})
	if g.Players[0].Luck != 0 {
		t.Fatal("a third Удача")
	}
	// Bankruptcy returns the cards.
	act(t, g, 0, ActEndTurn)
	ev = act(t, g, 1, ActResign)
	hasEvent(t, ev, Event{Kind: EvFortuneReturned, Player: 1, Amount: 1})
	if g.FortunesLeft(FortuneLuck) != 1 {
		t.Fatalf("%d Удача in the centre", g.FortunesLeft(FortuneLuck))
	}
}
