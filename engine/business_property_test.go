package engine

import (
	"encoding/json"
	"testing"
)

// Branches and corporations, mortgages, trades and bankruptcy in the
// business edition. Group 1 (Кафе) is 4, 6, 7 (branch 50); group 0 is 1, 3.

// TestBusinessBuilding: on your own turn, any number, evenly; a
// corporation needs 4 branches on every deed of the set and gives those 4
// back to the bank; one corporation per deed; none while a deed of the set
// is mortgaged.
func TestBusinessBuilding(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	own(g, 0, 4, 6, 7)
	refuse(t, g, 1, Action{Kind: ActBuild, Square: 4}, ErrNotOwner)
	actSq(t, g, 0, ActBuild, 4)
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 4}, ErrUnevenBuilding)
	for i := 0; i < 11; i++ { // more than three a turn: no limit
		sq := []int{6, 7, 4}[i%3]
		actSq(t, g, 0, ActBuild, sq)
	}
	if g.Houses != 26-12 || g.Props[4].Buildings != 4 || g.Props[7].Buildings != 4 {
		t.Fatalf("stock %d, buildings %+v", g.Houses, g.Props[4:8])
	}
	wantCash(t, g, 1500-12*50)
	ev := actSq(t, g, 0, ActBuild, 7) // the corporation costs 50 and returns 4 branches
	wantEvents(t, ev, Event{Kind: EvBuilt, Player: 0, Square: 7, Amount: Hotel, Cost: 50})
	if g.Houses != 26-8 || g.Hotels != 9 {
		t.Fatalf("stock %d/%d", g.Houses, g.Hotels)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 7}, ErrMaxBuildings)
	// Selling: half price, evenly; a corporation sold becomes 4 branches.
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 4}, ErrUnevenBuilding)
	ev = actSq(t, g, 0, ActSellBuilding, 7)
	wantEvents(t, ev, Event{Kind: EvBuildingSold, Player: 0, Square: 7, Amount: 4, Cost: 25})
	if g.Houses != 26-12 || g.Hotels != 10 {
		t.Fatalf("stock %d/%d", g.Houses, g.Hotels)
	}
	// A deed cannot be mortgaged while its set has buildings.
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 4}, ErrHasBuildings)
	actSq(t, g, 0, ActSellSet, 4)
	if g.setHasBuildings(BusinessCafes) {
		t.Fatal("the set still has buildings")
	}
	actSq(t, g, 0, ActMortgage, 4)
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 6}, ErrSetMortgaged)

	// Only the current player builds, in any quiet phase of the turn.
	g = newBusinessGame(t, 2, nil)
	own(g, 1, 4, 6, 7)
	refuse(t, g, 1, Action{Kind: ActBuild, Square: 4}, ErrNotYourTurn)
	roll(t, g, 0, 1, 2)
	act(t, g, 0, ActDecline)
	endTurn(t, g, 0, 1)
	roll(t, g, 1, 2, 4) // 0 → 6, its own deed
	actSq(t, g, 1, ActBuild, 4)
}

// TestBusinessStock: 26 branches and 10 corporations; when the bank has
// none left the buyer is refused (no auction), whoever else wants them.
func TestBusinessStock(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	own(g, 1, 20, 22, 23, 24, 25, 26)
	build(g, 4, 20, 22, 23, 24, 25, 26) // 24 branches
	own(g, 0, 1, 3)
	build(g, 1, 1, 3) // the last two
	if g.Houses != 0 {
		t.Fatalf("%d branches in the bank", g.Houses)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 1}, ErrNoHousesLeft)

	g = newBusinessGame(t, 2, nil)
	own(g, 1, 8, 10, 11, 13, 14, 15, 16, 17, 19)
	build(g, Hotel, 8, 10, 11, 13, 14, 15, 16, 17, 19) // 9 corporations
	own(g, 0, 1, 3)
	build(g, 4, 1, 3)
	ev := actSq(t, g, 0, ActBuild, 1) // the last corporation
	noEvent(t, ev, EvBuildingAuction)
	if g.Houses != 26-4 || g.Hotels != 0 {
		t.Fatalf("stock %d/%d", g.Houses, g.Hotels)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 3}, ErrNoHotelsLeft)
	// Breaking a corporation into branches needs 4 in the bank.
	own(g, 1, 20, 22, 23, 24, 25, 26)
	build(g, 3, 20, 22, 23, 26)
	build(g, 4, 24, 25) // 2 branches left
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 1}, ErrNoHousesLeft)
	ev = actSq(t, g, 0, ActSellSet, 1) // the whole set at half price instead
	hasEvent(t, ev, Event{Kind: EvBuildingSold, Player: 0, Square: 1, Cost: 125})
	hasEvent(t, ev, Event{Kind: EvBuildingSold, Player: 0, Square: 3, Cost: 100})
}

// TestBusinessMortgage: no interest; lifted only before one's own roll;
// a mortgaged deed pays no rent and cannot be traded.
func TestBusinessMortgage(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	own(g, 0, 7)
	ev := actSq(t, g, 0, ActMortgage, 7)
	wantEvents(t, ev, Event{Kind: EvMortgaged, Player: 0, Square: 7, Cost: 60})
	wantCash(t, g, 1560)
	if c := g.UnmortgageCost(7); c != 60 {
		t.Fatalf("lifting costs %d, want 60", c)
	}
	roll(t, g, 0, 1, 2)
	act(t, g, 0, ActDecline)
	refuse(t, g, 0, Action{Kind: ActUnmortgage, Square: 7}, ErrLiftBeforeRoll) // after the roll
	endTurn(t, g, 0, 1)
	refuse(t, g, 0, Action{Kind: ActUnmortgage, Square: 7}, ErrLiftBeforeRoll) // not on another's turn
	// Seat 1 stops on it: no rent.
	ev = roll(t, g, 1, 3, 4)
	hasEvent(t, ev, Event{Kind: EvRentMortgaged, Player: 1, Square: 7})
	wantCash(t, g, 1560, 1500)
	// It cannot be traded, alone or with other deeds.
	own(g, 0, 4)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{7}, TakeCash: 10}}, ErrMortgaged)
	if g.Tradable(0, 7) || !g.Tradable(0, 4) {
		t.Fatal("Tradable")
	}
	refuse(t, g, 1, Action{Kind: ActProposeTrade, Trade: &Trade{To: 0, TakeDeeds: []int{4, 7}, GiveCash: 10}}, ErrMortgaged)
	endTurn(t, g, 1, 0)
	ev = actSq(t, g, 0, ActUnmortgage, 7)
	wantEvents(t, ev, Event{Kind: EvUnmortgaged, Player: 0, Square: 7, Cost: 60})
	wantCash(t, g, 1500, 1500)
}

// TestBusinessTrade: unmortgaged deeds and cash change hands at any price.
func TestBusinessTrade(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	own(g, 0, 4)
	own(g, 1, 35)
	do(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{4}, GiveCash: 5, TakeDeeds: []int{35}}})
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	hasEvent(t, ev, Event{Kind: EvDeedReceived, Player: 0, Other: 1, Square: 35})
	if g.Props[4].Owner != 1 || g.Props[35].Owner != 0 {
		t.Fatal("deeds did not move")
	}
	wantCash(t, g, 1495, 1505)
}

// TestBusinessNoAuction: a declined business stays free for the next
// visitor.
func TestBusinessNoAuction(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	roll(t, g, 0, 3, 4)
	ev := act(t, g, 0, ActDecline)
	wantEvents(t, ev, Event{Kind: EvDeclined, Player: 0, Square: 7})
	wantPhase(t, g, PhaseTurnEnd)
	endTurn(t, g, 0, 1)
	roll(t, g, 1, 3, 4)
	wantPhase(t, g, PhaseBuyDecision)
	act(t, g, 1, ActBuy)
	wantCash(t, g, 1500, 1380)
}

// TestBusinessRent: the deed's row only; a full unimproved set doubles
// only when the chat turns DoubleRentOnSet on.
func TestBusinessRent(t *testing.T) {
	for _, double := range []bool{false, true} {
		g := newBusinessGame(t, 2, businessRules(func(r *Rules) { r.DoubleRentOnSet = double }))
		own(g, 1, 4, 6, 7)
		ev := roll(t, g, 0, 3, 4)
		want := 8
		if double {
			want = 16
		}
		hasEvent(t, ev, Event{Kind: EvRentPaid, Player: 0, Other: 1, Square: 7, Amount: want})
	}
	g := newBusinessGame(t, 2, nil)
	own(g, 1, 4, 6, 7)
	build(g, Hotel, 4, 6, 7)
	ev := roll(t, g, 0, 3, 4)
	hasEvent(t, ev, Event{Kind: EvRentPaid, Player: 0, Other: 1, Square: 7, Amount: 600})
}

// TestBusinessBankruptcy: a player who cannot pay is out; their cash goes
// to the bank even when the debt was to a player, buildings go back to
// the bank, deeds return to the board unowned and unmortgaged.
func TestBusinessBankruptcy(t *testing.T) {
	g := newBusinessGame(t, 3, nil)
	own(g, 1, 33, 34, 35)
	build(g, Hotel, 33, 34, 35) // rent 2000 on 35
	own(g, 0, 1, 3, 4)
	build(g, 2, 1, 3)
	g.Props[4].Mortgaged = true
	g.Players[0].Pos = 31
	ev := roll(t, g, 0, 1, 3) // 31 → 35
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: 1, Amount: 2000})
	wantPhase(t, g, PhaseDebt)
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	bank := g.Bank
	ev = act(t, g, 0, ActBankrupt)
	hasEvent(t, ev, Event{Kind: EvBankrupt, Player: 0, Other: Bank})
	wantCash(t, g, 0, 1500, 1500)
	if g.Bank != bank+1500 {
		t.Fatalf("bank %d, want %d", g.Bank, bank+1500)
	}
	for _, sq := range []int{1, 3, 4} {
		if p := g.Props[sq]; p.Owner != NoOwner || p.Mortgaged || p.Buildings != 0 {
			t.Fatalf("square %d: %+v", sq, p)
		}
	}
	if g.Houses != 26 || g.Auction != nil || g.Current != 1 {
		t.Fatalf("stock %d, auction %v, current %d", g.Houses, g.Auction, g.Current)
	}
	// The deed is for sale again.
	roll(t, g, 1, 1, 2)
	wantPhase(t, g, PhaseBuyDecision)
}

// TestBuildingTrade: with the bank out of branches (or corporations) a
// player buys one from another player's fullest deed, in a trade.
func TestBuildingTrade(t *testing.T) {
	g := newBusinessGame(t, 2, nil)
	own(g, 1, 20, 22, 23, 24, 25, 26)
	build(g, 4, 20, 22, 23)
	build(g, 3, 24, 25)
	build(g, 4, 26) // 23 branches with seat 1
	own(g, 0, 1, 3, 4, 6, 7, 13)
	build(g, 2, 1, 3) // 4 with seat 0: none left
	buy := func(src, dst int) Action {
		return Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveCash: 120, TakeBuilding: src, PlaceOn: dst}}
	}
	refuse(t, g, 0, buy(24, 1), ErrUnevenBuilding) // 24 has fewer than 26
	refuse(t, g, 0, buy(26, 13), ErrNoMonopoly)    // 13 is not in a whole set
	refuse(t, g, 0, buy(1, 3), ErrBuildingTrade)   // not the counterparty's deed
	refuse(t, g, 0, buy(0, 3), ErrBadTrade)        // nothing taken
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{6}, TakeBuilding: 26, PlaceOn: 4}}, ErrBuildingTrade)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{-1, 99}, TakeBuilding: 26, PlaceOn: 3}}, ErrBadTrade)
	if k := g.TradedBuilding(&Trade{From: 0, To: 1, TakeBuilding: 26, PlaceOn: 3}); k != 1 {
		t.Fatalf("TradedBuilding = %d, want a branch", k)
	}
	// A game read back from storage knows its edition only by name until
	// first asked: the bot's composer asks TradedBuilding first.
	var stored Game
	if data, err := json.Marshal(g); err != nil || json.Unmarshal(data, &stored) != nil {
		t.Fatalf("round trip: %v", err)
	}
	if k := stored.TradedBuilding(&Trade{From: 0, To: 1, TakeBuilding: 26, PlaceOn: 3}); k != 1 {
		t.Fatalf("TradedBuilding on a decoded game = %d, want a branch", k)
	}
	do(t, g, 0, buy(26, 3))
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	hasEvent(t, ev, Event{Kind: EvBuildingTraded, Player: 0, Other: 1, Square: 3, From: 26, Amount: 3})
	refuse(t, g, 0, buy(20, 3), ErrUnevenBuilding) // 3 would have two more than 1
	if g.Props[26].Buildings != 3 || g.Props[3].Buildings != 3 || g.Houses != 0 {
		t.Fatalf("buildings %d and %d, stock %d", g.Props[26].Buildings, g.Props[3].Buildings, g.Houses)
	}
	wantCash(t, g, 1380, 1620)

	// While the bank has branches, they are bought from the bank.
	g = newBusinessGame(t, 2, nil)
	own(g, 1, 20, 22, 23)
	build(g, 2, 20, 22, 23)
	own(g, 0, 1, 3)
	refuse(t, g, 0, buy(20, 1), ErrBuildingTrade)
	// The classic game auctions the bank's last buildings instead.
	c := newTestGame(t, 2, nil)
	own(c, 1, 37, 39)
	build(c, 2, 37, 39)
	own(c, 0, 1, 3)
	refuse(t, c, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveCash: 10, TakeBuilding: 37, PlaceOn: 1}}, ErrOptionDisabled)

	// A corporation: the seller's deed keeps four branches, which the
	// buyer's deed gives up.
	g = newBusinessGame(t, 2, nil)
	own(g, 1, 8, 10, 11, 13, 14, 15, 16, 17, 19, 20)
	build(g, Hotel, 8, 10, 11, 13, 14, 15, 16, 17, 19) // 9 corporations
	own(g, 0, 1, 3)
	build(g, 4, 1, 3)
	actSq(t, g, 0, ActBuild, 1) // the bank's last
	do(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveCash: 300, TakeBuilding: 19, PlaceOn: 3}})
	if k := g.TradedBuilding(&g.Trades[0]); k != Hotel {
		t.Fatalf("TradedBuilding = %d, want a corporation", k)
	}
	ev = do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	hasEvent(t, ev, Event{Kind: EvBuildingTraded, Player: 0, Other: 1, Square: 3, From: 19, Amount: Hotel})
	if g.Props[19].Buildings != 4 || g.Props[3].Buildings != Hotel || g.Hotels != 0 || g.Houses != 26-4 {
		t.Fatalf("buildings %d and %d, stock %d/%d", g.Props[19].Buildings, g.Props[3].Buildings, g.Houses, g.Hotels)
	}
}

// TestCorporationNeedsFullSet: even with even building switched off, a
// corporation needs four branches on every deed of its set.
func TestCorporationNeedsFullSet(t *testing.T) {
	g := newBusinessGame(t, 2, businessRules(func(r *Rules) { r.EvenBuilding = false }))
	own(g, 0, 4, 6, 7)
	g.Props[4].Buildings, g.Props[6].Buildings, g.Props[7].Buildings = 4, 2, 4
	g.Houses -= 10
	actSq(t, g, 0, ActBuild, 6) // uneven branches are allowed
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 4}, ErrUnevenBuilding)
	actSq(t, g, 0, ActBuild, 6)
	ev := actSq(t, g, 0, ActBuild, 4)
	hasEvent(t, ev, Event{Kind: EvBuilt, Player: 0, Square: 4, Amount: Hotel, Cost: 50})
}
