package engine

import "testing"

func propose(t *testing.T, g *Game, p PlayerID, tr Trade) int {
	t.Helper()
	ev := do(t, g, p, Action{Kind: ActProposeTrade, Trade: &tr})
	id := g.NextTrade
	wantEvents(t, ev, Event{Kind: EvTradeProposed, Player: p, Other: tr.To, Amount: id})
	return id
}

func TestTradeRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(g *Game)
		p     PlayerID
		trade *Trade
		want  error
	}{
		{"no offer", nil, 0, nil, ErrBadTrade},
		{"with oneself", func(g *Game) { own(g, 0, 1) }, 0, &Trade{To: 0, GiveDeeds: []int{1}, TakeCash: 10}, ErrSelfTrade},
		{"with a bankrupt player", func(g *Game) { own(g, 0, 1); g.Players[2].Bankrupt = true; give(g, 2, -1500) }, 0,
			&Trade{To: 2, GiveDeeds: []int{1}, TakeCash: 10}, ErrNotInGame},
		{"with nobody", func(g *Game) { own(g, 0, 1) }, 0, &Trade{To: 7, GiveDeeds: []int{1}, TakeCash: 10}, ErrNotInGame},
		{"cash for nothing (a loan)", nil, 0, &Trade{To: 1, GiveCash: 100}, ErrBadTrade},
		{"asking for cash only", nil, 0, &Trade{To: 1, TakeCash: 100}, ErrBadTrade},
		{"nothing at all", nil, 0, &Trade{To: 1}, ErrBadTrade},
		{"more cash than held", func(g *Game) { own(g, 1, 1) }, 0, &Trade{To: 1, GiveCash: 1501, TakeDeeds: []int{1}}, ErrBadTrade},
		{"negative cash", func(g *Game) { own(g, 0, 1) }, 0, &Trade{To: 1, GiveDeeds: []int{1}, TakeCash: -5}, ErrBadTrade},
		{"a deed not owned", func(g *Game) { own(g, 2, 1) }, 0, &Trade{To: 1, GiveDeeds: []int{1}, TakeCash: 5}, ErrBadTrade},
		{"a deed of the other side not theirs", func(g *Game) { own(g, 2, 1) }, 0, &Trade{To: 1, GiveCash: 5, TakeDeeds: []int{1}}, ErrBadTrade},
		{"a square that is no deed", nil, 0, &Trade{To: 1, GiveDeeds: []int{7}, TakeCash: 5}, ErrBadTrade},
		{"off the board", nil, 0, &Trade{To: 1, GiveDeeds: []int{40}, TakeCash: 5}, ErrBadTrade},
		{"the same deed twice", func(g *Game) { own(g, 0, 1) }, 0, &Trade{To: 1, GiveDeeds: []int{1, 1}, TakeCash: 5}, ErrBadTrade},
		{"a jail card not held", nil, 0, &Trade{To: 1, GiveCards: []int{DeckChance}, TakeCash: 5}, ErrBadTrade},
		{"a jail card of no deck", nil, 0, &Trade{To: 1, GiveCards: []int{2}, TakeCash: 5}, ErrBadTrade},
		{"buildings in the set", func(g *Game) { own(g, 0, 37, 39); build(g, 1, 39) }, 0,
			&Trade{To: 1, GiveDeeds: []int{37}, TakeCash: 5}, ErrHasBuildings},
		{"a bankrupt proposer", func(g *Game) { own(g, 1, 1); g.Players[2].Bankrupt = true; give(g, 2, -1500) }, 2,
			&Trade{To: 1, TakeDeeds: []int{1}, GiveCash: 5}, ErrNotInGame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(t, 3, nil)
			if tt.setup != nil {
				tt.setup(g)
			}
			refuse(t, g, tt.p, Action{Kind: ActProposeTrade, Trade: tt.trade}, tt.want)
		})
	}
}

func TestTrade(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 0, 37, 5)
	own(g, 1, 39, 12)
	actSq(t, g, 1, ActMortgage, 12)
	holdJailCard(t, g, 1, DeckChest)
	// Seat 0 offers 37 and 100 for 39, the mortgaged 12 and the jail card.
	id := propose(t, g, 0, Trade{To: 1, From: 2 /* ignored */, GiveDeeds: []int{37}, GiveCash: 100,
		TakeDeeds: []int{39, 12}, TakeCards: []int{DeckChest}})
	if g.Trades[0].From != 0 {
		t.Fatal("the proposer is the acting player")
	}
	refuse(t, g, 0, Action{Kind: ActAcceptTrade, TradeID: id}, ErrNotNow)
	refuse(t, g, 2, Action{Kind: ActAcceptTrade, TradeID: id}, ErrNotNow)
	refuse(t, g, 2, Action{Kind: ActRejectTrade, TradeID: id}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActCancelTrade, TradeID: id}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id + 1}, ErrTradeNotFound)
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
	wantEvents(t, ev,
		Event{Kind: EvTradeAccepted, Player: 1, Other: 0, Amount: id},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 37},
		Event{Kind: EvDeedReceived, Player: 0, Other: 1, Square: 39},
		Event{Kind: EvDeedReceived, Player: 0, Other: 1, Square: 12},
		Event{Kind: EvMortgageInterest, Player: 0, Square: 12, Amount: 8},
	)
	wantCash(t, g, 1500-100-8, 1500+75+100, 1500)
	if g.Props[37].Owner != 1 || g.Props[39].Owner != 0 || g.Props[12].Owner != 0 || !g.Props[12].Mortgaged {
		t.Fatal("deeds not exchanged")
	}
	if !g.Players[0].JailCards[DeckChest] || g.Players[1].JailCards[DeckChest] {
		t.Fatal("jail card not passed")
	}
	if len(g.Trades) != 0 {
		t.Fatal("accepted offer still listed")
	}
	refuse(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id}, ErrTradeNotFound)

	// Reject and cancel.
	id = propose(t, g, 0, Trade{To: 2, GiveCards: []int{DeckChest}, TakeCash: 50})
	ev = do(t, g, 2, Action{Kind: ActRejectTrade, TradeID: id})
	wantEvents(t, ev, Event{Kind: EvTradeRejected, Player: 2, Other: 0, Amount: id})
	id = propose(t, g, 0, Trade{To: 2, GiveCards: []int{DeckChest}, TakeCash: 50})
	ev = do(t, g, 0, Action{Kind: ActCancelTrade, TradeID: id})
	wantEvents(t, ev, Event{Kind: EvTradeCancelled, Player: 0, Other: 2, Amount: id})
	if len(g.Trades) != 0 {
		t.Fatal("offers left")
	}
}

// TestTradePruned: an offer the game made impossible is withdrawn with
// EvTradeCancelled in the same step.
func TestTradePruned(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 0, 39)
	a := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{39}, TakeCash: 100})
	b := propose(t, g, 0, Trade{To: 2, GiveDeeds: []int{39}, TakeCash: 200})
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: a})
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 0, Other: 2, Amount: b})
	refuse(t, g, 2, Action{Kind: ActAcceptTrade, TradeID: b}, ErrTradeNotFound)

	// Cash spent after the offer.
	g = newTestGame(t, 2, nil)
	own(g, 1, 39)
	c := propose(t, g, 0, Trade{To: 1, GiveCash: 1500, TakeDeeds: []int{39}})
	ev = roll(t, g, 0, 1, 2)
	noEvent(t, ev, EvTradeCancelled)
	ev = act(t, g, 0, ActBuy) // 60 spent: 1500 is no longer there
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 0, Other: 1, Amount: c})

	// Buildings put in the set.
	g = newTestGame(t, 2, nil)
	own(g, 0, 37, 39)
	own(g, 1, 1)
	d := propose(t, g, 1, Trade{To: 0, GiveDeeds: []int{1}, TakeDeeds: []int{37}})
	ev = actSq(t, g, 0, ActBuild, 39)
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 1, Other: 0, Amount: d})

	// A party goes bankrupt.
	g = newTestGame(t, 3, nil)
	own(g, 1, 1)
	e := propose(t, g, 2, Trade{To: 1, GiveCash: 10, TakeDeeds: []int{1}})
	ev = act(t, g, 2, ActResign)
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 2, Other: 1, Amount: e})
}

// TestTradeTiming: offers are made and accepted in quiet phases (also in
// a debt, to raise money), not during an auction.
func TestTradeTiming(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 1, 39)
	roll(t, g, 0, 1, 2)
	propose(t, g, 0, Trade{To: 1, GiveCash: 10, TakeDeeds: []int{39}}) // buy decision
	act(t, g, 0, ActDecline)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveCash: 10, TakeDeeds: []int{39}}}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1}, ErrNotNow)
	do(t, g, System, Action{Kind: ActTimeout})
	do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: 1})
}
