package engine

// EventKind names something that happened. The bot renders each kind with
// a localized template; the fields used by each kind are listed beside it.
type EventKind uint8

const (
	EvOrderRoll        EventKind = iota + 1 // Player rolled Dice for the starting order
	EvFirstPlayer                           // Player starts the game
	EvTurnStarted                           // Player's turn begins (Amount = turn number)
	EvRolled                                // Player rolled Dice
	EvMoved                                 // Player moved to Square (From = previous square)
	EvPassedStart                           // Player collected Amount salary
	EvLanded                                // Player stopped on Square
	EvBought                                // Player bought Square for Amount
	EvDeclined                              // Player declined to buy Square
	EvAuctionStarted                        // auction of Square opens (Amount = minimum bid)
	EvBid                                   // Player bid Amount
	EvAuctionPass                           // Player left the auction
	EvAuctionWon                            // Player won Square for Amount
	EvAuctionUnsold                         // nobody bid: the bank keeps Square
	EvRentPaid                              // Player paid Amount rent for Square to Other
	EvRentMortgaged                         // no rent: Square is mortgaged
	EvRentOwnerJailed                       // no rent: the owner of Square is in jail (house rule)
	EvTaxPaid                               // Player paid Amount tax on Square
	EvCardDrawn                             // Player drew card Card of deck Deck
	EvCollected                             // Player received Amount from the bank
	EvPaid                                  // Player paid Amount to the bank
	EvPaidPlayer                            // Player paid Amount to Other
	EvJackpot                               // Player took the free-parking jackpot of Amount
	EvDoubles                               // Player rolled doubles and rolls again
	EvSentToJail                            // Player went to jail (Amount: a JailReason)
	EvJailFinePaid                          // Player paid Amount to leave jail
	EvJailCardUsed                          // Player used the jail card of deck Deck
	EvJailCardKept                          // Player keeps the jail card of deck Deck
	EvJailRollFailed                        // Player rolled no doubles in jail (Amount = tries so far)
	EvLeftJail                              // Player left jail
	EvBuilt                                 // Player built on Square for Cost (Amount = buildings now, 5 = hotel)
	EvBuildingSold                          // Player sold buildings of Square for Cost (Amount = buildings left)
	EvMortgaged                             // Player mortgaged Square, receiving Cost
	EvUnmortgaged                           // Player lifted the mortgage of Square, paying Cost
	EvMortgageInterest                      // Player paid Amount interest on received mortgaged Square
	EvDebt                                  // Player owes Amount to Other (Bank for the bank)
	EvDebtPaid                              // Player paid the debt of Amount to Other
	EvBankrupt                              // Player went bankrupt to Other (Bank for the bank)
	EvResigned                              // Player left the game
	EvTradeProposed                         // Player offered trade Amount (id) to Other
	EvTradeAccepted                         // Player accepted trade Amount from Other
	EvTradeRejected                         // Player declined trade Amount from Other
	EvTradeCancelled                        // trade Amount by Player was withdrawn or became void
	EvDeedReceived                          // Player received Square from Other
	EvVotedEnd                              // Player voted to end the game early
	EvTimeout                               // Player's decision timed out
	EvTurnEnded                             // Player's turn ended
	EvGameOver                              // Player won (Amount = 1 when ended by agreement)
	EvBuildingAuction                       // a building (Amount 1 = house, 5 = hotel) for Square goes to auction
	EvDebtSettled                           // Player's debt to Other shrank by Amount paid in property (Cost = still owed)
	EvWillSkip                              // Player will skip their next turn (Amount: a SkipReason)
	EvTurnSkipped                           // Player's turn is skipped (Amount: a SkipReason)
	EvGambleOffered                         // Player stands on the gamble square and may stake up to Amount
	EvGambleLost                            // Player staked Amount, rolled Dice[0] (1–2) and lost the stake to the bank
	EvGambleWon                             // Player staked Amount, rolled Dice[0] (3–6) and won Cost from the bank on top
	EvNoStake                               // Player staked nothing
	EvLuckTaken                             // Player took a face-up Удача card from the centre
	EvMisfortuneTaken                       // Player took a face-up Неудача card from the centre
	EvLuckGone                              // no Удача card is left in the centre for Player
	EvMisfortuneGone                        // no Неудача card is left in the centre for Player
	EvLuckUsed                              // Player's Удача card waived Amount rent for Square owed to Other
	EvMisfortuneUsed                        // Player's Неудача card doubled the rent for Square owed to Other (Amount = the extra)
	EvFortuneReturned                       // Player's face-up cards went back to the centre (Amount: Удача, Cost: Неудача)
	EvBuildingTraded                        // Player bought a building from Other's deed From for Square (Amount = buildings now, 5 = corporation)
	EvCasinoOffered                         // Player stands on the casino and may stake up to Amount (Cost = the jackpot)
	EvReelStopped                           // Player's reel Deck (0–2) stopped on symbol Card after climbing Amount (the die)
	EvCasinoWon                             // Player's stake Amount won Cost from the bank on top (Card: symbol shown Deck = 2 or 3 times)
	EvCasinoPush                            // Player's stake Amount comes back, nothing more (Card: symbol shown Deck = 2 times)
	EvCasinoLost                            // Player lost the stake Amount to the jackpot, now Cost (Card, Deck: the combination, Deck 0 for none)
	EvCasinoJackpot                         // Player won Amount of the jackpot with three stars (Cost = what is left)
	EvInspectionFree                        // Player rolled doubles Dice at the tax inspection on Square: no tax
	EvInspectionTax                         // Player rolled Dice at the tax inspection on Square and owes Amount (EvTaxPaid or EvDebt follows)
	eventKinds
)

// JailReason says why a player went to jail (EvSentToJail's Amount).
const (
	JailBySquare = iota
	JailByCard
	JailByDoubles
	JailByStopping // stopped on the jail square (business and lux editions)
)

// SkipReason says why a turn is skipped (EvWillSkip's and EvTurnSkipped's Amount).
const (
	SkipJail    = iota // the jail square, fine not paid
	SkipRestDay        // the «Выходной» square
	SkipCard           // a Сюрприз card
	skipReasons
)

// FortuneKind names the face-up cards of the business edition.
const (
	FortuneLuck       = iota // «Удача»: the next rent owed is waived
	FortuneMisfortune        // «Неудача»: the next rent owed is doubled
)

// Event is one thing that happened. Fields that a kind does not use are zero.
type Event struct {
	Kind   EventKind `json:"kind"`
	Player PlayerID  `json:"player"`
	Other  PlayerID  `json:"other,omitempty"`
	Square int       `json:"square,omitempty"`
	From   int       `json:"from,omitempty"`
	Amount int       `json:"amount,omitempty"`
	Cost   int       `json:"cost,omitempty"`
	Dice   [2]int    `json:"dice,omitzero"`
	Deck   int       `json:"deck,omitempty"`
	Card   int       `json:"card,omitempty"`
}
