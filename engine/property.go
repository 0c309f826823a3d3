package engine

import "math/bits"

// This file holds buying, building, selling buildings and mortgages, with
// the checks shared by Legal and Apply.

func (g *Game) ownsSet(p PlayerID, group int) bool { return g.OwnsSet(p, group) }

func (g *Game) setMortgaged(group int) bool {
	for _, sq := range g.ed.groups[group] {
		if g.Props[sq].Mortgaged {
			return true
		}
	}
	return false
}

func (g *Game) setHasBuildings(group int) bool {
	for _, sq := range g.ed.groups[group] {
		if g.Props[sq].Buildings > 0 {
			return true
		}
	}
	return false
}

func (g *Game) ownedInGroup(p PlayerID, group int) int { return g.OwnedInGroup(p, group) }

func (g *Game) setRange(group int) (lo, hi int8) {
	lo, hi = Hotel, 0
	for _, sq := range g.ed.groups[group] {
		b := g.Props[sq].Buildings
		lo, hi = min(lo, b), max(hi, b)
	}
	return lo, hi
}

func (g *Game) buildingsOf(p PlayerID) (houses, hotels int) {
	for deeds := g.DeedMask(p); deeds != 0; deeds &= deeds - 1 {
		if b := int(g.Props[bits.TrailingZeros64(deeds)].Buildings); b == Hotel {
			hotels++
		} else {
			houses += b
		}
	}
	return houses, hotels
}

func (g *Game) ownedProperty(p PlayerID, sq int) (*Property, error) {
	if sq < 0 || sq >= len(g.Props) || !g.ed.Squares[sq].Ownable() {
		return nil, ErrNotProperty
	}
	prop := &g.Props[sq]
	if prop.Owner != p {
		return nil, ErrNotOwner
	}
	return prop, nil
}

// canPlace checks the board rules for one more building on sq by p, without
// the bank's stock, cash or turn limits.
func (g *Game) canPlace(p PlayerID, sq int) error {
	prop, err := g.ownedProperty(p, sq)
	if err != nil {
		return err
	}
	s := &g.ed.Squares[sq]
	if s.Kind != SquareStreet {
		return ErrNotBuildable
	}
	if !g.ownsSet(p, s.Group) {
		return ErrNoMonopoly
	}
	if g.setMortgaged(s.Group) {
		return ErrSetMortgaged
	}
	if prop.Buildings >= Hotel {
		return ErrMaxBuildings
	}
	if g.Rules.EvenBuilding {
		if lo, _ := g.setRange(s.Group); prop.Buildings > lo {
			return ErrUnevenBuilding
		}
	}
	if g.Rules.HotelNeedsFullSet && prop.Buildings == Hotel-1 {
		if lo, _ := g.setRange(s.Group); lo < Hotel-1 {
			return ErrUnevenBuilding
		}
	}
	return nil
}

// checkStock says whether the bank has the building sq would get next.
func (g *Game) checkStock(sq int) error {
	if g.Props[sq].Buildings == Hotel-1 {
		if g.Hotels == 0 {
			return ErrNoHotelsLeft
		}
		return nil
	}
	if g.Houses == 0 {
		return ErrNoHousesLeft
	}
	return nil
}

// checkBuildTiming applies the house rule "build only right before your own
// roll, at most N buildings a turn", or otherwise the quiet phases.
func (g *Game) checkBuildTiming(p PlayerID) error {
	if g.Rules.BuildOnOwnTurn && p != g.Current {
		return ErrNotYourTurn
	}
	if g.Rules.BuildBeforeRollOnly {
		if p != g.Current || g.Phase != PhaseTurnStart {
			return ErrBuildBeforeTurn
		}
		if g.Built >= g.Rules.BuildsPerTurn {
			return ErrBuildLimit
		}
		return nil
	}
	if g.Phase != PhaseTurnStart && g.Phase != PhaseTurnEnd && g.Phase != PhaseBuyDecision {
		return ErrNotNow
	}
	return nil
}

func (g *Game) checkBuild(p PlayerID, sq int) error {
	if err := g.canPlace(p, sq); err != nil {
		return err
	}
	if g.Phase == PhasePlaceBuilding {
		return nil // the building was paid for at auction
	}
	if err := g.checkBuildTiming(p); err != nil {
		return err
	}
	if err := g.checkStock(sq); err != nil {
		return err
	}
	if g.Players[p].Cash < g.ed.Squares[sq].HouseCost {
		return ErrInsufficientFunds
	}
	return nil
}

func (g *Game) actBuild(p PlayerID, sq int) {
	if g.Phase == PhasePlaceBuilding {
		g.Placing, g.PlaceKind, g.PlacePaid = NoOwner, 0, 0
		g.placeBuilding(p, sq, 0)
		return
	}
	if !g.Rules.NoBuildingAuctions {
		if kind, ok := g.buildingShortage(p, sq); ok {
			*g.event() = Event{Kind: EvBuildingAuction, Player: p, Square: sq, Amount: kind}
			g.startAuction(sq, g.ed.Squares[sq].HouseCost, kind, p)
			return
		}
	}
	cost := g.ed.Squares[sq].HouseCost
	g.takeForBank(p, cost)
	g.Built++
	g.placeBuilding(p, sq, cost)
}

func (g *Game) placeBuilding(p PlayerID, sq, cost int) {
	prop := &g.Props[sq]
	if prop.Buildings == Hotel-1 {
		g.Hotels--
		g.Houses += Hotel - 1
	} else {
		g.Houses--
	}
	prop.Buildings++
	*g.event() = Event{Kind: EvBuilt, Player: p, Square: sq, Amount: int(prop.Buildings), Cost: cost}
}

// nextKind is the building sq would get next: 1 for a house, Hotel for a hotel.
func (g *Game) nextKind(sq int) int {
	if g.Props[sq].Buildings == Hotel-1 {
		return Hotel
	}
	return 1
}

// placements counts where p could put one more building of kind: the
// squares that pass canPlace, looked for only in the colour sets p owns
// whole, a set at a time.
func (g *Game) placements(p PlayerID, kind int) int {
	if g.CompleteSets(p) == 0 {
		return 0
	}
	n := 0
	for sets := g.CompleteSetMask(p); sets != 0; sets &= sets - 1 {
		gi := bits.TrailingZeros64(sets)
		if g.setMortgaged(gi) {
			continue
		}
		lo, _ := g.setRange(gi)
		for _, sq := range g.ed.groups[gi] {
			b := g.Props[sq].Buildings
			if b < Hotel && (!g.Rules.EvenBuilding || b <= lo) && g.nextKind(sq) == kind {
				n++
			}
		}
	}
	return n
}

func (g *Game) hasPlacement(p PlayerID, kind int) bool { return g.placements(p, kind) > 0 }

// buildingShortage reports whether the bank's last buildings of the kind sq
// needs are wanted by more than one player: then they go to auction instead
// of being sold at the printed price.
func (g *Game) buildingShortage(p PlayerID, sq int) (kind int, short bool) {
	kind = g.nextKind(sq)
	stock := g.Houses
	if kind == Hotel {
		stock = g.Hotels
	}
	// Quick answers first: wanting needs a whole colour set, and at most
	// one building a street of those is wanted.
	if holders, streets := g.setHolders(); holders < 2 || stock >= streets {
		return kind, false
	}
	wanting, wanted := 0, 0
	for i := range g.Players {
		q := PlayerID(i)
		if !g.Active(q) {
			continue
		}
		if n := g.placements(q, kind); n > 0 {
			wanting++
			wanted += n
		}
	}
	return kind, wanting > 1 && wanted > stock
}

// refundPlacement returns the winning bid when the building won can no
// longer be placed (placement blocks every other action, so this guards
// against a future rule rather than a known path: never keep money for
// nothing).
func (g *Game) refundPlacement() {
	if g.Placing != NoOwner && g.PlacePaid > 0 {
		g.bankPays(g.Placing, g.PlacePaid)
	}
	g.Placing, g.PlaceKind, g.PlacePaid = NoOwner, 0, 0
}

func (g *Game) checkSellBuilding(p PlayerID, sq int) error {
	prop, err := g.ownedProperty(p, sq)
	if err != nil {
		return err
	}
	if prop.Buildings == 0 {
		return ErrNoBuildings
	}
	if g.Rules.EvenBuilding {
		if _, hi := g.setRange(g.ed.Squares[sq].Group); prop.Buildings < hi {
			return ErrUnevenBuilding
		}
	}
	if prop.Buildings == Hotel && g.Houses < g.housesForHotels(sq) {
		return ErrNoHousesLeft // the hotel cannot be broken into houses; sell the set instead
	}
	return nil
}

func (g *Game) actSellBuilding(p PlayerID, sq int) {
	prop := &g.Props[sq]
	if prop.Buildings == Hotel && g.Rules.HotelsBySet {
		g.exchangeHotels(p, g.ed.Squares[sq].Group)
		return
	}
	if prop.Buildings == Hotel {
		g.Hotels++
		g.Houses -= Hotel - 1
	} else {
		g.Houses++
	}
	prop.Buildings--
	value := g.ed.Squares[sq].HouseCost / 2
	g.bankPays(p, value)
	*g.event() = Event{Kind: EvBuildingSold, Player: p, Square: sq, Amount: int(prop.Buildings), Cost: value}
}

func (g *Game) checkSellSet(p PlayerID, sq int) error {
	if _, err := g.ownedProperty(p, sq); err != nil {
		return err
	}
	if !g.setHasBuildings(g.ed.Squares[sq].Group) {
		return ErrNoBuildings
	}
	return nil
}

// actSellSet sells every building of sq's colour set, hotels included,
// without needing houses from the bank.
func (g *Game) actSellSet(p PlayerID, sq int) {
	for _, s := range g.ed.groups[g.ed.Squares[sq].Group] {
		if g.Props[s].Buildings == 0 {
			continue
		}
		value := g.buildingValue(s)
		g.bankPays(p, value)
		g.returnBuildings(s)
		*g.event() = Event{Kind: EvBuildingSold, Player: p, Square: s, Amount: 0, Cost: value}
	}
}

func (g *Game) returnBuildings(sq int) {
	prop := &g.Props[sq]
	if prop.Buildings == Hotel {
		g.Hotels++
	} else {
		g.Houses += int(prop.Buildings)
	}
	prop.Buildings = 0
}

func (g *Game) checkMortgage(p PlayerID, sq int) error {
	prop, err := g.ownedProperty(p, sq)
	if err != nil {
		return err
	}
	if prop.Mortgaged {
		return ErrMortgaged
	}
	if g.setHasBuildings(g.ed.Squares[sq].Group) && g.ed.Squares[sq].Kind == SquareStreet {
		return ErrHasBuildings
	}
	return nil
}

func (g *Game) actMortgage(p PlayerID, sq int) {
	g.markMortgaged(sq, true)
	m := g.ed.Squares[sq].Mortgage
	g.bankPays(p, m)
	*g.event() = Event{Kind: EvMortgaged, Player: p, Square: sq, Cost: m}
}

// UnmortgageCost is what lifting the mortgage of sq costs now.
func (g *Game) UnmortgageCost(sq int) int {
	ed := g.EditionData()
	m := ed.Squares[sq].Mortgage
	if g.Props[sq].Received && !g.Rules.InterestTwice {
		return m
	}
	return m + g.interestOn(m)
}

func (g *Game) checkUnmortgage(p PlayerID, sq int) error {
	prop, err := g.ownedProperty(p, sq)
	if err != nil {
		return err
	}
	if !prop.Mortgaged {
		return ErrNotMortgaged
	}
	if g.Rules.UnmortgageBeforeTurn && (p != g.Current || g.Phase != PhaseTurnStart) {
		return ErrLiftBeforeRoll
	}
	if g.Players[p].Cash < g.UnmortgageCost(sq) {
		return ErrInsufficientFunds
	}
	return nil
}

func (g *Game) actUnmortgage(p PlayerID, sq int) {
	cost := g.UnmortgageCost(sq)
	g.takeForBank(p, cost)
	g.markMortgaged(sq, false)
	g.Props[sq].Received = false
	*g.event() = Event{Kind: EvUnmortgaged, Player: p, Square: sq, Cost: cost}
}

func (g *Game) checkBuy(p PlayerID) error {
	sq := g.Players[p].Pos
	if g.Players[p].Cash < g.ed.Squares[sq].Price {
		return ErrInsufficientFunds
	}
	return nil
}

func (g *Game) actBuy(p PlayerID) {
	sq := g.Players[p].Pos
	price := g.ed.Squares[sq].Price
	g.takeForBank(p, price)
	g.setOwner(sq, p)
	g.Step = StepTurnEnd
	*g.event() = Event{Kind: EvBought, Player: p, Square: sq, Amount: price}
}

func (g *Game) actDecline(p PlayerID) {
	sq := g.Players[p].Pos
	g.Step = StepTurnEnd
	*g.event() = Event{Kind: EvDeclined, Player: p, Square: sq}
	if g.Rules.Auctions {
		g.startAuction(sq, 1, 0, NoOwner)
	}
}
