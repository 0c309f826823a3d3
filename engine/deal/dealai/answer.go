package dealai

import "github.com/monopoly-tg/monopoly-bot/engine/deal"

// answer decides on the pending action: a Just Say No when it is worth
// one, else accept or pay with the least useful cards.
func (s *seat) answer() deal.Action {
	g := s.g
	pd := &g.Pending
	var chain deal.PlayerID // the actor answers the first chain waiting for it
	if s.p == pd.Actor {
		for _, t := range pd.Targets[:pd.N] {
			if pd.Chain(s.p, t.Player) >= 0 {
				chain = t.Player
				break
			}
		}
	}
	if no := s.firstInHand(deal.JustSayNo); no >= 0 && s.worthNo() {
		if a := (deal.Action{Kind: deal.ActSayNo, Card: no, Target: chain}); s.ok(a) {
			return a
		}
	}
	if s.p == pd.Actor || !pd.IsDebt() {
		return deal.Action{Kind: deal.ActAccept, Target: chain}
	}
	return deal.Action{Kind: deal.ActPay, Cards: g.PaymentBy(s.p, pd.Amount, s.cost)}
}

// worthNo says whether the pending action is worth a Just Say No to p.
func (s *seat) worthNo() bool {
	g := s.g
	pd := &g.Pending
	if s.p == pd.Actor { // countering the target's No: only for big stakes
		return pd.Action == deal.DealBreaker || pd.IsDebt() && pd.Amount >= 5
	}
	switch pd.Action {
	case deal.DealBreaker:
		return true
	case deal.SlyDeal, deal.ForcedDeal:
		c := g.Places[pd.Take].Color
		return s.missing(c) <= 1 || s.n[s.p][c] >= deal.SetSize(c)-1
	}
	return min(pd.Amount, s.payable[s.p]) >= 5
}

// cost is what losing table card i in a payment costs p: money least,
// then properties by how close their colour is to a set.
func (s *seat) cost(i int) int {
	pl := s.g.Places[i]
	v := deal.Cards[i].Value
	if pl.Zone == deal.ZoneBank {
		return v * 10
	}
	if s.inCompleteSet(i) {
		return 1000 + v
	}
	return 100 + 30*s.n[s.p][pl.Color] + v
}
