package engine

// Business is the id of the lighter «Сюрприз» edition (seed rule book 002):
// 26 businesses on a 36-square board, branches and corporations in place of
// houses and hotels, a gamble square, skipped turns, no auctions. Where the
// rule book is silent the choices are listed in BUSINESS.md.
const Business = "business"

// Colour sets of the business board, cheapest first.
const (
	BusinessStreetFood = iota
	BusinessCafes
	BusinessServices
	BusinessShops
	BusinessLeisure
	BusinessTransport
	BusinessTelecom
	BusinessMedia
	BusinessIndustry
)

// Squares of the business board that rules and tests name.
const (
	BusinessStart    = 0
	BusinessPizzeria = 7 // the deed the rule book prints in full
	BusinessJail     = 9
	BusinessRestDay  = 18
	BusinessGamble   = 27 // the corner «Шанс»; 5 and 32 are gamble squares too
	BusinessTop      = 35 // the dearest business
)

func init() { register(businessEdition()) }

// businessEdition: the prices and rents follow the classic ladder (the
// rule book's Пиццерия is the classic 120 street: 8/40/100/300/450/600,
// branch and corporation 50 each), with one more set of three near the
// top in place of the classic ports and utilities.
func businessEdition() *Edition {
	plain := func(k SquareKind) Square { return Square{Kind: k, Group: -1} }
	sq := []Square{
		0:  plain(SquareStart),
		1:  street(BusinessStreetFood, 60, 50, 2, 10, 30, 90, 160, 250),
		2:  plain(SquareChance), // «Сюрприз»
		3:  street(BusinessStreetFood, 60, 50, 4, 20, 60, 180, 320, 450),
		4:  street(BusinessCafes, 100, 50, 6, 30, 90, 270, 400, 550),
		5:  plain(SquareGamble),
		6:  street(BusinessCafes, 100, 50, 6, 30, 90, 270, 400, 550),
		7:  street(BusinessCafes, 120, 50, 8, 40, 100, 300, 450, 600),
		8:  street(BusinessServices, 140, 100, 10, 50, 150, 450, 625, 750),
		9:  plain(SquareJail),
		10: street(BusinessServices, 140, 100, 10, 50, 150, 450, 625, 750),
		11: street(BusinessServices, 160, 100, 12, 60, 180, 500, 700, 900),
		12: plain(SquareChance),
		13: street(BusinessShops, 180, 100, 14, 70, 200, 550, 750, 950),
		14: street(BusinessShops, 180, 100, 14, 70, 200, 550, 750, 950),
		15: street(BusinessShops, 200, 100, 16, 80, 220, 600, 800, 1000),
		16: street(BusinessLeisure, 220, 150, 18, 90, 250, 700, 875, 1050),
		17: street(BusinessLeisure, 220, 150, 18, 90, 250, 700, 875, 1050),
		18: plain(SquareRestDay),
		19: street(BusinessLeisure, 240, 150, 20, 100, 300, 750, 925, 1100),
		20: street(BusinessTransport, 260, 150, 22, 110, 330, 800, 975, 1150),
		21: plain(SquareChance),
		22: street(BusinessTransport, 260, 150, 22, 110, 330, 800, 975, 1150),
		23: street(BusinessTransport, 280, 150, 24, 120, 360, 850, 1025, 1200),
		24: street(BusinessTelecom, 300, 200, 26, 130, 390, 900, 1100, 1275),
		25: street(BusinessTelecom, 300, 200, 26, 130, 390, 900, 1100, 1275),
		26: street(BusinessTelecom, 320, 200, 28, 150, 450, 1000, 1200, 1400),
		27: plain(SquareGamble),
		28: street(BusinessMedia, 330, 200, 30, 160, 470, 1050, 1250, 1450),
		29: street(BusinessMedia, 330, 200, 30, 160, 470, 1050, 1250, 1450),
		30: plain(SquareChance),
		31: street(BusinessMedia, 350, 200, 35, 175, 500, 1100, 1300, 1500),
		32: plain(SquareGamble),
		33: street(BusinessIndustry, 370, 200, 40, 185, 550, 1200, 1450, 1700),
		34: street(BusinessIndustry, 370, 200, 40, 185, 550, 1200, 1450, 1700),
		35: street(BusinessIndustry, 400, 200, 50, 200, 600, 1400, 1700, 2000),
	}
	return &Edition{
		ID: Business, Squares: sq, Decks: [2][]Card{surpriseDeck()},
		Houses: 26, Hotels: 10, MinPlayers: 2, MaxPlayers: 6, JailSquare: BusinessJail,
		Luck: 2, Misfortune: 2, SeatZeroStarts: true,
		Rules: Rules{
			StartingCash: 1500, Salary: 200, JailFine: 50, EvenBuilding: true,
			EarlyEndByAgreement: true,
			JailDoubles:         2, JailSkipsTurn: true, // GambleCap 0: any part of one's cash, as the book says
			NoBuildingAuctions: true, MortgagedUntradable: true, BankruptToBank: true,
			BuildOnOwnTurn: true, UnmortgageBeforeTurn: true, HotelNeedsFullSet: true,
		},
	}
}

// surpriseDeck is the 32-card «Сюрприз» deck (the rule book gives no
// texts): money from and to the bank, movement, jail, a skipped turn,
// repairs per branch and corporation, payments between players, and the
// cards that hand out the face-up Удача and Неудача.
func surpriseDeck() []Card {
	return []Card{
		{Kind: CardAdvance, Target: BusinessStart},
		{Kind: CardAdvance, Target: BusinessPizzeria},
		{Kind: CardAdvance, Target: BusinessTop},
		{Kind: CardAdvance, Target: BusinessGamble},
		{Kind: CardAdvance, Target: BusinessRestDay},
		{Kind: CardBack, Amount: 3},
		{Kind: CardGoToJail},
		{Kind: CardGoToJail},
		{Kind: CardSkipTurn},
		{Kind: CardCollect, Amount: 200},
		{Kind: CardCollect, Amount: 150},
		{Kind: CardCollect, Amount: 100},
		{Kind: CardCollect, Amount: 100},
		{Kind: CardCollect, Amount: 50},
		{Kind: CardCollect, Amount: 50},
		{Kind: CardCollect, Amount: 25},
		{Kind: CardCollect, Amount: 20},
		{Kind: CardPay, Amount: 150},
		{Kind: CardPay, Amount: 100},
		{Kind: CardPay, Amount: 50},
		{Kind: CardPay, Amount: 50},
		{Kind: CardPay, Amount: 20},
		{Kind: CardPay, Amount: 15},
		{Kind: CardPayEach, Amount: 50},
		{Kind: CardCollectEach, Amount: 25},
		{Kind: CardCollectEach, Amount: 50},
		{Kind: CardRepairs, Amount: 25, PerHotel: 100},
		{Kind: CardRepairs, Amount: 40, PerHotel: 115},
		{Kind: CardLuck},
		{Kind: CardLuck},
		{Kind: CardMisfortune},
		{Kind: CardMisfortune},
	}
}
