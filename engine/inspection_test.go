package engine

import "testing"

// TestInspection: stopping on the tax inspection waits for the player's
// roll of two dice; anything but doubles costs 50 000 plus 25 000 a house
// and 100 000 a hotel; doubles escape; the roll moves nothing and leaves
// an earlier doubles' extra roll alone.
func TestInspection(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	own(g, 0, 1, 3, 37, 39)
	build(g, 2, 1, 3)       // 4 houses
	build(g, Hotel, 37, 39) // 2 hotels
	g.Players[0].Pos = 26
	ev := roll(t, g, 0, 1, 3) // 26 → 30
	hasEvent(t, ev, Event{Kind: EvLanded, Player: 0, Square: LuxInspection})
	wantPhase(t, g, PhaseInspection)
	l := g.Legal(0)
	if countKind(l, ActRoll) != 1 || hasAction(l, ActEndTurn) || hasAction(l, ActBuild) || hasAction(l, ActProposeTrade) {
		t.Fatalf("Legal %+v", l)
	}
	refuse(t, g, 1, Action{Kind: ActRoll}, ErrNotYourTurn)
	refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow)
	if due := g.InspectionDue(0); due != 50_000+4*25_000+2*100_000 {
		t.Fatalf("due %d", due)
	}
	ev = roll(t, g, 0, 2, 3)
	wantEvents(t, ev,
		Event{Kind: EvInspectionTax, Player: 0, Dice: [2]int{2, 3}, Amount: 350_000, Square: LuxInspection},
		Event{Kind: EvTaxPaid, Player: 0, Amount: 350_000, Square: LuxInspection})
	wantCash(t, g, 1_500_000-350_000)
	wantPos(t, g, 0, LuxInspection)
	wantPhase(t, g, PhaseTurnEnd)
	if g.Dice != [2]int{1, 3} {
		t.Fatalf("the move's dice became %v", g.Dice)
	}

	// Doubles escape; arriving by doubles keeps the extra roll.
	g = newLuxGame(t, 2, nil)
	g.Players[0].Pos = 28
	roll(t, g, 0, 1, 1) // 28 → 30, doubles
	wantPhase(t, g, PhaseInspection)
	ev = roll(t, g, 0, 4, 4)
	wantEvents(t, ev, Event{Kind: EvInspectionFree, Player: 0, Dice: [2]int{4, 4}, Square: LuxInspection})
	wantCash(t, g, 1_500_000)
	if !g.RollAgain || g.Doubles != 1 {
		t.Fatalf("roll again %v, doubles %d", g.RollAgain, g.Doubles)
	}
	roll(t, g, 0, 2, 4) // the move's extra roll: 30 → 36, Chance
	wantPos(t, g, 0, 36)

	// The timeout rolls; short of cash the tax is a debt to the bank.
	g = newLuxGame(t, 2, nil)
	setCash(g, 0, 10_000)
	g.Players[0].Pos = 26
	roll(t, g, 0, 1, 3)
	g.ScriptDice(5, 6)
	ev = do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev,
		Event{Kind: EvTimeout, Player: 0},
		Event{Kind: EvInspectionTax, Player: 0, Dice: [2]int{5, 6}, Amount: 50_000, Square: LuxInspection},
		Event{Kind: EvDebt, Player: 0, Other: Bank, Amount: 50_000})
	wantPhase(t, g, PhaseDebt)
}

// TestInspectionCards: a Шанс and a Казна card send the player to the tax
// inspection (advancing, salary if passing ВПЕРЕД).
func TestInspectionCards(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	topCard(t, g, DeckChance, luxCard(t, DeckChance, CardAdvance, LuxInspection))
	g.Players[0].Pos = 4
	ev := roll(t, g, 0, 1, 2) // 4 → 7, Шанс
	hasEvent(t, ev, Event{Kind: EvMoved, Player: 0, From: 7, Square: LuxInspection})
	wantPhase(t, g, PhaseInspection)

	g = newLuxGame(t, 2, nil)
	topCard(t, g, DeckChest, luxCard(t, DeckChest, CardAdvance, LuxInspection))
	g.Players[0].Pos = 14
	roll(t, g, 0, 1, 2) // 14 → 17, Казна
	wantPos(t, g, 0, LuxInspection)
	wantPhase(t, g, PhaseInspection)
}

// luxCard finds the first card of kind (and target when non-zero) in deck
// d of the lux edition.
func luxCard(t testing.TB, d int, kind CardKind, target int) int {
	t.Helper()
	for i, c := range EditionByID(Lux).Decks[d] {
		if c.Kind == kind && (target == 0 || c.Target == target) {
			return i
		}
	}
	t.Fatalf("lux deck %d has no card kind %d target %d", d, kind, target)
	return -1
}
