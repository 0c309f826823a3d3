package engine

// PlayerID is a seat number: an index into Game.Players, fixed for the
// whole game. Bank and System are not seats.
type PlayerID int8

const (
	// Bank is the owner of unowned deeds and the creditor of taxes.
	Bank PlayerID = -1
	// System is the actor of timeouts: the bot applies ActTimeout as System
	// when a decision's deadline passes.
	System PlayerID = -2
)

// ActionKind names what a player asks the engine to do.
type ActionKind uint8

const (
	ActRoll         ActionKind = iota + 1 // roll the dice (also: try for doubles in jail)
	ActBuy                                // buy the unowned property the token stands on
	ActDecline                            // do not buy: the property goes to auction
	ActBid                                // bid Amount in the running auction
	ActPass                               // leave the running auction
	ActEndTurn                            // hand the dice to the next player
	ActBuild                              // buy a house (or the hotel) for Square
	ActSellBuilding                       // sell one building of Square to the bank
	ActSellSet                            // sell every building of Square's colour set to the bank
	ActMortgage                           // mortgage Square
	ActUnmortgage                         // lift the mortgage of Square
	ActPayJailFine                        // pay the fine before rolling
	ActUseJailCard                        // use a get-out-of-jail card
	ActPayDebt                            // pay the debt once the cash is there
	ActBankrupt                           // declare bankruptcy (only when the debt cannot be raised)
	ActResign                             // leave the game: bankruptcy to the bank
	ActProposeTrade                       // offer Trade to Trade.To
	ActAcceptTrade                        // accept offer TradeID (its counterparty only)
	ActRejectTrade                        // decline offer TradeID (its counterparty only)
	ActCancelTrade                        // withdraw offer TradeID (its proposer only)
	ActVoteEnd                            // vote to end the game now, ranking by net worth
	ActTimeout                            // System only: the pending decision's deadline passed
	ActStayInJail                         // PhaseJailChoice: do not pay; skip the next turn
	ActStake                              // PhaseGamble: stake Amount on one die
	ActNoStake                            // PhaseGamble: stake nothing
	actionKinds
)

// Action is one request to the engine. Fields that an action kind does not
// use are zero.
type Action struct {
	Kind    ActionKind `json:"kind"`
	Square  int        `json:"square,omitempty"`
	Amount  int        `json:"amount,omitempty"`
	TradeID int        `json:"trade_id,omitempty"`
	Trade   *Trade     `json:"trade,omitempty"`
	// Max is set only in actions returned by Legal: the highest allowed
	// Amount (a bid up to the bidder's cash).
	Max int `json:"max,omitempty"`
}

// Trade is an offer between two players. Deeds must be unimproved (no
// buildings in their colour set); cash is bounded by the giver's cash; jail
// cards are named by deck. There are no loans.
//
// Debt settles a debt partly in property: a debtor (From, in PhaseDebt)
// offers deeds or jail cards to the creditor of the debt it must pay now
// (Debts[0], a player) and, on acceptance, that debt shrinks by Debt.
type Trade struct {
	ID        int      `json:"id"`
	From      PlayerID `json:"from"`
	To        PlayerID `json:"to"`
	GiveDeeds []int    `json:"give_deeds,omitempty"` // From → To
	TakeDeeds []int    `json:"take_deeds,omitempty"` // To → From
	GiveCash  int      `json:"give_cash,omitempty"`
	TakeCash  int      `json:"take_cash,omitempty"`
	GiveCards []int    `json:"give_cards,omitempty"` // decks of jail cards From gives
	TakeCards []int    `json:"take_cards,omitempty"`
	Debt      int      `json:"debt,omitempty"` // credited against From's debt to To
	// TakeBuilding and PlaceOn move one building from To's deed
	// TakeBuilding to From's deed PlaceOn when the bank has none of that
	// kind (buildingtrade.go); 0 (never a deed) moves none.
	TakeBuilding int `json:"take_building,omitempty"`
	PlaceOn      int `json:"place_on,omitempty"`
}
