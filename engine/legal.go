package engine

// Legal lists every action p may take now. The bot draws its buttons from
// it; every action listed passes Check. Parameters: ActBid carries the
// lowest bid in Amount and the highest (the bidder's cash) in Max, ActStake
// the least stake (1) and the most (Game.MaxStake); ActProposeTrade is
// listed without an offer (the bot composes one).
func (g *Game) Legal(p PlayerID) []Action { return g.AppendLegal(nil, p) }

// AppendLegal is Legal appending to dst, so a caller that reuses its buffer
// allocates nothing.
func (g *Game) AppendLegal(dst []Action, p PlayerID) []Action {
	g.EditionData()
	if g.Phase == PhaseGameOver {
		return dst
	}
	if p == System {
		return append(dst, Action{Kind: ActTimeout})
	}
	if !g.Active(p) {
		return dst
	}
	try := func(a Action) {
		if g.check(p, a) == nil {
			dst = append(dst, a)
		}
	}
	if p == g.Current {
		for _, k := range [...]ActionKind{ActPayJailFine, ActUseJailCard, ActRoll, ActBuy, ActDecline, ActEndTurn} {
			try(Action{Kind: k})
		}
		dst = g.appendEditionLegal(dst, p)
	}
	switch g.Phase {
	case PhaseAuction:
		a := g.Auction
		if min := a.MinBid(); !a.Passed[p] && g.Players[p].Cash >= min {
			dst = append(dst, Action{Kind: ActBid, Amount: min, Max: g.Players[p].Cash})
		}
		try(Action{Kind: ActPass})
		return dst
	case PhasePlaceBuilding:
		if p == g.Placing {
			for sq := range g.Props {
				if g.Props[sq].Owner == p {
					try(Action{Kind: ActBuild, Square: sq})
				}
			}
		}
		return dst
	case PhaseDebt:
		try(Action{Kind: ActPayDebt})
		try(Action{Kind: ActBankrupt})
	}
	for sq := range g.Props {
		prop := &g.Props[sq]
		if prop.Owner != p {
			continue
		}
		try(Action{Kind: ActBuild, Square: sq})
		try(Action{Kind: ActSellBuilding, Square: sq})
		try(Action{Kind: ActMortgage, Square: sq})
		try(Action{Kind: ActUnmortgage, Square: sq})
		if s := &g.ed.Squares[sq]; s.Kind == SquareStreet && g.ed.groups[s.Group][0] == sq {
			try(Action{Kind: ActSellSet, Square: sq})
		}
	}
	if g.inManagePhase() && g.ActiveCount() > 1 {
		dst = append(dst, Action{Kind: ActProposeTrade})
	}
	for i := range g.Trades {
		t := &g.Trades[i]
		if t.To == p {
			try(Action{Kind: ActAcceptTrade, TradeID: t.ID})
			try(Action{Kind: ActRejectTrade, TradeID: t.ID})
		}
		if t.From == p {
			try(Action{Kind: ActCancelTrade, TradeID: t.ID})
		}
	}
	try(Action{Kind: ActVoteEnd})
	try(Action{Kind: ActResign})
	return dst
}
