package dealai

import "github.com/monopoly-tg/monopoly-bot/engine/deal"

// candidates lists the moves the hard level weighs, base (Normal's
// choice) first: in a turn, ending it and one sensible use of each kind of
// card in the hand (banked, laid on the colours it helps most, played on
// each target worth it); in an answer, a Just Say No or none. A free
// re-colouring, a discard and a decision with one move are not weighed.
func (s *seat) candidates(dst []deal.Action, base deal.Action, most int) []deal.Action {
	dst = append(dst, base)
	add := func(a deal.Action) {
		if len(dst) >= most || !s.ok(a) {
			return
		}
		for _, b := range dst {
			if b == a {
				return
			}
		}
		dst = append(dst, a)
	}
	g := s.g
	switch g.Phase {
	case deal.PhaseRespond:
		if s.firstInHand(deal.JustSayNo) < 0 || s.trivialStake() {
			return dst
		}
		if base.Kind == deal.ActSayNo {
			add(s.withoutNo(base.Target))
		} else {
			add(deal.Action{Kind: deal.ActSayNo, Card: s.firstInHand(deal.JustSayNo), Target: base.Target})
		}
		return dst
	case deal.PhasePlay:
	default:
		return dst
	}
	if base.Kind == deal.ActRecolor || g.Plays >= deal.PlaysPerTurn {
		return dst
	}
	add(deal.Action{Kind: deal.ActEndTurn})
	// Plays of action and rent cards first, then properties, then the
	// bank: when the candidates are too many, the moves that change most
	// are weighed.
	for pass := range 3 {
		var kinds uint64 // kinds already weighed: like cards are played alike
		for i := s.hand.Next(0); i >= 0; i = s.hand.Next(i + 1) {
			card := &deal.Cards[i]
			if k := uint64(1) << (card.Kind & 63); kinds&k != 0 {
				continue
			} else {
				kinds |= k
			}
			switch {
			case pass == 0 && !card.IsProperty():
				s.playCandidates(i, add)
			case pass == 1 && card.IsProperty():
				s.placeCandidates(i, add)
			case pass == 2 && card.Bankable():
				add(deal.Action{Kind: deal.ActBank, Card: i})
			}
		}
	}
	return dst
}

// trivialDebt is the largest debt never worth a Just Say No: the card is
// kept for what can decide the game.
const trivialDebt = 2

// trivialStake says whether the pending action is too small to weigh a
// Just Say No against (nor to counter one with): a debt of 2M or less, or
// of what little p could pay.
func (s *seat) trivialStake() bool {
	pd := &s.g.Pending
	if !pd.IsDebt() {
		return false
	}
	if s.p == pd.Actor {
		return pd.Amount <= trivialDebt
	}
	return min(pd.Amount, s.payable[s.p]) <= trivialDebt
}

// withoutNo is the answer without a Just Say No in the chain p answers.
func (s *seat) withoutNo(chain deal.PlayerID) deal.Action {
	pd := &s.g.Pending
	if s.p == pd.Actor || !pd.IsDebt() {
		return deal.Action{Kind: deal.ActAccept, Target: chain}
	}
	return deal.Action{Kind: deal.ActPay, Cards: s.g.PaymentBy(s.p, pd.Amount, s.cost)}
}

// placeCandidates offers property i on the two colours it helps most.
func (s *seat) placeCandidates(i int, add func(deal.Action)) {
	card := &deal.Cards[i]
	var best [2]deal.Color
	var score [2]int
	score[0], score[1] = -1<<30, -1<<30
	for c := range deal.NumColors {
		if !card.Allows(c) {
			continue
		}
		v := s.gain(c, card.Type == deal.TypeProperty)
		switch {
		case v > score[0]:
			best[1], score[1] = best[0], score[0]
			best[0], score[0] = c, v
		case v > score[1]:
			best[1], score[1] = c, v
		}
	}
	for k := range best {
		if score[k] > -1<<30 {
			add(deal.Action{Kind: deal.ActPlace, Card: i, Color: best[k]})
		}
	}
}

// playCandidates offers the ways worth weighing to play action or rent
// card i.
func (s *seat) playCandidates(i int, add func(deal.Action)) {
	g := s.g
	card := &deal.Cards[i]
	a := deal.Action{Kind: deal.ActPlay, Card: i}
	switch card.Action {
	case deal.PassGo, deal.Birthday:
		add(a)
	case deal.DebtCollector:
		for k := 1; k < g.Seats; k++ {
			if t := s.opponent(k); s.payable[t] > 0 {
				a.Target = t
				add(a)
			}
		}
	case deal.DealBreaker:
		for k := 1; k < g.Seats; k++ {
			t := s.opponent(k)
			for c := range deal.NumColors {
				if s.n[t][c] >= deal.SetSize(c) {
					a.Target, a.Color = t, c
					add(a)
				}
			}
		}
	case deal.House, deal.Hotel:
		for c := range deal.NumColors {
			if s.complete[c] > 0 {
				a.Color = c
				add(a)
			}
		}
	case deal.SlyDeal, deal.ForcedDeal:
		s.stealCandidates(a, card.Action == deal.ForcedDeal, add)
	case deal.RentCard:
		s.rentCandidates(a, add)
	}
}

// stealCandidates offers the two takes with the best gain (of different
// colours), a Forced Deal giving the least useful property.
func (s *seat) stealCandidates(a deal.Action, forced bool, add func(deal.Action)) {
	g := s.g
	var take [2]int
	var score [2]int
	take[0], take[1] = -1, -1
	for i := deal.FirstProperty; i < deal.FirstAction; i++ {
		pl := g.Places[i]
		if pl.Zone != deal.ZoneTable || pl.Owner == s.p || !g.Active(pl.Owner) || s.inCompleteSet(i) {
			continue
		}
		v := s.gain(pl.Color, deal.Cards[i].Type == deal.TypeProperty)
		switch {
		case take[0] < 0 || v > score[0]:
			if take[0] < 0 || g.Places[take[0]].Color != pl.Color {
				take[1], score[1] = take[0], score[0]
			}
			take[0], score[0] = i, v
		case (take[1] < 0 || v > score[1]) && g.Places[take[0]].Color != pl.Color:
			take[1], score[1] = i, v
		}
	}
	for _, t := range take {
		if t < 0 {
			continue
		}
		a.Take = t
		if forced {
			if a.Give = s.leastUsefulOnTable(g.Places[t].Color); a.Give < 0 {
				continue
			}
		}
		add(a)
	}
}

// leastUsefulOnTable is the property of p's to give in a Forced Deal (not
// in a complete set, not of colour not), or -1.
func (s *seat) leastUsefulOnTable(not deal.Color) int {
	give, giveScore := -1, 1<<30
	for i := deal.FirstProperty; i < deal.FirstAction; i++ {
		pl := s.g.Places[i]
		if pl.Zone != deal.ZoneTable || pl.Owner != s.p || s.inCompleteSet(i) || pl.Color == not {
			continue
		}
		if v := s.n[s.p][pl.Color]*10 + deal.Cards[i].Value; v < giveScore {
			give, giveScore = i, v
		}
	}
	return give
}

// rentCandidates offers the rent of the best colour the card allows, from
// each opponent who can pay for the any-colour card, without and with one
// Double The Rent.
func (s *seat) rentCandidates(a deal.Action, add func(deal.Action)) {
	g := s.g
	card := &deal.Cards[a.Card]
	bestRent := 0
	for c := range deal.NumColors {
		if card.Allows(c) && s.printed[s.p][c] > 0 { // wilds alone charge no rent
			if r := g.RentOf(s.p, c); r > bestRent {
				a.Color, bestRent = c, r
			}
		}
	}
	if bestRent == 0 {
		return
	}
	double := s.firstInHand(deal.DoubleRent)
	offer := func(a deal.Action) {
		add(a)
		if double >= 0 && g.Plays+2 <= deal.PlaysPerTurn {
			a.Cards = a.Cards.Add(double)
			add(a)
		}
	}
	if card.Colors[0] != deal.AnyColor {
		offer(a)
		return
	}
	for k := 1; k < g.Seats; k++ {
		if t := s.opponent(k); s.payable[t] > 0 && g.Active(t) {
			a.Target = t
			offer(a)
		}
	}
}
