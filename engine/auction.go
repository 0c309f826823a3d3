package engine

// Auctions: a declined deed, the deeds of a player bankrupt to the bank,
// and the bank's last buildings when more than one player wants them.

func (g *Game) startAuction(sq, minBid, building int, requester PlayerID) {
	a, passed := g.spare, []bool(nil)
	g.spare = nil
	if a == nil {
		a = new(Auction)
	} else {
		passed = a.Passed[:0]
	}
	*a = Auction{Square: sq, Min: max(minBid, 1), Leader: NoOwner, Building: building, Requester: requester}
	if note := g.Note(); note > 1 { // bids in whole notes, from one note up
		a.Min, a.Step = g.wholeNotesUp(max(a.Min, note)), note
	}
	for i := range g.Players {
		q := PlayerID(i)
		passed = append(passed, !g.Active(q) || building > 0 && !g.hasPlacement(q, building))
	}
	a.Passed = passed
	g.Auction = a
	*g.event() = Event{Kind: EvAuctionStarted, Square: sq, Amount: a.Min, Player: requester}
	g.closeAuctionIfDone()
}

// MinBid is the lowest bid the running auction accepts.
func (a *Auction) MinBid() int {
	if a.Leader == NoOwner {
		return a.Min
	}
	return a.High + max(1, a.Step)
}

func (g *Game) checkBid(p PlayerID, amount int) error {
	a := g.Auction
	if a.Passed[p] {
		return ErrAlreadyPassed
	}
	if amount < a.MinBid() {
		return ErrBidTooLow
	}
	if !g.wholeNotes(amount) {
		return ErrWholeNotes
	}
	if amount > g.Players[p].Cash {
		return ErrBidTooHigh
	}
	return nil
}

func (g *Game) actBid(p PlayerID, amount int) {
	a := g.Auction
	a.High, a.Leader = amount, p
	*g.event() = Event{Kind: EvBid, Player: p, Square: a.Square, Amount: amount}
	g.closeAuctionIfDone()
}

func (g *Game) checkPass(p PlayerID) error {
	a := g.Auction
	if a.Passed[p] {
		return ErrAlreadyPassed
	}
	if a.Leader == p {
		return ErrNotNow // the leader's bid stands
	}
	return nil
}

func (g *Game) actPass(p PlayerID) {
	g.Auction.Passed[p] = true
	*g.event() = Event{Kind: EvAuctionPass, Player: p, Square: g.Auction.Square}
	g.closeAuctionIfDone()
}

// closeAuctionIfDone ends the auction once nobody but the leader is left.
func (g *Game) closeAuctionIfDone() {
	a := g.Auction
	for i, passed := range a.Passed {
		if !passed && PlayerID(i) != a.Leader {
			return
		}
	}
	// Nothing below starts an auction, so a stays intact; the next
	// auction reuses it.
	g.Auction, g.spare = nil, a
	if a.Leader == NoOwner {
		*g.event() = Event{Kind: EvAuctionUnsold, Square: a.Square, Amount: a.Building}
		return
	}
	w := a.Leader
	g.takeForBank(w, a.High)
	*g.event() = Event{Kind: EvAuctionWon, Player: w, Square: a.Square, Amount: a.High, Cost: a.Building}
	switch {
	case a.Building == 0:
		g.setOwner(a.Square, w)
	case w == a.Requester && g.canPlace(w, a.Square) == nil && g.nextKind(a.Square) == a.Building:
		if w == g.Current {
			g.Built++
		}
		g.placeBuilding(w, a.Square, a.High)
	default:
		g.Placing, g.PlaceKind, g.PlacePaid = w, a.Building, a.High
	}
}

// auctionTimeout closes the auction as if every bidder but the leader passed.
func (g *Game) auctionTimeout() {
	a := g.Auction
	for i := range a.Passed {
		if !a.Passed[i] && PlayerID(i) != a.Leader {
			a.Passed[i] = true
			*g.event() = Event{Kind: EvAuctionPass, Player: PlayerID(i), Square: a.Square}
		}
	}
	g.closeAuctionIfDone()
}
