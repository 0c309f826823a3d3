package board

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// computerRecord is a classic game of a person (seat 0) and two computer
// seats at the start of the person's turn.
func computerRecord(t *testing.T) *kit.Record {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	g.Current = 0
	if g.Phase != engine.PhaseTurnStart {
		t.Fatalf("the game starts in phase %v", g.Phase)
	}
	rec := &kit.Record{Seats: []kit.Seat{{User: 7, Name: "Ann"}, {User: -1, Name: "🤖 1", Computer: true}, {User: -2, Name: "🤖 2", Computer: true}}}
	Of(rec).Game = g
	return rec
}

// TestComputerMove: a computer answers an offer made to it, bids or passes
// in an auction as a person would, and moves when the game waits for it;
// nothing is due for computers while only a person has a decision; a game
// no person plays is due to end.
func TestComputerMove(t *testing.T) {
	rec := computerRecord(t)
	g := Of(rec).Game
	if _, ok := computerPending(rec); ok {
		t.Fatal("a computer is due while the game waits for the person")
	}

	// An offer to a computer seat: it answers at once.
	g.Props[1].Owner = 0
	offer := engine.Trade{From: 0, To: 2, GiveDeeds: []int{1}, TakeCash: 5}
	if _, err := g.Apply(0, engine.Action{Kind: engine.ActProposeTrade, Trade: &offer}); err != nil {
		t.Fatal(err)
	}
	p, ok := computerPending(rec)
	seat, a, _ := computerMove(rec)
	if !ok || !p.Computer || seat != 2 || (a.Kind != engine.ActAcceptTrade && a.Kind != engine.ActRejectTrade) {
		t.Fatalf("with an offer to seat 2: pending %+v, move %d %v, want seat 2's answer", p, seat, a.Kind)
	}
	if _, err := g.Apply(seat, a); err != nil {
		t.Fatal(err)
	}

	// The person declines a purchase: the computers bid or pass in turn.
	g.ScriptDice(1, 2) // Baltic Avenue, square 3
	if _, err := g.Apply(0, engine.Action{Kind: engine.ActRoll}); err != nil {
		t.Fatal(err)
	}
	if g.Phase != engine.PhaseBuyDecision {
		t.Fatalf("after the roll the phase is %v", g.Phase)
	}
	if _, ok := computerPending(rec); ok {
		t.Fatal("a computer is due while the person decides on a purchase")
	}
	if _, err := g.Apply(0, engine.Action{Kind: engine.ActDecline}); err != nil {
		t.Fatal(err)
	}
	bids := 0
	for g.Phase == engine.PhaseAuction {
		seat, a, ok := computerMove(rec)
		if !ok {
			break // only the person can move the auction on
		}
		if !rec.Seats[seat].Computer || (a.Kind != engine.ActBid && a.Kind != engine.ActPass) {
			t.Fatalf("in the auction: seat %d does %v", seat, a.Kind)
		}
		if _, err := g.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		bids++
	}
	if bids == 0 {
		t.Fatal("no computer took part in the auction")
	}
	if g.Phase == engine.PhaseAuction && !g.Auction.Passed[0] {
		if _, err := g.Apply(0, engine.Action{Kind: engine.ActPass}); err != nil {
			t.Fatal(err)
		}
	}
	// The person's turn is over: seat 1, a computer, is due to roll.
	for g.Current == 0 && g.Phase == engine.PhaseTurnEnd {
		if _, err := g.Apply(0, engine.Action{Kind: engine.ActEndTurn}); err != nil {
			t.Fatal(err)
		}
	}
	if seat, a, ok := computerMove(rec); !ok || seat != g.Current || !rec.Seats[seat].Computer || a.Kind != engine.ActRoll {
		t.Fatalf("at a computer's turn start (current %d): move %d %v %v", g.Current, seat, a.Kind, ok)
	}

	// The person leaves: the game is due to end, not to go on.
	g.Players[0].Bankrupt = true
	if p, ok := computerPending(rec); !ok || p.Decision != "c:end" {
		t.Fatalf("without people: pending %+v", p)
	}
}

// TestComputerPlaysAtItsSeatLevel: the computer's move is its seat's
// level's: with cash for a deed and a little more, a normal seat buys it
// and an easy one (twice the reserve) declines.
func TestComputerPlaysAtItsSeatLevel(t *testing.T) {
	for _, c := range []struct {
		lv   level.Level
		want engine.ActionKind
	}{{level.Normal, engine.ActBuy}, {level.Easy, engine.ActDecline}} {
		rec := computerRecord(t)
		rec.Seats[1].Level = kit.Level(c.lv)
		g := Of(rec).Game
		g.Current = 1
		g.Players[1].Cash = 60 + 150 // Baltic Avenue, and 150 left: above normal's reserve, under easy's
		g.ScriptDice(1, 2)
		if _, err := g.Apply(1, engine.Action{Kind: engine.ActRoll}); err != nil {
			t.Fatal(err)
		}
		if g.Phase != engine.PhaseBuyDecision || g.Players[1].Pos != 3 {
			t.Fatalf("after the roll: phase %v at %d", g.Phase, g.Players[1].Pos)
		}
		seat, a, ok := computerMove(rec)
		if !ok || seat != 1 || a.Kind != c.want {
			t.Errorf("a %v seat's move: %d %v, want %v", c.lv, seat, a.Kind, c.want)
		}
	}
}
