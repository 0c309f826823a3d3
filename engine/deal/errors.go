package deal

import "errors"

// Sentinel errors returned by Apply. Every refusal a player can meet has
// its own value here, so the bot can give each its own localized alert.
var (
	ErrGameOver      = errors.New("deal: the game is over")
	ErrUnknownAction = errors.New("deal: unknown action")
	ErrNotInGame     = errors.New("deal: player is not in the game")
	ErrNotYourTurn   = errors.New("deal: not your turn")
	ErrNotNow        = errors.New("deal: that action is not possible now")
	ErrNoPlaysLeft   = errors.New("deal: three cards have been played this turn")
	ErrNotInHand     = errors.New("deal: the card is not in your hand")
	ErrNotOnTable    = errors.New("deal: the card is not among your properties")
	ErrNotBankable   = errors.New("deal: properties cannot go to the bank")
	ErrNotProperty   = errors.New("deal: the card is not a property")
	ErrBadColor      = errors.New("deal: the card cannot take that colour")
	ErrBadTarget     = errors.New("deal: no such opponent")
	ErrWrongCard     = errors.New("deal: that card cannot be played this way")
	ErrInCompleteSet = errors.New("deal: the property belongs to a complete set")
	ErrNoCompleteSet = errors.New("deal: there is no complete set of that colour")
	ErrNotBuildable  = errors.New("deal: railroads and utilities take no buildings")
	ErrBuilt         = errors.New("deal: the set already has that building")
	ErrNeedHouse     = errors.New("deal: a hotel needs a house first")
	ErrStrandsBuilds = errors.New("deal: the move would leave a building without a complete set")
	ErrNoColor       = errors.New("deal: you have no printed property of that colour")
	ErrBadDouble     = errors.New("deal: Double The Rent goes with a rent card, within the plays left")
	ErrBadPayment    = errors.New("deal: pay with your bank and properties, at least the amount owed, and give no card too many")
	ErrMustPay       = errors.New("deal: a debt is answered by paying (or Just Say No)")
)

// Sentinels lists every error Apply returns, for tests and the bot's
// alert table.
var Sentinels = []error{ErrGameOver, ErrUnknownAction, ErrNotInGame, ErrNotYourTurn, ErrNotNow,
	ErrNoPlaysLeft, ErrNotInHand, ErrNotOnTable, ErrNotBankable, ErrNotProperty, ErrBadColor,
	ErrBadTarget, ErrWrongCard, ErrInCompleteSet, ErrNoCompleteSet, ErrNotBuildable, ErrBuilt,
	ErrNeedHouse, ErrStrandsBuilds, ErrNoColor, ErrBadDouble, ErrBadPayment, ErrMustPay}
