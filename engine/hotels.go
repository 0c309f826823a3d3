package engine

// Selling hotels in the lux edition (Rules.HotelsBySet): «всі Готелі однієї
// колірної групи повинні продаватися одночасно». A hotel goes back to the
// bank either with its whole set's buildings (ActSellSet: half the hotel's
// price plus half the price of the four houses it replaced, the classic
// set sale) or exchanged for four houses plus half its price
// (ActSellBuilding) — and then every hotel of the set is exchanged at
// once, so the bank must have four houses for each.

// housesForHotels is how many houses the bank needs to break the hotel on
// sq back into houses.
func (g *Game) housesForHotels(sq int) int {
	if !g.Rules.HotelsBySet {
		return Hotel - 1
	}
	n := 0
	for _, s := range g.ed.groups[g.ed.Squares[sq].Group] {
		if g.Props[s].Buildings == Hotel {
			n += Hotel - 1
		}
	}
	return n
}

// exchangeHotels turns every hotel of group into four houses, paying half
// of each hotel's price.
func (g *Game) exchangeHotels(p PlayerID, group int) {
	for _, s := range g.ed.groups[group] {
		prop := &g.Props[s]
		if prop.Buildings != Hotel {
			continue
		}
		g.Hotels++
		g.Houses -= Hotel - 1
		prop.Buildings = Hotel - 1
		value := g.ed.Squares[s].HouseCost / 2
		g.bankPays(p, value)
		*g.event() = Event{Kind: EvBuildingSold, Player: p, Square: s, Amount: int(prop.Buildings), Cost: value}
	}
}
