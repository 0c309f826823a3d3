package engine

import "testing"

// TestAutoEndTurn: with the AutoEndTurn rule the dice pass on as soon as
// the current player has nothing left to decide — after a plain roll, after
// buying, after an auction, after paying a debt, after going to jail — but
// not while doubles give another roll or a decision is pending.
func TestAutoEndTurn(t *testing.T) {
	rules := rulesWith(func(r *Rules) { r.AutoEndTurn = true })

	t.Run("plain roll", func(t *testing.T) {
		g := newTestGame(t, 3, rules)
		g.ScriptDice(1, 3) // to 4, income tax
		evs := act(t, g, 0, ActRoll)
		if g.Current != 1 || g.Phase != PhaseTurnStart {
			t.Fatalf("current %d phase %d, want seat 1 at turn start", g.Current, g.Phase)
		}
		if !hasKind(evs, EvTaxPaid) || !hasKind(evs, EvTurnEnded) || !hasKind(evs, EvTurnStarted) {
			t.Fatalf("events %+v", evs)
		}
	})
	t.Run("doubles roll again", func(t *testing.T) {
		g := newTestGame(t, 3, rules)
		g.ScriptDice(2, 2) // to 4, income tax
		act(t, g, 0, ActRoll)
		if g.Current != 0 || g.Phase != PhaseTurnEnd || !g.RollAgain {
			t.Fatalf("current %d phase %d rollAgain %v, want seat 0 to roll again", g.Current, g.Phase, g.RollAgain)
		}
		refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow)
		g.ScriptDice(1, 2)            // to 7, chance; the card decides
		topCard(t, g, DeckChance, 11) // pay 15
		act(t, g, 0, ActRoll)
		if g.Current != 1 {
			t.Fatalf("the turn did not pass after the second roll (current %d)", g.Current)
		}
	})
	t.Run("buy decision first", func(t *testing.T) {
		g := newTestGame(t, 3, rules)
		g.ScriptDice(1, 2) // to 3, Baltic Avenue
		act(t, g, 0, ActRoll)
		if g.Current != 0 || g.Phase != PhaseBuyDecision {
			t.Fatalf("current %d phase %d, want the buy decision", g.Current, g.Phase)
		}
		act(t, g, 0, ActBuy)
		if g.Current != 1 || g.Props[3].Owner != 0 {
			t.Fatalf("after buying: current %d owner %d", g.Current, g.Props[3].Owner)
		}
	})
	t.Run("auction then pass on", func(t *testing.T) {
		g := newTestGame(t, 2, rules)
		g.ScriptDice(1, 2)
		act(t, g, 0, ActRoll)
		act(t, g, 0, ActDecline)
		do(t, g, 1, Action{Kind: ActBid, Amount: 10})
		act(t, g, 0, ActPass)
		if g.Props[3].Owner != 1 || g.Current != 1 || g.Phase != PhaseTurnStart {
			t.Fatalf("owner %d current %d phase %d", g.Props[3].Owner, g.Current, g.Phase)
		}
	})
	t.Run("debt first", func(t *testing.T) {
		g := newTestGame(t, 2, rules)
		own(g, 1, 3)
		setCash(g, 0, 0)
		own(g, 0, 1)
		g.ScriptDice(1, 2) // Baltic, rent 4, no cash
		act(t, g, 0, ActRoll)
		if g.Phase != PhaseDebt || g.Current != 0 {
			t.Fatalf("phase %d current %d, want the debt first", g.Phase, g.Current)
		}
		actSq(t, g, 0, ActMortgage, 1)
		act(t, g, 0, ActPayDebt)
		if g.Current != 1 {
			t.Fatalf("the turn did not pass after the debt was paid (current %d)", g.Current)
		}
	})
	t.Run("jail", func(t *testing.T) {
		g := newTestGame(t, 2, rules)
		g.Players[0].Pos = 28
		g.ScriptDice(1, 1) // to 30: go to jail, no second roll
		act(t, g, 0, ActRoll)
		if !g.Players[0].InJail || g.Current != 1 {
			t.Fatalf("in jail %v current %d", g.Players[0].InJail, g.Current)
		}
	})
}

func hasKind(evs []Event, k EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}
