package engine

import (
	"testing"
)

// The business edition's rules, one scripted test each (BUSINESS.md maps
// them). Squares: 0 Старт, 5/27/32 Шанс (gamble), 9 Тюрьма, 18 Выходной,
// 2/12/21/30 Сюрприз, 7 Пиццерия.

// newBusinessGame is newTestGame for the business edition.
func newBusinessGame(t testing.TB, n int, rules *Rules) *Game {
	t.Helper()
	return newEditionGame(t, Business, n, rules)
}

// businessRules returns the business defaults changed by f.
func businessRules(f func(r *Rules)) *Rules {
	r := EditionByID(Business).Rules
	f(&r)
	return &r
}

func TestBusinessBoard(t *testing.T) {
	ed := EditionByID(Business)
	if len(ed.Squares) != 36 || ed.JailSquare != 9 || ed.Houses != 26 || ed.Hotels != 10 || ed.Luck != 2 || ed.Misfortune != 2 {
		t.Fatalf("board %d squares, jail %d, stock %d/%d, face-up %d/%d", len(ed.Squares), ed.JailSquare, ed.Houses, ed.Hotels, ed.Luck, ed.Misfortune)
	}
	kinds := map[SquareKind][]int{}
	for i, s := range ed.Squares {
		kinds[s.Kind] = append(kinds[s.Kind], i)
		if s.Kind == SquareStreet && (s.Mortgage != s.Price/2 || s.HouseCost == 0 || s.Rent[0] == 0) {
			t.Errorf("square %d: %+v", i, s)
		}
	}
	want := map[SquareKind]int{SquareStart: 1, SquareStreet: 26, SquareJail: 1, SquareRestDay: 1, SquareGamble: 3, SquareChance: 4}
	for k, n := range want {
		if len(kinds[k]) != n {
			t.Errorf("%d squares of kind %d (%v), want %d", len(kinds[k]), k, kinds[k], n)
		}
	}
	if len(ed.Squares) != 36 || len(kinds[SquarePort])+len(kinds[SquareUtility])+len(kinds[SquareTax])+len(kinds[SquareGoToJail]) != 0 {
		t.Errorf("unexpected squares: %v", kinds)
	}
	if ed.GroupCount() != 9 || len(ed.Group(0)) != 2 {
		t.Fatalf("%d groups, the first of %d", ed.GroupCount(), len(ed.Group(0)))
	}
	for gi := 1; gi < ed.GroupCount(); gi++ {
		if len(ed.Group(gi)) != 3 {
			t.Errorf("group %d has %d deeds", gi, len(ed.Group(gi)))
		}
	}
	// The rule book's one printed deed.
	pizza := ed.Squares[BusinessPizzeria]
	if pizza.Price != 120 || pizza.HouseCost != 50 || pizza.Rent != [6]int{8, 40, 100, 300, 450, 600} || pizza.Group != BusinessCafes {
		t.Errorf("Пиццерия %+v", pizza)
	}
	// Prices rise along the board, so the sets are ordered cheapest first.
	last := 0
	for _, sq := range kinds[SquareStreet] {
		if p := ed.Squares[sq].Price; p < last {
			t.Errorf("square %d costs %d after %d", sq, p, last)
		} else {
			last = p
		}
	}
	if n := len(ed.Decks[DeckChance]); n != 32 || len(ed.Decks[DeckChest]) != 0 {
		t.Errorf("Сюрприз deck %d cards, second deck %d", n, len(ed.Decks[DeckChest]))
	}
	r := ed.Rules
	if r.StartingCash != 1500 || r.Salary != 200 || r.JailFine != 50 || r.MortgageInterest != 0 || r.Auctions ||
		r.DoubleRentOnSet || !r.EvenBuilding || r.BuildBeforeRollOnly || r.JailDoubles != 2 || !r.JailSkipsTurn ||
		r.GambleCap != 0 || !r.NoBuildingAuctions || !r.MortgagedUntradable || !r.BankruptToBank ||
		!r.BuildOnOwnTurn || !r.UnmortgageBeforeTurn || !r.HotelNeedsFullSet {
		t.Errorf("rules %+v", r)
	}
	for n := 0; n <= 8; n++ {
		g, _, err := New(Config{Edition: Business, Players: n, Seed: 5})
		if (err == nil) != (n >= 2 && n <= 6) {
			t.Fatalf("New with %d players: %v", n, err)
		}
		if err != nil {
			continue
		}
		for i, pl := range g.Players {
			if pl.Cash != 1500 || pl.Pos != 0 {
				t.Errorf("%d players: seat %d starts with %+v", n, i, pl)
			}
		}
		if g.Houses != 26 || g.Hotels != 10 || g.Decks[DeckChance].Count != 32 || g.FortunesLeft(FortuneLuck) != 2 || g.FortunesLeft(FortuneMisfortune) != 2 {
			t.Errorf("%d players: stock %d/%d, deck %d", n, g.Houses, g.Hotels, g.Decks[DeckChance].Count)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBusinessSalary(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	g.Players[0].Pos = 33
	ev := roll(t, g, 0, 1, 2) // 33 → 0: exactly on Старт
	hasEvent(t, ev, Event{Kind: EvPassedStart, Player: 0, Amount: 200})
	wantPos(t, g, 0, 0)
	wantCash(t, g, 1700)
	endTurn(t, g, 0, 1)
	g.Players[1].Pos = 34
	ev = roll(t, g, 1, 2, 4) // 34 → 4: passing Старт
	hasEvent(t, ev, Event{Kind: EvPassedStart, Player: 1, Amount: 200})
	wantCash(t, g, 1700, 1700)
}

func TestBusinessDoubles(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	ev := roll(t, g, 0, 2, 2) // to 4, Кофейня
	hasEvent(t, ev, Event{Kind: EvDoubles, Player: 0})
	act(t, g, 0, ActDecline)
	if g.Props[4].Owner != NoOwner || g.Auction != nil {
		t.Fatal("declining opened an auction")
	}
	refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow) // the double rolls again
	ev = roll(t, g, 0, 3, 3)                             // the second double: to jail, no move
	wantKinds(t, ev, EvRolled, EvSentToJail)
	hasEvent(t, ev, Event{Kind: EvSentToJail, Player: 0, Square: BusinessJail, Amount: JailByDoubles})
	wantPos(t, g, 0, BusinessJail)
	wantPhase(t, g, PhaseJailChoice)
	if g.RollAgain || g.Players[0].InJail {
		t.Fatalf("roll again %v, in jail %v", g.RollAgain, g.Players[0].InJail)
	}
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)

	// One double, then no double: no jail.
	g = newBusinessGame(t, 2, nil)
	roll(t, g, 0, 2, 2)
	act(t, g, 0, ActDecline)
	roll(t, g, 0, 1, 2) // 4 → 7
	wantPos(t, g, 0, 7)
	wantPhase(t, g, PhaseBuyDecision)
	act(t, g, 0, ActBuy)
	endTurn(t, g, 0, 1)
}

// TestBusinessJail: stopping on Тюрьма (or being sent) means paying 50 at
// once or skipping the next turn; the timeout skips; without 50 in cash
// the turn is skipped with no choice.
func TestBusinessJail(t *testing.T) {
	g := newBusinessGame(t, 3, nil)
	ev := roll(t, g, 0, 4, 5) // 0 → 9
	hasEvent(t, ev, Event{Kind: EvSentToJail, Player: 0, Square: BusinessJail, Amount: JailByStopping})
	wantPhase(t, g, PhaseJailChoice)
	if l := g.Legal(0); !hasAction(l, ActPayJailFine) || !hasAction(l, ActStayInJail) || hasAction(l, ActRoll) || hasAction(l, ActEndTurn) || countKind(l, ActPayJailFine) != 1 {
		t.Fatalf("Legal %+v", l)
	}
	refuse(t, g, 1, Action{Kind: ActPayJailFine}, ErrNotYourTurn)
	refuse(t, g, 1, Action{Kind: ActStayInJail}, ErrNotYourTurn)
	ev = act(t, g, 0, ActPayJailFine)
	wantEvents(t, ev, Event{Kind: EvJailFinePaid, Player: 0, Amount: 50})
	wantCash(t, g, 1450)
	refuse(t, g, 0, Action{Kind: ActPayJailFine}, ErrNotNow) // paid once
	endTurn(t, g, 0, 1)
	// Seat 1 stays: its next turn is skipped.
	roll(t, g, 1, 4, 5)
	ev = act(t, g, 1, ActStayInJail)
	wantEvents(t, ev, Event{Kind: EvWillSkip, Player: 1, Amount: SkipJail})
	wantCash(t, g, 1450, 1500)
	endTurn(t, g, 1, 2)
	// Seat 2 is out of cash for the fine: no choice, the turn is skipped.
	setCash(g, 2, 40)
	ev = roll(t, g, 2, 4, 5)
	hasEvent(t, ev, Event{Kind: EvWillSkip, Player: 2, Amount: SkipJail})
	wantPhase(t, g, PhaseTurnEnd)
	// Seat 0 plays (it paid); seat 1's turn is skipped; seat 2's too.
	endTurn(t, g, 2, 0)
	topCard(t, g, DeckChance, 15) // collect 25
	roll(t, g, 0, 1, 2)           // 9 → 12, Сюрприз
	ev = act(t, g, 0, ActEndTurn)
	hasEvent(t, ev, Event{Kind: EvTurnSkipped, Player: 1, Amount: SkipJail})
	hasEvent(t, ev, Event{Kind: EvTurnSkipped, Player: 2, Amount: SkipJail})
	hasEvent(t, ev, Event{Kind: EvTurnStarted, Player: 0, Amount: g.Turn})
	if g.Current != 0 || g.Players[1].Skips != ([skipReasons]uint8{}) {
		t.Fatalf("current %d, skips %v", g.Current, g.Players[1].Skips)
	}
	noEvent(t, ev, EvRolled)
	// The next round everyone plays.
	roll(t, g, 0, 1, 2) // 12 → 15
	act(t, g, 0, ActDecline)
	ev = act(t, g, 0, ActEndTurn)
	hasEvent(t, ev, Event{Kind: EvTurnStarted, Player: 1, Amount: g.Turn})

	// The timeout's default is to skip.
	g = newBusinessGame(t, 2, nil)
	roll(t, g, 0, 4, 5)
	ev = do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev, Event{Kind: EvTimeout, Player: 0}, Event{Kind: EvWillSkip, Player: 0, Amount: SkipJail})
	wantCash(t, g, 1500)
}

func countKind(l []Action, k ActionKind) int {
	n := 0
	for _, a := range l {
		if a.Kind == k {
			n++
		}
	}
	return n
}

func hasAction(l []Action, k ActionKind) bool {
	for _, a := range l {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// TestBusinessRestDay: stopping on Выходной skips the next turn; a double
// still rolls again now.
func TestBusinessRestDay(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	g.Players[0].Pos = 9
	ev := roll(t, g, 0, 4, 5) // 9 → 18
	wantEvents(t, ev[len(ev)-1:], Event{Kind: EvWillSkip, Player: 0, Amount: SkipRestDay})
	wantPhase(t, g, PhaseTurnEnd)
	endTurn(t, g, 0, 1)
	roll(t, g, 1, 1, 3) // 0 → 4
	act(t, g, 1, ActDecline)
	ev = act(t, g, 1, ActEndTurn)
	hasEvent(t, ev, Event{Kind: EvTurnSkipped, Player: 0, Amount: SkipRestDay})
	if g.Current != 1 || g.Phase != PhaseTurnStart {
		t.Fatalf("current %d phase %d", g.Current, g.Phase)
	}

	g = newBusinessGame(t, 2, nil)
	g.Players[0].Pos = 10
	ev = roll(t, g, 0, 4, 4) // 10 → 18 with a double
	hasEvent(t, ev, Event{Kind: EvWillSkip, Player: 0, Amount: SkipRestDay})
	hasEvent(t, ev, Event{Kind: EvDoubles, Player: 0})
	roll(t, g, 0, 1, 2) // 18 → 21, Сюрприз
	if g.Players[0].Skips[SkipRestDay] != 1 {
		t.Fatalf("skips %v", g.Players[0].Skips)
	}

	// Skips add up: Выходной with a double, then the second double to jail.
	g = newBusinessGame(t, 2, nil)
	g.Players[0].Pos = 10
	roll(t, g, 0, 4, 4) // 10 → 18
	roll(t, g, 0, 2, 2) // the second double
	act(t, g, 0, ActStayInJail)
	if g.Players[0].Skips != [skipReasons]uint8{SkipJail: 1, SkipRestDay: 1} {
		t.Fatalf("skips %v", g.Players[0].Skips)
	}
	endTurn(t, g, 0, 1)
	// Seat 1 plays three turns in a row (0 → 3 → 6 → 10) while seat 0
	// skips two: the jail's first, then Выходной's.
	for i, skip := range []int{SkipJail, SkipRestDay, -1} {
		roll(t, g, 1, 1, 2+i/2)
		act(t, g, 1, ActDecline)
		ev := act(t, g, 1, ActEndTurn)
		if skip < 0 {
			hasEvent(t, ev, Event{Kind: EvTurnStarted, Player: 0, Amount: g.Turn})
			break
		}
		hasEvent(t, ev, Event{Kind: EvTurnSkipped, Player: 0, Amount: skip})
		if g.Current != 1 {
			t.Fatalf("current %d", g.Current)
		}
	}
}

// TestSeatZeroStarts: without the roll for the order, seat 0 moves first.
func TestSeatZeroStarts(t *testing.T) {
	g, ev, err := New(Config{Edition: Business, Players: 4, Seed: 3, SeatZeroStarts: true})
	if err != nil {
		t.Fatal(err)
	}
	wantEvents(t, ev, Event{Kind: EvFirstPlayer, Player: 0}, Event{Kind: EvTurnStarted, Player: 0, Amount: 1})
	if g.Current != 0 || g.Phase != PhaseTurnStart {
		t.Fatalf("current %d phase %d", g.Current, g.Phase)
	}
}

// TestBusinessNamesWhoStarts: the business rule book names who starts
// (the youngest) rather than rolling, so its edition asks a host for
// SeatZeroStarts; the other editions roll.
func TestBusinessNamesWhoStarts(t *testing.T) {
	for _, c := range []struct {
		ed   string
		want bool
	}{{Business, true}, {Classic, false}, {Lux, false}} {
		if got := EditionByID(c.ed).SeatZeroStarts; got != c.want {
			t.Errorf("%s: SeatZeroStarts %v", c.ed, got)
		}
	}
}
