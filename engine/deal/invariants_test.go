package deal

import "testing"

// TestInvariantsCatchCorruption: each invariant fails on a state (or
// events) broken on purpose, so the randomized tests would notice.
func TestInvariantsCatchCorruption(t *testing.T) {
	corrupt := map[string]func(g *Game){
		"card in the pile and a hand": func(g *Game) { g.Places[g.Deck[0]] = Place{Zone: ZoneHand, Owner: 1} },
		"card twice in the pile":      func(g *Game) { g.Deck[1] = g.Deck[0] },
		"discard with an owner":       func(g *Game) { g.Places[m1] = Place{Zone: ZoneDiscard, Owner: 0} },
		"property in a bank":          func(g *Game) { g.Places[red1] = Place{Zone: ZoneBank, Owner: 0} },
		"money on a table":            func(g *Game) { g.Places[m1] = Place{Zone: ZoneTable, Owner: 0} },
		"property of another colour":  func(g *Game) { g.Places[red1] = Place{Zone: ZoneTable, Owner: 0, Color: Green} },
		"hand of an unknown seat":     func(g *Game) { g.Places[m1] = Place{Zone: ZoneHand, Owner: 4} },
		"house without a set": func(g *Game) {
			g.Places[red1] = Place{Zone: ZoneTable, Owner: 0, Color: Red}
			g.Places[house1] = Place{Zone: ZoneTable, Owner: 0, Color: Red}
		},
		"house on railroads": func(g *Game) { g.Places[house1] = Place{Zone: ZoneTable, Owner: 0, Color: Railroad} },
		"eight cards out of turn": func(g *Game) {
			for _, c := range []int{m1, m1 + 1, m1 + 2, m1 + 3, m1 + 4, m1 + 5, m2, m2 + 1} {
				g.Places[c] = Place{Zone: ZoneHand, Owner: 1}
			}
		},
		"three sets, game on": func(g *Game) {
			for _, c := range []int{brown1, brown2, dblue1, dblue2, util1, util2} {
				g.Places[c] = Place{Zone: ZoneTable, Owner: 1, Color: Cards[c].Colors[0]}
			}
		},
		"four plays":              func(g *Game) { g.Plays = 4 },
		"pending in the play":     func(g *Game) { g.Pending.N = 1 },
		"answer phase, no target": func(g *Game) { g.Phase = PhaseRespond },
		"over without a winner":   func(g *Game) { g.Phase = PhaseGameOver },
	}
	for name, f := range corrupt {
		g := scripted(t, 2, Rules{}) // the cards named above lie in the discards or the pile
		f(g)
		if err := g.CheckInvariants(); err == nil {
			t.Errorf("%s: not caught", name)
		}
	}

	g := scripted(t, 2, Rules{})
	bank(t, g, 1, m1)
	bad := map[string]Event{
		"a card too many":      {Kind: EvPaid, Seen: Everyone, Player: 0, Cards: set(m5, m1), Amount: 6, Owed: 5},
		"short, kept cards":    {Kind: EvPaid, Seen: Everyone, Player: 1, Cards: set(m2), Amount: 2, Owed: 5},
		"a private event":      {Kind: EvPlaced, Seen: 0, Player: 0},
		"a draw seen by all":   {Kind: EvDrew, Seen: Everyone, Player: 0},
		"a draw seen by other": {Kind: EvDrew, Seen: 1, Player: 0},
	}
	for name, e := range bad {
		if err := g.CheckEvents([]Event{e}); err == nil {
			t.Errorf("%s: not caught", name)
		}
	}
	if err := g.CheckEvents([]Event{{Kind: EvPaid, Seen: Everyone, Player: 0, Cards: set(m5, m2), Amount: 7, Owed: 6}}); err != nil {
		t.Errorf("a payment needing both cards refused: %v", err)
	}
}
