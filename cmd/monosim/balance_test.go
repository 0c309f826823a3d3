package main

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

// TestGroupStatsFromEvents feeds a scripted stream of events and checks
// every figure the balance report derives from it.
func TestGroupStatsFromEvents(t *testing.T) {
	ed := engine.EditionByID(engine.Classic)
	s := newGroupStats(ed)
	s.startGame(nil)
	const brown, darkBlue = 0, 7
	for _, step := range []struct {
		turn int
		e    engine.Event
	}{
		{1, engine.Event{Kind: engine.EvBought, Player: 0, Square: 1, Amount: 60}},
		{2, engine.Event{Kind: engine.EvAuctionWon, Player: 0, Square: 3, Amount: 45}}, // completes the browns at turn 2
		{3, engine.Event{Kind: engine.EvBuilt, Player: 0, Square: 1, Amount: 1, Cost: 50}},
		{4, engine.Event{Kind: engine.EvRentPaid, Player: 1, Other: 0, Square: 1, Amount: 10}},
		{4, engine.Event{Kind: engine.EvAuctionWon, Player: 0, Square: 3, Amount: 70, Cost: 1}}, // a house won at auction...
		{4, engine.Event{Kind: engine.EvBuilt, Player: 0, Square: 3, Amount: 1}},                // ...placed later, for nothing more
		{5, engine.Event{Kind: engine.EvBought, Player: 1, Square: 37, Amount: 350}},
		{6, engine.Event{Kind: engine.EvDeedReceived, Player: 2, Other: 1, Square: 37}},
		{8, engine.Event{Kind: engine.EvBankrupt, Player: 2, Other: engine.Bank}}, // 37 back to the bank at turn 8
		{9, engine.Event{Kind: engine.EvRentPaid, Player: 2, Other: 0, Square: 3, Amount: 20}},
	} {
		s.event(nil, step.turn, &step.e)
	}
	s.endGame(nil, 10)
	rows := s.balance(2)
	b, d := rows[brown], rows[darkBlue]
	if b.Bought != 1 || b.BoughtPaid != 60 || b.Auctioned != 1 || b.AuctionPaid != 45 {
		t.Errorf("browns: bought %d for %d, auctioned %d for %d", b.Bought, b.BoughtPaid, b.Auctioned, b.AuctionPaid)
	}
	if b.Buildings != 2 || b.BuildingsPaid != 120 {
		t.Errorf("browns: %d buildings for %d, want 2 for 120 (50 + the bid of 70)", b.Buildings, b.BuildingsPaid)
	}
	if b.Rent != 30 || b.RentPerGame != 15 {
		t.Errorf("browns: rent %d (%v a game), want 30 (15)", b.Rent, b.RentPerGame)
	}
	if want := 30.0 / (60 + 45 + 120); math.Abs(b.ROI-want) > 1e-12 {
		t.Errorf("browns: ROI %v, want %v", b.ROI, want)
	}
	// Owned from turn 1 and 2 to the end (10): 9 + 8 deed-turns.
	if b.DeedTurns != 17 || math.Abs(b.RentPerDeedTurn-30.0/17) > 1e-12 {
		t.Errorf("browns: %d deed-turns, %v rent per deed-turn", b.DeedTurns, b.RentPerDeedTurn)
	}
	if want := (60 + 45 + 120) / 2.0 / (30.0 / 17); math.Abs(b.PaybackTurns-want) > 1e-9 {
		t.Errorf("browns: payback %v turns, want %v", b.PaybackTurns, want)
	}
	if b.Completed != 1 || b.CompletedShare != 0.5 || b.MeanCompletedTurn != 2 || b.CompletedAllIn != 1 {
		t.Errorf("browns: completed %d (%v), at %v", b.Completed, b.CompletedShare, b.MeanCompletedTurn)
	}
	if b.MeanAuctionShare != 45.0/60 {
		t.Errorf("browns: auction share %v, want 0.75", b.MeanAuctionShare)
	}
	// Park Place: bought at 5, traded at 6, back to the bank at 8.
	if d.Bought != 1 || d.DeedTurns != 3 || d.Completed != 0 || d.Rent != 0 || d.PaybackTurns != 0 {
		t.Errorf("dark blues: %+v", d)
	}
	if d.Kind != "colour set" || rows[8].Kind != "ports" || rows[9].Kind != "utilities" || d.Price != 750 {
		t.Errorf("kinds %q %q %q, price %d", d.Kind, rows[8].Kind, rows[9].Kind, d.Price)
	}

	// A second worker's tallies add up.
	o := newGroupStats(ed)
	o.startGame(nil)
	o.event(nil, 0, &engine.Event{Kind: engine.EvRentPaid, Square: 39, Amount: 50})
	o.endGame(nil, 3)
	s.merge(o)
	if r := s.balance(3)[darkBlue]; r.Rent != 50 || r.Bought != 1 {
		t.Errorf("merged: rent %d, bought %d", r.Rent, r.Bought)
	}
}

func TestWinInterval(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{50, 100, 0.4038, 0.5962}, // the textbook values
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
	} {
		low, high := winInterval(c.k, c.n)
		if math.Abs(low-c.low) > 5e-5 || math.Abs(high-c.high) > 5e-5 {
			t.Errorf("winInterval(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, low, high, c.low, c.high)
		}
	}
}

// TestBalanceOfARun checks the report of a real run against what must
// hold whatever the strategy: every ownable group is there, deeds were
// bought, the seats' rates sum to one inside their intervals.
func TestBalanceOfARun(t *testing.T) {
	r, err := Run(Config{Edition: engine.Classic, Players: 4, Games: 300, Seed: 5, MaxTurns: 1000, Jail: ai.JailShort, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	b := r.Balance
	if len(b.Groups) != engine.EditionByID(engine.Classic).GroupCount() {
		t.Fatalf("%d groups", len(b.Groups))
	}
	for _, g := range b.Groups {
		// Nearly every deed is bought or auctioned in a game (an auction
		// nobody bids in leaves it to the bank).
		if g.Bought+g.Auctioned < int64(len(g.Squares)*r.Games*9/10) || g.Rent <= 0 || g.DeedTurns <= 0 {
			t.Errorf("group %d: %d bought, %d auctioned, rent %d, %d deed-turns", g.Group, g.Bought, g.Auctioned, g.Rent, g.DeedTurns)
		}
		if g.CompletedShare < 0 || g.CompletedShare > 1 || g.Kind != "colour set" && g.Buildings != 0 {
			t.Errorf("group %d: %+v", g.Group, g)
		}
	}
	sum := 0.0
	for _, s := range b.Seats {
		sum += s.Rate
		if s.Low > s.Rate || s.High < s.Rate || s.High-s.Low > 0.15 {
			t.Errorf("seat %d: %.3f in [%.3f, %.3f]", s.Seat, s.Rate, s.Low, s.High)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("win rates sum to %v", sum)
	}
	if b.P10 > b.P50 || b.P50 > b.P90 || b.P10 <= 0 || b.CappedShare != float64(r.Capped)/float64(r.Games) {
		t.Errorf("lengths %d %d %d, capped %v", b.P10, b.P50, b.P90, b.CappedShare)
	}
}

// fakeStake is an event kind no engine emits, standing for an edition's
// gamble in the tests.
const fakeStake = engine.EventKind(250)

// TestStakeSection: an event kind registered as settling a stake gets a
// section of its own, measured and beside the computed return.
func TestStakeSection(t *testing.T) {
	stakeKinds[fakeStake] = stakeKind{
		read:     func(g *engine.Game, e *engine.Event) (int, int, int) { return e.Square, e.Amount, e.Cost },
		expected: func(ed *engine.Edition, sq int) float64 { return 0.9 },
	}
	defer delete(stakeKinds, fakeStake)
	ed := engine.EditionByID(engine.Classic)
	obs := newObservers(ed)
	if len(obs) != 2 {
		t.Fatalf("%d observers, want groups and stakes", len(obs))
	}
	s := obs[1].(*stakeStats)
	for _, e := range []engine.Event{
		{Kind: fakeStake, Square: 20, Amount: 100, Cost: 0},
		{Kind: fakeStake, Square: 20, Amount: 100, Cost: 250},
		{Kind: fakeStake, Square: 20, Amount: 0, Cost: 50}, // more paid on the stake just won (a jackpot)
		{Kind: engine.EvRentPaid, Square: 20, Amount: 999},
		{Kind: fakeStake, Square: 4, Amount: 50, Cost: 50},
	} {
		s.event(nil, 0, &e)
	}
	other := newStakeStats(ed)
	other.event(nil, 0, &engine.Event{Kind: fakeStake, Square: 20, Amount: 200, Cost: 0})
	s.merge(other)
	rows := s.balance()
	if len(rows) != 2 || rows[0].Square != 4 || rows[1].Square != 20 {
		t.Fatalf("rows %+v", rows)
	}
	if r := rows[1]; r.Bets != 3 || r.Wins != 1 || r.Staked != 400 || r.Payout != 300 || r.Return != 300.0/400 || r.Expected != 0.9 {
		t.Errorf("square 20: %+v", r)
	}
	var out bytes.Buffer
	printBalance(&out, &Result{Played: Played{Games: 1}, Balance: Balance{Stakes: rows}})
	if !strings.Contains(out.String(), "return 0.750") || !strings.Contains(out.String(), "computed 0.900") {
		t.Errorf("no stakes section:\n%s", out.String())
	}
}

// TestCompletedAllIn: a set completed after a player went bankrupt counts
// as completed, not as completed with every player still in.
func TestCompletedAllIn(t *testing.T) {
	s := newGroupStats(engine.EditionByID(engine.Classic))
	s.startGame(nil)
	for _, e := range []engine.Event{
		{Kind: engine.EvBought, Player: 0, Square: 1, Amount: 60},
		{Kind: engine.EvBankrupt, Player: 2, Other: 0},
		{Kind: engine.EvBought, Player: 0, Square: 3, Amount: 60},
	} {
		s.event(nil, 5, &e)
	}
	s.endGame(nil, 9)
	if b := s.balance(1)[0]; b.Completed != 1 || b.CompletedAllIn != 0 || b.CompletedAllInShare != 0 {
		t.Errorf("browns: completed %d, all in %d", b.Completed, b.CompletedAllIn)
	}
}
