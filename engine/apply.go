package engine

// Apply performs action a for player p (System for ActTimeout). On success
// it returns the events that describe what happened; the slice is reused
// by the next call, so callers that keep events copy them. On error the
// game is unchanged and the error is one of the sentinels in errors.go.
func (g *Game) Apply(p PlayerID, a Action) ([]Event, error) {
	g.EditionData()
	if err := g.check(p, a); err != nil {
		return nil, err
	}
	g.events = g.events[:0]
	g.perform(p, a)
	g.settle()
	if len(g.Trades) > 0 {
		g.pruneTrades()
	}
	g.Version++
	return g.events, nil
}

// Check reports whether Apply(p, a) would succeed, without changing g.
func (g *Game) Check(p PlayerID, a Action) error {
	g.EditionData()
	return g.check(p, a)
}

// inManagePhase says whether players may manage their holdings (build,
// sell, mortgage, trade) now: not while an auction runs or a won building
// waits to be placed.
func (g *Game) inManagePhase() bool {
	switch g.Phase {
	case PhaseTurnStart, PhaseBuyDecision, PhaseTurnEnd, PhaseDebt, PhaseJailChoice, PhaseGamble:
		return true
	}
	return false
}

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
	if g.editionAction(a.Kind) {
		if handled, err := g.checkEdition(p, a); handled {
			return err
		}
	}
	current := p == g.Current
	switch a.Kind {
	case ActRoll:
		if !current {
			return ErrNotYourTurn
		}
		if g.Phase == PhaseTurnStart || g.Phase == PhaseTurnEnd && g.RollAgain {
			return nil
		}
		return g.busy()
	case ActEndTurn:
		if err := g.onTurn(current, PhaseTurnEnd); err != nil {
			return err
		}
		if g.RollAgain {
			return ErrNotNow // doubles: roll again first
		}
		return nil
	case ActBuy, ActDecline:
		if err := g.onTurn(current, PhaseBuyDecision); err != nil {
			return err
		}
		if a.Kind == ActBuy {
			return g.checkBuy(p)
		}
		return nil
	case ActPayJailFine, ActUseJailCard:
		if err := g.onTurn(current, PhaseTurnStart); err != nil {
			return err
		}
		if !g.Players[p].InJail {
			return ErrNotInJail
		}
		if a.Kind == ActUseJailCard {
			if !g.Players[p].JailCards[DeckChance] && !g.Players[p].JailCards[DeckChest] {
				return ErrNoJailCard
			}
			return nil
		}
		if g.Players[p].Cash < g.Rules.JailFine {
			return ErrInsufficientFunds
		}
		return nil
	case ActBid, ActPass:
		if g.Phase != PhaseAuction {
			return ErrNotNow
		}
		if a.Kind == ActBid {
			return g.checkBid(p, a.Amount)
		}
		return g.checkPass(p)
	case ActPayDebt, ActBankrupt:
		if g.Phase != PhaseDebt || g.Debts[0].Debtor != p {
			return ErrNotNow
		}
		if a.Kind == ActPayDebt {
			if g.Players[p].Cash < g.Debts[0].Amount {
				return ErrInsufficientFunds
			}
			return nil
		}
		if g.LiquidationValue(p) >= g.Owed(p) {
			return ErrCanStillPay
		}
		return nil
	case ActBuild:
		if g.Phase == PhasePlaceBuilding {
			if p != g.Placing {
				return ErrNotNow
			}
			if err := g.canPlace(p, a.Square); err != nil {
				return err
			}
			if g.nextKind(a.Square) != g.PlaceKind {
				return ErrUnevenBuilding
			}
			return nil
		}
		if !g.inManagePhase() {
			return ErrNotNow
		}
		return g.checkBuild(p, a.Square)
	case ActSellBuilding, ActSellSet, ActMortgage, ActUnmortgage:
		if !g.inManagePhase() {
			return ErrNotNow
		}
		switch a.Kind {
		case ActSellBuilding:
			return g.checkSellBuilding(p, a.Square)
		case ActSellSet:
			return g.checkSellSet(p, a.Square)
		case ActMortgage:
			return g.checkMortgage(p, a.Square)
		}
		return g.checkUnmortgage(p, a.Square)
	case ActProposeTrade:
		if !g.inManagePhase() {
			return ErrNotNow
		}
		if a.Trade == nil {
			return ErrBadTrade
		}
		t := *a.Trade
		t.From = p
		return g.checkTrade(&t)
	case ActAcceptTrade, ActRejectTrade, ActCancelTrade:
		i := g.tradeIndex(a.TradeID)
		if i < 0 {
			return ErrTradeNotFound
		}
		t := &g.Trades[i]
		if a.Kind == ActCancelTrade {
			if t.From != p {
				return ErrNotNow
			}
			return nil
		}
		if t.To != p {
			return ErrNotNow
		}
		if a.Kind == ActAcceptTrade {
			if !g.inManagePhase() {
				return ErrNotNow
			}
			return g.checkTrade(t)
		}
		return nil
	case ActResign:
		if g.Phase == PhaseAuction || g.Phase == PhasePlaceBuilding {
			return ErrNotNow
		}
		return nil
	case ActVoteEnd:
		if !g.Rules.EarlyEndByAgreement {
			return ErrOptionDisabled
		}
		if g.Players[p].VotedEnd {
			return ErrAlreadyVoted
		}
		return nil
	}
	return ErrUnknownAction
}

// onTurn checks a decision of the current player's own turn: it is theirs,
// and the game is in phase.
func (g *Game) onTurn(current bool, phase Phase) error {
	if !current {
		return ErrNotYourTurn
	}
	if g.Phase != phase {
		return g.busy()
	}
	return nil
}

// busy explains why the current player cannot act on their turn now.
func (g *Game) busy() error {
	if g.Phase == PhaseDebt {
		return ErrInDebt
	}
	return ErrNotNow
}

func (g *Game) perform(p PlayerID, a Action) {
	if g.editionAction(a.Kind) && g.performEdition(p, a) {
		return
	}
	switch a.Kind {
	case ActRoll:
		g.actRoll(p)
	case ActEndTurn:
		g.actEndTurn()
	case ActBuy:
		g.actBuy(p)
	case ActDecline:
		g.actDecline(p)
	case ActPayJailFine:
		g.actPayJailFine(p)
	case ActUseJailCard:
		g.actUseJailCard(p)
	case ActBid:
		g.actBid(p, a.Amount)
	case ActPass:
		g.actPass(p)
	case ActPayDebt:
		g.actPayDebt()
	case ActBankrupt:
		g.bankrupt(p, g.Debts[0].Creditor)
	case ActBuild:
		g.actBuild(p, a.Square)
	case ActSellBuilding:
		g.actSellBuilding(p, a.Square)
	case ActSellSet:
		g.actSellSet(p, a.Square)
	case ActMortgage:
		g.actMortgage(p, a.Square)
	case ActUnmortgage:
		g.actUnmortgage(p, a.Square)
	case ActProposeTrade:
		g.actProposeTrade(p, a.Trade)
	case ActAcceptTrade:
		g.actAcceptTrade(g.tradeIndex(a.TradeID))
	case ActRejectTrade:
		i := g.tradeIndex(a.TradeID)
		t := g.Trades[i]
		g.removeTrade(i)
		*g.event() = Event{Kind: EvTradeRejected, Player: p, Other: t.From, Amount: t.ID}
	case ActCancelTrade:
		i := g.tradeIndex(a.TradeID)
		t := g.Trades[i]
		g.removeTrade(i)
		*g.event() = Event{Kind: EvTradeCancelled, Player: p, Other: t.To, Amount: t.ID}
	case ActResign:
		*g.event() = Event{Kind: EvResigned, Player: p}
		g.bankrupt(p, Bank)
	case ActVoteEnd:
		g.actVoteEnd(p)
	case ActTimeout:
		g.timeout()
	}
}

func (g *Game) actVoteEnd(p PlayerID) {
	g.Players[p].VotedEnd = true
	*g.event() = Event{Kind: EvVotedEnd, Player: p}
	g.countVotes()
}

// countVotes ends the game by agreement once every active player has voted
// for it: after a vote, and after a seat leaves (bankruptcy, resignation, a
// kick), since the one player who had not voted may be the one who left.
func (g *Game) countVotes() {
	for i := range g.Players {
		if g.Active(PlayerID(i)) && !g.Players[i].VotedEnd {
			return
		}
	}
	best := NoOwner
	for i := range g.Players {
		q := PlayerID(i)
		if g.Active(q) && (best == NoOwner || g.NetWorth(q) > g.NetWorth(best)) {
			best = q
		}
	}
	g.gameOver(best, 1)
}

// Waiting returns the player whose decision the game waits for (NoOwner
// during an auction, where every bidder still in may act, and at the end).
func (g *Game) Waiting() PlayerID {
	switch g.Phase {
	case PhaseTurnStart, PhaseBuyDecision, PhaseTurnEnd, PhaseJailChoice, PhaseGamble, PhaseInspection:
		return g.Current
	case PhaseDebt:
		return g.Debts[0].Debtor
	case PhasePlaceBuilding:
		return g.Placing
	}
	return NoOwner
}

// timeout takes the default decision for whoever the game waits for.
func (g *Game) timeout() {
	*g.event() = Event{Kind: EvTimeout, Player: g.Waiting()}
	switch g.Phase {
	case PhaseTurnStart:
		g.actRoll(g.Current)
	case PhaseBuyDecision:
		g.actDecline(g.Current)
	case PhaseTurnEnd:
		if g.RollAgain {
			g.actRoll(g.Current)
		} else {
			g.actEndTurn()
		}
	case PhaseAuction:
		g.auctionTimeout()
	case PhaseDebt:
		g.raiseAndPay(g.Debts[0].Debtor)
	case PhasePlaceBuilding:
		for sq := range g.Props {
			if g.Props[sq].Owner == g.Placing && g.canPlace(g.Placing, sq) == nil && g.nextKind(sq) == g.PlaceKind {
				p := g.Placing
				g.Placing, g.PlaceKind, g.PlacePaid = NoOwner, 0, 0
				g.placeBuilding(p, sq, 0)
				return
			}
		}
		g.refundPlacement()
	case PhaseJailChoice, PhaseGamble, PhaseInspection:
		g.editionTimeout()
	}
}

// raiseAndPay is the default for a debtor who does not act: sell buildings
// and mortgage deeds, cheapest first, until the first debt can be paid;
// bankruptcy if even that is not enough.
func (g *Game) raiseAndPay(p PlayerID) {
	need := g.Debts[0].Amount
	if g.LiquidationValue(p) < g.Owed(p) {
		g.bankrupt(p, g.Debts[0].Creditor)
		return
	}
	for g.Players[p].Cash < need {
		if !g.sellOneBuilding(p) && !g.mortgageOne(p) {
			break
		}
	}
	if g.Players[p].Cash >= need {
		g.actPayDebt()
		return
	}
	g.bankrupt(p, g.Debts[0].Creditor)
}

// sellOneBuilding sells one building of p where the rules allow, or the
// whole set's buildings when a hotel cannot be broken up.
func (g *Game) sellOneBuilding(p PlayerID) bool {
	for sq := range g.Props {
		if g.Props[sq].Owner == p && g.Props[sq].Buildings > 0 && g.checkSellBuilding(p, sq) == nil {
			g.actSellBuilding(p, sq)
			return true
		}
	}
	for sq := range g.Props {
		if g.Props[sq].Owner == p && g.Props[sq].Buildings > 0 {
			g.actSellSet(p, sq)
			return true
		}
	}
	return false
}

func (g *Game) mortgageOne(p PlayerID) bool {
	for sq := range g.Props {
		if g.Props[sq].Owner == p && g.checkMortgage(p, sq) == nil {
			g.actMortgage(p, sq)
			return true
		}
	}
	return false
}
