package engine

import "math/bits"

// This file holds every movement of money: between players, to and from
// the bank and the jackpot, debts and bankruptcy. Keeping them in one place
// is what makes the conservation invariant easy to trust.

func (g *Game) bankPays(p PlayerID, amount int) {
	g.Players[p].Cash += amount
	g.Bank -= int64(amount)
}

func (g *Game) takeForBank(p PlayerID, amount int) {
	g.Players[p].Cash -= amount
	g.Bank += int64(amount)
}

// transfer moves cash that p has; to may be Bank.
func (g *Game) transfer(p, to PlayerID, amount int) {
	if to == Bank {
		g.takeForBank(p, amount)
		return
	}
	g.Players[p].Cash -= amount
	g.Players[to].Cash += amount
}

// toCentre pays a tax, fine or card payment: to the free-parking jackpot
// when that house rule is on, else to the bank.
func (g *Game) toCentre(p PlayerID, amount int) {
	if g.Rules.FreeParkingJackpot {
		g.Players[p].Cash -= amount
		g.Jackpot += amount
		return
	}
	g.takeForBank(p, amount)
}

// chargeBank collects a tax, fine or card payment, or records a debt.
func (g *Game) chargeBank(p PlayerID, amount int, kind EventKind, sq int) {
	if g.Players[p].Cash >= amount {
		g.toCentre(p, amount)
		*g.event() = Event{Kind: kind, Player: p, Amount: amount, Square: sq}
		return
	}
	g.pushDebt(Debt{Debtor: p, Creditor: Bank, Amount: amount, Centre: true})
	*g.event() = Event{Kind: EvDebt, Player: p, Other: Bank, Amount: amount}
}

// charge makes p pay to (a player or Bank), or records a debt.
func (g *Game) charge(p, to PlayerID, amount int) {
	if g.Players[p].Cash >= amount {
		g.transfer(p, to, amount)
		if to == Bank {
			*g.event() = Event{Kind: EvPaid, Player: p, Amount: amount}
		} else {
			*g.event() = Event{Kind: EvPaidPlayer, Player: p, Other: to, Amount: amount}
		}
		return
	}
	g.addDebt(p, to, amount)
}

func (g *Game) addDebt(p, to PlayerID, amount int) {
	g.pushDebt(Debt{Debtor: p, Creditor: to, Amount: amount})
	*g.event() = Event{Kind: EvDebt, Player: p, Other: to, Amount: amount}
}

// pushDebt appends d to Debts, reusing the array of earlier debts.
func (g *Game) pushDebt(d Debt) {
	if g.Debts == nil && g.debtBuf != nil {
		g.Debts, g.debtBuf = g.debtBuf[:0], nil
	}
	g.Debts = append(g.Debts, d)
}

// setDebts stores what is left of Debts: nil when nothing is, keeping the
// array for the next debt.
func (g *Game) setDebts(ds []Debt) {
	if len(ds) > 0 {
		g.Debts = ds
		return
	}
	if cap(ds) > 0 {
		g.debtBuf = ds[:0]
	}
	g.Debts = nil
}

// Owed is the total p owes in pending debts.
func (g *Game) Owed(p PlayerID) int {
	n := 0
	for _, d := range g.Debts {
		if d.Debtor == p {
			n += d.Amount
		}
	}
	return n
}

func (g *Game) actPayDebt() {
	d := g.Debts[0]
	if d.Creditor == Bank && d.Centre {
		g.toCentre(d.Debtor, d.Amount)
	} else {
		g.transfer(d.Debtor, d.Creditor, d.Amount)
	}
	n := copy(g.Debts, g.Debts[1:])
	g.setDebts(g.Debts[:n])
	*g.event() = Event{Kind: EvDebtPaid, Player: d.Debtor, Other: d.Creditor, Amount: d.Amount}
}

// buildingValue is what the bank pays for the buildings on sq.
func (g *Game) buildingValue(sq int) int {
	return int(g.Props[sq].Buildings) * (g.ed.Squares[sq].HouseCost / 2)
}

// LiquidationValue is the cash p could raise from the bank alone: cash,
// buildings sold at half price and unmortgaged deeds mortgaged.
func (g *Game) LiquidationValue(p PlayerID) int {
	ed := g.EditionData()
	v := g.Players[p].Cash
	for deeds := g.DeedMask(p); deeds != 0; deeds &= deeds - 1 {
		sq := bits.TrailingZeros64(deeds)
		prop := &g.Props[sq]
		v += int(prop.Buildings) * (ed.Squares[sq].HouseCost / 2)
		if !prop.Mortgaged {
			v += ed.Squares[sq].Mortgage
		}
	}
	return v
}

// NetWorth ranks players in an early end by agreement: cash, deeds at their
// price (less the mortgage still owed) and buildings at their cost.
func (g *Game) NetWorth(p PlayerID) int {
	ed := g.EditionData()
	v := g.Players[p].Cash
	for sq := range g.Props {
		prop := &g.Props[sq]
		if prop.Owner != p {
			continue
		}
		s := &ed.Squares[sq]
		v += s.Price + int(prop.Buildings)*s.HouseCost
		if prop.Mortgaged {
			v -= s.Mortgage
		}
	}
	return v
}

// bankrupt removes p from the game in favour of creditor (Bank or a seat).
func (g *Game) bankrupt(p, creditor PlayerID) {
	if g.Rules.BankruptToBank {
		creditor = Bank
	}
	g.leaveEditionState(p)
	pl := &g.Players[p]
	// Buildings go back to the bank at half price first, in both cases.
	for sq := range g.Props {
		prop := &g.Props[sq]
		if prop.Owner != p || prop.Buildings == 0 {
			continue
		}
		g.bankPays(p, g.buildingValue(sq))
		g.returnBuildings(sq)
	}
	if creditor == Bank {
		g.takeForBank(p, pl.Cash)
	} else {
		g.transfer(p, creditor, pl.Cash)
	}
	for d := range pl.JailCards {
		if !pl.JailCards[d] {
			continue
		}
		pl.JailCards[d] = false
		if creditor == Bank {
			g.Decks[d].putBack(g.jailCardIndex(d))
		} else {
			g.Players[creditor].JailCards[d] = true
		}
	}
	pl.Bankrupt, pl.InJail, pl.JailTries, pl.VotedEnd = true, false, 0, false
	pl.OutAt = g.Version + 1
	*g.event() = Event{Kind: EvBankrupt, Player: p, Other: creditor}
	for sq := range g.Props {
		prop := &g.Props[sq]
		if prop.Owner != p {
			continue
		}
		if creditor == Bank {
			g.setOwner(sq, NoOwner)
			prop.Mortgaged, prop.Received = false, false
			if g.Rules.Auctions {
				if g.AuctionQueue == nil && g.queueBuf != nil {
					g.AuctionQueue, g.queueBuf = g.queueBuf[:0], nil
				}
				g.AuctionQueue = append(g.AuctionQueue, sq)
			}
			continue
		}
		g.giveDeed(sq, p, creditor)
	}
	// The bankrupt's other debts die with them; so do their trade offers.
	debts := g.Debts[:0]
	for _, d := range g.Debts {
		if d.Debtor == p {
			continue
		}
		if d.Creditor == p { // nobody collects for a player who is out
			d.Creditor = Bank
		}
		debts = append(debts, d)
	}
	g.setDebts(debts)
	g.dropTradesOf(p)
	if g.ActiveCount() <= 1 {
		for i := range g.Players {
			if !g.Players[i].Bankrupt {
				g.gameOver(PlayerID(i), 0)
			}
		}
		return
	}
	if g.Rules.EarlyEndByAgreement {
		g.countVotes()
	}
}

// giveDeed hands sq from one player to another. A mortgaged deed carries
// the interest due at once; its new owner may lift it for the bare value
// until their turn ends.
func (g *Game) giveDeed(sq int, from, to PlayerID) {
	prop := &g.Props[sq]
	g.setOwner(sq, to)
	*g.event() = Event{Kind: EvDeedReceived, Player: to, Other: from, Square: sq}
	if !prop.Mortgaged {
		return
	}
	prop.Received = true
	interest := g.interest(sq)
	if g.Players[to].Cash >= interest {
		g.takeForBank(to, interest)
		*g.event() = Event{Kind: EvMortgageInterest, Player: to, Square: sq, Amount: interest}
		return
	}
	g.addDebt(to, Bank, interest)
}

func (g *Game) interest(sq int) int {
	return g.interestOn(g.ed.Squares[sq].Mortgage)
}

// interestOn is the interest on mortgage value m: the percentage, rounded
// up to a whole banknote (a lux 75 000 mortgage costs 8 000, not 7 500).
func (g *Game) interestOn(m int) int {
	return g.wholeNotesUp((m*g.Rules.MortgageInterest + 99) / 100)
}

// Note is the edition's smallest banknote (1 where every amount goes).
func (g *Game) Note() int { return max(1, g.EditionData().Note) }

// wholeNotesUp rounds amount up to a whole number of banknotes.
func (g *Game) wholeNotesUp(amount int) int {
	if n := g.Note(); n > 1 && amount%n != 0 {
		return amount + n - amount%n
	}
	return amount
}

// wholeNotes says whether amount is a whole number of banknotes.
func (g *Game) wholeNotes(amount int) bool { return amount%g.Note() == 0 }

func (g *Game) gameOver(winner PlayerID, byAgreement int) {
	g.Winner = winner
	g.Phase = PhaseGameOver
	g.Auction, g.AuctionQueue, g.Debts, g.Placing = nil, nil, nil, NoOwner
	*g.event() = Event{Kind: EvGameOver, Player: winner, Amount: byAgreement}
}

// Standings ranks the seats: the winner, the other active players by net
// worth, then the bankrupt ones, the last to go out first.
func (g *Game) Standings() []PlayerID {
	out := make([]PlayerID, 0, len(g.Players))
	for i := range g.Players {
		out = append(out, PlayerID(i))
	}
	less := func(a, b PlayerID) bool {
		if a == g.Winner || b == g.Winner {
			return a == g.Winner && b != g.Winner
		}
		ba, bb := g.Players[a].Bankrupt, g.Players[b].Bankrupt
		if ba != bb {
			return !ba
		}
		if ba {
			return g.Players[a].OutAt > g.Players[b].OutAt
		}
		return g.NetWorth(a) > g.NetWorth(b)
	}
	for i := 1; i < len(out); i++ { // insertion sort: at most six seats
		for j := i; j > 0 && less(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
