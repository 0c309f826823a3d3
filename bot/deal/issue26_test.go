package deal

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// More cards of the scripted games.
const (
	wildRedYellow = 51
	wildAny       = 57
	slyDeal       = 64
	forcedDeal    = 67
	red1, red2    = 31, 32
	green1        = 37
	dblue1        = 40
	rentAny       = 103
)

// lay moves cards to zone z of owner (colour col on a table) wherever they
// lie, the draw pile included, and checks the game stays whole.
func lay(t *testing.T, g *deal.Game, z deal.Zone, owner deal.PlayerID, col deal.Color, cards ...int) {
	t.Helper()
	for _, c := range cards {
		if g.Places[c].Zone == deal.ZoneDeck {
			for i, d := range g.Deck {
				if int(d) == c {
					g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
					break
				}
			}
		}
		g.Places[c] = deal.Place{Zone: z, Owner: owner, Color: col}
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestActorRecolorsWhileAnswered: while the target answers the actor's
// Debt Collector, the actor's hand still offers the wilds on the table to
// re-colour (issue #26, item 17: "at any moment of your turn").
func TestActorRecolorsWhileAnswered(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := rec.Deal.Game
	lay(t, g, deal.ZoneTable, 0, deal.Red, wildRedYellow)
	press(k, rec, 0, OpCard, debtCollector)
	press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay && a.Target == 1 }))
	if g.Phase != deal.PhaseRespond || g.Waits(0) {
		t.Fatalf("phase %d, the actor waited for: %v", g.Phase, g.Waits(0))
	}
	if c := press(k, rec, 0, OpCard, wildRedYellow); c.Alert != "" {
		t.Fatalf("picking the wild while answered: %q (buttons %+v)", c.Alert, Buttons(rec, 0))
	}
	arg := actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActRecolor && a.Color == deal.Yellow })
	if c := press(k, rec, 0, OpAct, arg); c.Alert != "" || g.Places[wildRedYellow].Color != deal.Yellow {
		t.Fatalf("re-colouring: alert %q, colour %d", c.Alert, g.Places[wildRedYellow].Color)
	}
	if g.Phase != deal.PhaseRespond || !g.Waits(1) {
		t.Fatal("the re-colour ended the target's answer")
	}
	for _, b := range Buttons(rec, 0) {
		if b.Op == OpAct && b.Action.Kind != deal.ActRecolor {
			t.Fatalf("the actor, not waited for, is offered %+v", b)
		}
	}
}
