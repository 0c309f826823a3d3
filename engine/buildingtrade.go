package engine

// Buildings bought from another player (business edition, with
// Rules.NoBuildingAuctions): when the bank has no branch (or no
// corporation) left, a trade may move one from a deed of the offer's
// counterparty to a deed of the proposer. The seller's set stays even
// (the building comes off a deed with the most in its set) and the
// buyer's deed takes it as it would from the bank. A corporation changes
// hands with four branches going the other way: the buyer's deed had four,
// the seller's deed keeps four, so the bank's stock is untouched.

// TradedBuilding is the building a trade moves: 1 for a branch, Hotel for
// a corporation, 0 when it moves none or cannot.
func (g *Game) TradedBuilding(t *Trade) int {
	if t.TakeBuilding == 0 {
		return 0
	}
	g.EditionData() // a decoded game finds its edition on first use
	if g.checkBuildingTrade(t) != nil {
		return 0
	}
	if g.Props[t.TakeBuilding].Buildings == Hotel {
		return Hotel
	}
	return 1
}

// checkBuildingTrade checks t's building part.
func (g *Game) checkBuildingTrade(t *Trade) error {
	src, dst := t.TakeBuilding, t.PlaceOn
	if !g.Rules.NoBuildingAuctions {
		return ErrOptionDisabled
	}
	if src <= 0 || src >= len(g.Props) || g.Props[src].Owner != t.To || g.Props[src].Buildings == 0 {
		return ErrBuildingTrade
	}
	kind := 1
	if g.Props[src].Buildings == Hotel {
		kind = Hotel
	}
	if kind == 1 && g.Houses > 0 || kind == Hotel && g.Hotels > 0 {
		return ErrBuildingTrade // the bank still sells them
	}
	if g.Rules.EvenBuilding {
		if _, hi := g.setRange(g.ed.Squares[src].Group); g.Props[src].Buildings < hi {
			return ErrUnevenBuilding
		}
	}
	if err := g.canPlace(t.From, dst); err != nil {
		return err
	}
	for _, sq := range t.GiveDeeds { // the buyer keeps the set it builds on (bad squares: checkTradeSide)
		if sq >= 0 && sq < len(g.Props) && g.ed.Squares[sq].Group == g.ed.Squares[dst].Group {
			return ErrBuildingTrade
		}
	}
	if g.nextKind(dst) != kind {
		return ErrBuildingTrade
	}
	return nil
}

// moveBuilding performs t's building part, checked.
func (g *Game) moveBuilding(t *Trade) {
	// A branch moves across; a corporation's deed drops to four branches
	// while the buyer's four become a corporation: the same two steps.
	src, dst := &g.Props[t.TakeBuilding], &g.Props[t.PlaceOn]
	src.Buildings--
	dst.Buildings++
	*g.event() = Event{Kind: EvBuildingTraded, Player: t.From, Other: t.To, Square: t.PlaceOn, From: t.TakeBuilding, Amount: int(dst.Buildings)}
}
