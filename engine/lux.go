package engine

// Lux is the id of the deluxe Ukrainian edition «Монополія.УА.Люкс» (seed
// rule book 004): world cities on the classic 40-square layout, money in
// thousands (the classic table × 1 000), four transport companies and two
// utilities (an Internet company and a mobile communications company), a casino with a
// jackpot in the free-parking corner, a tax inspection in the go-to-jail
// corner (the rule book has no go-to-jail square), and jail for whoever
// stops on its square. The choices the rule book leaves open are
// listed with their reasons in LUX.md.
const Lux = "lux"

// Colour sets of the lux board, cheapest first, then the two shared groups.
const (
	LuxBrown = iota
	LuxLightBlue
	LuxPink
	LuxOrange
	LuxRed
	LuxYellow
	LuxGreen
	LuxDarkBlue
	LuxTransport
	LuxUtilities
)

// Squares of the lux board that cards, rules and tests name.
const (
	LuxStart      = 0
	LuxRailway    = 5
	LuxJail       = 10
	LuxIstanbul   = 11
	LuxInternet   = 12
	LuxCasino     = 20
	LuxSingapore  = 24
	LuxMobile     = 28
	LuxInspection = 30
	LuxKyiv       = 39 // the dearest deed
)

// luxUnit: the rule book's banknotes "mean thousands".
const luxUnit = 1000

func init() { register(luxEdition()) }

// thousands scales a square of the classic table to the lux money.
func thousands(s Square) Square {
	s.Price *= luxUnit
	s.HouseCost *= luxUnit
	s.Mortgage *= luxUnit
	s.Tax *= luxUnit
	for i := range s.Rent {
		s.Rent[i] *= luxUnit
	}
	return s
}

// luxEdition is the classic board's prices and rents × 1 000, with the
// casino in the free-parking corner and the tax inspection in the corner
// opposite the jail, where the classic board sends players to jail: the
// rule book lists exactly three ways into jail (its square, a card, three
// doubles) and no go-to-jail square, while its cards send players «до
// в'язниці, або у податкову інспекцію», the two places one is sent to.
func luxEdition() *Edition {
	transport := thousands(Square{Kind: SquarePort, Group: LuxTransport, Price: 200, Mortgage: 100, Rent: [6]int{25, 50, 100, 200}})
	utility := thousands(Square{Kind: SquareUtility, Group: LuxUtilities, Price: 150, Mortgage: 75, Rent: [6]int{4, 10}})
	plain := func(k SquareKind) Square { return Square{Kind: k, Group: -1} }
	tax := func(amount int) Square { return Square{Kind: SquareTax, Group: -1, Tax: amount * luxUnit} }
	city := func(group, price, house, b, h1, h2, h3, h4, hotel int) Square {
		return thousands(street(group, price, house, b, h1, h2, h3, h4, hotel))
	}
	sq := []Square{
		0:  plain(SquareStart), // «ВПЕРЕД»
		1:  city(LuxBrown, 60, 50, 2, 10, 30, 90, 160, 250),
		2:  plain(SquareChest),
		3:  city(LuxBrown, 60, 50, 4, 20, 60, 180, 320, 450),
		4:  tax(200),
		5:  transport, // railway company
		6:  city(LuxLightBlue, 100, 50, 6, 30, 90, 270, 400, 550),
		7:  plain(SquareChance),
		8:  city(LuxLightBlue, 100, 50, 6, 30, 90, 270, 400, 550),
		9:  city(LuxLightBlue, 120, 50, 8, 40, 100, 300, 450, 600),
		10: plain(SquareJail),
		11: city(LuxPink, 140, 100, 10, 50, 150, 450, 625, 750),
		12: utility, // Internet company
		13: city(LuxPink, 140, 100, 10, 50, 150, 450, 625, 750),
		14: city(LuxPink, 160, 100, 12, 60, 180, 500, 700, 900),
		15: transport, // road transport company
		16: city(LuxOrange, 180, 100, 14, 70, 200, 550, 750, 950),
		17: plain(SquareChest),
		18: city(LuxOrange, 180, 100, 14, 70, 200, 550, 750, 950),
		19: city(LuxOrange, 200, 100, 16, 80, 220, 600, 800, 1000),
		20: plain(SquareCasino),
		21: city(LuxRed, 220, 150, 18, 90, 250, 700, 875, 1050),
		22: plain(SquareChance),
		23: city(LuxRed, 220, 150, 18, 90, 250, 700, 875, 1050),
		24: city(LuxRed, 240, 150, 20, 100, 300, 750, 925, 1100),
		25: transport, // shipping company
		26: city(LuxYellow, 260, 150, 22, 110, 330, 800, 975, 1150),
		27: city(LuxYellow, 260, 150, 22, 110, 330, 800, 975, 1150),
		28: utility, // mobile communications company
		29: city(LuxYellow, 280, 150, 24, 120, 360, 850, 1025, 1200),
		30: plain(SquareInspection),
		31: city(LuxGreen, 300, 200, 26, 130, 390, 900, 1100, 1275),
		32: city(LuxGreen, 300, 200, 26, 130, 390, 900, 1100, 1275),
		33: plain(SquareChest),
		34: city(LuxGreen, 320, 200, 28, 150, 450, 1000, 1200, 1400),
		35: transport, // airline
		36: plain(SquareChance),
		37: city(LuxDarkBlue, 350, 200, 35, 175, 500, 1100, 1300, 1500),
		38: tax(100),
		39: city(LuxDarkBlue, 400, 200, 50, 200, 600, 1400, 1700, 2000),
	}
	return &Edition{
		ID: Lux, Squares: sq, Decks: [2][]Card{luxChance(), luxChest()},
		Houses: 32, Hotels: 12, MinPlayers: 2, MaxPlayers: 4, JailSquare: LuxJail,
		Jackpot: 200 * luxUnit, OrderDice: 1, Note: luxUnit,
		Inspection: InspectionTax{Base: 50 * luxUnit, PerHouse: 25 * luxUnit, PerHotel: 100 * luxUnit},
		Rules: Rules{
			StartingCash: 1500 * luxUnit, Salary: 200 * luxUnit, JailFine: 50 * luxUnit, JailRolls: 3,
			MortgageInterest: 10, Auctions: true, DoubleRentOnSet: true, EvenBuilding: true,
			EarlyEndByAgreement: true,
			JailOnStop:          true, HotelsBySet: true, InterestTwice: true,
		},
	}
}

// luxChance is the Шанс deck: the classic deck in thousands, with the
// second "nearest transport" card turned into "go to the tax inspection"
// and the utility card rolling afresh for the owner's usual multiple
// (Amount 0), as the rule book says.
func luxChance() []Card {
	return []Card{
		{Kind: CardAdvance, Target: LuxStart},
		{Kind: CardAdvance, Target: LuxSingapore},
		{Kind: CardAdvance, Target: LuxIstanbul},
		{Kind: CardNearestUtility},
		{Kind: CardNearestPort, Amount: 2},
		{Kind: CardAdvance, Target: LuxInspection},
		{Kind: CardCollect, Amount: 50 * luxUnit},
		{Kind: CardJailFree},
		{Kind: CardBack, Amount: 3},
		{Kind: CardGoToJail},
		{Kind: CardRepairs, Amount: 25 * luxUnit, PerHotel: 100 * luxUnit},
		{Kind: CardPay, Amount: 15 * luxUnit},
		{Kind: CardAdvance, Target: LuxRailway},
		{Kind: CardAdvance, Target: LuxKyiv},
		{Kind: CardPayEach, Amount: 50 * luxUnit},
		{Kind: CardCollect, Amount: 150 * luxUnit},
	}
}

// luxChest is the Казна deck: the classic deck in thousands, with one
// "collect 100" turned into "go to the tax inspection"; its texts are the
// trading operations the rule book mentions (shares, dividends, deals).
func luxChest() []Card {
	return []Card{
		{Kind: CardAdvance, Target: LuxStart},
		{Kind: CardCollect, Amount: 200 * luxUnit},
		{Kind: CardPay, Amount: 50 * luxUnit},
		{Kind: CardCollect, Amount: 45 * luxUnit},
		{Kind: CardJailFree},
		{Kind: CardGoToJail},
		{Kind: CardCollectEach, Amount: 50 * luxUnit},
		{Kind: CardCollect, Amount: 100 * luxUnit},
		{Kind: CardCollect, Amount: 20 * luxUnit},
		{Kind: CardAdvance, Target: LuxInspection},
		{Kind: CardPay, Amount: 100 * luxUnit},
		{Kind: CardPay, Amount: 150 * luxUnit},
		{Kind: CardCollect, Amount: 25 * luxUnit},
		{Kind: CardRepairs, Amount: 40 * luxUnit, PerHotel: 115 * luxUnit},
		{Kind: CardCollect, Amount: 10 * luxUnit},
		{Kind: CardCollect, Amount: 100 * luxUnit},
	}
}
