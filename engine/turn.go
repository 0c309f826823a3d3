package engine

import "math/bits"

// This file holds the turn flow: rolling, moving, landing, cards, rent,
// jail, and the settle step that decides what the game waits for next.

func (g *Game) startTurn() {
	g.Turn++
	g.Doubles, g.RollAgain, g.Built = 0, false, 0
	g.Step = StepTurnStart
	if g.Players[g.Current].Skips != ([skipReasons]uint8{}) && g.skipTurn() {
		g.advanceTurn()
		return
	}
	*g.event() = Event{Kind: EvTurnStarted, Player: g.Current, Amount: g.Turn}
	g.settle()
}

// settle moves the game to the phase that waits for the next decision:
// interruptions (debts, auctions, a building to place) first, then the
// current turn's step.
func (g *Game) settle() {
	for {
		if g.Phase == PhaseGameOver {
			return
		}
		switch {
		case len(g.Debts) > 0:
			g.Phase = PhaseDebt
			return
		case g.Auction != nil:
			g.Phase = PhaseAuction
			return
		case g.Placing != NoOwner:
			if g.hasPlacement(g.Placing, g.PlaceKind) {
				g.Phase = PhasePlaceBuilding
				return
			}
			g.refundPlacement()
			continue
		case len(g.AuctionQueue) > 0:
			sq := g.AuctionQueue[0]
			n := copy(g.AuctionQueue, g.AuctionQueue[1:])
			if n == 0 { // keep the array for the next bankruptcy
				g.AuctionQueue, g.queueBuf = nil, g.AuctionQueue[:0]
			} else {
				g.AuctionQueue = g.AuctionQueue[:n]
			}
			g.startAuction(sq, 1, 0, NoOwner)
			continue
		case !g.Active(g.Current):
			g.advanceTurn()
			return
		}
		switch g.Step {
		case StepTurnStart:
			g.Phase = PhaseTurnStart
		case StepBuyDecision:
			g.Phase = PhaseBuyDecision
		case StepTurnEnd:
			if g.Rules.AutoEndTurn && !g.RollAgain {
				g.actEndTurn() // starts the next turn, which settles again
				return
			}
			g.Phase = PhaseTurnEnd
		case StepJailChoice:
			g.Phase = PhaseJailChoice
		case StepGamble:
			g.Phase = PhaseGamble
		case StepInspection:
			g.Phase = PhaseInspection
		case StepJailMove:
			g.Step = StepTurnEnd
			g.moveBy(g.Current, g.Dice[0]+g.Dice[1])
			continue
		}
		return
	}
}

// advanceTurn hands the dice to the next active player.
func (g *Game) advanceTurn() {
	n := len(g.Players)
	next := g.Current
	for i := 0; i < n; i++ {
		next = PlayerID((int(next) + 1) % n)
		if g.Active(next) {
			break
		}
	}
	// The bare-value window on received mortgaged deeds closes when their
	// new owner's turn ends (a creditor who is not the current player keeps
	// it through their own next turn). Only mortgaged deeds carry the mark.
	for marked := g.MortgagedMask(g.Current); marked != 0; marked &= marked - 1 {
		g.Props[bits.TrailingZeros64(marked)].Received = false
	}
	g.Current = next
	g.startTurn()
}

func (g *Game) actRoll(p PlayerID) {
	pl := &g.Players[p]
	a, b := g.roll()
	g.Dice = [2]int{a, b}
	*g.event() = Event{Kind: EvRolled, Player: p, Dice: [2]int{a, b}}
	doubles := a == b
	if pl.InJail {
		g.RollAgain = false
		if doubles {
			pl.InJail, pl.JailTries = false, 0
			*g.event() = Event{Kind: EvLeftJail, Player: p}
			g.Step = StepTurnEnd
			g.moveBy(p, a+b)
			return
		}
		pl.JailTries++
		*g.event() = Event{Kind: EvJailRollFailed, Player: p, Amount: pl.JailTries}
		if pl.JailTries < g.Rules.JailRolls {
			g.Step = StepTurnEnd
			return
		}
		// The last try failed: pay the fine, leave, and move by this roll.
		pl.InJail, pl.JailTries = false, 0
		*g.event() = Event{Kind: EvLeftJail, Player: p}
		g.Step = StepJailMove
		g.chargeBank(p, g.Rules.JailFine, EvJailFinePaid, g.ed.JailSquare)
		return
	}
	g.RollAgain = false
	if doubles {
		g.Doubles++
		if g.Doubles >= g.jailDoubles() {
			g.sendToJail(p, JailByDoubles)
			return
		}
		g.RollAgain = true
	}
	g.Step = StepTurnEnd
	g.moveBy(p, a+b)
	if g.RollAgain { // not when the move ended in jail
		*g.event() = Event{Kind: EvDoubles, Player: p}
	}
}

func (g *Game) actEndTurn() {
	*g.event() = Event{Kind: EvTurnEnded, Player: g.Current}
	g.advanceTurn()
}

// moveBy moves p forward n squares (backward when n < 0, never paying
// salary then) and resolves the square.
func (g *Game) moveBy(p PlayerID, n int) {
	pl := &g.Players[p]
	size := len(g.ed.Squares)
	from := pl.Pos
	to := ((from+n)%size + size) % size
	pl.Pos = to
	*g.event() = Event{Kind: EvMoved, Player: p, From: from, Square: to}
	if n > 0 && from+n >= size && !(g.Rules.JailOnStop && g.endsInJail(to)) {
		g.paySalary(p, to == 0)
	}
	g.land(p, 1)
}

// endsInJail says whether a move stopping on square to ends in jail: the
// jail square where stopping jails, the go-to-jail square, or a card
// square whose next card is "go to jail" (the pile's order is part of the
// game, so this looks at no hidden chance). With JailOnStop such a move
// pays no salary, wherever it started (the lux rule book: «не можете
// отримати зарплату 200 000, незалежно від того, де Ви знаходилися»).
func (g *Game) endsInJail(to int) bool {
	switch g.ed.Squares[to].Kind {
	case SquareJail, SquareGoToJail:
		return true
	case SquareChance:
		return g.nextCardJails(DeckChance)
	case SquareChest:
		return g.nextCardJails(DeckChest)
	}
	return false
}

// nextCardJails says whether the top card of deck d is "go to jail".
func (g *Game) nextCardJails(d int) bool {
	dk := &g.Decks[d]
	return dk.Count > 0 && g.ed.Decks[d][dk.Order[dk.Head]].Kind == CardGoToJail
}

// moveTo advances p to target, paying salary when start is passed or
// reached, and resolves the square with the given rent multiplier.
func (g *Game) moveTo(p PlayerID, target, rentFactor int) {
	pl := &g.Players[p]
	from := pl.Pos
	pl.Pos = target
	*g.event() = Event{Kind: EvMoved, Player: p, From: from, Square: target}
	if target <= from {
		g.paySalary(p, target == 0)
	}
	g.land(p, rentFactor)
}

func (g *Game) paySalary(p PlayerID, exactly bool) {
	amount := g.Rules.Salary
	if exactly && g.Rules.DoubleSalaryOnStart {
		amount *= 2
	}
	g.bankPays(p, amount)
	*g.event() = Event{Kind: EvPassedStart, Player: p, Amount: amount}
}

// land resolves the square p stands on. rentFactor > 1 comes from cards:
// for ports it multiplies the rent, for utilities it is the dice multiplier
// of a fresh roll.
func (g *Game) land(p PlayerID, rentFactor int) {
	pos := g.Players[p].Pos
	sq := &g.ed.Squares[pos]
	*g.event() = Event{Kind: EvLanded, Player: p, Square: pos}
	switch sq.Kind {
	case SquareStreet, SquarePort, SquareUtility:
		prop := &g.Props[pos]
		switch {
		case prop.Owner == NoOwner:
			g.Step = StepBuyDecision
		case prop.Owner == p:
		case prop.Mortgaged:
			*g.event() = Event{Kind: EvRentMortgaged, Player: p, Square: pos}
		case g.Rules.NoRentInJail && g.Players[prop.Owner].InJail:
			*g.event() = Event{Kind: EvRentOwnerJailed, Player: p, Other: prop.Owner, Square: pos}
		default:
			g.chargeRent(p, pos, rentFactor)
		}
	case SquareTax:
		g.chargeBank(p, sq.Tax, EvTaxPaid, pos)
	case SquareChance:
		g.drawCard(p, DeckChance)
	case SquareChest:
		g.drawCard(p, DeckChest)
	case SquareGoToJail:
		g.sendToJail(p, JailBySquare)
	case SquareJail:
		if g.Rules.JailSkipsTurn {
			g.jailStop(p, JailByStopping)
		} else if g.Rules.JailOnStop {
			g.sendToJail(p, JailByStopping)
		}
	case SquareGamble:
		g.offerGamble(p)
	case SquareRestDay:
		g.willSkip(p, SkipRestDay)
	case SquareCasino:
		g.offerCasino(p)
	case SquareInspection:
		g.Step = StepInspection
	case SquareFreeParking:
		if g.Rules.FreeParkingJackpot && g.Jackpot > 0 {
			amount := g.Jackpot
			g.Jackpot = 0
			g.Players[p].Cash += amount
			*g.event() = Event{Kind: EvJackpot, Player: p, Amount: amount}
		}
	}
}

// Rent is what a visitor owes for square sq with its current owner and
// buildings, for a dice total of diceSum. It ignores the mortgage and jail
// checks that decide whether rent is due at all.
func (g *Game) Rent(sq, diceSum int) int {
	ed := g.EditionData()
	s := &ed.Squares[sq]
	prop := &g.Props[sq]
	switch s.Kind {
	case SquareStreet:
		if prop.Buildings > 0 {
			return s.Rent[prop.Buildings]
		}
		if g.Rules.DoubleRentOnSet && g.ownsSet(prop.Owner, s.Group) && !g.setMortgaged(s.Group) {
			return 2 * s.Rent[0]
		}
		return s.Rent[0]
	case SquarePort:
		return s.Rent[g.ownedInGroup(prop.Owner, s.Group)-1]
	case SquareUtility:
		return s.Rent[g.ownedInGroup(prop.Owner, s.Group)-1] * diceSum
	}
	return 0
}

func (g *Game) chargeRent(p PlayerID, sq, factor int) {
	s := &g.ed.Squares[sq]
	owner := g.Props[sq].Owner
	var amount int
	switch {
	case s.Kind == SquareUtility && factor != 1: // a card: a fresh roll
		d := g.rollDice()
		*g.event() = Event{Kind: EvRolled, Player: p, Dice: d}
		if factor == 0 { // the lux cards: the owner's usual multiple
			factor = g.Rent(sq, 1)
		}
		amount = factor * (d[0] + d[1])
	case s.Kind == SquareUtility:
		amount = g.Rent(sq, g.Dice[0]+g.Dice[1])
	default:
		amount = g.Rent(sq, 0) * factor
	}
	if pl := &g.Players[p]; pl.Luck+pl.Misfortune > 0 {
		if amount = g.playFortune(p, owner, sq, amount); amount == 0 {
			return
		}
	}
	if g.Players[p].Cash >= amount {
		g.transfer(p, owner, amount)
		*g.event() = Event{Kind: EvRentPaid, Player: p, Other: owner, Square: sq, Amount: amount}
		return
	}
	g.addDebt(p, owner, amount)
}

func (g *Game) drawCard(p PlayerID, deck int) {
	d := &g.Decks[deck]
	card := d.draw()
	c := &g.ed.Decks[deck][card]
	*g.event() = Event{Kind: EvCardDrawn, Player: p, Deck: deck, Card: card}
	if c.Kind == CardJailFree {
		g.Players[p].JailCards[deck] = true
		*g.event() = Event{Kind: EvJailCardKept, Player: p, Deck: deck}
		return
	}
	d.putBack(card)
	pos := g.Players[p].Pos
	switch c.Kind {
	case CardAdvance:
		g.moveTo(p, c.Target, 1)
	case CardNearestUtility:
		g.moveTo(p, g.nextOfKind(pos, SquareUtility), c.Amount)
	case CardNearestPort:
		g.moveTo(p, g.nextOfKind(pos, SquarePort), c.Amount)
	case CardBack:
		g.moveBy(p, -c.Amount)
	case CardGoToJail:
		g.sendToJail(p, JailByCard)
	case CardCollect:
		g.bankPays(p, c.Amount)
		*g.event() = Event{Kind: EvCollected, Player: p, Amount: c.Amount}
	case CardPay:
		g.chargeBank(p, c.Amount, EvPaid, pos)
	case CardPayEach:
		for q := range g.Players {
			if other := PlayerID(q); other != p && g.Active(other) {
				g.charge(p, other, c.Amount)
			}
		}
	case CardCollectEach:
		for q := range g.Players {
			if other := PlayerID(q); other != p && g.Active(other) {
				g.charge(other, p, c.Amount)
			}
		}
	case CardRepairs:
		houses, hotels := g.buildingsOf(p)
		if total := houses*c.Amount + hotels*c.PerHotel; total > 0 {
			g.chargeBank(p, total, EvPaid, pos)
		}
	case CardSkipTurn, CardLuck, CardMisfortune:
		g.editionCard(p, c.Kind)
	}
}

func (g *Game) nextOfKind(from int, kind SquareKind) int {
	n := len(g.ed.Squares)
	for i := 1; i <= n; i++ {
		if j := (from + i) % n; g.ed.Squares[j].Kind == kind {
			return j
		}
	}
	return from
}

func (g *Game) sendToJail(p PlayerID, reason int) {
	if g.Rules.JailSkipsTurn {
		g.jailStop(p, reason)
		return
	}
	pl := &g.Players[p]
	pl.Pos, pl.InJail, pl.JailTries = g.ed.JailSquare, true, 0
	g.RollAgain = false
	g.Step = StepTurnEnd
	*g.event() = Event{Kind: EvSentToJail, Player: p, Square: g.ed.JailSquare, Amount: reason}
}

func (g *Game) actPayJailFine(p PlayerID) {
	pl := &g.Players[p]
	g.toCentre(p, g.Rules.JailFine) // a fine: to the jackpot under that house rule, as on the third failed try
	pl.InJail, pl.JailTries = false, 0
	*g.event() = Event{Kind: EvJailFinePaid, Player: p, Amount: g.Rules.JailFine}
	*g.event() = Event{Kind: EvLeftJail, Player: p}
}

func (g *Game) actUseJailCard(p PlayerID) {
	pl := &g.Players[p]
	deck := DeckChance
	if !pl.JailCards[deck] {
		deck = DeckChest
	}
	pl.JailCards[deck] = false
	g.Decks[deck].putBack(g.jailCardIndex(deck))
	pl.InJail, pl.JailTries = false, 0
	*g.event() = Event{Kind: EvJailCardUsed, Player: p, Deck: deck}
	*g.event() = Event{Kind: EvLeftJail, Player: p}
}

func (g *Game) jailCardIndex(deck int) int {
	for i, c := range g.ed.Decks[deck] {
		if c.Kind == CardJailFree {
			return i
		}
	}
	return 0
}
