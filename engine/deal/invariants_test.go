package deal

import (
	"strings"
	"testing"
)

// TestInvariantsCatchCorruption: each invariant fails on a state (or
// events) broken on purpose, so the randomized tests would notice.
func TestInvariantsCatchCorruption(t *testing.T) {
	// move puts a card somewhere by hand, out of the pile first, so that
	// only the invariant under test is broken.
	move := func(g *Game, c int, pl Place) {
		for i, d := range g.Deck {
			if int(d) == c {
				g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
				break
			}
		}
		g.Places[c] = pl
	}
	corrupt := []struct {
		name, want string
		f          func(g *Game)
	}{
		{"card in the pile and a hand", "in the draw pile", func(g *Game) { g.Places[g.Deck[0]] = Place{Zone: ZoneHand, Owner: 1} }},
		{"card twice in the pile", "twice", func(g *Game) { g.Deck[1] = g.Deck[0] }},
		{"discard with an owner", "owner 0 in zone", func(g *Game) { move(g, m1, Place{Zone: ZoneDiscard, Owner: 0}) }},
		{"property in a bank", "in a bank", func(g *Game) { move(g, red1, Place{Zone: ZoneBank, Owner: 0}) }},
		{"money on a table", "on a table", func(g *Game) { move(g, m1, Place{Zone: ZoneTable, Owner: 0}) }},
		{"property of another colour", "laid as colour", func(g *Game) { move(g, red1, Place{Zone: ZoneTable, Owner: 0, Color: Green}) }},
		{"hand of an unknown seat", "owned by 4", func(g *Game) { move(g, m1, Place{Zone: ZoneHand, Owner: 4}) }},
		{"house without a set", "1 houses and 0 hotels on 0 complete sets", func(g *Game) {
			move(g, red1, Place{Zone: ZoneTable, Owner: 0, Color: Red})
			move(g, house1, Place{Zone: ZoneTable, Owner: 0, Color: Red})
		}},
		{"house on railroads", "building 86 on colour 8", func(g *Game) { move(g, house1, Place{Zone: ZoneTable, Owner: 0, Color: Railroad}) }},
		{"eight cards out of turn", "holds 8 cards", func(g *Game) {
			for _, c := range []int{m1, m1 + 1, m1 + 2, m1 + 3, m1 + 4, m1 + 5, m2, m2 + 1} {
				move(g, c, Place{Zone: ZoneHand, Owner: 1})
			}
		}},
		{"three sets, game on", "3 complete colours", func(g *Game) {
			for _, c := range []int{brown1, brown2, dblue1, dblue2, util1, util2} {
				move(g, c, Place{Zone: ZoneTable, Owner: 1, Color: Cards[c].Colors[0]})
			}
		}},
		{"four plays", "4 plays", func(g *Game) { g.Plays = 4 }},
		{"pending in the play", "with a pending action", func(g *Game) { g.Pending.N = 1 }},
		{"answer phase, no target", "pending action", func(g *Game) { g.Phase = PhaseRespond }},
		{"over without a winner", "without a winner", func(g *Game) { g.Phase = PhaseGameOver }},
		{"cards of a seat that left", "left the game but holds cards", func(g *Game) {
			g.Out[1] = true
			move(g, m1, Place{Zone: ZoneBank, Owner: 1})
		}},
		{"the turn of a seat that left", "current player 0", func(g *Game) { g.Out[0] = true }},
		{"one player left, game on", "1 players left", func(g *Game) { g.Out[1] = true }},
		{"a winner neither with sets nor last", "winner 0", func(g *Game) { g.Phase, g.Winner = PhaseGameOver, 0 }},
	}
	for _, c := range corrupt {
		g := scripted(t, 2, Rules{})
		c.f(g)
		if err := g.CheckInvariants(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error about %q", c.name, err, c.want)
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
