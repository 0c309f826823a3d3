package deal

// Apply performs action a for player p (System for ActTimeout). On success
// it returns the events of what happened; the slice is reused by the next
// call, so callers that keep events copy them. On error the game is
// unchanged and the error is one of the sentinels in errors.go.
func (g *Game) Apply(p PlayerID, a Action) ([]Event, error) {
	if err := g.check(p, a); err != nil {
		return nil, err
	}
	g.events = g.events[:0]
	g.perform(p, a)
	g.Version++
	return g.events, nil
}

// Check reports whether Apply(p, a) would succeed, without changing g.
func (g *Game) Check(p PlayerID, a Action) error { return g.check(p, a) }

func (g *Game) check(p PlayerID, a Action) error {
	if g.Phase == PhaseGameOver {
		return ErrGameOver
	}
	if a.Kind == 0 || a.Kind >= actionKinds {
		return ErrUnknownAction
	}
	if a.Kind == ActTimeout {
		if p != System {
			return ErrNotNow
		}
		return nil
	}
	if !g.Active(p) {
		return ErrNotInGame
	}
	switch a.Kind {
	case ActResign:
		return nil // at any moment, whoever the game waits for
	case ActSayNo, ActAccept, ActPay:
		return g.checkAnswer(p, a)
	case ActDiscard:
		if p != g.Current {
			return ErrNotYourTurn
		}
		if g.Phase != PhaseDiscard {
			return ErrNotNow
		}
		if !g.inHand(p, a.Card) {
			return ErrNotInHand
		}
		return nil
	}
	if p != g.Current {
		return ErrNotYourTurn
	}
	if a.Kind == ActRecolor { // at any moment of one's turn: while answered, while discarding too
		return g.checkRecolor(p, a)
	}
	if g.Phase != PhasePlay {
		return ErrNotNow
	}
	if a.Kind == ActEndTurn {
		return nil
	}
	if g.Plays >= PlaysPerTurn {
		return ErrNoPlaysLeft
	}
	if !g.inHand(p, a.Card) {
		return ErrNotInHand
	}
	card := &Cards[a.Card]
	switch a.Kind {
	case ActBank:
		if !card.Bankable() {
			return ErrNotBankable
		}
		return nil
	case ActPlace:
		if !card.IsProperty() {
			return ErrNotProperty
		}
		if !card.Allows(a.Color) {
			return ErrBadColor
		}
		return nil
	}
	return g.checkPlay(p, a, card)
}

func (g *Game) checkRecolor(p PlayerID, a Action) error {
	if !g.onTable(p, a.Card) {
		return ErrNotOnTable
	}
	card := &Cards[a.Card]
	if card.Type != TypeWild || !card.Allows(a.Color) || g.Places[a.Card].Color == a.Color {
		return ErrBadColor
	}
	if g.strands(p, a.Card) {
		return ErrStrandsBuilds
	}
	return nil
}

// strands says whether taking property card i from p's table would leave
// a building of its colour without a complete set under it.
func (g *Game) strands(p PlayerID, i int) bool {
	c := g.Places[i].Color
	houses, _ := g.Buildings(p, c)
	if houses == 0 {
		return false
	}
	n, r := g.colorCount(p, c, i)
	return CompleteSets(c, n, r) < houses
}

// opponent says whether t is a seat other than p still in the game.
func (g *Game) opponent(p, t PlayerID) bool { return g.Active(t) && t != p }

func (g *Game) checkPlay(p PlayerID, a Action, card *Card) error {
	if a.Kind != ActPlay {
		return ErrUnknownAction
	}
	switch card.Action {
	case PassGo, Birthday:
		return nil
	case DebtCollector:
		if !g.opponent(p, a.Target) {
			return ErrBadTarget
		}
		return nil
	case SlyDeal, ForcedDeal:
		if a.Take < FirstProperty || a.Take >= FirstAction || g.Places[a.Take].Zone != ZoneTable {
			return ErrNotProperty
		}
		if !g.opponent(p, g.Places[a.Take].Owner) {
			return ErrBadTarget
		}
		if g.InCompleteSet(a.Take) {
			return ErrInCompleteSet
		}
		if card.Action == ForcedDeal {
			if !g.onTable(p, a.Give) {
				return ErrNotOnTable
			}
			if g.InCompleteSet(a.Give) {
				return ErrInCompleteSet
			}
		}
		return nil
	case DealBreaker:
		if !g.opponent(p, a.Target) {
			return ErrBadTarget
		}
		if a.Color < 0 || a.Color >= NumColors {
			return ErrBadColor
		}
		if g.Complete(a.Target, a.Color) == 0 {
			return ErrNoCompleteSet
		}
		return nil
	case House, Hotel:
		if a.Color < 0 || a.Color >= NumColors {
			return ErrBadColor
		}
		if !Buildable(a.Color) {
			return ErrNotBuildable
		}
		sets := g.Complete(p, a.Color)
		if sets == 0 {
			return ErrNoCompleteSet
		}
		houses, hotels := g.Buildings(p, a.Color)
		if card.Action == House && houses >= sets || card.Action == Hotel && hotels >= sets {
			return ErrBuilt
		}
		if card.Action == Hotel && hotels >= houses {
			return ErrNeedHouse
		}
		return nil
	case RentCard:
		return g.checkRent(p, a, card)
	}
	return ErrWrongCard // Just Say No and Double The Rent are not played on their own
}

func (g *Game) checkRent(p PlayerID, a Action, card *Card) error {
	if !card.Allows(a.Color) {
		return ErrBadColor
	}
	if card.Colors[0] == AnyColor && !g.opponent(p, a.Target) {
		return ErrBadTarget
	}
	if _, printed := g.colorCount(p, a.Color, -1); printed == 0 {
		return ErrNoColor // wilds alone charge no rent
	}
	doubles := a.Cards.Len()
	if !a.Cards.Valid() || g.Plays+1+doubles > PlaysPerTurn {
		return ErrBadDouble
	}
	for i := a.Cards.Next(0); i >= 0; i = a.Cards.Next(i + 1) {
		if !g.inHand(p, i) || Cards[i].Action != DoubleRent {
			return ErrBadDouble
		}
	}
	return nil
}

func (g *Game) checkAnswer(p PlayerID, a Action) error {
	if g.Phase != PhaseRespond {
		return ErrNotNow
	}
	i := g.Pending.Chain(p, a.Target)
	if i < 0 {
		return ErrNotYourTurn
	}
	targetAnswers := p != g.Pending.Actor
	switch a.Kind {
	case ActSayNo:
		if !g.inHand(p, a.Card) || Cards[a.Card].Action != JustSayNo {
			return ErrWrongCard
		}
		if g.Rules.SayNoCostsPlay && p == g.Current && g.Plays >= PlaysPerTurn {
			return ErrNoPlaysLeft
		}
		return nil
	case ActAccept:
		if targetAnswers && g.Pending.IsDebt() {
			return ErrMustPay
		}
		return nil
	case ActPay:
		if !targetAnswers || !g.Pending.IsDebt() {
			return ErrNotNow
		}
		return g.CheckPayment(p, g.Pending.Amount, a.Cards)
	}
	return ErrUnknownAction
}
