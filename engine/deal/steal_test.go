package deal

import "testing"

// TestSlyDeal takes one property not in a complete set; a wild keeps its
// colour on the new table (its new owner may re-colour it on their turn).
func TestSlyDeal(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, slyDeal)
	table(t, g, 1, AnyColor, red1, red2, red3, green1)
	table(t, g, 1, Yellow, wildRedYellow)
	table(t, g, 0, AnyColor, yellow1)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: red1}, ErrInCompleteSet)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: yellow1}, ErrBadTarget) // one's own
	refuse(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: m1}, ErrNotProperty)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: green2}, ErrNotProperty) // not on a table
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: wildRedYellow})
	if e := find(t, evs, EvPlayed); e.Other != 1 || g.Waiting() != 1 {
		t.Fatalf("played %+v", e)
	}
	refuse(t, g, 1, Action{Kind: ActPay}, ErrNotNow)
	evs = apply(t, g, 1, Action{Kind: ActAccept})
	if e := find(t, evs, EvTook); e.Player != 0 || e.Other != 1 || e.Cards != set(wildRedYellow) {
		t.Fatalf("took %+v", e)
	}
	if p := where(g, wildRedYellow); p.Owner != 0 || p.Color != Yellow || p.Zone != ZoneTable {
		t.Fatalf("wild at %+v", p)
	}
	// A fourth red beyond the set may go: three remain a set.
	table(t, g, 1, AnyColor, red1)
	table(t, g, 1, Red, wildAny)
	hand(t, g, 0, slyDeal+1)
	apply(t, g, 0, Action{Kind: ActPlay, Card: slyDeal + 1, Take: red1})
	apply(t, g, 1, Action{Kind: ActAccept})
	if g.Complete(1, Red) != 1 || where(g, red1).Owner != 0 {
		t.Fatal("taking the fourth red broke the set")
	}
}

// TestForcedDeal swaps a property of one's own for one of theirs, neither
// from a complete set.
func TestForcedDeal(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, forcedDeal)
	table(t, g, 0, AnyColor, brown1, dblue1, dblue2)
	table(t, g, 1, AnyColor, green1, green2, pink1)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: forcedDeal, Take: pink1, Give: dblue1}, ErrInCompleteSet)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: forcedDeal, Take: pink1, Give: green3}, ErrNotOnTable)
	apply(t, g, 0, Action{Kind: ActPlay, Card: forcedDeal, Take: green1, Give: brown1})
	evs := apply(t, g, 1, Action{Kind: ActAccept})
	if where(g, green1).Owner != 0 || where(g, brown1).Owner != 1 || where(g, brown1).Color != Brown {
		t.Fatal("no swap")
	}
	took := 0
	for _, e := range evs {
		if e.Kind == EvTook {
			took++
		}
	}
	if took != 2 {
		t.Fatalf("%d take events", took)
	}
}

// TestDealBreaker takes a complete set with its house and hotel; the
// victim keeps what is beyond the set.
func TestDealBreaker(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, dealBreaker)
	table(t, g, 1, AnyColor, green1, green2, green3, brown1)
	table(t, g, 1, Green, wildAny, house1, hotel1)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: Brown}, ErrNoCompleteSet)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 0, Color: Green}, ErrBadTarget)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: -1}, ErrBadColor)
	apply(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: Green})
	evs := apply(t, g, 1, Action{Kind: ActAccept})
	// One printed green, then the wild, then printed greens: green1, the wild, green2.
	if e := find(t, evs, EvTook); e.Cards != set(green1, green2, wildAny, house1, hotel1) {
		t.Fatalf("took %v", e.Cards.Cards(nil))
	}
	if g.Complete(0, Green) != 1 || g.RentOf(0, Green) != 7+3+4 || where(g, green3).Owner != 1 {
		t.Fatalf("taker's green: %d sets, rent %d", g.Complete(0, Green), g.RentOf(0, Green))
	}
}

// TestBuildings: a house on a complete set other than railroads and
// utilities, one per set; a hotel on a set with a house, one per set.
func TestBuildings(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, house1, house2, hotel1)
	table(t, g, 0, AnyColor, rail1, rail2, rail3, rail4, pink1, pink2, yellow1, yellow2)
	table(t, g, 0, Yellow, wildAny)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: house1, Color: Railroad}, ErrNotBuildable)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: house1, Color: Pink}, ErrNoCompleteSet)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: hotel1, Color: Yellow}, ErrNeedHouse)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: house1, Color: 12}, ErrBadColor)
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: house1, Color: Yellow})
	if e := find(t, evs, EvBuilt); e.Card != house1 || e.Color != Yellow || where(g, house1).Zone != ZoneTable {
		t.Fatalf("built %+v", e)
	}
	refuse(t, g, 0, Action{Kind: ActPlay, Card: house2, Color: Yellow}, ErrBuilt)
	apply(t, g, 0, Action{Kind: ActPlay, Card: hotel1, Color: Yellow})
	if g.RentOf(0, Yellow) != 6+3+4 {
		t.Fatalf("rent %d", g.RentOf(0, Yellow))
	}
}

// TestStealsCannotBreakSets: a Sly Deal or Forced Deal cannot take from a
// complete set, so a built set is broken only by a payment (its buildings
// are discarded: TestBuildingsLostInPayment) or taken whole by a Deal
// Breaker (TestDealBreaker); a re-colour may not break it either
// (TestPlaceProperties).
func TestStealsCannotBreakSets(t *testing.T) {
	g := scripted(t, 3, Rules{})
	table(t, g, 1, AnyColor, pink1, pink2, pink3)
	table(t, g, 1, Pink, house1)
	hand(t, g, 0, slyDeal, forcedDeal)
	table(t, g, 0, AnyColor, brown1)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: pink1}, ErrInCompleteSet)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: forcedDeal, Take: pink2, Give: brown1}, ErrInCompleteSet)
}

// TestTwoSetsOfAColour: with two complete sets of a colour, a payment
// that breaks one keeps the buildings the other carries, and a Deal
// Breaker takes one set and leaves the other complete.
func TestTwoSetsOfAColour(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, debtCollector, dealBreaker)
	table(t, g, 1, AnyColor, brown1, brown2)
	table(t, g, 1, Brown, wildBrownLBlue, wildAny, house1, house2, hotel1)
	bank(t, g, 1, m3)
	if g.Complete(1, Brown) != 2 {
		t.Fatalf("%d brown sets", g.Complete(1, Brown))
	}
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	evs := apply(t, g, 1, Action{Kind: ActPay, Cards: set(m3, brown1, wildBrownLBlue)})
	// One set left (brown2 and the any-colour wild): one house and the hotel stay.
	if e := find(t, evs, EvBuildingsLost); e.Cards.Len() != 1 || g.Complete(1, Brown) != 1 {
		t.Fatalf("lost %v, %d sets", e.Cards.Cards(nil), g.Complete(1, Brown))
	}
	if houses, hotels := g.Buildings(1, Brown); houses != 1 || hotels != 1 {
		t.Fatalf("%d houses, %d hotels", houses, hotels)
	}

	g = scripted(t, 2, Rules{})
	hand(t, g, 0, dealBreaker)
	table(t, g, 1, AnyColor, brown1, brown2)
	table(t, g, 1, Brown, wildBrownLBlue, wildAny)
	apply(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: Brown})
	evs = apply(t, g, 1, Action{Kind: ActAccept})
	// One printed brown and one wild go; the other pair stays a set.
	if e := find(t, evs, EvTook); e.Cards != set(brown1, wildBrownLBlue) || g.Complete(1, Brown) != 1 || g.Complete(0, Brown) != 1 {
		t.Fatalf("took %v", e.Cards.Cards(nil))
	}
}
