package dealai

import "github.com/monopoly-tg/monopoly-bot/engine/deal"

// decideEasy is the easy level's decision: a beginner's, who knows the
// rules but not the game. It plays the first card of its hand that it can
// use, in the hand's order (money, then properties, then actions), so it
// banks money before laying the property that completes a set; it never
// adds Double The Rent, never re-colours a wild, aims rent and debts at
// the next player whoever is rich, and keeps a Just Say No for a Deal
// Breaker. It still never gives away a complete set it could pay around
// (its payment is Normal's).
func decideEasy(g *deal.Game, p deal.PlayerID) deal.Action { return decide(g, p, true) }

// playEasy plays the first card of the hand it can use, or ends the turn.
func (s *seat) playEasy() deal.Action {
	if s.g.Plays >= deal.PlaysPerTurn {
		return deal.Action{Kind: deal.ActEndTurn}
	}
	for i := s.hand.Next(0); i >= 0; i = s.hand.Next(i + 1) {
		if a, ok := s.easyUse(i); ok && s.ok(a) {
			return a
		}
	}
	return deal.Action{Kind: deal.ActEndTurn}
}

// easyUse is how a beginner uses hand card i, if at all.
func (s *seat) easyUse(i int) (deal.Action, bool) {
	card := &deal.Cards[i]
	next := s.opponent(1)
	for k := 1; k < s.g.Seats && !s.g.Active(next); k++ {
		next = s.opponent(k)
	}
	switch {
	case card.Type == deal.TypeMoney:
		return deal.Action{Kind: deal.ActBank, Card: i}, true
	case card.IsProperty():
		// The colour it already has most of (the first printed colour on
		// a tie): no thought for which set it would complete.
		best, most := card.Colors[0], -1
		for c := range deal.NumColors {
			if card.Allows(c) && s.n[s.p][c] > most {
				best, most = c, s.n[s.p][c]
			}
		}
		return deal.Action{Kind: deal.ActPlace, Card: i, Color: best}, true
	case card.Type == deal.TypeRent:
		best, bestRent := deal.Action{}, 0
		for c := range deal.NumColors {
			if card.Allows(c) && s.printed[s.p][c] > 0 { // wilds alone charge no rent
				if r := s.g.RentOf(s.p, c); r > bestRent {
					best, bestRent = deal.Action{Kind: deal.ActPlay, Card: i, Color: c}, r
				}
			}
		}
		if card.Colors[0] == deal.AnyColor {
			best.Target = next
		}
		return best, bestRent > 0 && s.payable[next] > 0
	}
	a := deal.Action{Kind: deal.ActPlay, Card: i}
	switch card.Action {
	case deal.PassGo, deal.Birthday:
		return a, true
	case deal.DebtCollector:
		a.Target = next
		return a, s.payable[next] > 0
	case deal.DealBreaker:
		for k := 1; k < s.g.Seats; k++ {
			t := s.opponent(k)
			for c := range deal.NumColors {
				if s.g.Complete(t, c) > 0 {
					a.Target, a.Color = t, c
					return a, true
				}
			}
		}
	case deal.SlyDeal:
		// The most valuable card it may take, not the one it needs.
		for j := deal.FirstAction - 1; j >= deal.FirstProperty; j-- {
			if pl := s.g.Places[j]; pl.Zone == deal.ZoneTable && pl.Owner != s.p && !s.inCompleteSet(j) {
				a.Take = j
				return a, true
			}
		}
	case deal.House, deal.Hotel:
		for c := range deal.NumColors {
			if a.Color = c; s.complete[c] > 0 && s.ok(a) {
				return a, true
			}
		}
	}
	return a, false
}

// answerEasy: a Just Say No only against a Deal Breaker (and the actor
// never counters one); debts are paid as Normal pays them.
func (s *seat) answerEasy() deal.Action {
	pd := &s.g.Pending
	if s.p == pd.Actor {
		for _, t := range pd.Targets[:pd.N] {
			if pd.Chain(s.p, t.Player) >= 0 {
				return deal.Action{Kind: deal.ActAccept, Target: t.Player}
			}
		}
	}
	if no := s.firstInHand(deal.JustSayNo); no >= 0 && pd.Action == deal.DealBreaker {
		return deal.Action{Kind: deal.ActSayNo, Card: no}
	}
	if !pd.IsDebt() {
		return deal.Action{Kind: deal.ActAccept}
	}
	return deal.Action{Kind: deal.ActPay, Cards: s.g.PaymentBy(s.p, pd.Amount, s.cost)}
}
