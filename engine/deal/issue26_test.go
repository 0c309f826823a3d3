package deal

import "testing"

// TestRentNeedsPrintedProperty: a colour made only of wild cards charges
// no rent — there is no printed property to charge it for (issue #26,
// item 15): two any-colour wilds on dark blue charge nothing, not 8M.
func TestRentNeedsPrintedProperty(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, rentAny, rentBrownLBlue)
	bank(t, g, 1, m10)
	table(t, g, 0, DarkBlue, wildAny, wildAny2)
	table(t, g, 0, Brown, wildBrownLBlue)
	if r := g.RentOf(0, DarkBlue); r != 0 {
		t.Fatalf("two wilds on dark blue charge %dM", r)
	}
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: DarkBlue, Target: 1}, ErrNoColor)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentBrownLBlue, Color: Brown}, ErrNoColor)
	// One printed card makes it a set: the full rent.
	table(t, g, 0, AnyColor, dblue1)
	if r := g.RentOf(0, DarkBlue); r != 8 {
		t.Fatalf("a dark blue and a wild charge %dM", r)
	}
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: DarkBlue, Target: 1})
	if e := find(t, evs, EvPlayed); e.Amount != 8 {
		t.Fatalf("rent %+v", e)
	}
}
