package engine

// The tax inspection square of the lux edition: the player who stops there
// rolls two dice (ActRoll in PhaseInspection); doubles escape the tax,
// anything else costs Base plus PerHouse for every house and PerHotel for
// every hotel the player owns. The roll moves nothing and earns no extra
// turn: doubles rolled for the move before still roll again.

// InspectionTax is the tax of the tax inspection square.
type InspectionTax struct {
	Base     int
	PerHouse int
	PerHotel int
}

// InspectionDue is what p would pay the tax inspection now, without doubles.
func (g *Game) InspectionDue(p PlayerID) int {
	t := &g.EditionData().Inspection
	houses, hotels := g.buildingsOf(p)
	return t.Base + houses*t.PerHouse + hotels*t.PerHotel
}

// inspect rolls the inspection's dice for p and charges the tax unless
// they are doubles.
func (g *Game) inspect(p PlayerID) {
	d := g.rollDice()
	g.Step = StepTurnEnd
	pos := g.Players[p].Pos
	if d[0] == d[1] {
		*g.event() = Event{Kind: EvInspectionFree, Player: p, Dice: d, Square: pos}
		return
	}
	tax := g.InspectionDue(p)
	*g.event() = Event{Kind: EvInspectionTax, Player: p, Dice: d, Amount: tax, Square: pos}
	g.chargeBank(p, tax, EvTaxPaid, pos)
}
