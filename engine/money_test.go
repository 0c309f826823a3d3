package engine

import "testing"

// Mortgages, debts and bankruptcy.

func TestMortgage(t *testing.T) {
	tests := []struct {
		sq         int
		value, fee int // mortgage value, cost to lift it
	}{
		{1, 30, 33},
		{37, 175, 193}, // 17.5 interest rounds up
		{39, 200, 220},
		{5, 100, 110},
		{12, 75, 83},
	}
	for _, tt := range tests {
		g := newTestGame(t, 2, nil)
		own(g, 0, tt.sq)
		ev := actSq(t, g, 0, ActMortgage, tt.sq)
		wantEvents(t, ev, Event{Kind: EvMortgaged, Player: 0, Square: tt.sq, Cost: tt.value})
		wantCash(t, g, 1500+tt.value)
		refuse(t, g, 0, Action{Kind: ActMortgage, Square: tt.sq}, ErrMortgaged)
		if c := g.UnmortgageCost(tt.sq); c != tt.fee {
			t.Fatalf("square %d: unmortgage cost %d, want %d", tt.sq, c, tt.fee)
		}
		ev = actSq(t, g, 0, ActUnmortgage, tt.sq)
		wantEvents(t, ev, Event{Kind: EvUnmortgaged, Player: 0, Square: tt.sq, Cost: tt.fee})
		wantCash(t, g, 1500+tt.value-tt.fee)
		refuse(t, g, 0, Action{Kind: ActUnmortgage, Square: tt.sq}, ErrNotMortgaged)
	}
	g := newTestGame(t, 2, nil)
	own(g, 0, 37, 39)
	build(g, 1, 39)
	own(g, 1, 5)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 37}, ErrHasBuildings)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 39}, ErrHasBuildings)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 5}, ErrNotOwner)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 0}, ErrNotProperty)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: -1}, ErrNotProperty)
	// Any player may mortgage in a quiet phase, not only the current one.
	actSq(t, g, 1, ActMortgage, 5)
	setCash(g, 1, 109)
	refuse(t, g, 1, Action{Kind: ActUnmortgage, Square: 5}, ErrInsufficientFunds)
	// Building again needs the whole set unmortgaged.
	actSq(t, g, 0, ActSellBuilding, 39)
	actSq(t, g, 0, ActMortgage, 37)
	refuse(t, g, 0, Action{Kind: ActBuild, Square: 39}, ErrSetMortgaged)
	actSq(t, g, 0, ActUnmortgage, 37)
	actSq(t, g, 0, ActBuild, 39)
}

// TestReceivedMortgage: a mortgaged deed received in a trade costs its new
// owner 10 % at once; they may lift the mortgage for the bare value until
// their own turn ends, afterwards for the value plus 10 %.
func TestReceivedMortgage(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 0, 37)
	actSq(t, g, 0, ActMortgage, 37)
	do(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{37}, TakeCash: 100}})
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	wantEvents(t, ev,
		Event{Kind: EvTradeAccepted, Player: 1, Other: 0, Amount: 1},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 37},
		Event{Kind: EvMortgageInterest, Player: 1, Square: 37, Amount: 18},
	)
	wantCash(t, g, 1500+175+100, 1500-100-18)
	if !g.Props[37].Received || !g.Props[37].Mortgaged || g.UnmortgageCost(37) != 175 {
		t.Fatalf("received deed: %+v, cost %d", g.Props[37], g.UnmortgageCost(37))
	}
	// Seat 0's turn ends: seat 1's window lasts until seat 1's own turn ends.
	roll(t, g, 0, 1, 2)
	act(t, g, 0, ActDecline)
	do(t, g, System, Action{Kind: ActTimeout})
	endTurn(t, g, 0, 1)
	if g.UnmortgageCost(37) != 175 {
		t.Fatalf("cost %d during the new owner's turn, want 175", g.UnmortgageCost(37))
	}
	roll(t, g, 1, 1, 3) // 0 → 4, income tax
	endTurn(t, g, 1, 0)
	if g.Props[37].Received || g.UnmortgageCost(37) != 193 {
		t.Fatalf("after the new owner's turn: %+v cost %d, want 193", g.Props[37], g.UnmortgageCost(37))
	}
	ev = actSq(t, g, 1, ActUnmortgage, 37)
	wantEvents(t, ev, Event{Kind: EvUnmortgaged, Player: 1, Square: 37, Cost: 193})

	// Lifting at once costs the bare value.
	g = newTestGame(t, 2, nil)
	own(g, 1, 39)
	actSq(t, g, 1, ActMortgage, 39)
	do(t, g, 1, Action{Kind: ActProposeTrade, Trade: &Trade{To: 0, GiveDeeds: []int{39}, TakeCash: 1}})
	do(t, g, 0, Action{Kind: ActAcceptTrade, TradeID: 1})
	wantCash(t, g, 1500-1-20, 1500+200+1)
	ev = actSq(t, g, 0, ActUnmortgage, 39)
	wantEvents(t, ev, Event{Kind: EvUnmortgaged, Player: 0, Square: 39, Cost: 200})
	if g.Props[39].Received {
		t.Fatal("received flag left on a lifted mortgage")
	}

	// The interest is a debt when the new owner lacks the cash.
	g = newTestGame(t, 2, nil)
	own(g, 0, 39, 1)
	actSq(t, g, 0, ActMortgage, 39)
	setCash(g, 1, 10)
	own(g, 1, 3, 5)
	do(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{39}, TakeDeeds: []int{3}}})
	ev = do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 1, Other: Bank, Amount: 20})
	wantPhase(t, g, PhaseDebt)
	if g.Waiting() != 1 {
		t.Fatal("the new owner owes the interest")
	}
	refuse(t, g, 1, Action{Kind: ActBankrupt}, ErrCanStillPay) // port 5 can be mortgaged
	actSq(t, g, 1, ActMortgage, 5)
	ev = act(t, g, 1, ActPayDebt)
	wantEvents(t, ev, Event{Kind: EvDebtPaid, Player: 1, Other: Bank, Amount: 20})
	wantCash(t, g, 1700, 90)
	wantPhase(t, g, PhaseTurnStart)
}

func TestDebtAndRaising(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 1, 39)
	own(g, 0, 6, 8, 9)
	build(g, 2, 6, 8, 9)
	setCash(g, 0, 10)
	g.Players[0].Pos = 35
	ev := roll(t, g, 0, 1, 3)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{1, 3}},
		Event{Kind: EvMoved, Player: 0, From: 35, Square: 39},
		Event{Kind: EvLanded, Player: 0, Square: 39},
		Event{Kind: EvDebt, Player: 0, Other: 1, Amount: 50},
	)
	wantPhase(t, g, PhaseDebt)
	refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrInDebt)
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrInDebt)
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	refuse(t, g, 0, Action{Kind: ActBankrupt}, ErrCanStillPay)
	refuse(t, g, 0, Action{Kind: ActMortgage, Square: 6}, ErrHasBuildings)
	refuse(t, g, 1, Action{Kind: ActPayDebt}, ErrNotNow)
	// Raise: sell one house (25) → 35, still short; another → 60.
	actSq(t, g, 0, ActSellBuilding, 6)
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	actSq(t, g, 0, ActSellBuilding, 8)
	ev = act(t, g, 0, ActPayDebt)
	wantEvents(t, ev, Event{Kind: EvDebtPaid, Player: 0, Other: 1, Amount: 50})
	wantCash(t, g, 10, 1550)
	wantPhase(t, g, PhaseTurnEnd)
}

// TestDebtTimeout: the default for a debtor sells buildings and mortgages
// deeds until the debt can be paid.
func TestDebtTimeout(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 1, 39)
	own(g, 0, 6, 8, 9)
	build(g, 1, 6, 8, 9)
	setCash(g, 0, 10)
	g.Players[0].Pos = 35
	roll(t, g, 0, 1, 3)
	ev := do(t, g, System, Action{Kind: ActTimeout})
	wantEvents(t, ev,
		Event{Kind: EvTimeout, Player: 0},
		Event{Kind: EvBuildingSold, Player: 0, Square: 6, Amount: 0, Cost: 25},
		Event{Kind: EvBuildingSold, Player: 0, Square: 8, Amount: 0, Cost: 25},
		Event{Kind: EvDebtPaid, Player: 0, Other: 1, Amount: 50},
	)
	wantPhase(t, g, PhaseTurnEnd)
}

// TestBankruptToBank: cash and deeds go to the bank, buildings back to its
// stock, the jail card to the bottom of its deck, and the deeds are
// auctioned one after another among the remaining players.
func TestBankruptToBank(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 0, 1, 3, 5)
	build(g, 1, 1, 3)
	g.Props[5].Mortgaged = true
	holdJailCard(t, g, 0, DeckChance)
	setCash(g, 0, 50)
	g.Players[0].Pos = 1
	ev := roll(t, g, 0, 1, 2) // income tax 200
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: Bank, Amount: 200})
	if v := g.LiquidationValue(0); v != 50+50+60 {
		t.Fatalf("liquidation value %d", v)
	}
	bank := g.Bank
	ev = act(t, g, 0, ActBankrupt)
	wantEvents(t, ev,
		Event{Kind: EvBankrupt, Player: 0, Other: Bank},
		Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 1, Amount: 1},
	)
	if g.Bank != bank+50 { // paid 50 for the houses, took the 100 cash
		t.Fatalf("bank %d, was %d", g.Bank, bank)
	}
	if !g.Players[0].Bankrupt || g.Players[0].Cash != 0 || g.Players[0].JailCards != [2]bool{} {
		t.Fatalf("bankrupt seat: %+v", g.Players[0])
	}
	if g.Houses != 32 || g.Decks[DeckChance].Count != 16 || bottomCard(g, DeckChance) != cardIndex(t, DeckChance, CardJailFree, 0, 0) {
		t.Fatal("buildings or jail card not returned")
	}
	for _, sq := range []int{1, 3, 5} {
		if p := g.Props[sq]; p.Owner != NoOwner || p.Mortgaged || p.Buildings != 0 {
			t.Fatalf("square %d after bankruptcy: %+v", sq, p)
		}
	}
	if !g.Auction.Passed[0] || g.Auction.Passed[1] || g.Auction.Passed[2] {
		t.Fatalf("bidders %v", g.Auction.Passed)
	}
	refuse(t, g, 0, Action{Kind: ActBid, Amount: 5}, ErrNotInGame)
	do(t, g, 1, Action{Kind: ActBid, Amount: 10})
	ev = act(t, g, 2, ActPass)
	wantEvents(t, ev,
		Event{Kind: EvAuctionPass, Player: 2, Square: 1},
		Event{Kind: EvAuctionWon, Player: 1, Square: 1, Amount: 10},
		Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 3, Amount: 1},
	)
	act(t, g, 1, ActPass)
	ev = act(t, g, 2, ActPass)
	wantEvents(t, ev,
		Event{Kind: EvAuctionPass, Player: 2, Square: 3},
		Event{Kind: EvAuctionUnsold, Square: 3},
		Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 5, Amount: 1},
	)
	do(t, g, 2, Action{Kind: ActBid, Amount: 1})
	ev = act(t, g, 1, ActPass)
	wantEvents(t, ev,
		Event{Kind: EvAuctionPass, Player: 1, Square: 5},
		Event{Kind: EvAuctionWon, Player: 2, Square: 5, Amount: 1},
		Event{Kind: EvTurnStarted, Player: 1, Amount: g.Turn},
	)
	if g.Props[5].Owner != 2 || g.Props[5].Mortgaged {
		t.Fatal("auctioned deed comes unmortgaged")
	}
	wantPhase(t, g, PhaseTurnStart)
	if g.Current != 1 {
		t.Fatalf("current %d, want 1", g.Current)
	}
	if g.Legal(0) != nil {
		t.Fatalf("a bankrupt player has legal actions: %+v", g.Legal(0))
	}
	refuse(t, g, 0, Action{Kind: ActVoteEnd}, ErrNotInGame)
}

// TestBankruptToPlayer: buildings are sold to the bank at half price and
// the creditor gets the cash, the deeds (paying 10 % on mortgaged ones,
// which they may then lift for the bare value) and the jail cards.
func TestBankruptToPlayer(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 1, 37, 39)
	build(g, Hotel, 37, 39)
	own(g, 0, 6, 8, 9, 12, 15)
	build(g, 1, 6, 8, 9)
	g.Props[12].Mortgaged = true
	holdJailCard(t, g, 0, DeckChest)
	setCash(g, 0, 300)
	g.Players[0].Pos = 35
	roll(t, g, 0, 1, 3)
	wantPhase(t, g, PhaseDebt)
	if v := g.LiquidationValue(0); v != 300+75+50+50+60+100 {
		t.Fatalf("liquidation value %d", v)
	}
	ev := act(t, g, 0, ActBankrupt)
	wantEvents(t, ev,
		Event{Kind: EvBankrupt, Player: 0, Other: 1},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 6},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 8},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 9},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 12},
		Event{Kind: EvMortgageInterest, Player: 1, Square: 12, Amount: 8},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 15},
		Event{Kind: EvTurnStarted, Player: 1, Amount: g.Turn},
	)
	wantCash(t, g, 0, 1500+375-8, 1500)
	if !g.Players[1].JailCards[DeckChest] || g.Houses != 32-0 {
		t.Fatalf("jail card %v, houses %d", g.Players[1].JailCards, g.Houses)
	}
	for _, sq := range []int{6, 8, 9} {
		if g.Props[sq].Buildings != 0 || g.Props[sq].Owner != 1 {
			t.Fatalf("square %d: %+v", sq, g.Props[sq])
		}
	}
	// The creditor may lift the received mortgage for the bare value now.
	if !g.Props[12].Received || g.UnmortgageCost(12) != 75 {
		t.Fatalf("received %v cost %d, want the bare 75", g.Props[12].Received, g.UnmortgageCost(12))
	}
	ev = actSq(t, g, 1, ActUnmortgage, 12)
	wantEvents(t, ev, Event{Kind: EvUnmortgaged, Player: 1, Square: 12, Cost: 75})
}

func TestResign(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 1, 39)
	ev := act(t, g, 1, ActResign)
	wantEvents(t, ev, // the deed goes back to the bank unsold: no auction
		Event{Kind: EvResigned, Player: 1},
		Event{Kind: EvBankrupt, Player: 1, Other: Bank},
	)
	if g.Props[39].Owner != NoOwner || g.Auction != nil || len(g.AuctionQueue) != 0 {
		t.Fatalf("deed 39 %+v, auction %+v, queue %v after resigning", g.Props[39], g.Auction, g.AuctionQueue)
	}
	wantCash(t, g, 1500, 0, 1500)
	wantPhase(t, g, PhaseTurnStart)
	if g.Current != 0 {
		t.Fatal("resigning out of turn keeps the current player")
	}
	refuse(t, g, 1, Action{Kind: ActResign}, ErrNotInGame)
	// The last but one resigning ends the game.
	ev = act(t, g, 0, ActResign)
	hasEvent(t, ev, Event{Kind: EvGameOver, Player: 2})
	wantPhase(t, g, PhaseGameOver)
}
