package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
)

// The board games' names the tests of the chat layer play with.
const (
	OpRoll        = board.OpRoll
	OpBuy         = board.OpBuy
	OpDecline     = board.OpDecline
	OpEndTurn     = board.OpEndTurn
	OpPayFine     = board.OpPayFine
	OpJailCard    = board.OpJailCard
	OpPayDebt     = board.OpPayDebt
	OpBankrupt    = board.OpBankrupt
	OpBankruptYes = board.OpBankruptYes
	OpBid         = board.OpBid
	OpPass        = board.OpPass
	OpMenuBuild   = board.OpMenuBuild
	OpMenuMort    = board.OpMenuMort
	OpGroup       = board.OpGroup
	OpBuild       = board.OpBuild
	OpSell        = board.OpSell
	OpSellSet     = board.OpSellSet
	OpMortgage    = board.OpMortgage
	OpUnmortgage  = board.OpUnmortgage
	OpDeed        = board.OpDeed
	OpBack        = board.OpBack
	OpVoteEnd     = board.OpVoteEnd
	OpResignYes   = board.OpResignYes
	OpResignNo    = board.OpResignNo
	OpTrade       = board.OpTrade
	OpTrTo        = board.OpTrTo
	OpTrWho       = board.OpTrWho
	OpTrGive      = board.OpTrGive
	OpTrTake      = board.OpTrTake
	OpTrCard      = board.OpTrCard
	OpTrAsk       = board.OpTrAsk
	OpTrMode      = board.OpTrMode
	OpTrAdd       = board.OpTrAdd
	OpTrSub       = board.OpTrSub
	OpTrSet       = board.OpTrSet
	OpTrSend      = board.OpTrSend
	OpTrDiscard   = board.OpTrDiscard
	OpOfAccept    = board.OpOfAccept
	OpOfReject    = board.OpOfReject
	OpOfCounter   = board.OpOfCounter
	OpOfWithdraw  = board.OpOfWithdraw

	editItems = board.EditItems
	editGive  = board.EditGive
	editTake  = board.EditTake
	offerTTL  = board.OfferTTL

	maxHistory   = board.MaxHistory
	historySlack = board.HistorySlack
	historyShown = board.HistoryShown

	menuBuild    = state.MenuBuild
	menuGroup    = state.MenuGroup
	menuMortgage = state.MenuMortgage
	menuBankrupt = state.MenuBankrupt
)

type (
	Board     = state.Board
	Draft     = state.Draft
	OfferEdit = state.OfferEdit
)

var (
	turnSlot     = board.TurnSlot
	tradePayload = board.TradePayload
	seatOrder    = board.SeatOrder
)

// boardOf is the board games' kind of the harness's bot.
func boardOf(h *harness) *board.Kind { return h.bot.kinds.Named(board.Name).(*board.Kind) }
