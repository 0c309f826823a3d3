package engine

// Classic is the id of the classic edition (seed rule books 000 and 001).
// Prices, rents and cards are the standard printed classic game; ports take
// the place of railroads.
const Classic = "classic"

// Colour groups of the classic board, in board order.
const (
	ClassicBrown = iota
	ClassicLightBlue
	ClassicPink
	ClassicOrange
	ClassicRed
	ClassicYellow
	ClassicGreen
	ClassicDarkBlue
	ClassicPorts
	ClassicUtilities
)

func init() { register(classicEdition()) }

func street(group, price, house, b, h1, h2, h3, h4, hotel int) Square {
	return Square{Kind: SquareStreet, Group: group, Price: price, HouseCost: house,
		Mortgage: price / 2, Rent: [6]int{b, h1, h2, h3, h4, hotel}}
}

func classicEdition() *Edition {
	port := Square{Kind: SquarePort, Group: ClassicPorts, Price: 200, Mortgage: 100, Rent: [6]int{25, 50, 100, 200}}
	utility := Square{Kind: SquareUtility, Group: ClassicUtilities, Price: 150, Mortgage: 75, Rent: [6]int{4, 10}}
	plain := func(k SquareKind) Square { return Square{Kind: k, Group: -1} }
	tax := func(amount int) Square { return Square{Kind: SquareTax, Group: -1, Tax: amount} }
	sq := []Square{
		0:  plain(SquareStart),
		1:  street(ClassicBrown, 60, 50, 2, 10, 30, 90, 160, 250),
		2:  plain(SquareChest),
		3:  street(ClassicBrown, 60, 50, 4, 20, 60, 180, 320, 450),
		4:  tax(200),
		5:  port,
		6:  street(ClassicLightBlue, 100, 50, 6, 30, 90, 270, 400, 550),
		7:  plain(SquareChance),
		8:  street(ClassicLightBlue, 100, 50, 6, 30, 90, 270, 400, 550),
		9:  street(ClassicLightBlue, 120, 50, 8, 40, 100, 300, 450, 600),
		10: plain(SquareJail),
		11: street(ClassicPink, 140, 100, 10, 50, 150, 450, 625, 750),
		12: utility,
		13: street(ClassicPink, 140, 100, 10, 50, 150, 450, 625, 750),
		14: street(ClassicPink, 160, 100, 12, 60, 180, 500, 700, 900),
		15: port,
		16: street(ClassicOrange, 180, 100, 14, 70, 200, 550, 750, 950),
		17: plain(SquareChest),
		18: street(ClassicOrange, 180, 100, 14, 70, 200, 550, 750, 950),
		19: street(ClassicOrange, 200, 100, 16, 80, 220, 600, 800, 1000),
		20: plain(SquareFreeParking),
		21: street(ClassicRed, 220, 150, 18, 90, 250, 700, 875, 1050),
		22: plain(SquareChance),
		23: street(ClassicRed, 220, 150, 18, 90, 250, 700, 875, 1050),
		24: street(ClassicRed, 240, 150, 20, 100, 300, 750, 925, 1100),
		25: port,
		26: street(ClassicYellow, 260, 150, 22, 110, 330, 800, 975, 1150),
		27: street(ClassicYellow, 260, 150, 22, 110, 330, 800, 975, 1150),
		28: utility,
		29: street(ClassicYellow, 280, 150, 24, 120, 360, 850, 1025, 1200),
		30: plain(SquareGoToJail),
		31: street(ClassicGreen, 300, 200, 26, 130, 390, 900, 1100, 1275),
		32: street(ClassicGreen, 300, 200, 26, 130, 390, 900, 1100, 1275),
		33: plain(SquareChest),
		34: street(ClassicGreen, 320, 200, 28, 150, 450, 1000, 1200, 1400),
		35: port,
		36: plain(SquareChance),
		37: street(ClassicDarkBlue, 350, 200, 35, 175, 500, 1100, 1300, 1500),
		38: tax(100),
		39: street(ClassicDarkBlue, 400, 200, 50, 200, 600, 1400, 1700, 2000),
	}
	chance := []Card{
		{Kind: CardAdvance, Target: 0},
		{Kind: CardAdvance, Target: 24},
		{Kind: CardAdvance, Target: 11},
		{Kind: CardNearestUtility, Amount: 10},
		{Kind: CardNearestPort, Amount: 2},
		{Kind: CardNearestPort, Amount: 2},
		{Kind: CardCollect, Amount: 50},
		{Kind: CardJailFree},
		{Kind: CardBack, Amount: 3},
		{Kind: CardGoToJail},
		{Kind: CardRepairs, Amount: 25, PerHotel: 100},
		{Kind: CardPay, Amount: 15},
		{Kind: CardAdvance, Target: 5},
		{Kind: CardAdvance, Target: 39},
		{Kind: CardPayEach, Amount: 50},
		{Kind: CardCollect, Amount: 150},
	}
	chest := []Card{
		{Kind: CardAdvance, Target: 0},
		{Kind: CardCollect, Amount: 200},
		{Kind: CardPay, Amount: 50},
		{Kind: CardCollect, Amount: 45},
		{Kind: CardJailFree},
		{Kind: CardGoToJail},
		{Kind: CardCollectEach, Amount: 50},
		{Kind: CardCollect, Amount: 100},
		{Kind: CardCollect, Amount: 20},
		{Kind: CardCollect, Amount: 100},
		{Kind: CardPay, Amount: 100},
		{Kind: CardPay, Amount: 150},
		{Kind: CardCollect, Amount: 25},
		{Kind: CardRepairs, Amount: 40, PerHotel: 115},
		{Kind: CardCollect, Amount: 10},
		{Kind: CardCollect, Amount: 100},
	}
	return &Edition{
		ID: Classic, Squares: sq, Decks: [2][]Card{chance, chest},
		Houses: 32, Hotels: 12, MinPlayers: 2, MaxPlayers: 6, JailSquare: 10,
		Rules: Rules{
			StartingCash: 1500, Salary: 200, JailFine: 50, JailRolls: 3, MortgageInterest: 10,
			Auctions: true, DoubleRentOnSet: true, EvenBuilding: true,
			BuildBeforeRollOnly: true, BuildsPerTurn: 3, EarlyEndByAgreement: true,
		},
	}
}
