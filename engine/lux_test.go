package engine

import (
	"slices"
	"testing"
)

// The lux edition's rules, one scripted test each (LUX.md maps every
// clause of issue 17 to its test). Squares: 0 ВПЕРЕД, 2/17 Казна, 7/22/36
// Шанс, 10 В'язниця, 12/28 the Internet company and the mobile operator,
// 5/15/25/35 the transport companies, 20 Казино, 30 the tax inspection,
// 33 Казна, 37/39 Нью-Йорк and Київ.

// luxRules returns the lux defaults changed by f.
func luxRules(f func(r *Rules)) *Rules {
	r := EditionByID(Lux).Rules
	f(&r)
	return &r
}

func TestLuxBoard(t *testing.T) {
	ed := EditionByID(Lux)
	if len(ed.Squares) != 40 || ed.Houses != 32 || ed.Hotels != 12 || ed.MinPlayers != 2 || ed.MaxPlayers != 4 || ed.JailSquare != LuxJail {
		t.Fatalf("board %d squares, stock %d/%d, players %d–%d", len(ed.Squares), ed.Houses, ed.Hotels, ed.MinPlayers, ed.MaxPlayers)
	}
	count := map[SquareKind][]int{}
	for i, s := range ed.Squares {
		count[s.Kind] = append(count[s.Kind], i)
	}
	for kind, want := range map[SquareKind][]int{
		SquareStart: {0}, SquareJail: {10}, SquareCasino: {20}, SquareInspection: {30},
		SquareChance: {7, 22, 36}, SquareChest: {2, 17, 33}, SquareTax: {4, 38},
		SquarePort: {5, 15, 25, 35}, SquareUtility: {12, 28},
	} {
		if !slices.Equal(count[kind], want) {
			t.Errorf("squares of kind %d: %v, want %v", kind, count[kind], want)
		}
	}
	if n := len(count[SquareStreet]); n != 22 || n+len(count[SquarePort])+len(count[SquareUtility]) != 28 {
		t.Errorf("%d streets; 28 deeds wanted", n)
	}
	// Money in thousands: the classic table × 1 000.
	classic := EditionByID(Classic)
	for i, s := range ed.Squares {
		c := classic.Squares[i]
		if !s.Ownable() {
			continue
		}
		if s.Price != 1000*c.Price || s.Mortgage != 1000*c.Mortgage || s.HouseCost != 1000*c.HouseCost || s.Rent[0] != 1000*c.Rent[0] || s.Rent[Hotel] != 1000*c.Rent[Hotel] {
			t.Errorf("square %d: %+v is not the classic %+v in thousands", i, s, c)
		}
	}
	r := ed.Rules
	if r.StartingCash != 1_500_000 || r.Salary != 200_000 || r.JailFine != 50_000 || r.JailRolls != 3 || r.MortgageInterest != 10 ||
		!r.Auctions || !r.EarlyEndByAgreement || !r.JailOnStop || !r.HotelsBySet || !r.InterestTwice || r.JailSkipsTurn || r.NoRentInJail {
		t.Errorf("rules %+v", r)
	}
	if ed.Jackpot != 200_000 || ed.Inspection != (InspectionTax{50_000, 25_000, 100_000}) {
		t.Errorf("jackpot %d, inspection %+v", ed.Jackpot, ed.Inspection)
	}
	for d, deck := range ed.Decks {
		if len(deck) != 16 {
			t.Errorf("deck %d has %d cards", d, len(deck))
		}
		luxCard(t, d, CardJailFree, 0)
		luxCard(t, d, CardAdvance, LuxInspection)
		luxCard(t, d, CardGoToJail, 0)
	}
	// 2–4 players.
	for _, n := range []int{1, 5} {
		if _, _, err := New(Config{Edition: Lux, Players: n}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	for n := 2; n <= 4; n++ {
		g := newLuxGame(t, n, nil)
		wantCash(t, g, 1_500_000, 1_500_000)
	}
}

// TestLuxSalary: 200 000 for passing ВПЕРЕД, twice in one turn when a card
// sends the player back to it.
func TestLuxSalary(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	topCard(t, g, DeckChest, luxCard(t, DeckChest, CardAdvance, LuxStart))
	g.Players[0].Pos = 38
	ev := roll(t, g, 0, 1, 3) // 38 → 2, Казна: advance to ВПЕРЕД
	passed := 0
	for _, e := range ev {
		if e.Kind == EvPassedStart && e.Amount == 200_000 {
			passed++
		}
	}
	if passed != 2 {
		t.Fatalf("salary paid %d times:%s", passed, fmtEvents(ev))
	}
	wantCash(t, g, 1_900_000)
}

// TestLuxJail: stopping on the jail square jails the player (no just
// visiting), and the move that ends there pays no salary; out by the fine,
// a card, or doubles; the third failed try pays and moves; rent is
// collected in jail.
func TestLuxJail(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	g.Players[0].Pos = 39
	ev := roll(t, g, 0, 5, 6) // 39 → 10, past ВПЕРЕД
	hasEvent(t, ev, Event{Kind: EvSentToJail, Player: 0, Square: LuxJail, Amount: JailByStopping})
	noEvent(t, ev, EvPassedStart)
	wantCash(t, g, 1_500_000)
	if !g.Players[0].InJail {
		t.Fatal("not in jail")
	}
	endTurn(t, g, 0, 1)
	// Rent while in jail: seat 1 lands on seat 0's Варшава.
	own(g, 0, 6)
	roll(t, g, 1, 2, 4)
	wantCash(t, g, 1_506_000, 1_494_000)
	endTurn(t, g, 1, 0)
	ev = act(t, g, 0, ActPayJailFine)
	hasEvent(t, ev, Event{Kind: EvJailFinePaid, Player: 0, Amount: 50_000})
	wantCash(t, g, 1_456_000)

	// Doubles onto the jail square: jailed, no extra roll.
	g = newLuxGame(t, 2, nil)
	g.Players[0].Pos = 4
	roll(t, g, 0, 3, 3)
	if !g.Players[0].InJail || g.RollAgain {
		t.Fatalf("in jail %v, roll again %v", g.Players[0].InJail, g.RollAgain)
	}

	// Three failed tries: the fine is paid and the token moves by the last roll.
	g = newLuxGame(t, 2, nil)
	g.Players[0].Pos = 4
	roll(t, g, 0, 2, 4)
	for try := 1; try <= 3; try++ {
		endTurn(t, g, 0, 1)
		g.Players[1].Pos = 21 // a red city of nobody's, declined
		roll(t, g, 1, 1, 2)
		act(t, g, 1, ActDecline)
		do(t, g, System, Action{Kind: ActTimeout}) // the auction closes unsold
		endTurn(t, g, 1, 0)
		ev = roll(t, g, 0, 1, 2)
		if try < 3 {
			hasEvent(t, ev, Event{Kind: EvJailRollFailed, Player: 0, Amount: try})
			continue
		}
		hasEvent(t, ev, Event{Kind: EvJailFinePaid, Player: 0, Amount: 50_000, Square: LuxJail})
		wantPos(t, g, 0, 13)
	}

	// A get-out-of-jail card, kept from the deck, frees the player.
	g = newLuxGame(t, 2, nil)
	topCard(t, g, DeckChance, luxCard(t, DeckChance, CardJailFree, 0))
	roll(t, g, 0, 3, 4) // 0 → 7, Шанс: the card is kept
	if !g.Players[0].JailCards[DeckChance] {
		t.Fatal("card not kept")
	}
	g.Players[0].Pos = 4
	g.Phase, g.Step = PhaseTurnStart, StepTurnStart
	roll(t, g, 0, 2, 4)
	endTurn(t, g, 0, 1)
	roll(t, g, 1, 1, 2) // 0 → 3, Делі
	act(t, g, 1, ActBuy)
	endTurn(t, g, 1, 0)
	ev = act(t, g, 0, ActUseJailCard)
	hasEvent(t, ev, Event{Kind: EvJailCardUsed, Player: 0, Deck: DeckChance})
	if g.Players[0].InJail {
		t.Fatal("still in jail")
	}

	// Three doubles in a row.
	g = newLuxGame(t, 2, nil)
	for sq := range g.Props {
		if g.ed.Squares[sq].Ownable() {
			own(g, 0, sq)
		}
	}
	g.Players[0].Pos = 21
	roll(t, g, 0, 1, 1) // → 23
	roll(t, g, 0, 3, 3) // → 29
	ev = roll(t, g, 0, 2, 2)
	hasEvent(t, ev, Event{Kind: EvSentToJail, Player: 0, Square: LuxJail, Amount: JailByDoubles})
}

// TestLuxRents: a colour set's bare rent doubles; a mortgaged deed earns
// nothing while the rest of its set still collects (bare); transport by
// the number owned; the telecoms 4×/10× the dice in thousands, and a card
// sending a player there rolls afresh for the owner's usual multiple.
func TestLuxRents(t *testing.T) {
	for _, c := range []struct {
		name     string
		owned    []int
		mortgage int // a deed of seat 1 mortgaged first, 0 for none
		from     int
		dice     []int // the move, then any fresh roll a card asks for
		chance   CardKind
		rent     int
	}{
		{"a whole set doubles the bare rent", []int{37, 39}, 0, 35, []int{1, 3}, 0, 100_000},
		{"a mortgage in the set: the others bare", []int{37, 39}, 37, 35, []int{1, 3}, 0, 50_000},
		{"a mortgaged deed earns nothing", []int{37, 39}, 37, 33, []int{1, 3}, 0, 0},
		{"one transport company", []int{5}, 0, 0, []int{2, 3}, 0, 25_000},
		{"four transport companies", []int{5, 15, 25, 35}, 0, 0, []int{2, 3}, 0, 200_000},
		{"one telecom: 4 000 × the dice", []int{12}, 0, 9, []int{1, 2}, 0, 12_000},
		{"both telecoms: 10 000 × the dice", []int{12, 28}, 0, 9, []int{1, 2}, 0, 30_000},
		{"a card to a telecom rolls afresh", []int{12, 28}, 0, 4, []int{1, 2, 5, 6}, CardNearestUtility, 110_000},
		{"the same with one telecom owned", []int{12}, 0, 4, []int{1, 2, 5, 6}, CardNearestUtility, 44_000},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newLuxGame(t, 2, nil)
			own(g, 1, c.owned...)
			if c.mortgage > 0 {
				actSq(t, g, 1, ActMortgage, c.mortgage)
			}
			if c.chance != 0 {
				topCard(t, g, DeckChance, luxCard(t, DeckChance, c.chance, 0))
			}
			before := g.Players[1].Cash
			g.Players[0].Pos = c.from
			g.ScriptDice(c.dice...)
			ev := act(t, g, 0, ActRoll)
			if len(g.Scripted) != 0 {
				t.Fatalf("dice left unused: %v", g.Scripted)
			}
			if got := g.Players[1].Cash - before; got != c.rent {
				t.Fatalf("rent %d, want %d:%s", got, c.rent, fmtEvents(ev))
			}
			if c.rent == 0 {
				hasEvent(t, ev, Event{Kind: EvRentMortgaged, Player: 0, Square: g.Players[0].Pos})
			}
		})
	}
}

// TestLuxOrderOneDie: «всі гравці кидають кубик» — one die each for the
// starting order (EvOrderRoll's second die is 0); the highest starts and
// only the tied highest roll again.
func TestLuxOrderOneDie(t *testing.T) {
	g := newEditionGame(t, Lux, 4, nil)
	g.events = nil
	// Seats 1 and 3 tie at 6 over 4 and 2; they alone re-roll: 3 against 5.
	g.ScriptDice(4, 6, 2, 6, 3, 5)
	if first := g.rollForOrder(); first != 3 {
		t.Fatalf("first player %d, want 3", first)
	}
	wantEvents(t, g.takeEvents(),
		Event{Kind: EvOrderRoll, Player: 0, Dice: [2]int{4, 0}},
		Event{Kind: EvOrderRoll, Player: 1, Dice: [2]int{6, 0}},
		Event{Kind: EvOrderRoll, Player: 2, Dice: [2]int{2, 0}},
		Event{Kind: EvOrderRoll, Player: 3, Dice: [2]int{6, 0}},
		Event{Kind: EvOrderRoll, Player: 1, Dice: [2]int{3, 0}},
		Event{Kind: EvOrderRoll, Player: 3, Dice: [2]int{5, 0}},
		Event{Kind: EvFirstPlayer, Player: 3},
	)
	// A new game's own roll: one die each, 1…6.
	_, ev, err := New(Config{Edition: Lux, Players: 4, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ev {
		if e.Kind == EvOrderRoll && (e.Dice[0] < 1 || e.Dice[0] > 6 || e.Dice[1] != 0) {
			t.Fatalf("order roll %+v", e)
		}
	}
}

// TestLuxNoSalaryIntoJail: a move past ВПЕРЕД that ends in jail pays no
// salary, wherever it ends: on the jail square, or on Казна or Шанс whose
// card sends the player to jail. Any other card keeps the salary.
func TestLuxNoSalaryIntoJail(t *testing.T) {
	ed := EditionByID(Lux)
	jailCard := func(d int) int {
		for i, c := range ed.Decks[d] {
			if c.Kind == CardGoToJail {
				return i
			}
		}
		t.Fatalf("deck %d has no go-to-jail card", d)
		return -1
	}
	for _, c := range []struct {
		name     string
		from     int
		d1, d2   int
		deck     int
		jailCard bool
	}{
		{"Казна, go to jail", 35, 3, 4, DeckChest, true}, // 35 → 2
		{"Шанс, go to jail", 38, 4, 5, DeckChance, true}, // 38 → 7
		{"Казна, another card", 35, 3, 4, DeckChest, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newLuxGame(t, 2, nil)
			g.Players[0].Pos = c.from
			card := jailCard(c.deck)
			if !c.jailCard {
				for i, k := range ed.Decks[c.deck] {
					if k.Kind == CardCollect {
						card = i
						break
					}
				}
			}
			topCard(t, g, c.deck, card)
			ev := roll(t, g, 0, c.d1, c.d2)
			hasEvent(t, ev, Event{Kind: EvCardDrawn, Player: 0, Deck: c.deck, Card: card})
			if c.jailCard {
				hasEvent(t, ev, Event{Kind: EvSentToJail, Player: 0, Square: LuxJail, Amount: JailByCard})
				noEvent(t, ev, EvPassedStart)
				wantCash(t, g, 1_500_000)
				return
			}
			hasEvent(t, ev, Event{Kind: EvPassedStart, Player: 0, Amount: 200_000})
		})
	}
}

// TestLuxCornerIsTheInspection: the rule book lists exactly three ways into
// jail (its square, a card, three doubles), so the corner opposite the jail
// is no go-to-jail square: it is the tax inspection, the other place its
// cards send players to. Stopping there rolls for the tax, and no square
// of the board sends anyone to jail but the jail's own.
func TestLuxCornerIsTheInspection(t *testing.T) {
	for sq, s := range EditionByID(Lux).Squares {
		if s.Kind == SquareGoToJail {
			t.Errorf("square %d sends players to jail", sq)
		}
	}
	g := newLuxGame(t, 2, nil)
	g.Players[0].Pos = 26
	ev := roll(t, g, 0, 1, 3) // 26 → 30
	noEvent(t, ev, EvSentToJail)
	hasEvent(t, ev, Event{Kind: EvLanded, Player: 0, Square: 30})
	wantPhase(t, g, PhaseInspection)
	if g.Players[0].InJail {
		t.Fatal("in jail")
	}
}
