package engine

// SquareKind says what a square does when a token stops on it.
type SquareKind uint8

const (
	SquareStart SquareKind = iota
	SquareStreet
	SquarePort    // «Морской порт»: rent by the number of ports owned
	SquareUtility // rent is a multiple of the dice
	SquareTax
	SquareChance
	SquareChest
	SquareJail // just visiting, or in jail
	SquareFreeParking
	SquareGoToJail
	SquareGamble     // business «Шанс»: stake cash on one die (gamble.go)
	SquareRestDay    // business «Выходной»: the next turn is skipped (skip.go)
	SquareCasino     // lux «Казино»: a stake on three reels (casino.go)
	SquareInspection // lux «Податкова інспекція»: two dice, doubles escape the tax (inspection.go)
)

// Deck numbers, indexes of Edition.Decks and Game.Decks.
const (
	DeckChance = 0
	DeckChest  = 1
)

// Square is one field of the board. Names live in the bot's locales under
// the edition id and the square's index.
type Square struct {
	Kind SquareKind `json:"kind"`
	// Group is the colour set of a street, or the shared group of the ports
	// or of the utilities; -1 for squares that cannot be owned.
	Group     int    `json:"group"`
	Price     int    `json:"price,omitempty"`
	Rent      [6]int `json:"rent,omitempty"` // street: bare, 1–4 houses, hotel; port: 1–4 owned; utility: dice multiplier for 1–2 owned
	HouseCost int    `json:"house_cost,omitempty"`
	Mortgage  int    `json:"mortgage,omitempty"`
	Tax       int    `json:"tax,omitempty"`
}

// Ownable reports whether the square is a deed that can be bought.
func (s *Square) Ownable() bool {
	return s.Kind == SquareStreet || s.Kind == SquarePort || s.Kind == SquareUtility
}

// CardKind is what a Chance or Community Chest card does.
type CardKind uint8

const (
	CardAdvance        CardKind = iota // move forward to Target, collecting salary when passing start
	CardNearestUtility                 // move to the next utility; if owned pay Amount× a fresh roll
	CardNearestPort                    // move to the next port; if owned pay Amount× its rent
	CardBack                           // move back Amount squares
	CardGoToJail
	CardJailFree
	CardCollect     // bank pays Amount
	CardPay         // pay Amount to the bank
	CardPayEach     // pay Amount to every other player
	CardCollectEach // every other player pays Amount
	CardRepairs     // pay Amount per house and PerHotel per hotel
	CardSkipTurn    // the next turn is skipped
	CardLuck        // take a face-up Удача card from the centre (fortune.go)
	CardMisfortune  // take a face-up Неудача card from the centre
)

// Card is one card of a deck. Card texts live in the locales under the
// edition id, the deck and the card's index.
type Card struct {
	Kind     CardKind `json:"kind"`
	Target   int      `json:"target,omitempty"`
	Amount   int      `json:"amount,omitempty"`
	PerHotel int      `json:"per_hotel,omitempty"`
}

// Rules are the options of one game. An edition gives the defaults; the bot
// may change them per chat before a game starts.
type Rules struct {
	StartingCash int `json:"starting_cash"`
	Salary       int `json:"salary"`
	JailFine     int `json:"jail_fine"`
	// JailRolls is how many turns a prisoner may try for doubles; after the
	// last failed try the fine is paid and the token moves.
	JailRolls int `json:"jail_rolls"`
	// MortgageInterest is the percentage added when a mortgage is lifted.
	MortgageInterest int  `json:"mortgage_interest"`
	Auctions         bool `json:"auctions"`
	DoubleRentOnSet  bool `json:"double_rent_on_set"`
	EvenBuilding     bool `json:"even_building"`
	// BuildBeforeRollOnly is the printgames house rule: build only right
	// before your own roll, at most BuildsPerTurn buildings a turn.
	BuildBeforeRollOnly bool `json:"build_before_roll_only"`
	BuildsPerTurn       int  `json:"builds_per_turn"`
	FreeParkingJackpot  bool `json:"free_parking_jackpot"`
	DoubleSalaryOnStart bool `json:"double_salary_on_start"`
	NoRentInJail        bool `json:"no_rent_in_jail"`
	EarlyEndByAgreement bool `json:"early_end_by_agreement"`
	// AutoEndTurn hands the dice on by itself once the current player has
	// nothing left to decide (no doubles to roll again, no debt, no
	// auction): chat games save a button press and a message edit a turn.
	AutoEndTurn bool `json:"auto_end_turn,omitempty"`

	// The options below are the business edition's (BUSINESS.md); their
	// zero values are the classic game's rules.

	// JailDoubles is how many doubles in a row send a player to jail (0: 3).
	JailDoubles int `json:"jail_doubles,omitempty"`
	// JailSkipsTurn: a player who stops on or is sent to the jail square
	// skips their next turn unless they pay JailFine at once; there is no
	// rolling for doubles.
	JailSkipsTurn bool `json:"jail_skips_turn,omitempty"`
	// GambleCap is the highest stake on a gamble square (0: all one's cash).
	GambleCap int `json:"gamble_cap,omitempty"`
	// NoBuildingAuctions sells the bank's last buildings at the printed
	// price to whoever asks first, instead of auctioning them.
	NoBuildingAuctions bool `json:"no_building_auctions,omitempty"`
	// MortgagedUntradable keeps mortgaged deeds out of trades.
	MortgagedUntradable bool `json:"mortgaged_untradable,omitempty"`
	// BankruptToBank: a bankrupt's cash goes to the bank and their deeds
	// back to the board even when the debt was to a player.
	BankruptToBank bool `json:"bankrupt_to_bank,omitempty"`
	// HotelNeedsFullSet: a hotel (corporation) needs four houses (branches)
	// on every deed of the set, even when EvenBuilding is off.
	HotelNeedsFullSet bool `json:"hotel_needs_full_set,omitempty"`
	// BuildOnOwnTurn: buildings are bought only by the current player.
	BuildOnOwnTurn bool `json:"build_on_own_turn,omitempty"`
	// UnmortgageBeforeTurn: a mortgage is lifted only by the current
	// player before their roll.
	UnmortgageBeforeTurn bool `json:"unmortgage_before_turn,omitempty"`

	// The options below are the lux edition's (LUX.md).

	// JailOnStop: stopping on the jail square puts the player in jail (there
	// is no just visiting), and a move that ends in jail — on that square,
	// or on a card square whose card sends the player there — pays no
	// salary.
	JailOnStop bool `json:"jail_on_stop,omitempty"`
	// HotelsBySet: the hotels of a colour set go back to the bank together,
	// whether exchanged for houses or sold with the set.
	HotelsBySet bool `json:"hotels_by_set,omitempty"`
	// InterestTwice: a mortgaged deed received from a player costs the
	// interest on receipt and again when lifted (no bare-value window).
	InterestTwice bool `json:"interest_twice,omitempty"`
}

// Edition is a complete rule set: board, decks, bank stock and defaults.
type Edition struct {
	ID         string
	Squares    []Square
	Decks      [2][]Card
	Houses     int
	Hotels     int
	MinPlayers int
	MaxPlayers int
	JailSquare int
	// Luck and Misfortune are how many face-up Удача and Неудача cards lie
	// in the centre at the start (business edition; 0 elsewhere).
	Luck       int
	Misfortune int
	// Jackpot is what the bank puts in the centre at the start (lux: the
	// casino's jackpot, casino.go).
	Jackpot int
	// Inspection is the tax of the tax inspection square (lux).
	Inspection InspectionTax
	// SeatZeroStarts: the rule book names who starts instead of rolling for
	// it (business: «первым ходит самый младший»); a host seats that player
	// first and passes Config.SeatZeroStarts.
	SeatZeroStarts bool
	// OrderDice is how many dice each player rolls for the starting order
	// (0: two; lux: one, «всі гравці кидають кубик»).
	OrderDice int
	// Note is the smallest banknote (0: 1). Stakes, bids and trades move
	// whole notes, the least of each is one note, and interest is rounded
	// up to a note, so every amount stays payable (lux: 1 000).
	Note  int
	Rules Rules

	groups [][]int // square indexes of each group, filled by prepare
	colour []bool  // by group: a colour set (holdings.go), filled by prepare
}

// Group returns the squares of group g in board order.
func (e *Edition) Group(g int) []int { return e.groups[g] }

// GroupCount is the number of groups (colour sets, ports, utilities).
func (e *Edition) GroupCount() int { return len(e.groups) }

func (e *Edition) prepare() *Edition {
	if len(e.Squares) > 64 {
		panic("engine: edition " + e.ID + " has more than 64 squares, the index of holdings (holdings.go) has a bit for each")
	}
	n := 0
	for _, s := range e.Squares {
		if s.Group+1 > n {
			n = s.Group + 1
		}
	}
	e.groups = make([][]int, n)
	for i, s := range e.Squares {
		if s.Group >= 0 {
			e.groups[s.Group] = append(e.groups[s.Group], i)
		}
	}
	e.colour = make([]bool, n)
	for gi := range e.groups {
		e.colour[gi] = e.colourSet(gi)
	}
	return e
}

var editions = map[string]*Edition{}

func register(e *Edition) { editions[e.ID] = e.prepare() }

// EditionByID returns a registered edition, or nil.
func EditionByID(id string) *Edition { return editions[id] }

// Editions lists the ids of the registered editions.
func Editions() []string {
	ids := make([]string, 0, len(editions))
	for id := range editions {
		ids = append(ids, id)
	}
	return ids
}
