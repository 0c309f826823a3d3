package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// kit's types, as the board's code names them.
type (
	Record      = kit.Record
	Seat        = kit.Seat
	Settings    = kit.Settings
	ChatOptions = kit.ChatOptions
	Press       = kit.Press
	Op          = kit.Op
	OpShape     = kit.OpShape
	Pending     = kit.Pending
	SeatResult  = kit.SeatResult
	chatState   = kit.Change
)

const (
	Plain         = kit.Plain
	WithArg       = kit.WithArg
	WithChat      = kit.WithChat
	StatusPlaying = kit.StatusPlaying
)

// The board's state in the record (bot/board/state).
type (
	Draft     = state.Draft
	Offer     = state.Offer
	OfferEdit = state.OfferEdit
	View      = state.View
)

const (
	menuBuild    = state.MenuBuild
	menuGroup    = state.MenuGroup
	menuMortgage = state.MenuMortgage
	menuBankrupt = state.MenuBankrupt
)
