package deal

// Color is a property colour; the values follow the classic board's
// groups (locales' group_classic_<n>), so the bot can reuse their names.
type Color int8

const (
	Brown Color = iota
	LightBlue
	Pink
	Orange
	Red
	Yellow
	Green
	DarkBlue
	Railroad
	Utility
	NumColors
	// AnyColor marks the any-colour wild and the any-colour rent card.
	AnyColor Color = NumColors
)

// colorInfo is a colour's set size and its rent by cards held (1…size).
type colorInfo struct {
	size  int
	value int8 // bank value of its property cards
	rent  [4]int8
}

var colorTable = [NumColors]colorInfo{
	Brown:     {2, 1, [4]int8{1, 2}},
	LightBlue: {3, 1, [4]int8{1, 2, 3}},
	Pink:      {3, 2, [4]int8{1, 2, 4}},
	Orange:    {3, 2, [4]int8{1, 3, 5}},
	Red:       {3, 3, [4]int8{2, 3, 6}},
	Yellow:    {3, 3, [4]int8{2, 4, 6}},
	Green:     {3, 4, [4]int8{2, 4, 7}},
	DarkBlue:  {2, 4, [4]int8{3, 8}},
	Railroad:  {4, 2, [4]int8{1, 2, 3, 4}},
	Utility:   {2, 2, [4]int8{1, 2}},
}

// SetSize is how many cards of colour c make a complete set.
func SetSize(c Color) int { return colorTable[c].size }

// Rent is the rent of colour c for n cards of it on the table (n ≥ 1,
// counted up to the set size), without buildings.
func Rent(c Color, n int) int {
	if n <= 0 {
		return 0
	}
	return int(colorTable[c].rent[min(n, colorTable[c].size)-1])
}

// Buildable says whether houses and hotels may stand on a set of colour c
// (not railroads or utilities).
func Buildable(c Color) bool { return c != Railroad && c != Utility }

// HouseRent and HotelRent are what a house and a hotel add to a complete
// set's rent.
const (
	HouseRent = 3
	HotelRent = 4
)

// CardType is what a card is used for.
type CardType uint8

const (
	TypeMoney CardType = iota + 1
	TypeProperty
	TypeWild // a property of either of its colours, or of any (AnyColor)
	TypeAction
	TypeRent
)

// ActionType is what an action card does.
type ActionType uint8

const (
	NoAction      ActionType = iota
	DealBreaker              // take a complete set, with its buildings
	JustSayNo                // cancel an action aimed at you (or a Just Say No)
	SlyDeal                  // take one property not in a complete set
	ForcedDeal               // swap a property of yours for one of theirs, neither from a complete set
	DebtCollector            // one player pays 5M
	Birthday                 // every other player pays 2M
	PassGo                   // draw 2 cards
	House                    // +3M rent on a complete set
	Hotel                    // +4M rent on a complete set with a house
	DoubleRent               // played with a rent card: the rent doubles
	RentCard                 // a rent card (Card.Type TypeRent)
)

// Kind is one printed card face: the cards of one kind look the same and
// share one name in every language (locales: deal_card_<kind>).
type Kind uint8

// Card is one card's printed data.
type Card struct {
	Type   CardType
	Action ActionType
	Kind   Kind
	Value  int      // bank value in M (0: an any-colour wild, which pays nothing)
	Colors [2]Color // property: {c, c}; wild and rent: its two colours, or {AnyColor, AnyColor}
}

// DeckSize is the number of cards in the game.
const DeckSize = 106

// The first card of each block of the deck; cards are numbered in this
// order, which is also the order of Kind.
const (
	FirstMoney    = 0
	FirstProperty = 20
	FirstWild     = 48
	FirstAction   = 59
	FirstRent     = 93
)

// Cards is the deck, indexed by card number.
var Cards [DeckSize]Card

// NumKinds is the number of card kinds.
var NumKinds int

type block struct {
	card  Card
	count int
}

func init() {
	var blocks []block
	for _, m := range []struct{ value, count int }{{1, 6}, {2, 5}, {3, 3}, {4, 3}, {5, 2}, {10, 1}} {
		blocks = append(blocks, block{Card{Type: TypeMoney, Value: m.value}, m.count})
	}
	for c := Brown; c < NumColors; c++ {
		// every property card is a kind of its own: each bears a street name
		for range colorTable[c].size {
			blocks = append(blocks, block{Card{Type: TypeProperty, Value: int(colorTable[c].value), Colors: [2]Color{c, c}}, 1})
		}
	}
	for _, w := range []struct {
		a, b         Color
		value, count int
	}{
		{Brown, LightBlue, 1, 1}, {Pink, Orange, 2, 2}, {Red, Yellow, 3, 2}, {Green, DarkBlue, 4, 1},
		{LightBlue, Railroad, 4, 1}, {Green, Railroad, 4, 1}, {Railroad, Utility, 2, 1}, {AnyColor, AnyColor, 0, 2},
	} {
		blocks = append(blocks, block{Card{Type: TypeWild, Value: w.value, Colors: [2]Color{w.a, w.b}}, w.count})
	}
	for _, a := range []struct {
		act          ActionType
		value, count int
	}{
		{DealBreaker, 5, 2}, {JustSayNo, 4, 3}, {SlyDeal, 3, 3}, {ForcedDeal, 3, 3}, {DebtCollector, 3, 3},
		{Birthday, 2, 3}, {PassGo, 1, 10}, {House, 3, 3}, {Hotel, 4, 2}, {DoubleRent, 1, 2},
	} {
		blocks = append(blocks, block{Card{Type: TypeAction, Action: a.act, Value: a.value}, a.count})
	}
	for _, r := range []struct {
		a, b         Color
		value, count int
	}{
		{Brown, LightBlue, 1, 2}, {Pink, Orange, 1, 2}, {Red, Yellow, 1, 2}, {Green, DarkBlue, 1, 2},
		{Railroad, Utility, 1, 2}, {AnyColor, AnyColor, 3, 3},
	} {
		blocks = append(blocks, block{Card{Type: TypeRent, Action: RentCard, Value: r.value, Colors: [2]Color{r.a, r.b}}, r.count})
	}
	n := 0
	for k, b := range blocks {
		for range b.count {
			Cards[n] = b.card
			Cards[n].Kind = Kind(k)
			n++
		}
	}
	if n != DeckSize {
		panic("deal: the deck data does not add up to 106 cards")
	}
	NumKinds = len(blocks)
}

// Allows says whether a wild, property or rent card may take colour c.
func (c *Card) Allows(col Color) bool {
	if col < 0 || col >= NumColors {
		return false
	}
	return c.Colors[0] == AnyColor || c.Colors[0] == col || c.Colors[1] == col
}

// IsProperty says whether the card goes to a property set (a property or
// a wild).
func (c *Card) IsProperty() bool { return c.Type == TypeProperty || c.Type == TypeWild }

// Bankable says whether the card may be put in the bank: money, action and
// rent cards (properties never).
func (c *Card) Bankable() bool {
	return c.Type == TypeMoney || c.Type == TypeAction || c.Type == TypeRent
}
