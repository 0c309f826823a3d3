package deal

// perform carries out an action check accepted.
func (g *Game) perform(p PlayerID, a Action) {
	switch a.Kind {
	case ActTimeout:
		g.timeout()
	case ActEndTurn:
		g.endTurn()
	case ActDiscard:
		g.discard(a.Card)
		if g.HandSize(g.Current) <= HandLimit {
			g.passTurn()
		}
	case ActBank:
		g.Plays++
		g.Places[a.Card] = Place{Zone: ZoneBank, Owner: p}
		e := event(EvBanked, p)
		e.Card = a.Card
		g.emit(e)
	case ActPlace:
		g.Plays++
		g.Places[a.Card] = Place{Zone: ZoneTable, Owner: p, Color: a.Color}
		e := event(EvPlaced, p)
		e.Card, e.Color = a.Card, a.Color
		g.emit(e)
		g.checkWin(p)
	case ActRecolor:
		g.Places[a.Card].Color = a.Color
		e := event(EvRecolored, p)
		e.Card, e.Color = a.Card, a.Color
		g.emit(e)
		g.checkWin(p)
	case ActPlay:
		g.play(p, a)
	case ActSayNo:
		g.sayNo(p, g.Pending.Chain(p, a.Target), a.Card)
	case ActAccept:
		g.accept(p, g.Pending.Chain(p, a.Target))
	case ActPay:
		g.pay(g.Pending.Chain(p, a.Target), a.Cards)
	case ActResign:
		g.resign(p)
	}
}

// startTurn gives the turn to p: 2 cards drawn, or 5 from an empty hand.
func (g *Game) startTurn(p PlayerID) {
	g.Current, g.Phase, g.Plays = p, PhasePlay, 0
	g.Turn++
	e := event(EvTurnStarted, p)
	e.Amount = g.Turn
	g.emit(e)
	n := DrawPerTurn
	if g.HandSize(p) == 0 {
		n = DrawEmptyHand
	}
	g.draw(p, n)
}

// draw gives p n cards from the pile, shuffling the discards into a new
// pile when it runs out (fewer when both are empty).
func (g *Game) draw(p PlayerID, n int) {
	var drawn CardSet
	got := 0
	for range n {
		if len(g.Deck) == 0 && !g.reshuffle() {
			break
		}
		c := g.pop()
		g.Places[c] = Place{Zone: ZoneHand, Owner: p}
		drawn = drawn.Add(c)
		got++
	}
	e := event(EvDrew, p)
	e.Seen, e.Cards = p, drawn
	g.emit(e)
	e = event(EvDrewCount, p)
	e.Amount = got
	g.emit(e)
}

// reshuffle turns the discards into a new draw pile; false when there are
// none.
func (g *Game) reshuffle() bool {
	for i := range g.Places {
		if g.Places[i].Zone == ZoneDiscard {
			g.Places[i] = Place{Zone: ZoneDeck, Owner: Nobody}
			g.Deck = append(g.Deck, uint8(i))
		}
	}
	if len(g.Deck) == 0 {
		return false
	}
	g.shuffle(g.Deck)
	e := event(EvReshuffled, Nobody)
	e.Amount = len(g.Deck)
	g.emit(e)
	return true
}

func (g *Game) toDiscard(c int) { g.Places[c] = Place{Zone: ZoneDiscard, Owner: Nobody} }

func (g *Game) discard(c int) {
	g.toDiscard(c)
	e := event(EvDiscarded, g.Current)
	e.Card = c
	g.emit(e)
}

// endTurn ends the play: down to 7 cards first if needed.
func (g *Game) endTurn() {
	if n := g.HandSize(g.Current); n > HandLimit {
		g.Phase = PhaseDiscard
		e := event(EvMustDiscard, g.Current)
		e.Amount = n - HandLimit
		g.emit(e)
		return
	}
	g.passTurn()
}

// passTurn gives the turn to the next seat still in the game.
func (g *Game) passTurn() {
	g.emit(event(EvTurnEnded, g.Current))
	next := g.Current
	for {
		next = (next + 1) % PlayerID(g.Seats)
		if !g.Out[next] {
			break
		}
	}
	g.startTurn(next)
}

// checkWin ends the game when p has complete sets of three colours.
func (g *Game) checkWin(p PlayerID) {
	if g.Phase == PhaseGameOver || g.CompleteColors(p) < SetsToWin {
		return
	}
	g.Phase, g.Winner = PhaseGameOver, p
	g.Pending = Pending{}
	g.emit(event(EvWon, p))
}

// timeout applies the pending decision's default: end the turn (then
// discard the least valuable cards), let an action stand without a Just Say
// No, pay with the least valuable cards.
func (g *Game) timeout() {
	switch g.Phase {
	case PhasePlay, PhaseDiscard:
		g.emit(event(EvTimeout, g.Current))
		for g.HandSize(g.Current) > HandLimit {
			g.discard(g.leastValuable(g.Current))
		}
		g.passTurn()
	case PhaseRespond:
		// Every open chain is settled at once: no Just Say No, targets
		// accept or pay with their least valuable cards, the actor lets a
		// Just Say No stand.
		pd := &g.Pending
		for i := 0; g.Phase == PhaseRespond && i < pd.N; i++ {
			t := &pd.Targets[i]
			if t.Done {
				continue
			}
			g.emit(event(EvTimeout, t.answerer(pd.Actor)))
			switch {
			case t.Noes%2 == 1 || !pd.IsDebt():
				g.accept(t.answerer(pd.Actor), i)
			default:
				g.pay(i, g.DefaultPayment(t.Player, pd.Amount))
			}
		}
	}
}

// leastValuable is p's hand card of least value (the lowest number among
// equals).
func (g *Game) leastValuable(p PlayerID) int {
	best := -1
	for i := range g.Places {
		if g.Places[i].Zone == ZoneHand && g.Places[i].Owner == p && (best < 0 || Cards[i].Value < Cards[best].Value) {
			best = i
		}
	}
	return best
}

func (g *Game) play(p PlayerID, a Action) {
	card := &Cards[a.Card]
	var doubles CardSet
	if card.Action == RentCard {
		doubles = a.Cards // ignored with any other card
	}
	g.Plays += 1 + doubles.Len()
	e := event(EvPlayed, p)
	e.Card, e.Cards = a.Card, doubles
	if card.Action == House || card.Action == Hotel {
		g.Places[a.Card] = Place{Zone: ZoneTable, Owner: p, Color: a.Color}
		e.Kind, e.Color = EvBuilt, a.Color
		g.emit(e)
		return
	}
	g.toDiscard(a.Card)
	for i := doubles.Next(0); i >= 0; i = doubles.Next(i + 1) {
		g.toDiscard(i)
	}
	pd := Pending{Card: a.Card, Action: card.Action, Actor: p}
	switch card.Action {
	case PassGo:
		g.emit(e)
		g.draw(p, 2)
		return
	case DebtCollector:
		pd.Amount = 5
		pd.addTarget(a.Target)
	case Birthday:
		pd.Amount = 2
		g.addOthers(&pd, p)
	case RentCard:
		pd.Color = a.Color
		pd.Amount = g.RentOf(p, a.Color) << doubles.Len()
		if card.Colors[0] == AnyColor {
			pd.addTarget(a.Target)
		} else {
			g.addOthers(&pd, p)
		}
	case SlyDeal:
		pd.Take = a.Take
		pd.addTarget(g.Places[a.Take].Owner)
	case ForcedDeal:
		pd.Take, pd.Give = a.Take, a.Give
		pd.addTarget(g.Places[a.Take].Owner)
	case DealBreaker:
		pd.Color = a.Color
		pd.addTarget(a.Target)
	}
	e.Color, e.Amount, e.Take, e.Give = pd.Color, pd.Amount, pd.Take, pd.Give
	if pd.N == 1 {
		e.Other = pd.Targets[0].Player
	}
	g.emit(e)
	g.Pending, g.Phase = pd, PhaseRespond
}

func (pd *Pending) addTarget(t PlayerID) {
	pd.Targets[pd.N] = Target{Player: t}
	pd.N++
}

// addOthers aims pd at every other player still in the game, in turn
// order after p.
func (g *Game) addOthers(pd *Pending, p PlayerID) {
	for i := 1; i < g.Seats; i++ {
		if t := (p + PlayerID(i)) % PlayerID(g.Seats); !g.Out[t] {
			pd.addTarget(t)
		}
	}
}

func (g *Game) sayNo(p PlayerID, chain, card int) {
	pd := &g.Pending
	if g.Rules.SayNoCostsPlay && p == g.Current {
		g.Plays++
	}
	g.toDiscard(card)
	t := &pd.Targets[chain]
	other := pd.Actor
	if p == pd.Actor {
		other = t.Player
	}
	t.Noes++
	e := event(EvSaidNo, p)
	e.Card, e.Other = card, other
	g.emit(e)
}

// accept lets chain end: a target accepting suffers the action, an actor
// accepting a Just Say No spares the target.
func (g *Game) accept(p PlayerID, chain int) {
	pd := &g.Pending
	t := pd.Targets[chain].Player
	if p == pd.Actor {
		e := event(EvConceded, p)
		e.Other = t
		g.emit(e)
		g.settled(chain)
		return
	}
	e := event(EvAccepted, p)
	e.Other = pd.Actor
	g.emit(e)
	switch pd.Action {
	case SlyDeal:
		g.take(pd.Actor, t, CardSet{}.Add(pd.Take))
		g.checkWin(pd.Actor)
	case ForcedDeal:
		g.take(pd.Actor, t, CardSet{}.Add(pd.Take))
		g.take(t, pd.Actor, CardSet{}.Add(pd.Give))
		g.checkWin(pd.Actor)
		g.checkWin(t)
	case DealBreaker:
		g.take(pd.Actor, t, g.dealBreakerCards(t, pd.Color))
		g.checkWin(pd.Actor)
	}
	g.settled(chain)
}

// dealBreakerCards chooses the complete set of colour c a Deal Breaker
// takes from p: one printed property, then wilds, then printed properties
// up to the set size — so what p keeps of the colour stays as complete as
// it can — with a house and a hotel of the colour if p has them.
func (g *Game) dealBreakerCards(p PlayerID, c Color) CardSet {
	var s CardSet
	need := colorTable[c].size
	pick := func(from, to, most int) {
		for i := from; i < to && need > 0 && most > 0; i++ {
			if g.onTable(p, i) && g.Places[i].Color == c && !s.Has(i) {
				s = s.Add(i)
				need--
				most--
			}
		}
	}
	pick(FirstProperty, FirstWild, 1)
	pick(FirstWild, FirstAction, need)
	pick(FirstProperty, FirstWild, need)
	var house, hotel bool
	for _, i := range buildingCards {
		pl := g.Places[i]
		if pl.Zone != ZoneTable || pl.Owner != p || pl.Color != c {
			continue
		}
		if Cards[i].Action == House && !house {
			s, house = s.Add(i), true
		}
		if Cards[i].Action == Hotel && !hotel {
			s, hotel = s.Add(i), true
		}
	}
	return s
}

// take moves cards from from's table to to's (an accepted Sly Deal,
// Forced Deal or Deal Breaker).
func (g *Game) take(to, from PlayerID, cards CardSet) {
	e := event(EvTook, to)
	e.Other, e.Cards = from, cards
	g.emit(e)
	g.transfer(to, from, cards)
}

// transfer moves cards of from's bank and table to to's, properties and
// buildings keeping their colour, then discards the buildings from's
// broken sets no longer carry.
func (g *Game) transfer(to, from PlayerID, cards CardSet) {
	var broken [NumColors]bool
	for i := cards.Next(0); i >= 0; i = cards.Next(i + 1) {
		pl := &g.Places[i]
		if pl.Zone == ZoneTable {
			broken[pl.Color] = true
		}
		pl.Owner = to
	}
	for c := range NumColors {
		if broken[c] {
			g.trimBuildings(from, c)
		}
	}
}

// trimBuildings discards p's buildings on colour c beyond what its
// complete sets carry: a house per set, a hotel per house.
func (g *Game) trimBuildings(p PlayerID, c Color) {
	sets := g.Complete(p, c)
	houses, hotels := g.Buildings(p, c)
	keepHouses := min(houses, sets)
	keepHotels := min(hotels, keepHouses)
	var lost CardSet
	for _, i := range buildingCards {
		pl := g.Places[i]
		if pl.Zone != ZoneTable || pl.Owner != p || pl.Color != c {
			continue
		}
		if Cards[i].Action == House {
			if keepHouses > 0 {
				keepHouses--
				continue
			}
		} else if keepHotels > 0 {
			keepHotels--
			continue
		}
		lost = lost.Add(i)
		g.toDiscard(i)
	}
	if lost.Empty() {
		return
	}
	e := event(EvBuildingsLost, p)
	e.Color, e.Cards = c, lost
	g.emit(e)
}

// pay settles chain's debt with cards (already checked).
func (g *Game) pay(chain int, cards CardSet) {
	pd := &g.Pending
	payer, actor := pd.Targets[chain].Player, pd.Actor
	value := 0
	for i := cards.Next(0); i >= 0; i = cards.Next(i + 1) {
		value += Cards[i].Value
	}
	e := event(EvPaid, payer)
	e.Other, e.Cards, e.Amount, e.Owed = actor, cards, value, pd.Amount
	g.emit(e)
	g.transfer(actor, payer, cards)
	g.checkWin(actor)
	g.settled(chain)
}

// settled closes chain, and the action once every chain is closed: the
// actor's play goes on.
func (g *Game) settled(chain int) {
	if g.Phase == PhaseGameOver {
		return
	}
	pd := &g.Pending
	pd.Targets[chain].Done = true
	for _, t := range pd.Targets[:pd.N] {
		if !t.Done {
			return
		}
	}
	g.Pending, g.Phase = Pending{}, PhasePlay
}

// resign takes p out of the game: every card p holds — hand, bank, table
// with its buildings — goes to the discards (the event counts the hand's,
// it does not name them). What waited for p goes on without p: p's turn
// passes, an action of p's is dropped, p's answer to another's action
// settles p's chain with nothing paid or taken. The last player left wins.
func (g *Game) resign(p PlayerID) {
	var gone CardSet
	hand := 0
	for i, pl := range g.Places {
		if pl.Owner != p || pl.Zone == ZoneDeck || pl.Zone == ZoneDiscard {
			continue
		}
		if pl.Zone == ZoneHand {
			hand++
		} else {
			gone = gone.Add(i)
		}
		g.toDiscard(i)
	}
	g.Out[p] = true
	e := event(EvResigned, p)
	e.Amount, e.Cards = hand, gone
	g.emit(e)
	if g.active() == 1 {
		for q := range PlayerID(g.Seats) {
			if !g.Out[q] {
				g.Phase, g.Winner, g.Pending = PhaseGameOver, q, Pending{}
				g.emit(event(EvWon, q))
			}
		}
		return
	}
	switch {
	case g.Phase == PhaseRespond && p == g.Pending.Actor:
		g.Pending = Pending{}
		g.passTurn()
	case g.Phase == PhaseRespond:
		pd := &g.Pending
		for i := range pd.Targets[:pd.N] {
			if pd.Targets[i].Player == p && !pd.Targets[i].Done {
				g.settled(i)
			}
		}
	case p == g.Current:
		g.passTurn()
	}
}
