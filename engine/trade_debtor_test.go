package engine

import "testing"

// debtorGame returns a three-player game of the edition in which seat 0,
// holding deed mine and one banknote in cash, has just landed on seat 1's deed theirs
// and owes it the rent; seat 2 holds deed third.
func debtorGame(t *testing.T, edition string) (g *Game, mine, theirs, third int) {
	t.Helper()
	g = newEditionGame(t, edition, 3, nil)
	var streets []int
	for sq, s := range g.EditionData().Squares {
		if s.Kind == SquareStreet {
			streets = append(streets, sq)
		}
	}
	mine, third, theirs = streets[0], streets[3], streets[len(streets)-1]
	own(g, 0, mine)
	own(g, 1, theirs)
	own(g, 2, third)
	setCash(g, 0, g.Note())
	g.Players[0].Pos = theirs - 4
	roll(t, g, 0, 1, 3)
	wantPhase(t, g, PhaseDebt)
	if d := g.Debts[0]; d.Debtor != 0 || d.Creditor != 1 {
		t.Fatalf("debt %+v", d)
	}
	return g, mine, theirs, third
}

// TestDebtorTradesOnlyWithCreditor: while a debt is pending nothing leaves
// the debtor's hands but towards its creditor — no cash or deed to a third
// player, in any board edition, whoever proposes; a sale to the creditor
// (for the cash to pay it) stays open.
func TestDebtorTradesOnlyWithCreditor(t *testing.T) {
	for _, ed := range []string{Classic, Business, Lux} {
		t.Run(ed, func(t *testing.T) {
			g, mine, theirs, third := debtorGame(t, ed)
			note := g.Note()
			refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 2, GiveCash: note, TakeDeeds: []int{third}}}, ErrDebtorTrade)
			refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 2, GiveDeeds: []int{mine}, TakeCash: 10 * note}}, ErrDebtorTrade)
			refuse(t, g, 2, Action{Kind: ActProposeTrade, Trade: &Trade{To: 0, GiveCash: note, TakeDeeds: []int{mine}}}, ErrDebtorTrade)
			// Players not in debt trade as before.
			propose(t, g, 2, Trade{To: 1, GiveDeeds: []int{third}, TakeCash: note})
			// The creditor buys the debtor's deed; the debtor pays with it.
			rent := g.Debts[0].Amount
			id := propose(t, g, 0, Trade{To: 1, GiveDeeds: []int{mine}, TakeCash: rent})
			do(t, g, 1, Action{Kind: ActAcceptTrade, TradeID: id})
			if g.Props[mine].Owner != 1 || g.Props[theirs].Owner != 1 {
				t.Fatal("the deed did not go to the creditor")
			}
			act(t, g, 0, ActPayDebt)
			wantPhase(t, g, PhaseTurnEnd)
			// Out of debt, seat 0 trades with anyone again.
			propose(t, g, 0, Trade{To: 2, GiveCash: note, TakeDeeds: []int{third}})
		})
	}
}

// TestDebtorOffersWithdrawn: an offer a player made to a third player
// before falling into debt dies when the debt arises, and a debt to the
// bank allows no trade at all.
func TestDebtorOffersWithdrawn(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 0, 1)
	own(g, 2, 3)
	setCash(g, 0, 10)
	id := propose(t, g, 0, Trade{To: 2, GiveCash: 10, TakeDeeds: []int{3}})
	ev := roll(t, g, 0, 1, 3) // income tax, 200
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: Bank, Amount: 200})
	hasEvent(t, ev, Event{Kind: EvTradeCancelled, Player: 0, Other: 2, Amount: id})
	refuse(t, g, 2, Action{Kind: ActAcceptTrade, TradeID: id}, ErrTradeNotFound)
	refuse(t, g, 0, Action{Kind: ActProposeTrade, Trade: &Trade{To: 1, GiveDeeds: []int{1}, TakeCash: 200}}, ErrDebtorTrade)
	refuse(t, g, 1, Action{Kind: ActProposeTrade, Trade: &Trade{To: 0, GiveCash: 200, TakeDeeds: []int{1}}}, ErrDebtorTrade)
}
