package deal

// Legal lists every action p may take now; every action listed passes
// Check. The player whose turn it is may re-colour wilds at any moment of
// it, also while the game waits for others (the targets' answers). A payment is listed once, as the default payment (the bot lets
// the player change the cards and checks them with CheckPayment); a rent
// is listed without and with each number of Double The Rent cards the
// plays left allow. Leaving the game (ActResign) is open to every seat
// still in it at any moment, and not listed: it is no move of the game.
func (g *Game) Legal(p PlayerID) []Action { return g.AppendLegal(nil, p) }

// AppendLegal is Legal appending to dst, so a caller that reuses its buffer
// allocates nothing.
func (g *Game) AppendLegal(dst []Action, p PlayerID) []Action {
	if g.Phase == PhaseGameOver {
		return dst
	}
	if p == System {
		return append(dst, Action{Kind: ActTimeout})
	}
	if !g.seat(p) || !g.Waits(p) && p != g.Current {
		return dst
	}
	try := func(a Action) {
		if g.check(p, a) == nil {
			dst = append(dst, a)
		}
	}
	// Wilds re-colour at any moment of one's turn (the book): while one's
	// action waits for answers or one discards too.
	recolors := func() {
		for i := FirstWild; i < FirstAction; i++ {
			if g.onTable(p, i) {
				for c := range NumColors {
					try(Action{Kind: ActRecolor, Card: i, Color: c})
				}
			}
		}
	}
	if !g.Waits(p) { // the current player while the targets answer
		recolors()
		return dst
	}
	switch g.Phase {
	case PhaseDiscard:
		for i := range g.Places {
			try(Action{Kind: ActDiscard, Card: i})
		}
		recolors()
		return dst
	case PhaseRespond:
		no := -1 // one Just Say No is as good as another
		for i := range g.Places {
			if g.inHand(p, i) && Cards[i].Action == JustSayNo {
				no = i
				break
			}
		}
		pd := &g.Pending
		for _, t := range pd.Targets[:pd.N] {
			if i := pd.Chain(p, t.Player); i < 0 || pd.Targets[i].Player != t.Player {
				continue // not a chain p answers now
			}
			a := Action{Target: t.Player} // the actor names the chain it answers
			if p != pd.Actor {
				a.Target = 0 // a target answers its own
			}
			if no >= 0 {
				a.Kind, a.Card = ActSayNo, no
				try(a)
				a.Card = 0
			}
			a.Kind = ActAccept
			try(a)
			if p != pd.Actor && pd.IsDebt() {
				a.Kind, a.Cards = ActPay, g.DefaultPayment(p, pd.Amount)
				try(a)
			}
		}
		if p == g.Current {
			recolors() // the actor answering a Just Say No
		}
		return dst
	}
	dst = append(dst, Action{Kind: ActEndTurn})
	recolors()
	if g.Plays >= PlaysPerTurn {
		return dst
	}
	var doubles [2]int
	nd := 0
	for i := range g.Places {
		if g.inHand(p, i) && Cards[i].Action == DoubleRent && nd < len(doubles) {
			doubles[nd] = i
			nd++
		}
	}
	for i := range g.Places {
		if !g.inHand(p, i) {
			continue
		}
		card := &Cards[i]
		try(Action{Kind: ActBank, Card: i})
		if card.IsProperty() {
			for c := range NumColors {
				try(Action{Kind: ActPlace, Card: i, Color: c})
			}
			continue
		}
		g.tryPlays(p, i, doubles[:nd], try)
	}
	return dst
}

// tryPlays offers try every way to play action or rent card i.
func (g *Game) tryPlays(p PlayerID, i int, doubles []int, try func(Action)) {
	card := &Cards[i]
	a := Action{Kind: ActPlay, Card: i}
	switch card.Action {
	case PassGo, Birthday:
		try(a)
	case DebtCollector:
		for t := range PlayerID(g.Seats) {
			a.Target = t
			try(a)
		}
	case DealBreaker:
		for t := range PlayerID(g.Seats) {
			for c := range NumColors {
				a.Target, a.Color = t, c
				try(a)
			}
		}
	case House, Hotel:
		for c := range NumColors {
			a.Color = c
			try(a)
		}
	case SlyDeal, ForcedDeal:
		for take := FirstProperty; take < FirstAction; take++ {
			if g.Places[take].Zone != ZoneTable || g.Places[take].Owner == p {
				continue
			}
			a.Take = take
			if card.Action == SlyDeal {
				try(a)
				continue
			}
			for give := FirstProperty; give < FirstAction; give++ {
				if g.onTable(p, give) {
					a.Give = give
					try(a)
				}
			}
		}
	case RentCard:
		for c := range NumColors {
			for t := range PlayerID(g.Seats) {
				if card.Colors[0] != AnyColor && t > 0 {
					break
				}
				a.Color, a.Target, a.Cards = c, t, CardSet{}
				if card.Colors[0] != AnyColor {
					a.Target = 0
				}
				try(a)
				for _, d := range doubles {
					a.Cards = a.Cards.Add(d)
					try(a)
				}
			}
		}
	}
}
