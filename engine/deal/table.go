package deal

// A player's properties of one colour form complete sets by count: with n
// cards of colour c, r of them printed properties (not wilds), the player
// has min(n / size, r) complete sets of c — a set needs at least one printed
// property card, and cards beyond a full set start the next one. Houses and
// hotels lie on the table with the colour of the set they stand on; a
// colour has at most one house per complete set and one hotel per house.

// colorCount returns how many property cards of colour c player p has on
// the table, and how many of them are printed properties (not wilds).
// Card except is left out (-1: none), to ask what a removal would leave.
func (g *Game) colorCount(p PlayerID, c Color, except int) (n, printed int) {
	for i := FirstProperty; i < FirstAction; i++ {
		pl := g.Places[i]
		if pl.Zone == ZoneTable && pl.Owner == p && pl.Color == c && i != except {
			n++
			if i < FirstWild {
				printed++
			}
		}
	}
	return n, printed
}

// CompleteSets is the number of complete sets that n cards of colour c
// make when printed of them are printed properties (a set needs one).
func CompleteSets(c Color, n, printed int) int { return min(n/colorTable[c].size, printed) }

// Complete returns the number of complete sets of colour c player p has.
func (g *Game) Complete(p PlayerID, c Color) int {
	n, r := g.colorCount(p, c, -1)
	return CompleteSets(c, n, r)
}

// CompleteColors returns how many colours player p has a complete set of.
func (g *Game) CompleteColors(p PlayerID) int {
	var n, r [NumColors]int
	for i := FirstProperty; i < FirstAction; i++ {
		pl := g.Places[i]
		if pl.Zone == ZoneTable && pl.Owner == p {
			n[pl.Color]++
			if i < FirstWild {
				r[pl.Color]++
			}
		}
	}
	k := 0
	for c := range NumColors {
		if CompleteSets(c, n[c], r[c]) > 0 {
			k++
		}
	}
	return k
}

// Buildings returns the houses and hotels player p has on colour c.
func (g *Game) Buildings(p PlayerID, c Color) (houses, hotels int) {
	for _, i := range buildingCards {
		pl := g.Places[i]
		if pl.Zone == ZoneTable && pl.Owner == p && pl.Color == c {
			if Cards[i].Action == House {
				houses++
			} else {
				hotels++
			}
		}
	}
	return houses, hotels
}

// buildingCards are the House and Hotel cards.
var buildingCards []int

func init() {
	for i := range DeckSize {
		if Cards[i].Action == House || Cards[i].Action == Hotel {
			buildingCards = append(buildingCards, i)
		}
	}
}

// RentOf is the rent player p collects for colour c: by the cards held (up
// to a full set), plus a house and a hotel on a complete set. A colour of
// wilds alone charges nothing: there is no printed property to charge for.
func (g *Game) RentOf(p PlayerID, c Color) int {
	n, printed := g.colorCount(p, c, -1)
	if printed == 0 {
		return 0
	}
	houses, hotels := g.Buildings(p, c)
	rent := Rent(c, n)
	if houses > 0 {
		rent += HouseRent
	}
	if hotels > 0 {
		rent += HotelRent
	}
	return rent
}

// InCompleteSet says whether property card i on its owner's table belongs
// to a complete set: taking it away would leave fewer complete sets of its
// colour. (With four red cards, any one may go: three remain a set.)
func (g *Game) InCompleteSet(i int) bool {
	pl := g.Places[i]
	n, r := g.colorCount(pl.Owner, pl.Color, -1)
	r2 := r
	if i < FirstWild {
		r2--
	}
	return CompleteSets(pl.Color, n-1, r2) < CompleteSets(pl.Color, n, r)
}

// onTable says whether card i is a property (or wild) on p's table.
func (g *Game) onTable(p PlayerID, i int) bool {
	return i >= FirstProperty && i < FirstAction && g.Places[i].Zone == ZoneTable && g.Places[i].Owner == p
}

// inHand says whether card i is in p's hand.
func (g *Game) inHand(p PlayerID, i int) bool {
	return i >= 0 && i < DeckSize && g.Places[i].Zone == ZoneHand && g.Places[i].Owner == p
}

// Payable says whether card i may pay p's debt: in p's bank, or a property
// on p's table other than an any-colour wild (buildings never pay).
func (g *Game) Payable(p PlayerID, i int) bool {
	pl := g.Places[i]
	if pl.Owner != p {
		return false
	}
	return pl.Zone == ZoneBank || pl.Zone == ZoneTable && Cards[i].IsProperty() && Cards[i].Value > 0
}

// PayableCards returns every card p could pay with and their total value.
func (g *Game) PayableCards(p PlayerID) (CardSet, int) {
	var s CardSet
	total := 0
	for i := range DeckSize {
		if g.Payable(p, i) {
			s = s.Add(i)
			total += Cards[i].Value
		}
	}
	return s, total
}

// HandSize is the number of cards in p's hand.
func (g *Game) HandSize(p PlayerID) int {
	n := 0
	for i := range g.Places {
		if g.Places[i].Zone == ZoneHand && g.Places[i].Owner == p {
			n++
		}
	}
	return n
}

// Hand returns p's hand (hidden from the others).
func (g *Game) Hand(p PlayerID) CardSet {
	var s CardSet
	for i := range g.Places {
		if g.Places[i].Zone == ZoneHand && g.Places[i].Owner == p {
			s = s.Add(i)
		}
	}
	return s
}

// BankValue is the total value of p's bank.
func (g *Game) BankValue(p PlayerID) int {
	v := 0
	for i := range g.Places {
		if g.Places[i].Zone == ZoneBank && g.Places[i].Owner == p {
			v += Cards[i].Value
		}
	}
	return v
}

// CheckPayment reports whether p may pay a debt of owed with cards: all
// payable, their value at least owed with no card to spare (no change is
// given, so a card that could be left out must be), or else every payable
// card p has (the rest is forgiven).
func (g *Game) CheckPayment(p PlayerID, owed int, cards CardSet) error {
	if !cards.Valid() {
		return ErrBadPayment
	}
	sum, least := 0, 1<<30
	for i := cards.Next(0); i >= 0; i = cards.Next(i + 1) {
		if !g.Payable(p, i) {
			return ErrBadPayment
		}
		sum += Cards[i].Value
		least = min(least, Cards[i].Value)
	}
	if sum >= owed {
		if sum-least >= owed {
			return ErrBadPayment // a card too many
		}
		return nil
	}
	if all, _ := g.PayableCards(p); all != cards {
		return ErrBadPayment
	}
	return nil
}

// DefaultPayment is the timeout's payment: the least valuable cards
// (bank before properties at equal value), then every card that is not
// needed left out again, most valuable first.
func (g *Game) DefaultPayment(p PlayerID, owed int) CardSet {
	return g.PaymentBy(p, owed, func(i int) int {
		w := Cards[i].Value * 2
		if g.Places[i].Zone == ZoneTable {
			w++
		}
		return w
	})
}

// PaymentBy builds a valid payment of owed for p giving the cards of
// least cost first; computer players pass their own cost of losing a
// card. It allocates nothing.
func (g *Game) PaymentBy(p PlayerID, owed int, cost func(card int) int) CardSet {
	all, total := g.PayableCards(p)
	if total <= owed {
		return all
	}
	var chosen CardSet
	sum := 0
	for sum < owed {
		best, bestCost := -1, 0
		for i := all.Next(0); i >= 0; i = all.Next(i + 1) {
			if chosen.Has(i) {
				continue
			}
			if c := cost(i); best < 0 || c < bestCost {
				best, bestCost = i, c
			}
		}
		chosen = chosen.Add(best)
		sum += Cards[best].Value
	}
	// Leave out cards that are not needed, the most valuable first, so
	// the overpayment is as small as this greedy choice allows.
	for {
		drop := -1
		for i := chosen.Next(0); i >= 0; i = chosen.Next(i + 1) {
			if sum-Cards[i].Value >= owed && (drop < 0 || Cards[i].Value > Cards[drop].Value) {
				drop = i
			}
		}
		if drop < 0 {
			return chosen
		}
		chosen = chosen.Remove(drop)
		sum -= Cards[drop].Value
	}
}
