package engine

import "testing"

func TestBuildRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(g *Game)
		p     PlayerID
		sq    int
		want  error
	}{
		{"not a property", nil, 0, 7, ErrNotProperty},
		{"off the board", nil, 0, 40, ErrNotProperty},
		{"not the owner", func(g *Game) { own(g, 1, 37, 39) }, 0, 37, ErrNotOwner},
		{"port", func(g *Game) { own(g, 0, 5, 15, 25, 35) }, 0, 5, ErrNotBuildable},
		{"utility", func(g *Game) { own(g, 0, 12, 28) }, 0, 12, ErrNotBuildable},
		{"not the whole set", func(g *Game) { own(g, 0, 37) }, 0, 37, ErrNoMonopoly},
		{"a mortgage in the set", func(g *Game) { own(g, 0, 37, 39); g.Props[39].Mortgaged = true }, 0, 37, ErrSetMortgaged},
		{"uneven", func(g *Game) { own(g, 0, 37, 39); build(g, 1, 37) }, 0, 37, ErrUnevenBuilding},
		{"already a hotel", func(g *Game) { own(g, 0, 37, 39); build(g, Hotel, 37, 39) }, 0, 37, ErrMaxBuildings},
		{"no cash", func(g *Game) { own(g, 0, 37, 39); setCash(g, 0, 199) }, 0, 37, ErrInsufficientFunds},
		{"another player's turn", func(g *Game) { own(g, 1, 37, 39) }, 1, 37, ErrBuildBeforeTurn},
		{"three a turn", func(g *Game) { own(g, 0, 37, 39); g.Built = 3 }, 0, 37, ErrBuildLimit},
		{"no houses in the bank", func(g *Game) { own(g, 0, 37, 39); useAllHouses(g) }, 0, 37, ErrNoHousesLeft},
		{"no hotels in the bank", func(g *Game) { own(g, 0, 37, 39); build(g, 4, 37, 39); useAllHotels(g) }, 0, 37, ErrNoHotelsLeft},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(t, 3, nil)
			if tt.setup != nil {
				tt.setup(g)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			refuse(t, g, tt.p, Action{Kind: ActBuild, Square: tt.sq}, tt.want)
		})
	}
}

// useAllHouses puts the bank's 32 houses on seat 2's orange, red and yellow
// sets (4+4+4, 4+4+4, 3+3+2).
func useAllHouses(g *Game) {
	own(g, 2, 16, 18, 19, 21, 23, 24, 26, 27, 29)
	build(g, 4, 16, 18, 19, 21, 23, 24)
	build(g, 3, 26, 27)
	build(g, 2, 29)
}

// useAllHotels puts the bank's remaining hotels on seat 2's sets.
func useAllHotels(g *Game) {
	own(g, 2, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24)
	build(g, Hotel, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24)
}

func TestBuildEvenlyToHotel(t *testing.T) {
	g := newTestGame(t, 2, rulesWith(func(r *Rules) { r.BuildBeforeRollOnly = false }))
	own(g, 0, 37, 39)
	give(g, 0, 1000)
	order := []int{37, 39, 37, 39, 37, 39, 37, 39}
	for i, sq := range order {
		ev := actSq(t, g, 0, ActBuild, sq)
		wantEvents(t, ev, Event{Kind: EvBuilt, Player: 0, Square: sq, Amount: i/2 + 1, Cost: 200})
		if i%2 == 0 {
			refuse(t, g, 0, Action{Kind: ActBuild, Square: sq}, ErrUnevenBuilding)
		}
	}
	if g.Houses != 24 {
		t.Fatalf("bank houses %d, want 24", g.Houses)
	}
	ev := actSq(t, g, 0, ActBuild, 39)
	wantEvents(t, ev, Event{Kind: EvBuilt, Player: 0, Square: 39, Amount: Hotel, Cost: 200})
	if g.Houses != 28 || g.Hotels != 11 {
		t.Fatalf("after the hotel: %d houses, %d hotels in the bank; want 28 and 11", g.Houses, g.Hotels)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 39}, ErrMaxBuildings)
	wantCash(t, g, 2500-9*200)
	// Selling evenly at half price: the hotel first, back into four houses.
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 37}, ErrUnevenBuilding)
	ev = actSq(t, g, 0, ActSellBuilding, 39)
	wantEvents(t, ev, Event{Kind: EvBuildingSold, Player: 0, Square: 39, Amount: 4, Cost: 100})
	if g.Houses != 24 || g.Hotels != 12 {
		t.Fatalf("after breaking the hotel: %d houses, %d hotels", g.Houses, g.Hotels)
	}
	ev = actSq(t, g, 0, ActSellBuilding, 37)
	wantEvents(t, ev, Event{Kind: EvBuildingSold, Player: 0, Square: 37, Amount: 3, Cost: 100})
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 37}, ErrUnevenBuilding)
	wantCash(t, g, 2500-9*200+200)
	// Selling the set: every building at half price.
	ev = actSq(t, g, 0, ActSellSet, 39)
	wantEvents(t, ev,
		Event{Kind: EvBuildingSold, Player: 0, Square: 37, Amount: 0, Cost: 300},
		Event{Kind: EvBuildingSold, Player: 0, Square: 39, Amount: 0, Cost: 400},
	)
	wantCash(t, g, 2500-9*200+900)
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 37}, ErrNoBuildings)
	refuse(t, g, 0, Action{Kind: ActSellSet, Square: 37}, ErrNoBuildings)
	refuse(t, g, 1, Action{Kind: ActSellSet, Square: 37}, ErrNotOwner)
}

// TestHotelSaleShortOfHouses: a hotel is broken into houses only when the
// bank has four; otherwise the set's buildings are sold together.
func TestHotelSaleShortOfHouses(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 0, 37, 39)
	build(g, Hotel, 37, 39)
	useAllHouses(g)
	refuse(t, g, 2, Action{Kind: ActSellBuilding, Square: 29}, ErrUnevenBuilding)
	actSq(t, g, 2, ActSellBuilding, 26) // the bank has 1 house now
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 37}, ErrNoHousesLeft)
	// The timeout of a debt uses the same rule; by hand: sell the set.
	ev := actSq(t, g, 0, ActSellSet, 37)
	wantEvents(t, ev,
		Event{Kind: EvBuildingSold, Player: 0, Square: 37, Amount: 0, Cost: 500},
		Event{Kind: EvBuildingSold, Player: 0, Square: 39, Amount: 0, Cost: 500},
	)
	wantCash(t, g, 2500)
	if g.Hotels != 12 || g.Houses != 1 {
		t.Fatalf("stock %d houses %d hotels", g.Houses, g.Hotels)
	}
}

func TestBuildBeforeRollOnly(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 0, 6, 8, 9)
	own(g, 1, 37, 39)
	for _, sq := range []int{6, 8, 9} {
		actSq(t, g, 0, ActBuild, sq)
	}
	if g.Built != 3 {
		t.Fatalf("built %d", g.Built)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 6}, ErrBuildLimit)
	refuse(t, g, 1, Action{Kind: ActBuild, Square: 37}, ErrBuildBeforeTurn)
	roll(t, g, 0, 1, 2) // 0 → 3
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 6}, ErrBuildBeforeTurn)
	// Selling is allowed at any time.
	actSq(t, g, 0, ActSellBuilding, 6)
	act(t, g, 0, ActDecline)
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 6}, ErrNotNow) // not during an auction
	do(t, g, System, Action{Kind: ActTimeout})
	endTurn(t, g, 0, 1)
	ev := actSq(t, g, 1, ActBuild, 37)
	wantEvents(t, ev, Event{Kind: EvBuilt, Player: 1, Square: 37, Amount: 1, Cost: 200})
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 6}, ErrBuildBeforeTurn)
}

func TestBuildAnyTime(t *testing.T) {
	g := newTestGame(t, 2, rulesWith(func(r *Rules) { r.BuildBeforeRollOnly = false }))
	own(g, 0, 6, 8, 9)
	own(g, 1, 37, 39)
	for i := 0; i < 6; i++ { // no limit a turn
		actSq(t, g, 0, ActBuild, []int{6, 8, 9}[i%3])
	}
	actSq(t, g, 1, ActBuild, 37) // another player, in a quiet phase
	roll(t, g, 0, 1, 2)          // buy decision on 3
	actSq(t, g, 1, ActBuild, 39)
	act(t, g, 0, ActDecline)
	refuse(t, g, 1, Action{Kind: ActBuild, Square: 37}, ErrNotNow) // auction
	do(t, g, System, Action{Kind: ActTimeout})
	actSq(t, g, 1, ActBuild, 37) // turn end
	// Not while a debt is pending.
	g2 := newTestGame(t, 2, rulesWith(func(r *Rules) { r.BuildBeforeRollOnly = false }))
	own(g2, 0, 6, 8, 9)
	own(g2, 1, 37, 39)
	setCash(g2, 0, 100)
	g2.Players[0].Pos = 1
	roll(t, g2, 0, 1, 2) // income tax 200
	wantPhase(t, g2, PhaseDebt)
	refuse(t, g2, 1, Action{Kind: ActBuild, Square: 37}, ErrNotNow)
	refuse(t, g2, 0, Action{Kind: ActBuild, Square: 6}, ErrNotNow)
}

// shortage sets up a bank with two houses left: seat 0 owns dark blue
// (2 places for a house), seat 1 yellow at 2 houses (3 places), seat 2
// nothing to build on.
func shortage(t *testing.T) *Game {
	g := newTestGame(t, 3, nil)
	own(g, 0, 37, 39)
	own(g, 1, 26, 27, 29, 16, 18, 19, 21, 23, 24)
	build(g, 4, 16, 18, 19, 21, 23, 24)
	build(g, 2, 26, 27, 29)
	if g.Houses != 2 {
		t.Fatalf("bank houses %d", g.Houses)
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBuildingAuctionRequesterWins(t *testing.T) {
	g := shortage(t)
	ev := actSq(t, g, 0, ActBuild, 37)
	wantEvents(t, ev,
		Event{Kind: EvBuildingAuction, Player: 0, Square: 37, Amount: 1},
		Event{Kind: EvAuctionStarted, Player: 0, Square: 37, Amount: 200},
	)
	wantPhase(t, g, PhaseAuction)
	if g.Auction.Passed[0] || g.Auction.Passed[1] || !g.Auction.Passed[2] {
		t.Fatalf("bidders %v: only seats that can place a house", g.Auction.Passed)
	}
	refuse(t, g, 0, Action{Kind: ActBid, Amount: 199}, ErrBidTooLow)
	do(t, g, 0, Action{Kind: ActBid, Amount: 200})
	ev = act(t, g, 1, ActPass)
	wantEvents(t, ev,
		Event{Kind: EvAuctionPass, Player: 1, Square: 37},
		Event{Kind: EvAuctionWon, Player: 0, Square: 37, Amount: 200, Cost: 1},
		Event{Kind: EvBuilt, Player: 0, Square: 37, Amount: 1, Cost: 200},
	)
	wantPhase(t, g, PhaseTurnStart)
	wantCash(t, g, 1300, 1500, 1500)
	if g.Houses != 1 || g.Built != 1 {
		t.Fatalf("houses %d built %d", g.Houses, g.Built)
	}
}

func TestBuildingAuctionOtherWins(t *testing.T) {
	g := shortage(t)
	actSq(t, g, 0, ActBuild, 37)
	do(t, g, 1, Action{Kind: ActBid, Amount: 250})
	refuse(t, g, 1, Action{Kind: ActPass}, ErrNotNow)
	ev := act(t, g, 0, ActPass)
	wantEvents(t, ev,
		Event{Kind: EvAuctionPass, Player: 0, Square: 37},
		Event{Kind: EvAuctionWon, Player: 1, Square: 37, Amount: 250, Cost: 1},
	)
	wantPhase(t, g, PhasePlaceBuilding)
	if g.Waiting() != 1 || g.Placing != 1 || g.PlaceKind != 1 {
		t.Fatalf("waiting %d placing %d kind %d", g.Waiting(), g.Placing, g.PlaceKind)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 37}, ErrNotNow)
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActBuild, Square: 37}, ErrNotOwner)
	refuse(t, g, 1, Action{Kind: ActBuild, Square: 16}, ErrUnevenBuilding) // a house, not a hotel
	refuse(t, g, 1, Action{Kind: ActResign}, ErrNotNow)
	legal := g.Legal(1)
	if len(legal) != 3 {
		t.Fatalf("legal placements %+v, want the three yellow streets", legal)
	}
	ev = actSq(t, g, 1, ActBuild, 27)
	wantEvents(t, ev, Event{Kind: EvBuilt, Player: 1, Square: 27, Amount: 3, Cost: 0})
	wantPhase(t, g, PhaseTurnStart)
	wantCash(t, g, 1500, 1250, 1500)
	if g.Houses != 1 || g.Built != 0 {
		t.Fatalf("houses %d built %d", g.Houses, g.Built)
	}
	// With one house left and two players wanting it, the next request
	// is an auction too; a timeout without bids leaves it in the bank.
	actSq(t, g, 0, ActBuild, 39)
	ev = do(t, g, System, Action{Kind: ActTimeout})
	hasEvent(t, ev, Event{Kind: EvAuctionUnsold, Square: 39, Amount: 1})
	if g.Houses != 1 {
		t.Fatal("unsold house left the bank")
	}
}

func TestBuildingAuctionPlacementTimeout(t *testing.T) {
	g := shortage(t)
	actSq(t, g, 0, ActBuild, 37)
	do(t, g, 1, Action{Kind: ActBid, Amount: 200})
	act(t, g, 0, ActPass)
	ev := do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev,
		Event{Kind: EvTimeout, Player: 1},
		Event{Kind: EvBuilt, Player: 1, Square: 26, Amount: 3, Cost: 0},
	)
	wantPhase(t, g, PhaseTurnStart)
}

// TestNoShortageAuction: the last houses go at the printed price when
// only one player could place them, or when the players who could place
// them could not place more than the bank holds.
func TestNoShortageAuction(t *testing.T) {
	t.Run("one player wants the last house", func(t *testing.T) {
		g := newTestGame(t, 2, nil)
		own(g, 0, 37, 39, 6, 8, 9, 11, 13, 14)
		own(g, 1, 16, 18, 19)
		build(g, 4, 6, 8, 9, 16, 18, 19)
		build(g, 3, 11)
		build(g, 2, 13, 14)
		if g.Houses != 1 {
			t.Fatalf("bank houses %d", g.Houses)
		}
		ev := actSq(t, g, 0, ActBuild, 37)
		wantEvents(t, ev, Event{Kind: EvBuilt, Player: 0, Square: 37, Amount: 1, Cost: 200})
		refuse(t, g, 0, Action{Kind: ActBuild, Square: 39}, ErrNoHousesLeft)
	})
	t.Run("two want no more than the bank holds", func(t *testing.T) {
		g := newTestGame(t, 2, nil)
		own(g, 0, 37, 39)
		own(g, 1, 16, 18, 19, 21, 23, 24, 26, 27, 29)
		build(g, 4, 16, 18, 19, 21, 23, 24)
		build(g, 1, 26, 27, 29)
		if g.Houses != 5 {
			t.Fatalf("bank houses %d", g.Houses)
		}
		ev := actSq(t, g, 0, ActBuild, 37)
		wantEvents(t, ev, Event{Kind: EvBuilt, Player: 0, Square: 37, Amount: 1, Cost: 200})
		// Now 4 left, 1+3 wanted: still no auction.
		actSq(t, g, 0, ActBuild, 39)
		// 3 left, 2+3 wanted: auction.
		ev = actSq(t, g, 0, ActBuild, 37)
		wantKinds(t, ev, EvBuildingAuction, EvAuctionStarted)
	})
}

// TestHotelShortageAuction: the last hotel, wanted by two players, goes to
// auction from the printed cost of the requested square; the winner's four
// houses go back to the bank.
func TestHotelShortageAuction(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 0, 37, 39)
	own(g, 1, 6, 8, 9)
	own(g, 2, 1, 3, 11, 13, 14, 16, 18, 19, 21, 23, 24)
	build(g, 4, 37, 39, 6, 8, 9)
	build(g, Hotel, 1, 3, 11, 13, 14, 16, 18, 19, 21, 23, 24)
	if g.Hotels != 1 || g.Houses != 12 {
		t.Fatalf("stock %d houses %d hotels", g.Houses, g.Hotels)
	}
	ev := actSq(t, g, 0, ActBuild, 37)
	wantEvents(t, ev,
		Event{Kind: EvBuildingAuction, Player: 0, Square: 37, Amount: Hotel},
		Event{Kind: EvAuctionStarted, Player: 0, Square: 37, Amount: 200},
	)
	if !g.Auction.Passed[2] {
		t.Fatal("seat 2 has nowhere to put a hotel")
	}
	do(t, g, 1, Action{Kind: ActBid, Amount: 200})
	do(t, g, 0, Action{Kind: ActBid, Amount: 300})
	ev = act(t, g, 1, ActPass)
	wantEvents(t, ev,
		Event{Kind: EvAuctionPass, Player: 1, Square: 37},
		Event{Kind: EvAuctionWon, Player: 0, Square: 37, Amount: 300, Cost: Hotel},
		Event{Kind: EvBuilt, Player: 0, Square: 37, Amount: Hotel, Cost: 300},
	)
	if g.Hotels != 0 || g.Houses != 16 {
		t.Fatalf("stock %d houses %d hotels", g.Houses, g.Hotels)
	}
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 39}, ErrNoHotelsLeft)
}

// TestRefundPlacement: a building won at auction that can no longer be
// placed returns the winning bid (a guard; no rule reaches it today).
func TestRefundPlacement(t *testing.T) {
	g := newTestGame(t, 2, nil)
	give(g, 1, -120) // the bid paid to the bank
	g.Placing, g.PlaceKind, g.PlacePaid = 1, 1, 120
	g.refundPlacement()
	if g.Players[1].Cash != 1500 || g.Placing != NoOwner || g.PlacePaid != 0 {
		t.Fatalf("cash %d placing %d paid %d", g.Players[1].Cash, g.Placing, g.PlacePaid)
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}
