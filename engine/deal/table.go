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

// DefaultPayment is the payment the timeout makes and the bot offers
// first: money first, then properties outside complete sets, and a
// complete set broken only when nothing else covers the debt (a set
// without buildings before one with them); each of these in the smallest
// amount that covers what the others cannot, so the overpayment is as
// small as it can be. Its tiers are paymentTiers'; it allocates nothing.
func (g *Game) DefaultPayment(p PlayerID, owed int) CardSet {
	all, total := g.PayableCards(p)
	if total <= owed {
		return all
	}
	var tiers [numPayTiers]payTier
	g.paymentTiers(p, &tiers)
	var chosen CardSet
	need := owed
	for k := numPayTiers - 1; k >= 0 && need > 0; k-- {
		below := 0
		for j := range k {
			below += tiers[j].value
		}
		if below >= need {
			continue // the lower tiers cover it: leave this one whole
		}
		got, v := tiers[k].cover(need - below)
		chosen[0] |= got[0]
		chosen[1] |= got[1]
		need -= v
	}
	return chosen
}

// Payment tiers, in the order the default payment gives them.
const (
	tierMoney = iota // the bank
	tierLoose        // properties no complete set needs
	tierSet          // properties of complete sets
	numPayTiers
)

// payTier is the payable cards of one tier, in the order they are given
// first, and their total value.
type payTier struct {
	cards [DeckSize]uint8
	n     int
	value int
}

func (t *payTier) add(c int) {
	t.cards[t.n] = uint8(c)
	t.n++
	t.value += Cards[c].Value
}

// paymentTiers sorts p's payable cards into tiers: the bank; of each
// colour, the least valuable cards that can go without losing a complete
// set (with four reds, one of them); the rest, colours without buildings
// first. Within a tier the less valuable cards come first.
func (g *Game) paymentTiers(p PlayerID, tiers *[numPayTiers]payTier) {
	var props payTier // p's payable properties, by value
	for i := range DeckSize {
		pl := g.Places[i]
		if pl.Owner != p || Cards[i].Value == 0 {
			continue
		}
		switch {
		case pl.Zone == ZoneBank:
			tiers[tierMoney].add(i)
		case pl.Zone == ZoneTable && Cards[i].IsProperty():
			props.add(i)
		}
	}
	tiers[tierMoney].sortByValue()
	props.sortByValue()
	var n, r [NumColors]int
	for _, c := range props.cards[:props.n] {
		col := g.Places[c].Color
		n[col]++
		if c < FirstWild {
			r[col]++
		}
	}
	var built [NumColors]bool
	for _, i := range buildingCards {
		if pl := g.Places[i]; pl.Zone == ZoneTable && pl.Owner == p {
			built[pl.Color] = true
		}
	}
	// Wilds of value 0 are not payable, but they count in a set: add them
	// to the colour's cards before asking what can go.
	for i := FirstWild; i < FirstAction; i++ {
		if Cards[i].Value == 0 && g.onTable(p, i) {
			n[g.Places[i].Color]++
		}
	}
	var sets [NumColors]int
	for c := range NumColors {
		sets[c] = CompleteSets(c, n[c], r[c])
	}
	var loose CardSet
	for _, c := range props.cards[:props.n] {
		col, printed := g.Places[c].Color, 0
		if int(c) < FirstWild {
			printed = 1
		}
		if CompleteSets(col, n[col]-1, r[col]-printed) == sets[col] {
			n[col], r[col] = n[col]-1, r[col]-printed
			loose = loose.Add(int(c))
		}
	}
	for _, c := range props.cards[:props.n] {
		if loose.Has(int(c)) {
			tiers[tierLoose].add(int(c))
		} else if !built[g.Places[c].Color] {
			tiers[tierSet].add(int(c))
		}
	}
	for _, c := range props.cards[:props.n] { // sets with buildings last
		if !loose.Has(int(c)) && built[g.Places[c].Color] {
			tiers[tierSet].add(int(c))
		}
	}
}

// sortByValue orders the tier's cards by value, keeping the card order
// among equals (an insertion sort: a tier holds a few cards).
func (t *payTier) sortByValue() {
	for i := 1; i < t.n; i++ {
		for j := i; j > 0 && Cards[t.cards[j]].Value < Cards[t.cards[j-1]].Value; j-- {
			t.cards[j], t.cards[j-1] = t.cards[j-1], t.cards[j]
		}
	}
}

// sums is a set of amounts 0…255 as a bit mask: more than all the cards
// of the deck are worth.
type sums [4]uint64

func (s sums) has(v int) bool { return v >= 0 && v < 256 && s[v>>6]&(1<<(v&63)) != 0 }

// plus is every amount of s and every amount of s raised by v (1…63).
func (s sums) plus(v int) sums {
	u := uint(v)
	return sums{s[0] | s[0]<<u, s[1] | s[1]<<u | s[0]>>(64-u), s[2] | s[2]<<u | s[1]>>(64-u), s[3] | s[3]<<u | s[2]>>(64-u)}
}

// cover returns the cards of t whose sum is the smallest at least need
// (need ≤ t.value), and that sum: a subset sum over the tier, preferring
// its earlier cards among subsets of the same sum.
func (t *payTier) cover(need int) (CardSet, int) {
	var reach [DeckSize + 1]sums
	reach[0] = sums{1}
	for i := range t.n {
		reach[i+1] = reach[i].plus(Cards[t.cards[i]].Value)
	}
	s := need
	for !reach[t.n].has(s) {
		s++
	}
	total := s
	var chosen CardSet
	for i := t.n - 1; i >= 0; i-- {
		if !reach[i].has(s) { // the sum needs card i
			c := int(t.cards[i])
			chosen = chosen.Add(c)
			s -= Cards[c].Value
		}
	}
	return chosen, total
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
