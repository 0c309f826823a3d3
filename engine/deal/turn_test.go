package deal

import "testing"

// TestPlaysPerTurn: up to 3 cards a turn in any mix (banking, laying down a
// property, playing an action — each is a play); re-colouring a wild is
// free; ending the turn passes it on; nobody else may play.
func TestPlaysPerTurn(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, m1, red1, passGo, m2, wildRedYellow)
	refuse(t, g, 1, Action{Kind: ActBank, Card: m1}, ErrNotYourTurn)
	apply(t, g, 0, Action{Kind: ActBank, Card: m1})
	apply(t, g, 0, Action{Kind: ActPlace, Card: red1, Color: Red})
	apply(t, g, 0, Action{Kind: ActPlace, Card: wildRedYellow, Color: Red})
	if g.Plays != 3 {
		t.Fatalf("plays %d", g.Plays)
	}
	refuse(t, g, 0, Action{Kind: ActBank, Card: m2}, ErrNoPlaysLeft)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: passGo}, ErrNoPlaysLeft)
	evs := apply(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Yellow})
	if e := find(t, evs, EvRecolored); e.Card != wildRedYellow || e.Color != Yellow || where(g, wildRedYellow).Color != Yellow {
		t.Fatalf("recolour %+v", e)
	}
	evs = apply(t, g, 0, Action{Kind: ActEndTurn})
	find(t, evs, EvTurnEnded)
	if g.Current != 1 || g.Plays != 0 || g.Turn != 2 || g.Phase != PhasePlay {
		t.Fatalf("after the turn: current %d plays %d turn %d", g.Current, g.Plays, g.Turn)
	}
	// Re-colouring is for one's own turn and own wilds only.
	refuse(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Red}, ErrNotYourTurn)
	refuse(t, g, 1, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Red}, ErrNotOnTable)
}

// TestBanking: money, action and rent cards may be banked (an action card
// banked is money for good); properties and wilds may not.
func TestBanking(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, m5, dealBreaker, rentAny, red1, wildAny)
	apply(t, g, 0, Action{Kind: ActBank, Card: m5})
	apply(t, g, 0, Action{Kind: ActBank, Card: dealBreaker})
	refuse(t, g, 0, Action{Kind: ActBank, Card: red1}, ErrNotBankable)
	refuse(t, g, 0, Action{Kind: ActBank, Card: wildAny}, ErrNotBankable)
	refuse(t, g, 0, Action{Kind: ActBank, Card: m1}, ErrNotInHand)
	apply(t, g, 0, Action{Kind: ActBank, Card: rentAny})
	if g.BankValue(0) != 5+5+3 || where(g, dealBreaker).Zone != ZoneBank {
		t.Fatalf("bank %d", g.BankValue(0))
	}
	// A banked action card is not playable any more: it is not in the hand.
	g.Plays = 0
	refuse(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: Red}, ErrNotInHand)
}

// TestPlaceProperties: a property goes down in its own colour, a wild in
// one of its colours (any colour for the any-colour wild); wilds re-colour
// freely; a re-colour may not leave a building without its set.
func TestPlaceProperties(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, red1, wildRedYellow, wildAny, house1, m1)
	refuse(t, g, 0, Action{Kind: ActPlace, Card: red1, Color: Yellow}, ErrBadColor)
	refuse(t, g, 0, Action{Kind: ActPlace, Card: wildRedYellow, Color: Green}, ErrBadColor)
	refuse(t, g, 0, Action{Kind: ActPlace, Card: m1, Color: Red}, ErrNotProperty)
	refuse(t, g, 0, Action{Kind: ActPlace, Card: wildAny, Color: NumColors}, ErrBadColor)
	apply(t, g, 0, Action{Kind: ActPlace, Card: red1, Color: Red})
	apply(t, g, 0, Action{Kind: ActPlace, Card: wildRedYellow, Color: Red})
	apply(t, g, 0, Action{Kind: ActPlace, Card: wildAny, Color: Red})
	if g.Complete(0, Red) != 1 || g.RentOf(0, Red) != 6 {
		t.Fatalf("red: %d sets, rent %d", g.Complete(0, Red), g.RentOf(0, Red))
	}
	refuse(t, g, 0, Action{Kind: ActRecolor, Card: red1, Color: Yellow}, ErrBadColor)         // a printed property
	refuse(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Red}, ErrBadColor)   // already red
	refuse(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Green}, ErrBadColor) // not its colour
	g.Plays = 0
	apply(t, g, 0, Action{Kind: ActPlay, Card: house1, Color: Red})
	refuse(t, g, 0, Action{Kind: ActRecolor, Card: wildAny, Color: Green}, ErrStrandsBuilds)
}

// TestWildOnlySetIncomplete: a set needs at least one printed property; a
// colour's cards beyond a full set start the next set.
func TestWildOnlySetIncomplete(t *testing.T) {
	g := scripted(t, 2, Rules{})
	table(t, g, 0, Brown, wildAny, wildBrownLBlue)
	if g.Complete(0, Brown) != 0 || g.RentOf(0, Brown) != 0 {
		t.Fatalf("two wilds as brown: %d sets, rent %d", g.Complete(0, Brown), g.RentOf(0, Brown))
	}
	table(t, g, 0, AnyColor, brown1)
	if g.Complete(0, Brown) != 1 {
		t.Fatal("a printed brown makes the set")
	}
	table(t, g, 0, AnyColor, brown2)
	if g.Complete(0, Brown) != 2 || g.RentOf(0, Brown) != 2 {
		t.Fatalf("four browns: %d sets, rent %d", g.Complete(0, Brown), g.RentOf(0, Brown))
	}
}

// TestHandLimit: a turn ends with at most 7 cards; the player discards the
// extra ones, or the timeout discards the least valuable.
func TestHandLimit(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, m1, m2, m3, m4, m5, m10, red1, red2, passGo)
	refuse(t, g, 0, Action{Kind: ActDiscard, Card: m1}, ErrNotNow)
	evs := apply(t, g, 0, Action{Kind: ActEndTurn})
	if e := find(t, evs, EvMustDiscard); e.Amount != 2 || g.Phase != PhaseDiscard || g.Current != 0 || g.Waiting() != 0 {
		t.Fatalf("end of play %+v, phase %d", e, g.Phase)
	}
	refuse(t, g, 0, Action{Kind: ActBank, Card: m1}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActDiscard, Card: m1}, ErrNotYourTurn)
	refuse(t, g, 0, Action{Kind: ActDiscard, Card: brown1}, ErrNotInHand)
	evs = apply(t, g, 0, Action{Kind: ActDiscard, Card: m10})
	if e := find(t, evs, EvDiscarded); e.Card != m10 || where(g, m10).Zone != ZoneDiscard || g.Phase != PhaseDiscard {
		t.Fatalf("discard %+v", e)
	}
	evs = apply(t, g, 0, Action{Kind: ActDiscard, Card: red2})
	find(t, evs, EvTurnEnded)
	if g.Current != 1 || g.HandSize(0) != 7 {
		t.Fatalf("current %d, hand %d", g.Current, g.HandSize(0))
	}

	g = scripted(t, 2, Rules{})
	hand(t, g, 0, m1, m2, m3, m4, m5, m10, red1, red2, passGo)
	evs = apply(t, g, System, Action{Kind: ActTimeout})
	if e := find(t, evs, EvTimeout); e.Player != 0 {
		t.Fatalf("timeout %+v", e)
	}
	// Least valuable: the two 1M cards (m1 and the Pass Go).
	if where(g, m1).Zone != ZoneDiscard || where(g, passGo).Zone != ZoneDiscard || g.Current != 1 {
		t.Fatalf("timeout kept %v", g.Hand(0).Cards(nil))
	}
}

// TestPassGo draws two cards, as a play.
func TestPassGo(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, passGo)
	top := set(int(g.Deck[len(g.Deck)-1]), int(g.Deck[len(g.Deck)-2]))
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: passGo})
	if e := find(t, evs, EvDrew); e.Cards != top || e.Seen != 0 || g.Hand(0) != top || g.Plays != 1 {
		t.Fatalf("pass go drew %+v, hand %v", e, g.Hand(0).Cards(nil))
	}
	if where(g, passGo).Zone != ZoneDiscard {
		t.Fatal("pass go not discarded")
	}
	// Just Say No and Double The Rent are not played on their own.
	hand(t, g, 0, sayNo1, double1)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: sayNo1}, ErrWrongCard)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: double1}, ErrWrongCard)
}
