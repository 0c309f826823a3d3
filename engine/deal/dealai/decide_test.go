package dealai

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Card numbers (see the blocks in engine/deal/cards.go).
const (
	m1, m2, m3, m5          = 0, 6, 11, 17
	brown1, brown2          = 20, 21
	red1, red2, red3        = 31, 32, 33
	green1, green2          = 37, 38
	dealBreaker, sayNo      = 59, 61
	birthday, debtCollector = 73, 70
	rentRedYellow, double1  = 97, 91
	yellow1                 = 34
)

// table starts a game of n players at seat 0's turn with empty hands; lay
// puts cards where a test wants them.
func table(t *testing.T, n int) *deal.Game {
	t.Helper()
	g, _, err := deal.New(deal.Config{Players: n, Deck: []int{}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Places {
		if g.Places[i].Zone == deal.ZoneHand {
			g.Places[i] = deal.Place{Zone: deal.ZoneDiscard, Owner: deal.Nobody}
		}
	}
	return g
}

func lay(t *testing.T, g *deal.Game, z deal.Zone, p deal.PlayerID, cards ...int) {
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
		g.Places[c] = deal.Place{Zone: z, Owner: p, Color: deal.Cards[c].Colors[0]}
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func step(t *testing.T, g *deal.Game) deal.Action {
	t.Helper()
	p := g.Waiting()
	a := Decide(g, p)
	if _, err := g.Apply(p, a); err != nil {
		t.Fatalf("%+v by %d: %v", a, p, err)
	}
	return a
}

// TestPlayPriorities: a set-completing property first, then a Deal
// Breaker on the opponent's set, then rent with Double The Rent, then the
// turn ends.
func TestPlayPriorities(t *testing.T) {
	g := table(t, 2)
	lay(t, g, deal.ZoneHand, 0, m1, red3, dealBreaker, rentRedYellow, double1)
	lay(t, g, deal.ZoneTable, 0, red1, red2)
	lay(t, g, deal.ZoneTable, 1, green1, green2, 39, yellow1)
	lay(t, g, deal.ZoneBank, 1, m5, m1+1)
	if a := step(t, g); a.Kind != deal.ActPlace || a.Card != red3 {
		t.Fatalf("first play %+v", a)
	}
	if a := step(t, g); a.Kind != deal.ActPlay || a.Card != dealBreaker || a.Color != deal.Green {
		t.Fatalf("second play %+v", a)
	}
	step(t, g) // seat 1 answers (no Just Say No: accepts)
	// Rent 6M for the reds with one play left: no room for the double.
	if a := step(t, g); a.Kind != deal.ActPlay || a.Card != rentRedYellow || a.Color != deal.Red || !a.Cards.Empty() {
		t.Fatalf("third play %+v", a)
	}
	// 6M owed: the 5M and the 1M, not the yellow (money goes first).
	if a := step(t, g); a.Kind != deal.ActPay || a.Cards != (deal.CardSet{}).Add(m5).Add(m1+1) {
		t.Fatalf("payment %+v", a)
	}
	if a := step(t, g); a.Kind != deal.ActEndTurn {
		t.Fatalf("after three plays %+v", a)
	}
}

// TestAnswers: a Just Say No against a Deal Breaker, none against a small
// debt, paid with money before properties.
func TestAnswers(t *testing.T) {
	g := table(t, 2)
	lay(t, g, deal.ZoneHand, 0, dealBreaker, debtCollector)
	lay(t, g, deal.ZoneHand, 1, sayNo)
	lay(t, g, deal.ZoneTable, 1, brown1, brown2, yellow1)
	lay(t, g, deal.ZoneBank, 1, m2, m3)
	if _, err := g.Apply(0, deal.Action{Kind: deal.ActPlay, Card: debtCollector, Target: 1}); err != nil {
		t.Fatal(err)
	}
	// 5M owed, 8M payable: worth a No.
	if a := step(t, g); a.Kind != deal.ActSayNo {
		t.Fatalf("answer to a 5M debt %+v", a)
	}
	if a := step(t, g); a.Kind != deal.ActAccept { // the actor has no No left
		t.Fatalf("actor %+v", a)
	}
	if _, err := g.Apply(0, deal.Action{Kind: deal.ActPlay, Card: dealBreaker, Target: 1, Color: deal.Brown}); err != nil {
		t.Fatal(err)
	}
	if a := step(t, g); a.Kind != deal.ActAccept {
		t.Fatalf("no Just Say No left, yet %+v", a)
	}
}

// TestDiscardLeastUseful: at the hand limit small money goes first,
// properties are kept.
func TestDiscardLeastUseful(t *testing.T) {
	g := table(t, 2)
	lay(t, g, deal.ZoneHand, 0, m1, m2, m3, m5, brown1, green1, sayNo, dealBreaker, red1)
	g.Plays = deal.PlaysPerTurn
	step(t, g) // ends the turn
	if g.Phase != deal.PhaseDiscard {
		t.Fatalf("phase %d", g.Phase)
	}
	if a := step(t, g); a.Card != m1 {
		t.Fatalf("discarded %d", a.Card)
	}
	if a := step(t, g); a.Card != m2 || g.Current != 1 {
		t.Fatalf("discarded %d", a.Card)
	}
}

// TestTiesGoToTheNextPlayer: between equally rich opponents the debt goes
// to the next player in turn order, whatever the seat — a tie broken by
// seat number made seat 0 a target more often and cost it 0.7 points of
// win rate over 100 000 games.
func TestTiesGoToTheNextPlayer(t *testing.T) {
	g := table(t, 3)
	g.Current = 1
	lay(t, g, deal.ZoneHand, 1, debtCollector)
	lay(t, g, deal.ZoneBank, 0, m5)
	lay(t, g, deal.ZoneBank, 2, m5+1)
	if a := Decide(g, 1); a.Card != debtCollector || a.Target != 2 {
		t.Fatalf("seat 1 plays %+v, want the Debt Collector on seat 2", a)
	}
}

// TestActorNamesTheChain: with several targets, the actor answers a Just
// Say No in the chain of the target who played it.
func TestActorNamesTheChain(t *testing.T) {
	g := table(t, 3)
	lay(t, g, deal.ZoneHand, 0, birthday)
	lay(t, g, deal.ZoneHand, 2, sayNo)
	if _, err := g.Apply(0, deal.Action{Kind: deal.ActPlay, Card: birthday}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(2, deal.Action{Kind: deal.ActSayNo, Card: sayNo}); err != nil {
		t.Fatal(err)
	}
	if a := Decide(g, 0); a.Kind != deal.ActAccept || a.Target != 2 {
		t.Fatalf("actor answers %+v", a)
	}
	if a := Decide(g, 1); a.Kind != deal.ActPay {
		t.Fatalf("seat 1 answers %+v", a)
	}
}
