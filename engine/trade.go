package engine

import "slices"

// Trades between players: deeds without buildings in their set (mortgaged
// ones too), cash and jail cards; never loans. A debtor may also pay the
// creditor it owes now partly in property (Trade.Debt).

// Tradable reports whether p may put deed sq into a trade now: p owns it
// and no building stands in its colour set.
func (g *Game) Tradable(p PlayerID, sq int) bool {
	ed := g.EditionData()
	if sq < 0 || sq >= len(g.Props) || !ed.Squares[sq].Ownable() || g.Props[sq].Owner != p || !g.Active(p) {
		return false
	}
	if g.Rules.MortgagedUntradable && g.Props[sq].Mortgaged {
		return false
	}
	return ed.Squares[sq].Kind != SquareStreet || !g.setHasBuildings(ed.Squares[sq].Group)
}

// MaxDebtCredit is the most a trade from debtor to creditor may credit
// against a debt (Trade.Debt): the debt debtor must pay now, when it is
// owed to creditor; 0 when no such debt is pending.
func (g *Game) MaxDebtCredit(debtor, creditor PlayerID) int {
	if g.Phase != PhaseDebt || len(g.Debts) == 0 || creditor < 0 {
		return 0
	}
	if d := g.Debts[0]; d.Debtor == debtor && d.Creditor == creditor {
		return d.Amount
	}
	return 0
}

// debtorMayTrade says whether p may trade with other now. A debtor's
// holdings answer for what it owes: while p has a debt pending, it trades
// only with the creditor of the debt it must pay now (paying in property,
// or selling to it for the cash to pay), never with a third player, who
// could take the cash or deeds the creditor is owed; a debt to the bank, or
// one waiting behind another player's, allows no trade at all.
func (g *Game) debtorMayTrade(p, other PlayerID) bool {
	if len(g.Debts) == 0 || g.Owed(p) == 0 {
		return true
	}
	d := g.Debts[0]
	return d.Debtor == p && d.Creditor == other
}

func (g *Game) checkTradeSide(owner PlayerID, deeds []int, cash int, cards []int) error {
	if cash < 0 || cash > g.Players[owner].Cash || !g.wholeNotes(cash) {
		return ErrBadTrade
	}
	for i, sq := range deeds {
		if sq < 0 || sq >= len(g.Props) || !g.ed.Squares[sq].Ownable() || g.Props[sq].Owner != owner {
			return ErrBadTrade
		}
		if slices.Contains(deeds[:i], sq) {
			return ErrBadTrade
		}
		if g.Rules.MortgagedUntradable && g.Props[sq].Mortgaged {
			return ErrMortgaged
		}
		if g.ed.Squares[sq].Kind == SquareStreet && g.setHasBuildings(g.ed.Squares[sq].Group) {
			return ErrHasBuildings
		}
	}
	for i, d := range cards {
		if d < 0 || d >= len(g.Decks) || !g.Players[owner].JailCards[d] || slices.Contains(cards[:i], d) {
			return ErrBadTrade
		}
	}
	return nil
}

func (g *Game) checkTrade(t *Trade) error {
	if t == nil {
		return ErrBadTrade
	}
	if t.From == t.To {
		return ErrSelfTrade
	}
	if !g.Active(t.From) || !g.Active(t.To) {
		return ErrNotInGame
	}
	// Each side gives something: cash for nothing would be a loan. Crediting
	// a debt is what the creditor gives, and the debtor pays it at least
	// partly in property.
	if t.GiveCash == 0 && len(t.GiveDeeds)+len(t.GiveCards) == 0 ||
		t.TakeCash == 0 && t.Debt == 0 && t.TakeBuilding == 0 && len(t.TakeDeeds)+len(t.TakeCards) == 0 {
		return ErrBadTrade
	}
	if t.TakeBuilding != 0 || t.PlaceOn != 0 {
		if err := g.checkBuildingTrade(t); err != nil {
			return err
		}
	}
	if t.Debt != 0 {
		if t.Debt < 0 || t.Debt > g.MaxDebtCredit(t.From, t.To) || !g.wholeNotes(t.Debt) {
			return ErrDebtCredit
		}
		if len(t.GiveDeeds)+len(t.GiveCards) == 0 {
			return ErrBadTrade
		}
	}
	if !g.debtorMayTrade(t.From, t.To) || !g.debtorMayTrade(t.To, t.From) {
		return ErrDebtorTrade
	}
	if err := g.checkTradeSide(t.From, t.GiveDeeds, t.GiveCash, t.GiveCards); err != nil {
		return err
	}
	return g.checkTradeSide(t.To, t.TakeDeeds, t.TakeCash, t.TakeCards)
}

func (g *Game) tradeIndex(id int) int {
	for i := range g.Trades {
		if g.Trades[i].ID == id {
			return i
		}
	}
	return -1
}

func (g *Game) actProposeTrade(p PlayerID, t *Trade) {
	g.NextTrade++
	offer := t.Clone()
	offer.ID, offer.From = g.NextTrade, p
	g.Trades = append(g.Trades, offer)
	*g.event() = Event{Kind: EvTradeProposed, Player: p, Other: offer.To, Amount: offer.ID}
}

func (g *Game) removeTrade(i int) {
	g.Trades = slices.Delete(g.Trades, i, i+1)
	if len(g.Trades) == 0 {
		g.Trades = nil
	}
}

func (g *Game) actAcceptTrade(i int) {
	t := g.Trades[i]
	g.removeTrade(i)
	*g.event() = Event{Kind: EvTradeAccepted, Player: t.To, Other: t.From, Amount: t.ID}
	if t.Debt > 0 {
		g.creditDebt(t.Debt)
	}
	g.moveCash(t.From, t.To, t.GiveCash)
	g.moveCash(t.To, t.From, t.TakeCash)
	for _, d := range t.GiveCards {
		g.Players[t.From].JailCards[d], g.Players[t.To].JailCards[d] = false, true
	}
	for _, d := range t.TakeCards {
		g.Players[t.To].JailCards[d], g.Players[t.From].JailCards[d] = false, true
	}
	for _, sq := range t.GiveDeeds {
		g.giveDeed(sq, t.From, t.To)
	}
	for _, sq := range t.TakeDeeds {
		g.giveDeed(sq, t.To, t.From)
	}
	if t.TakeBuilding != 0 {
		g.moveBuilding(&t)
	}
	g.pruneTrades()
}

// creditDebt reduces the debt to be paid now (checked: the trade's
// debtor and creditor) by amount, removing it when nothing is left.
func (g *Game) creditDebt(amount int) {
	d := &g.Debts[0]
	d.Amount -= amount
	*g.event() = Event{Kind: EvDebtSettled, Player: d.Debtor, Other: d.Creditor, Amount: amount, Cost: d.Amount}
	if d.Amount == 0 {
		n := copy(g.Debts, g.Debts[1:])
		g.setDebts(g.Debts[:n])
	}
}

func (g *Game) moveCash(from, to PlayerID, amount int) {
	if amount > 0 {
		g.Players[from].Cash -= amount
		g.Players[to].Cash += amount
	}
}

// pruneTrades drops offers that the game has made impossible (a deed or
// the cash is gone), so no stale offer can be accepted.
func (g *Game) pruneTrades() {
	for i := 0; i < len(g.Trades); {
		t := &g.Trades[i]
		if g.checkTrade(t) == nil {
			i++
			continue
		}
		*g.event() = Event{Kind: EvTradeCancelled, Player: t.From, Other: t.To, Amount: t.ID}
		g.removeTrade(i)
	}
}

func (g *Game) dropTradesOf(p PlayerID) {
	for i := 0; i < len(g.Trades); {
		if t := &g.Trades[i]; t.From == p || t.To == p {
			*g.event() = Event{Kind: EvTradeCancelled, Player: t.From, Other: t.To, Amount: t.ID}
			g.removeTrade(i)
			continue
		}
		i++
	}
}
