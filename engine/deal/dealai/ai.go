package dealai

import (
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Step applies the decision of the player the game waits for (the first
// of them while several targets answer) and returns the engine's events
// (reused by the next call, as Apply's).
func Step(g *deal.Game) ([]deal.Event, error) {
	p := g.Waiting()
	return g.Apply(p, Decide(g, p))
}

// Decide returns what player p should do now. When p has no decision to
// make, it returns an action the engine refuses (ErrNotYourTurn or
// ErrGameOver).
func Decide(g *deal.Game, p deal.PlayerID) deal.Action { return decide(g, p, false) }

// decide is Normal's decision, or with easy the easy level's (easy.go):
// both discard alike.
func decide(g *deal.Game, p deal.PlayerID, easy bool) deal.Action {
	if !g.Waits(p) {
		return deal.Action{Kind: deal.ActEndTurn}
	}
	var s seat
	s.look(g, p)
	switch {
	case g.Phase == deal.PhaseRespond && easy:
		return s.answerEasy()
	case g.Phase == deal.PhaseRespond:
		return s.answer()
	case g.Phase == deal.PhaseDiscard:
		return deal.Action{Kind: deal.ActDiscard, Card: s.leastUseful()}
	case easy:
		return s.playEasy()
	}
	return s.play()
}

// seat is what player p sees, computed once per decision in one pass over
// the cards: its hand, and every table's and bank's public counts.
type seat struct {
	g          *deal.Game
	p          deal.PlayerID
	n, printed [deal.MaxPlayers][deal.NumColors]int // each seat's cards of each colour on the table
	complete   [deal.NumColors]int                  // p's complete sets
	payable    [deal.MaxPlayers]int                 // what each seat could pay with
	hand       deal.CardSet
	handSize   int
	bank       int
}

func (s *seat) look(g *deal.Game, p deal.PlayerID) {
	s.g, s.p = g, p
	for i := range deal.DeckSize {
		pl := g.Places[i]
		card := &deal.Cards[i]
		switch pl.Zone {
		case deal.ZoneHand:
			if pl.Owner == p {
				s.hand = s.hand.Add(i)
				s.handSize++
			}
		case deal.ZoneBank:
			s.payable[pl.Owner] += card.Value
			if pl.Owner == p {
				s.bank += card.Value
			}
		case deal.ZoneTable:
			if card.IsProperty() {
				s.payable[pl.Owner] += card.Value
				s.n[pl.Owner][pl.Color]++
				if card.Type == deal.TypeProperty {
					s.printed[pl.Owner][pl.Color]++
				}
			}
		}
	}
	for c := range deal.NumColors {
		s.complete[c] = deal.CompleteSets(c, s.n[p][c], s.printed[p][c])
	}
}

// inCompleteSet says whether table card i belongs to a complete set of
// its owner's (as deal.Game.InCompleteSet, from the counts).
func (s *seat) inCompleteSet(i int) bool {
	pl := s.g.Places[i]
	n, r := s.n[pl.Owner][pl.Color], s.printed[pl.Owner][pl.Color]
	r2 := r
	if deal.Cards[i].Type == deal.TypeProperty {
		r2--
	}
	return deal.CompleteSets(pl.Color, n-1, r2) < deal.CompleteSets(pl.Color, n, r)
}

// opponent is the k-th player after p in turn order (1 ≤ k < seats).
// Opponents are always scanned in this order, so ties go to the next
// player whatever p's seat, and no seat is targeted more than another.
func (s *seat) opponent(k int) deal.PlayerID {
	return (s.p + deal.PlayerID(k)) % deal.PlayerID(s.g.Seats)
}

// missing is how many cards the next set of colour c lacks.
func (s *seat) missing(c deal.Color) int {
	size := deal.SetSize(c)
	have := s.n[s.p][c] - s.complete[c]*size
	if have <= 0 {
		return size
	}
	return size - have
}

// gain scores one more card of colour c (printed or wild) on p's table:
// completing a set of a new colour is worth most, then coming closer.
func (s *seat) gain(c deal.Color, printed bool) int {
	m := s.missing(c)
	if m == 1 && (printed || s.printed[s.p][c] > s.complete[c]) {
		if s.complete[c] == 0 {
			return 100
		}
		return 30
	}
	return 20 - 5*m + s.n[s.p][c]
}

func (s *seat) ok(a deal.Action) bool { return s.g.Check(s.p, a) == nil }

// play picks the next card of the turn, or ends it.
func (s *seat) play() deal.Action {
	if a, ok := s.recolor(); ok {
		return a
	}
	if s.g.Plays >= deal.PlaysPerTurn {
		return deal.Action{Kind: deal.ActEndTurn}
	}
	if a, ok := s.bestProperty(true); ok {
		return a
	}
	for _, try := range [...]func() (deal.Action, bool){s.dealBreaker, s.passGo, s.steal, s.rent, s.collect, s.propertyAny, s.build, s.bankMoney, s.bankAction} {
		if a, ok := try(); ok {
			return a
		}
	}
	return deal.Action{Kind: deal.ActEndTurn}
}

func (s *seat) propertyAny() (deal.Action, bool) { return s.bestProperty(false) }

// bestProperty lays down the property with the best gain; with onlySets,
// only one that completes a set.
func (s *seat) bestProperty(onlySets bool) (deal.Action, bool) {
	best, bestScore := deal.Action{}, -1<<30
	for i := s.hand.Next(0); i >= 0; i = s.hand.Next(i + 1) {
		card := &deal.Cards[i]
		if !card.IsProperty() {
			continue
		}
		for c := range deal.NumColors {
			if !card.Allows(c) {
				continue
			}
			score := s.gain(c, card.Type == deal.TypeProperty)
			if onlySets && score < 100 {
				continue
			}
			if score > bestScore {
				best, bestScore = deal.Action{Kind: deal.ActPlace, Card: i, Color: c}, score
			}
		}
	}
	return best, bestScore > -1<<30 && s.ok(best)
}

// recolor turns a wild on the table to a colour it completes, when that
// breaks no complete set.
func (s *seat) recolor() (deal.Action, bool) {
	g := s.g
	for i := deal.FirstWild; i < deal.FirstAction; i++ {
		pl := g.Places[i]
		if pl.Zone != deal.ZoneTable || pl.Owner != s.p || s.inCompleteSet(i) {
			continue
		}
		for c := range deal.NumColors {
			if c != pl.Color && deal.Cards[i].Allows(c) && s.complete[c] == 0 && s.gain(c, false) >= 100 {
				a := deal.Action{Kind: deal.ActRecolor, Card: i, Color: c}
				if s.ok(a) {
					return a, true
				}
			}
		}
	}
	return deal.Action{}, false
}

// firstInHand returns a card of action type t in the hand, or -1.
func (s *seat) firstInHand(t deal.ActionType) int {
	for i := s.hand.Next(deal.FirstAction); i >= 0; i = s.hand.Next(i + 1) {
		if deal.Cards[i].Action == t && deal.Cards[i].Type == deal.TypeAction {
			return i
		}
	}
	return -1
}

func (s *seat) dealBreaker() (deal.Action, bool) {
	card := s.firstInHand(deal.DealBreaker)
	if card < 0 {
		return deal.Action{}, false
	}
	best, bestScore := deal.Action{}, 0
	for k := 1; k < s.g.Seats; k++ {
		t := s.opponent(k)
		for c := range deal.NumColors {
			if s.g.Complete(t, c) == 0 {
				continue
			}
			score := 10 + s.g.RentOf(t, c) + 5*s.g.CompleteColors(t)
			if s.complete[c] == 0 {
				score += 50 // a new colour for us
			}
			if score > bestScore {
				best, bestScore = deal.Action{Kind: deal.ActPlay, Card: card, Target: t, Color: c}, score
			}
		}
	}
	return best, bestScore > 0 && s.ok(best)
}

func (s *seat) passGo() (deal.Action, bool) {
	card := s.firstInHand(deal.PassGo)
	if card < 0 || s.g.Plays > deal.PlaysPerTurn-2 {
		return deal.Action{}, false
	}
	return deal.Action{Kind: deal.ActPlay, Card: card}, true
}

// steal plays a Sly Deal, or a Forced Deal giving the least useful
// property, for the opponent's card with the best gain.
func (s *seat) steal() (deal.Action, bool) {
	sly, forced := s.firstInHand(deal.SlyDeal), s.firstInHand(deal.ForcedDeal)
	if sly < 0 && forced < 0 {
		return deal.Action{}, false
	}
	g := s.g
	take, takeScore := -1, 0
	for i := deal.FirstProperty; i < deal.FirstAction; i++ {
		pl := g.Places[i]
		if pl.Zone != deal.ZoneTable || pl.Owner == s.p || s.inCompleteSet(i) {
			continue
		}
		score := s.gain(pl.Color, deal.Cards[i].Type == deal.TypeProperty)
		if score > takeScore {
			take, takeScore = i, score
		}
	}
	if take < 0 || takeScore < 10 {
		return deal.Action{}, false
	}
	if sly >= 0 {
		return deal.Action{Kind: deal.ActPlay, Card: sly, Take: take}, true
	}
	give, giveScore := -1, 1<<30
	for i := deal.FirstProperty; i < deal.FirstAction; i++ {
		pl := g.Places[i]
		if pl.Zone != deal.ZoneTable || pl.Owner != s.p || s.inCompleteSet(i) || pl.Color == g.Places[take].Color {
			continue
		}
		if score := s.n[s.p][pl.Color]*10 + deal.Cards[i].Value; score < giveScore {
			give, giveScore = i, score
		}
	}
	a := deal.Action{Kind: deal.ActPlay, Card: forced, Take: take, Give: give}
	return a, give >= 0 && takeScore >= 30 && s.ok(a)
}

// richest is the opponent with the most to pay with.
func (s *seat) richest() (deal.PlayerID, int) {
	best, most := deal.Nobody, 0
	for k := 1; k < s.g.Seats; k++ {
		t := s.opponent(k)
		if v := s.payable[t]; v > most {
			best, most = t, v
		}
	}
	return best, most
}

func (s *seat) rent() (deal.Action, bool) {
	target, most := s.richest()
	if most == 0 {
		return deal.Action{}, false
	}
	best, bestRent := deal.Action{}, 0
	for i := s.hand.Next(deal.FirstRent); i >= 0; i = s.hand.Next(i + 1) {
		card := &deal.Cards[i]
		for c := range deal.NumColors {
			if !card.Allows(c) || s.n[s.p][c] == 0 {
				continue
			}
			if r := s.g.RentOf(s.p, c); r > bestRent {
				best, bestRent = deal.Action{Kind: deal.ActPlay, Card: i, Color: c}, r
				if card.Colors[0] == deal.AnyColor {
					best.Target = target
				}
			}
		}
	}
	if bestRent == 0 {
		return best, false
	}
	if bestRent >= 3 && s.g.Plays+2 <= deal.PlaysPerTurn {
		if d := s.firstInHand(deal.DoubleRent); d >= 0 {
			best.Cards = best.Cards.Add(d)
		}
	}
	return best, s.ok(best)
}

func (s *seat) collect() (deal.Action, bool) {
	target, most := s.richest()
	if most == 0 {
		return deal.Action{}, false
	}
	if card := s.firstInHand(deal.DebtCollector); card >= 0 {
		return deal.Action{Kind: deal.ActPlay, Card: card, Target: target}, true
	}
	if card := s.firstInHand(deal.Birthday); card >= 0 {
		return deal.Action{Kind: deal.ActPlay, Card: card}, true
	}
	return deal.Action{}, false
}

func (s *seat) build() (deal.Action, bool) {
	for _, t := range [...]deal.ActionType{deal.Hotel, deal.House} {
		card := s.firstInHand(t)
		if card < 0 {
			continue
		}
		for c := range deal.NumColors {
			if a := (deal.Action{Kind: deal.ActPlay, Card: card, Color: c}); s.complete[c] > 0 && s.ok(a) {
				return a, true
			}
		}
	}
	return deal.Action{}, false
}

func (s *seat) bankMoney() (deal.Action, bool) {
	i := s.hand.Next(0)
	return deal.Action{Kind: deal.ActBank, Card: i}, i >= 0 && i < deal.FirstProperty
}

// bankAction banks the least valuable action card while the bank is
// short, keeping Just Say No and Deal Breaker.
func (s *seat) bankAction() (deal.Action, bool) {
	if s.bank >= 5 {
		return deal.Action{}, false
	}
	best := -1
	for i := s.hand.Next(deal.FirstAction); i >= 0; i = s.hand.Next(i + 1) {
		if t := deal.Cards[i].Action; t == deal.JustSayNo || t == deal.DealBreaker {
			continue
		}
		if best < 0 || deal.Cards[i].Value < deal.Cards[best].Value {
			best = i
		}
	}
	return deal.Action{Kind: deal.ActBank, Card: best}, best >= 0
}

// keep scores how much p wants to keep hand card i (discard the lowest).
func (s *seat) keep(i int) int {
	card := &deal.Cards[i]
	switch {
	case card.IsProperty():
		return 100 + card.Value
	case card.Action == deal.JustSayNo:
		return 90
	case card.Action == deal.DealBreaker:
		return 95
	}
	return card.Value * 5
}

func (s *seat) leastUseful() int {
	best, bestScore := -1, 0
	for i := s.hand.Next(0); i >= 0; i = s.hand.Next(i + 1) {
		if k := s.keep(i); best < 0 || k < bestScore {
			best, bestScore = i, k
		}
	}
	return best
}
