package engine

import "testing"

// The lux edition's rules of buying, building, selling, mortgages, debts
// and the end of the game, one scripted test each (LUX.md maps them).

// TestLuxBuyOrAuction: a deed declined goes to auction, where the decliner
// may bid too.
func TestLuxBuyOrAuction(t *testing.T) {
	g := newLuxGame(t, 3, nil)
	ev := roll(t, g, 0, 1, 2) // 0 → 3, Делі
	wantPhase(t, g, PhaseBuyDecision)
	ev = act(t, g, 0, ActDecline)
	hasEvent(t, ev, Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 3, Amount: 1_000})
	do(t, g, 1, Action{Kind: ActBid, Amount: 30_000})
	do(t, g, 0, Action{Kind: ActBid, Amount: 45_000})
	act(t, g, 1, ActPass)
	ev = act(t, g, 2, ActPass)
	hasEvent(t, ev, Event{Kind: EvAuctionWon, Player: 0, Square: 3, Amount: 45_000})
	wantCash(t, g, 1_455_000, 1_500_000, 1_500_000)

	g = newLuxGame(t, 2, nil)
	roll(t, g, 0, 1, 2)
	ev = act(t, g, 0, ActBuy)
	wantEvents(t, ev, Event{Kind: EvBought, Player: 0, Square: 3, Amount: 60_000})
}

// TestLuxBuildingShortage: when the bank's last houses are wanted by more
// than one player they are auctioned, starting at the printed house price.
func TestLuxBuildingShortage(t *testing.T) {
	g := newLuxGame(t, 3, nil)
	own(g, 0, 1, 3)
	own(g, 1, 37, 39)
	own(g, 2, 6, 8, 9, 11, 13, 14, 16, 18, 19)
	build(g, 4, 6, 8, 9, 11, 13, 14) // 24
	build(g, 2, 16, 18)              // 28
	build(g, 3, 19)                  // 31: one house left
	if g.Houses != 1 {
		t.Fatalf("bank houses %d", g.Houses)
	}
	ev := actSq(t, g, 0, ActBuild, 1)
	wantEvents(t, ev,
		Event{Kind: EvBuildingAuction, Player: 0, Square: 1, Amount: 1},
		Event{Kind: EvAuctionStarted, Player: 0, Square: 1, Amount: 50_000})
	refuse(t, g, 1, Action{Kind: ActBid, Amount: 49_999}, ErrBidTooLow)
}

// TestLuxHotelSales: all hotels of a colour set leave together. Exchanged,
// each gives back half its price and becomes four houses, only when the
// bank has four houses for every one; sold with the set, each pays half
// its price plus half the price of the four houses it replaced.
func TestLuxHotelSales(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	own(g, 0, 37, 39)
	build(g, Hotel, 37, 39)
	ev := actSq(t, g, 0, ActSellBuilding, 39)
	wantEvents(t, ev,
		Event{Kind: EvBuildingSold, Player: 0, Square: 37, Amount: 4, Cost: 100_000},
		Event{Kind: EvBuildingSold, Player: 0, Square: 39, Amount: 4, Cost: 100_000})
	if g.Hotels != 12 || g.Houses != 24 {
		t.Fatalf("bank stock %d houses, %d hotels", g.Houses, g.Hotels)
	}
	wantCash(t, g, 1_700_000)

	// Five houses in the bank: enough for one hotel, not for both.
	g = newLuxGame(t, 2, nil)
	own(g, 0, 37, 39)
	build(g, Hotel, 37, 39)
	own(g, 1, 1, 3, 6, 8, 9, 11, 13, 14)
	build(g, 4, 1, 3, 6, 8, 9) // 20
	build(g, 2, 11, 13)        // 24
	build(g, 3, 14)            // 27
	refuse(t, g, 0, Action{Kind: ActSellBuilding, Square: 37}, ErrNoHousesLeft)
	classic := newLuxGame(t, 2, luxRules(func(r *Rules) { r.HotelsBySet = false }))
	own(classic, 0, 37, 39)
	build(classic, Hotel, 37, 39)
	own(classic, 1, 1, 3, 6, 8, 9, 11, 13, 14)
	build(classic, 4, 1, 3, 6, 8, 9)
	build(classic, 2, 11, 13)
	build(classic, 3, 14)
	actSq(t, classic, 0, ActSellBuilding, 37) // one hotel alone, without the rule

	// Sold with the set: half the hotel plus half of four houses, each.
	ev = actSq(t, g, 0, ActSellSet, 37)
	wantEvents(t, ev,
		Event{Kind: EvBuildingSold, Player: 0, Square: 37, Amount: 0, Cost: 500_000},
		Event{Kind: EvBuildingSold, Player: 0, Square: 39, Amount: 0, Cost: 500_000})
	wantCash(t, g, 2_500_000)
	if g.Hotels != 12 {
		t.Fatalf("hotels in the bank %d", g.Hotels)
	}
}

// TestLuxMortgage: +10 % to lift; a mortgaged deed received from a player
// costs 10 % at once and 10 % again when lifted, even at once; buildings
// are sold before a deed of their set is mortgaged or sold to a player
// (the reading LUX.md explains).
func TestLuxMortgage(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	own(g, 0, 37, 39)
	ev := actSq(t, g, 0, ActMortgage, 39)
	wantEvents(t, ev, Event{Kind: EvMortgaged, Player: 0, Square: 39, Cost: 200_000})
	if c := g.UnmortgageCost(39); c != 220_000 {
		t.Fatalf("lifting costs %d", c)
	}
	do(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{39}, TakeCash: 100_000}})
	ev = do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	hasEvent(t, ev, Event{Kind: EvMortgageInterest, Player: 1, Square: 39, Amount: 20_000})
	if c := g.UnmortgageCost(39); c != 220_000 {
		t.Fatalf("the receiver lifts for %d, want 220 000 (10 %% again)", c)
	}
	ev = actSq(t, g, 1, ActUnmortgage, 39)
	wantEvents(t, ev, Event{Kind: EvUnmortgaged, Player: 1, Square: 39, Cost: 220_000})
	wantCash(t, g, 1_500_000+200_000+100_000, 1_500_000-100_000-20_000-220_000)

	// Buildings first: no mortgage and no sale to a player in a built set.
	g = newLuxGame(t, 2, nil)
	own(g, 0, 37, 39)
	build(g, 1, 37, 39)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 37}, ErrHasBuildings)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{37}, TakeCash: 1}}, ErrHasBuildings)
	actSq(t, g, 0, ActSellBuilding, 37)
	actSq(t, g, 0, ActSellBuilding, 39)
	actSq(t, g, 0, ActMortgage, 37)
}

// TestLuxBankruptcy: to the bank, the deeds are auctioned to the others
// and the jail card goes back under its deck; to a player, the buildings
// go to the bank at half price and the creditor takes the cash, deeds and
// cards, paying 10 % on each mortgaged deed.
func TestLuxBankruptcy(t *testing.T) {
	g := newLuxGame(t, 3, nil)
	own(g, 0, 1, 3)
	topCard(t, g, DeckChance, luxCard(t, DeckChance, CardJailFree, 0))
	g.Decks[DeckChance].draw()
	g.Players[0].JailCards[DeckChance] = true
	ev := act(t, g, 0, ActResign)
	hasEvent(t, ev, Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 1, Amount: 1_000})
	if g.AuctionQueue[0] != 3 || bottomCard(g, DeckChance) != luxCard(t, DeckChance, CardJailFree, 0) {
		t.Fatalf("queue %v, bottom card %d", g.AuctionQueue, bottomCard(g, DeckChance))
	}

	g = newLuxGame(t, 3, nil)
	own(g, 1, 37, 39)
	build(g, Hotel, 37, 39)
	own(g, 0, 1, 3, 12)
	build(g, 1, 1, 3)
	actSq(t, g, 0, ActMortgage, 12)
	setCash(g, 0, 100_000)
	g.Players[0].Pos = 35
	roll(t, g, 0, 1, 3) // Київ with a hotel: 2 000 000
	wantPhase(t, g, PhaseDebt)
	ev = act(t, g, 0, ActBankrupt)
	hasEvent(t, ev, Event{Kind: EvBankrupt, Player: 0, Other: 1})
	hasEvent(t, ev, Event{Kind: EvMortgageInterest, Player: 1, Square: 12, Amount: 8_000}) // 10 % of 75 000, rounded up to a note
	// 100 000 cash and 2 × 25 000 for the houses go to the creditor.
	wantCash(t, g, 0, 1_500_000+150_000-8_000, 1_500_000)
	if g.Props[1].Owner != 1 || g.Props[1].Buildings != 0 || g.Houses != 32 {
		t.Fatalf("deed 1 %+v, bank houses %d", g.Props[1], g.Houses)
	}
}

// TestLuxPartialPayment: a debtor short of the rent pays part in cash and
// part with an unbuilt deed, at a price the creditor accepts above the
// printed one.
func TestLuxPartialPayment(t *testing.T) {
	g := newLuxGame(t, 2, nil)
	own(g, 1, 37, 39)
	own(g, 0, 3)
	setCash(g, 0, 20_000)
	g.Players[0].Pos = 35
	roll(t, g, 0, 1, 3) // 100 000 for the bare dark-blue set
	wantPhase(t, g, PhaseDebt)
	// Делі (printed 60 000) is taken for 80 000 of the debt, with all the cash.
	do(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{3}, GiveCash: 20_000, Debt: 100_000}})
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	hasEvent(t, ev, Event{Kind: EvDebtSettled, Player: 0, Other: 1, Amount: 100_000})
	if g.Props[3].Owner != 1 || len(g.Debts) != 0 {
		t.Fatalf("deed %+v, debts %v", g.Props[3], g.Debts)
	}
	wantCash(t, g, 0, 1_520_000)
}

// TestLuxEarlyEnd: on by default; when everyone agrees the player with
// the most money and property wins.
func TestLuxEarlyEnd(t *testing.T) {
	g := newLuxGame(t, 3, nil)
	own(g, 2, 39)
	act(t, g, 0, ActVoteEnd)
	act(t, g, 1, ActVoteEnd)
	ev := act(t, g, 2, ActVoteEnd)
	hasEvent(t, ev, Event{Kind: EvGameOver, Player: 2, Amount: 1})
	if g.NetWorth(2) != 1_900_000 {
		t.Fatalf("net worth %d", g.NetWorth(2))
	}
}

// TestLuxWholeNotes: the rule book's smallest banknote is 1 000, so the
// least casino stake and the least opening bid are 1 000, stakes, bids and
// trades move whole thousands, and the 10 % interest is rounded up to one
// (a 75 000 mortgage costs 8 000, a 175 000 one 18 000).
func TestLuxWholeNotes(t *testing.T) {
	g := newLuxGame(t, 3, nil)
	if g.Note() != 1_000 || newTestGame(t, 2, nil).Note() != 1 {
		t.Fatalf("notes %d", g.Note())
	}
	// The opening bid and the raises.
	roll(t, g, 0, 1, 2) // 0 → 3, Делі
	ev := act(t, g, 0, ActDecline)
	hasEvent(t, ev, Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 3, Amount: 1_000})
	refuse(t, g, 1, Action{Kind: ActBid, Amount: 1}, ErrBidTooLow)
	refuse(t, g, 1, Action{Kind: ActBid, Amount: 2_500}, ErrWholeNotes)
	do(t, g, 1, Action{Kind: ActBid, Amount: 1_000})
	if min := g.Auction.MinBid(); min != 2_000 {
		t.Fatalf("next bid %d", min)
	}
	refuse(t, g, 2, Action{Kind: ActBid, Amount: 1_001}, ErrBidTooLow)
	do(t, g, 2, Action{Kind: ActBid, Amount: 2_000})
	for _, l := range g.Legal(0) {
		if l.Kind == ActBid && l.Amount != 3_000 {
			t.Fatalf("Legal bid from %d", l.Amount)
		}
	}
	// Trades in whole thousands.
	g = newLuxGame(t, 2, nil)
	own(g, 1, 6)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveCash: 10_500, TakeDeeds: []int{6}}}, ErrBadTrade)
	propose(t, g, 0, Trade{To: 1, GiveCash: 11_000, TakeDeeds: []int{6}})

	// Interest: 10 % of 75 000 (a telecom) and 175 000 (Нью-Йорк), rounded up.
	g = newLuxGame(t, 2, nil)
	own(g, 0, LuxInternet, 37)
	actSq(t, g, 0, ActMortgage, LuxInternet)
	actSq(t, g, 0, ActMortgage, 37)
	if c := g.UnmortgageCost(LuxInternet); c != 83_000 {
		t.Errorf("lifting the telecom costs %d, want 75 000 + 8 000", c)
	}
	if c := g.UnmortgageCost(37); c != 193_000 {
		t.Errorf("lifting Нью-Йорк costs %d, want 175 000 + 18 000", c)
	}
	id := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{LuxInternet}, TakeCash: 1_000})
	ev = do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
	hasEvent(t, ev, Event{Kind: EvMortgageInterest, Player: 1, Square: LuxInternet, Amount: 8_000})
}
