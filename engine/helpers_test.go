package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// This file holds the helpers of the scripted-rule tests: a game in a known
// state, money and deeds moved by hand without breaking the invariants,
// and Apply wrappers that check the invariants after every accepted action
// and that a refused action changes nothing.

// newTestGame returns a classic game of n players with seat 0 to roll at
// PhaseTurnStart, every token on start and the decks in their shuffled
// order. rules may be nil for the edition's defaults.
func newTestGame(t testing.TB, n int, rules *Rules) *Game {
	t.Helper()
	return newEditionGame(t, Classic, n, rules)
}

// newEditionGame is newTestGame for any edition.
func newEditionGame(t testing.TB, edition string, n int, rules *Rules) *Game {
	t.Helper()
	g, _, err := New(Config{Edition: edition, Players: n, Seed: 1, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	g.Current = 0
	g.Phase, g.Step = PhaseTurnStart, StepTurnStart
	g.Scripted = nil
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	return g
}

// rulesWith returns the classic defaults changed by f.
func rulesWith(f func(r *Rules)) *Rules {
	r := EditionByID(Classic).Rules
	f(&r)
	return &r
}

// give moves amount from the bank to p (a negative amount takes it back),
// so money stays conserved.
func give(g *Game, p PlayerID, amount int) {
	g.Players[p].Cash += amount
	g.Bank -= int64(amount)
}

// setCash gives p exactly amount, through the bank.
func setCash(g *Game, p PlayerID, amount int) { give(g, p, amount-g.Players[p].Cash) }

// own hands the deeds to p as if bought from the bank for nothing.
func own(g *Game, p PlayerID, squares ...int) {
	for _, sq := range squares {
		g.Props[sq].Owner = p
	}
	g.Reindex()
}

// build puts n buildings (Hotel for a hotel) on each square, taking them
// from the bank's stock. The squares must be a set owned by one player.
func build(g *Game, n int, squares ...int) {
	for _, sq := range squares {
		prop := &g.Props[sq]
		g.returnBuildings(sq)
		prop.Buildings = int8(n)
		if n == Hotel {
			g.Hotels--
		} else {
			g.Houses -= n
		}
	}
}

// topCard makes card the next card of deck d. The card must be in the pile.
func topCard(t testing.TB, g *Game, d, card int) {
	t.Helper()
	dk := &g.Decks[d]
	n := len(dk.Order)
	for i := 0; i < dk.Count; i++ {
		j := (dk.Head + i) % n
		if int(dk.Order[j]) == card {
			dk.Order[j], dk.Order[dk.Head] = dk.Order[dk.Head], dk.Order[j]
			return
		}
	}
	t.Fatalf("card %d of deck %d is not in the pile", card, d)
}

// bottomCard is the card at the bottom of deck d's pile.
func bottomCard(g *Game, d int) int {
	dk := &g.Decks[d]
	return int(dk.Order[(dk.Head+dk.Count-1)%len(dk.Order)])
}

// cardIndex finds the index of the first card of kind (and target or
// amount when non-zero) in deck d.
func cardIndex(t testing.TB, d int, kind CardKind, target, amount int) int {
	t.Helper()
	for i, c := range EditionByID(Classic).Decks[d] {
		if c.Kind == kind && (target == 0 || c.Target == target) && (amount == 0 || c.Amount == amount) {
			return i
		}
	}
	t.Fatalf("deck %d has no card kind %d target %d amount %d", d, kind, target, amount)
	return -1
}

// do applies an action that must be accepted, checks the invariants and
// returns a copy of the events.
func do(t testing.TB, g *Game, p PlayerID, a Action) []Event {
	t.Helper()
	if err := g.Check(p, a); err != nil {
		t.Fatalf("Check(%d, %+v) = %v", p, a, err)
	}
	ev, err := g.Apply(p, a)
	if err != nil {
		t.Fatalf("Apply(%d, %+v) = %v\n%s", p, a, err, snapshot(t, g))
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatalf("after Apply(%d, %+v): %v\n%s", p, a, err, snapshot(t, g))
	}
	return append([]Event(nil), ev...)
}

// act is do with just a kind.
func act(t testing.TB, g *Game, p PlayerID, k ActionKind) []Event {
	t.Helper()
	return do(t, g, p, Action{Kind: k})
}

// actSq is do with a kind and a square.
func actSq(t testing.TB, g *Game, p PlayerID, k ActionKind, sq int) []Event {
	t.Helper()
	return do(t, g, p, Action{Kind: k, Square: sq})
}

// refuse applies an action that must be refused with want, and checks that
// the game did not change (JSON before and after).
func refuse(t testing.TB, g *Game, p PlayerID, a Action, want error) {
	t.Helper()
	before := snapshot(t, g)
	if err := g.Check(p, a); !errors.Is(err, want) {
		t.Fatalf("Check(%d, %+v) = %v, want %v", p, a, err, want)
	}
	ev, err := g.Apply(p, a)
	if !errors.Is(err, want) {
		t.Fatalf("Apply(%d, %+v) = %v, want %v", p, a, err, want)
	}
	if ev != nil {
		t.Fatalf("refused Apply returned events %v", ev)
	}
	if after := snapshot(t, g); after != before {
		t.Fatalf("refused Apply(%d, %+v) changed the game:\n%s\n%s", p, a, before, after)
	}
	for _, l := range g.Legal(p) {
		if l.Kind == a.Kind && l.Square == a.Square && l.TradeID == a.TradeID && a.Kind != ActBid && a.Kind != ActStake && a.Kind != ActProposeTrade {
			t.Fatalf("refused action %+v is listed by Legal(%d)", a, p)
		}
	}
}

// roll scripts the dice and rolls them for p.
func roll(t testing.TB, g *Game, p PlayerID, d1, d2 int) []Event {
	t.Helper()
	g.ScriptDice(d1, d2)
	return act(t, g, p, ActRoll)
}

func fmtEvents(ev []Event) string {
	var b strings.Builder
	for _, e := range ev {
		fmt.Fprintf(&b, "\n  %+v", e)
	}
	return b.String()
}

// wantEvents checks that the events are exactly want, in order.
func wantEvents(t testing.TB, got []Event, want ...Event) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d events, want %d:%s\nwant:%s", len(got), len(want), fmtEvents(got), fmtEvents(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("event %d = %+v, want %+v\nall:%s", i, got[i], want[i], fmtEvents(got))
		}
	}
}

// hasEvent checks that e is among the events.
func hasEvent(t testing.TB, got []Event, e Event) {
	t.Helper()
	for _, x := range got {
		if x == e {
			return
		}
	}
	t.Fatalf("no event %+v among:%s", e, fmtEvents(got))
}

// noEvent checks that no event of kind happened.
func noEvent(t testing.TB, got []Event, kind EventKind) {
	t.Helper()
	for _, x := range got {
		if x.Kind == kind {
			t.Fatalf("unexpected event %+v among:%s", x, fmtEvents(got))
		}
	}
}

// kinds lists the kinds of the events.
func kinds(ev []Event) []EventKind {
	out := make([]EventKind, len(ev))
	for i, e := range ev {
		out[i] = e.Kind
	}
	return out
}

func wantKinds(t testing.TB, got []Event, want ...EventKind) {
	t.Helper()
	k := kinds(got)
	if fmt.Sprint(k) != fmt.Sprint(want) {
		t.Fatalf("event kinds %v, want %v:%s", k, want, fmtEvents(got))
	}
}

func wantCash(t testing.TB, g *Game, cash ...int) {
	t.Helper()
	for i, c := range cash {
		if g.Players[i].Cash != c {
			t.Fatalf("player %d has %d, want %d (all: %v)", i, g.Players[i].Cash, c, g.Players)
		}
	}
}

func wantPhase(t testing.TB, g *Game, ph Phase) {
	t.Helper()
	if g.Phase != ph {
		t.Fatalf("phase %d, want %d", g.Phase, ph)
	}
}

func wantPos(t testing.TB, g *Game, p PlayerID, sq int) {
	t.Helper()
	if g.Players[p].Pos != sq {
		t.Fatalf("player %d at %d, want %d", p, g.Players[p].Pos, sq)
	}
}

// endTurn ends p's turn and checks the dice pass to next.
func endTurn(t testing.TB, g *Game, p, next PlayerID) {
	t.Helper()
	act(t, g, p, ActEndTurn)
	if g.Current != next || g.Phase != PhaseTurnStart {
		t.Fatalf("after end of turn: current %d phase %d, want %d at turn start", g.Current, g.Phase, next)
	}
}
