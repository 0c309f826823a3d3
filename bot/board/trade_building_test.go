package board

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// streetSets are the deeds of the edition's first two colour sets.
func streetSets(g *engine.Game) (a, b []int) {
	first, second := -1, -1
	for i, s := range g.EditionData().Squares {
		switch {
		case s.Kind != engine.SquareStreet:
		case first < 0 || s.Group == first:
			first = s.Group
			a = append(a, i)
		case second < 0 || s.Group == second:
			second = s.Group
			b = append(b, i)
		}
	}
	return a, b
}

// TestBuildingMovesCorporation: with corporations gone from the bank, the
// composer offers one of the counterparty's only onto a deed of the
// proposer's with four branches; a move the engine refuses is not taken.
func TestBuildingMovesCorporation(t *testing.T) {
	g, _, err := engine.New(engine.Config{Edition: engine.Business, Players: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	x, y := engine.PlayerID(0), engine.PlayerID(1)
	seller, buyer := streetSets(g)
	for _, sq := range seller {
		g.Props[sq].Owner, g.Props[sq].Buildings = y, engine.Hotel
	}
	for _, sq := range buyer {
		g.Props[sq].Owner, g.Props[sq].Buildings = x, 4
	}
	tr := engine.Trade{From: x, To: y, GiveCash: 100}
	if moves := buildingMoves(g, tr); len(moves) != 0 {
		t.Fatalf("the bank has corporations, yet moves %+v", moves)
	}
	g.Hotels = 0
	moves := buildingMoves(g, tr)
	if len(moves) != len(seller)*len(buyer) {
		t.Fatalf("moves %+v, want every seller's deed onto every buyer's", moves)
	}
	for _, m := range moves {
		if m.Kind != engine.Hotel {
			t.Errorf("move %+v is not a corporation", m)
		}
	}
	m := moves[len(moves)-1]
	if !toggleBuilding(g, &tr, buildingArg(m.From, m.On)) || tr.TakeBuilding != m.From || tr.PlaceOn != m.On {
		t.Fatalf("move %+v not taken: %+v", m, tr)
	}
	if err := g.Check(x, engine.Action{Kind: engine.ActProposeTrade, Trade: &tr}); err != nil {
		t.Fatalf("the engine refuses the drafted corporation: %v", err)
	}
	if tradedKind(g, &tr) != engine.Hotel {
		t.Errorf("the draft's kind is %d", tradedKind(g, &tr))
	}
	// Forged or impossible moves: not the counterparty's deed, onto a deed
	// that is not the proposer's.
	for _, arg := range []int{buildingArg(m.On, m.From), buildingArg(m.From, m.From), buildingArg(999, 999), buildingArg(0, m.On)} {
		if toggleBuilding(g, &tr, arg) || tr.TakeBuilding != m.From || tr.PlaceOn != m.On {
			t.Errorf("arg %d accepted: %+v", arg, tr)
		}
	}
	if !toggleBuilding(g, &tr, buildingArg(m.From, m.On)) || tr.TakeBuilding != 0 || tr.PlaceOn != 0 {
		t.Errorf("pressing the chosen move again does not take it off: %+v", tr)
	}
	// One of the buyer's deeds with three branches: even building lets no
	// deed of that set take a corporation until all have four.
	g.Props[buyer[0]].Buildings = 3
	if moves := buildingMoves(g, tr); len(moves) != 0 {
		t.Errorf("uneven set takes a corporation: %+v", moves)
	}
}
