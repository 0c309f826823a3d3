package deal

import (
	"errors"
	"testing"
)

// Card numbers used by the tests (see the blocks in cards.go).
const (
	m1, m2, m3, m4, m5, m10    = 0, 6, 11, 14, 17, 19
	brown1, brown2             = 20, 21
	lblue1, lblue2, lblue3     = 22, 23, 24
	pink1, pink2, pink3        = 25, 26, 27
	red1, red2, red3           = 31, 32, 33
	yellow1, yellow2, yellow3  = 34, 35, 36
	green1, green2, green3     = 37, 38, 39
	dblue1, dblue2             = 40, 41
	rail1, rail2, rail3, rail4 = 42, 43, 44, 45
	util1, util2               = 46, 47
	wildBrownLBlue             = 48
	wildPinkOrange             = 49
	wildRedYellow              = 51
	wildRailUtil               = 56
	wildAny, wildAny2          = 57, 58
	dealBreaker                = 59
	sayNo1, sayNo2, sayNo3     = 61, 62, 63
	slyDeal                    = 64
	forcedDeal                 = 67
	debtCollector              = 70
	birthday                   = 73
	passGo, passGo2            = 76, 77
	house1, house2             = 86, 87
	hotel1                     = 89
	double1, double2           = 91, 92
	rentBrownLBlue             = 93
	rentRedYellow              = 97
	rentRailUtil               = 101
	rentAny                    = 103
)

// scripted starts a game of n players whose deck deals and draws the given
// cards first (seat 0 starts and draws 2 at once), with hands emptied so a
// test can lay out exactly the cards it names with put.
func scripted(t *testing.T, n int, rules Rules) *Game {
	t.Helper()
	g, _, err := New(Config{Players: n, Deck: []int{}, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Places {
		if g.Places[i].Zone == ZoneHand {
			g.Places[i] = Place{Zone: ZoneDiscard, Owner: Nobody}
		}
	}
	check(t, g)
	return g
}

// put moves cards to zone z of owner (with colour c on a table) from
// wherever they lie; a property's own colour is used when c is AnyColor.
func put(t *testing.T, g *Game, z Zone, owner PlayerID, c Color, cards ...int) {
	t.Helper()
	for _, card := range cards {
		if g.Places[card].Zone == ZoneDeck {
			for i, d := range g.Deck {
				if int(d) == card {
					g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
					break
				}
			}
		}
		col := c
		if z == ZoneTable && col == AnyColor && Cards[card].Type == TypeProperty {
			col = Cards[card].Colors[0]
		}
		g.Places[card] = Place{Zone: z, Owner: owner, Color: col}
		if z == ZoneDeck {
			g.Places[card].Owner = Nobody
			g.Deck = append(g.Deck, uint8(card))
		}
	}
	check(t, g)
}

// hand, bank and table are put for one zone.
func hand(t *testing.T, g *Game, p PlayerID, cards ...int) {
	t.Helper()
	put(t, g, ZoneHand, p, 0, cards...)
}

func bank(t *testing.T, g *Game, p PlayerID, cards ...int) {
	t.Helper()
	put(t, g, ZoneBank, p, 0, cards...)
}

func table(t *testing.T, g *Game, p PlayerID, c Color, cards ...int) {
	t.Helper()
	put(t, g, ZoneTable, p, c, cards...)
}

func check(t *testing.T, g *Game) {
	t.Helper()
	if err := g.CheckInvariants(); err != nil {
		t.Fatalf("invariant: %v", err)
	}
}

// apply performs an action that must succeed, was listed by Legal (a
// payment: passes CheckPayment), and keeps the invariants.
func apply(t *testing.T, g *Game, p PlayerID, a Action) []Event {
	t.Helper()
	if a.Kind != ActPay && a.Kind != ActTimeout && a.Kind != ActResign && !listed(g, p, a) {
		t.Errorf("Legal(%d) does not list %+v", p, a)
	}
	evs, err := g.Apply(p, a)
	if err != nil {
		t.Fatalf("%+v by %d: %v", a, p, err)
	}
	check(t, g)
	if err := g.CheckEvents(evs); err != nil {
		t.Fatal(err)
	}
	return append([]Event(nil), evs...)
}

func listed(g *Game, p PlayerID, a Action) bool {
	for _, l := range g.Legal(p) {
		if l == a {
			return true
		}
	}
	return false
}

// refuse checks that the action fails with want, is not listed, and
// changes nothing.
func refuse(t *testing.T, g *Game, p PlayerID, a Action, want error) {
	t.Helper()
	before := snapshot(t, g)
	if _, err := g.Apply(p, a); !errors.Is(err, want) {
		t.Fatalf("%+v by %d: got %v, want %v", a, p, err, want)
	}
	if snapshot(t, g) != before {
		t.Fatalf("refused %+v changed the game", a)
	}
	if listed(g, p, a) {
		t.Fatalf("Legal lists the refused %+v", a)
	}
}

// find returns the first event of kind k, failing when there is none.
func find(t *testing.T, evs []Event, k EventKind) Event {
	t.Helper()
	for _, e := range evs {
		if e.Kind == k {
			return e
		}
	}
	t.Fatalf("no event %d in %+v", k, evs)
	return Event{}
}

func set(cards ...int) CardSet {
	var s CardSet
	for _, c := range cards {
		s = s.Add(c)
	}
	return s
}

func where(g *Game, card int) Place { return g.Places[card] }
