package deal

import (
	"strings"
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

// TestTargetIsToldWhatIsTaken: the target's private prompt, the group's
// prompt and the table's line name what the action takes — the card of a
// Sly Deal, both cards of a Forced Deal, the set of a Deal Breaker, the set
// and amount of a rent —, so that the target can decide whether to say no
// (issue #26, item 18).
func TestTargetIsToldWhatIsTaken(t *testing.T) {
	k := testKind(t)
	const dealBreaker = 59
	for _, c := range []struct {
		name  string
		card  int
		lay   func(t *testing.T, g *deal.Game)
		match func(a deal.Action) bool
		take  int // a Forced Deal's card to take, chosen first
		want  []string
	}{
		{"Sly Deal", slyDeal, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 1, deal.Red, red1)
		}, func(a deal.Action) bool { return a.Take == red1 }, 0, []string{k.cardName("en", red1)}},
		{"Forced Deal", forcedDeal, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 1, deal.Red, red2)
			lay(t, g, deal.ZoneTable, 0, deal.Green, green1)
		}, func(a deal.Action) bool { return a.Take == red2 && a.Give == green1 }, red2,
			[]string{k.cardName("en", red2), k.cardName("en", green1)}},
		{"Deal Breaker", dealBreaker, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 1, deal.DarkBlue, dblue1, dblue1+1)
		}, func(a deal.Action) bool { return a.Color == deal.DarkBlue }, 0, []string{"complete set: " + k.colorName("en", deal.DarkBlue)}},
		{"rent", rentAny, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 0, deal.DarkBlue, dblue1)
			lay(t, g, deal.ZoneBank, 1, 0, money3)
		}, func(a deal.Action) bool { return a.Color == deal.DarkBlue && a.Target == 1 && a.Cards.Empty() }, 0,
			[]string{"rent for " + k.colorName("en", deal.DarkBlue), "3M"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := scripted(t)
			g := rec.Deal.Game
			lay(t, g, deal.ZoneHand, 0, 0, c.card)
			c.lay(t, g)
			press(k, rec, 0, OpCard, c.card)
			if c.take != 0 {
				press(k, rec, 0, OpTake, c.take)
			}
			played := press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay && c.match(a) }))
			if g.Phase != deal.PhaseRespond || len(played.Replies) != 1 {
				t.Fatalf("phase %d, replies %+v", g.Phase, played.Replies)
			}
			hand, _ := k.renderHand("en", testGroup, rec, 1, true)
			table := k.renderTable("en", rec, true)
			for _, w := range c.want {
				for where, text := range map[string]string{"the target's hand": hand, "the group's prompt": played.Replies[0].Text, "the table": table} {
					if !strings.Contains(strings.ToLower(text), strings.ToLower(w)) {
						t.Errorf("%s does not say %q:\n%s", where, w, text)
					}
				}
			}
		})
	}
}
