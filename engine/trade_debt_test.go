package engine

import "testing"

// debtGame returns a game where seat 0 owes seat 1 a rent of 100 for
// Boardwalk (the bare dark-blue set doubles 50) with 20 in cash; seat 0
// holds Mediterranean (1, mortgaged) and Baltic (3).
func debtGame(t *testing.T) *Game {
	t.Helper()
	g := newTestGame(t, 3, nil)
	own(g, 1, 37, 39)
	own(g, 0, 1, 3)
	actSq(t, g, 0, ActMortgage, 1)
	setCash(g, 0, 20)
	g.Players[0].Pos = 35
	ev := roll(t, g, 0, 1, 3)
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: 1, Amount: 100})
	wantPhase(t, g, PhaseDebt)
	return g
}

func TestTradeAgainstDebtRefusals(t *testing.T) {
	tests := []struct {
		name  string
		p     PlayerID
		trade Trade
		want  error
	}{
		{"more than owed", 0, Trade{To: 1, GiveDeeds: []int{3}, Debt: 101}, ErrDebtCredit},
		{"negative", 0, Trade{To: 1, GiveDeeds: []int{3}, TakeCash: 5, Debt: -1}, ErrDebtCredit},
		{"to someone who is not the creditor", 0, Trade{To: 2, GiveDeeds: []int{3}, Debt: 50}, ErrDebtCredit},
		{"by the creditor", 1, Trade{To: 0, GiveDeeds: []int{37}, Debt: 50}, ErrDebtCredit},
		{"by a player not in debt", 2, Trade{To: 1, GiveCash: 10, Debt: 50}, ErrDebtCredit},
		{"cash only: a partial payment is no trade", 0, Trade{To: 1, GiveCash: 20, Debt: 100}, ErrBadTrade},
		{"nothing given for the credit", 0, Trade{To: 1, Debt: 100}, ErrBadTrade},
		{"a deed not the debtor's", 0, Trade{To: 1, GiveDeeds: []int{39}, Debt: 100}, ErrBadTrade},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := debtGame(t)
			tr := tt.trade
			refuse(t, g, tt.p, Action{Kind: ActProposeTrade, Trade: &tr}, tt.want)
		})
	}
	// No debt at all: nothing can be credited.
	g := newTestGame(t, 2, nil)
	own(g, 0, 3)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{3}, Debt: 10}}, ErrDebtCredit)
	if g.MaxDebtCredit(0, 1) != 0 {
		t.Fatal("credit without a debt")
	}
}

// TestTradeAgainstDebt: the debtor pays the whole rent with two deeds, one
// of them mortgaged (the creditor pays the 10 % at once); play goes on.
func TestTradeAgainstDebt(t *testing.T) {
	g := debtGame(t)
	if g.MaxDebtCredit(0, 1) != 100 || g.MaxDebtCredit(0, 2) != 0 || g.MaxDebtCredit(1, 0) != 0 {
		t.Fatal("MaxDebtCredit")
	}
	id := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{1, 3}, Debt: 100})
	// Only the creditor accepts; the debtor cannot pay it in cash meanwhile.
	refuse(t, g, 2, Action{Kind: ActAcceptTrade, TradeID: id}, ErrNotNow)
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	cash1 := g.Players[1].Cash
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
	wantEvents(t, ev,
		Event{Kind: EvTradeAccepted, Player: 1, Other: 0, Amount: id},
		Event{Kind: EvDebtSettled, Player: 0, Other: 1, Amount: 100, Cost: 0},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 1},
		Event{Kind: EvMortgageInterest, Player: 1, Square: 1, Amount: 3},
		Event{Kind: EvDeedReceived, Player: 1, Other: 0, Square: 3},
	)
	if g.Debts != nil || g.Phase != PhaseTurnEnd {
		t.Fatalf("debt left %v, phase %d", g.Debts, g.Phase)
	}
	wantCash(t, g, 20, cash1-3)
	if g.Props[1].Owner != 1 || !g.Props[1].Received || g.Props[3].Owner != 1 {
		t.Fatal("deeds not with the creditor")
	}
	// The receiver may lift the received mortgage for the bare value.
	if g.UnmortgageCost(1) != 30 {
		t.Fatalf("lifting costs %d", g.UnmortgageCost(1))
	}
	endTurn(t, g, 0, 1)
}

// TestTradeAgainstDebtPartly: the creditor credits 60 for a deed and pays
// 10 on top; the debtor pays the remaining 40 in cash.
func TestTradeAgainstDebtPartly(t *testing.T) {
	g := debtGame(t)
	id := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{3}, TakeCash: 10, Debt: 60})
	cash1 := g.Players[1].Cash
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
	hasEvent(t, ev, Event{Kind: EvDebtSettled, Player: 0, Other: 1, Amount: 60, Cost: 40})
	wantPhase(t, g, PhaseDebt)
	if len(g.Debts) != 1 || g.Debts[0].Amount != 40 || g.Owed(0) != 40 {
		t.Fatalf("debts %v", g.Debts)
	}
	wantCash(t, g, 30, cash1-10)
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	setCash(g, 0, 40)
	ev = act(t, g, 0, ActPayDebt)
	hasEvent(t, ev, Event{Kind: EvDebtPaid, Player: 0, Other: 1, Amount: 40})
	wantPhase(t, g, PhaseTurnEnd)
}

// TestTradeAgainstDebtStale: an offer against a debt dies with the debt,
// and one that asks more than is still owed cannot be accepted.
func TestTradeAgainstDebtStale(t *testing.T) {
	g := debtGame(t)
	a := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{3}, Debt: 100})
	b := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{1}, Debt: 50})
	// Mediterranean pays 50 of the debt: offer a (100 against the 50 still
	// owed) is void.
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: b})
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 0, Other: 1, Amount: a})
	refuse(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: a}, ErrTradeNotFound)
	c := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{3}, Debt: 50})
	actSq(t, g, 0, ActMortgage, 3) // 20 + 30 = 50: enough now
	ev = act(t, g, 0, ActPayDebt)
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 0, Other: 1, Amount: c})
	refuse(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: c}, ErrTradeNotFound)
	if len(g.Trades) != 0 {
		t.Fatal("offers left")
	}
}

// TestTradeAgainstDebtInterestDebt: a creditor who cannot pay the 10 % on
// a received mortgaged deed owes it to the bank; money stays conserved.
func TestTradeAgainstDebtInterestDebt(t *testing.T) {
	g := debtGame(t)
	setCash(g, 1, 0)
	id := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{1}, Debt: 100})
	ev := do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 1, Other: Bank, Amount: 3})
	wantPhase(t, g, PhaseDebt)
	if len(g.Debts) != 1 || g.Debts[0].Debtor != 1 {
		t.Fatalf("debts %v", g.Debts)
	}
}

// TestJailCardSold: a get-out-of-jail card changes hands for cash and its
// new holder uses it.
func TestJailCardSold(t *testing.T) {
	g := newTestGame(t, 2, nil)
	holdJailCard(t, g, 1, DeckChance)
	id := propose(t, g, 0, Trade{To: 1, GiveCash: 40, TakeCards: []int{DeckChance}})
	do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
	wantCash(t, g, 1460, 1540)
	if !g.Players[0].JailCards[DeckChance] || g.Players[1].JailCards[DeckChance] {
		t.Fatal("card not passed")
	}
	g.Players[0].InJail, g.Players[0].Pos = true, 10
	ev := act(t, g, 0, ActUseJailCard)
	hasEvent(t, ev, Event{Kind: EvJailCardUsed, Player: 0, Deck: DeckChance})
}

func TestTradable(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 0, 37, 39, 5, 1)
	own(g, 1, 3)
	build(g, 1, 37, 39)
	actSq(t, g, 0, ActMortgage, 1)
	for _, c := range []struct {
		p    PlayerID
		sq   int
		want bool
	}{{0, 5, true}, {0, 1, true}, {0, 37, false}, {0, 39, false}, {0, 3, false}, {1, 3, true}, {0, 7, false}, {0, -1, false}, {0, 40, false}} {
		if got := g.Tradable(c.p, c.sq); got != c.want {
			t.Errorf("Tradable(%d, %d) = %v", c.p, c.sq, got)
		}
	}
}
