package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The board games' buttons (Ops).
const (
	OpRoll        kit.Op = "r"  // roll the dice
	OpBuy         kit.Op = "b"  // buy the property
	OpDecline     kit.Op = "d"  // send it to auction
	OpEndTurn     kit.Op = "e"  // end the turn
	OpPayFine     kit.Op = "f"  // pay the jail fine
	OpJailCard    kit.Op = "k"  // use a jail card
	OpPayDebt     kit.Op = "p"  // pay the debt
	OpBankrupt    kit.Op = "x"  // declare bankruptcy (asks to confirm)
	OpBankruptYes kit.Op = "xy" // confirmed
	OpBid         kit.Op = "a"  // bid the amount in the argument
	OpPass        kit.Op = "ap" // leave the auction
	OpMenuBuild   kit.Op = "mb" // open the building menu
	OpMenuMort    kit.Op = "mm" // open the mortgage menu
	OpGroup       kit.Op = "g"  // building menu of colour set (argument)
	OpBuild       kit.Op = "h"  // build on square
	OpSell        kit.Op = "hs" // sell a building of square
	OpSellSet     kit.Op = "hx" // sell every building of square's set
	OpMortgage    kit.Op = "o"  // mortgage square
	OpUnmortgage  kit.Op = "u"  // lift the mortgage of square
	OpDeed        kit.Op = "i"  // show the deed of square
	OpBack        kit.Op = "v"  // back to the main view
	OpVoteEnd     kit.Op = "ve" // vote to end the game by agreement
	OpResignYes   kit.Op = "qy" // /leave confirmed by the seat in the argument
	OpResignNo    kit.Op = "qn" // /leave cancelled
	OpStayInJail  kit.Op = "js" // business jail: do not pay, skip the next turn
	OpStake       kit.Op = "gs" // stake the amount in the argument (gamble square, casino)
	OpNoStake     kit.Op = "gn" // stake nothing

	// Trades (trade*.go). OpTrade opens the composer in a private chat.
	OpTrade kit.Op = "t"
	// The composer's buttons, pressed in a private chat: their data also
	// names the group chat whose game they change (WithChat).
	OpTrTo      kit.Op = "tt" // choose the counterparty (seat)
	OpTrWho     kit.Op = "tw" // choose another counterparty
	OpTrGive    kit.Op = "tg" // toggle one's own deed (square)
	OpTrTake    kit.Op = "tk" // toggle the counterparty's deed (square)
	OpTrCard    kit.Op = "tc" // toggle one's own jail card (deck)
	OpTrAsk     kit.Op = "tj" // toggle the counterparty's jail card (deck)
	OpTrMode    kit.Op = "tm" // edit an amount (tradeEdit*) or back to the items (0)
	OpTrAdd     kit.Op = "ta" // add to the amount being edited
	OpTrSub     kit.Op = "ts" // subtract from it
	OpTrSet     kit.Op = "tv" // set it
	OpTrSend    kit.Op = "ty" // send the offer to the group
	OpTrDiscard kit.Op = "tz" // throw the draft away
	OpTrBuild   kit.Op = "tb" // buy a building from the counterparty (buildingArg)
	// The offer's buttons in the group; the argument is the engine's trade
	// id, which is never reused, so these do not go stale with the revision.
	OpOfAccept   kit.Op = "oa"
	OpOfReject   kit.Op = "or"
	OpOfCounter  kit.Op = "oc"
	OpOfWithdraw kit.Op = "ow"
)

// Ops are the board games' buttons and the shape of their data.
var Ops = map[kit.Op]kit.OpShape{
	OpRoll: kit.Plain, OpBuy: kit.Plain, OpDecline: kit.Plain, OpEndTurn: kit.Plain, OpPayFine: kit.Plain, OpJailCard: kit.Plain, OpPayDebt: kit.Plain,
	OpBankrupt: kit.Plain, OpBankruptYes: kit.Plain, OpPass: kit.Plain, OpMenuBuild: kit.Plain, OpMenuMort: kit.Plain, OpBack: kit.Plain,
	OpVoteEnd: kit.Plain, OpResignNo: kit.Plain, OpTrade: kit.Plain, OpStayInJail: kit.Plain, OpNoStake: kit.Plain, OpStake: kit.WithArg,
	OpPicture: kit.Plain, OpFollow: kit.Plain, OpBoardGroup: kit.WithArg,
	OpBid: kit.WithArg, OpGroup: kit.WithArg, OpBuild: kit.WithArg, OpSell: kit.WithArg, OpSellSet: kit.WithArg, OpMortgage: kit.WithArg,
	OpUnmortgage: kit.WithArg, OpDeed: kit.WithArg, OpResignYes: kit.WithArg,
	OpOfAccept: kit.WithArg, OpOfReject: kit.WithArg, OpOfCounter: kit.WithArg, OpOfWithdraw: kit.WithArg,
	OpAuctionBid: kit.WithArg, OpAuctionRaise: kit.WithArg, OpAuctionLeave: kit.Plain, OpAuctionDeed: kit.WithArg,
	OpTrTo: kit.WithChat, OpTrWho: kit.WithChat, OpTrGive: kit.WithChat, OpTrTake: kit.WithChat, OpTrCard: kit.WithChat, OpTrAsk: kit.WithChat,
	OpTrMode: kit.WithChat, OpTrAdd: kit.WithChat, OpTrSub: kit.WithChat, OpTrSet: kit.WithChat, OpTrSend: kit.WithChat, OpTrDiscard: kit.WithChat,
	OpTrBuild: kit.WithChat,
}

// offerOps are pressed on an offer message: checked by trade id, not revision.
var offerOps = map[kit.Op]bool{OpOfAccept: true, OpOfReject: true, OpOfCounter: true, OpOfWithdraw: true}

// directOps are buttons that are exactly one engine action (the argument,
// if any, is the bid or the square).
var directOps = map[kit.Op]engine.ActionKind{
	OpRoll: engine.ActRoll, OpBuy: engine.ActBuy, OpDecline: engine.ActDecline, OpEndTurn: engine.ActEndTurn,
	OpPayFine: engine.ActPayJailFine, OpJailCard: engine.ActUseJailCard, OpPayDebt: engine.ActPayDebt,
	OpBid: engine.ActBid, OpPass: engine.ActPass, OpBuild: engine.ActBuild, OpSell: engine.ActSellBuilding,
	OpSellSet: engine.ActSellSet, OpMortgage: engine.ActMortgage, OpUnmortgage: engine.ActUnmortgage,
	OpVoteEnd: engine.ActVoteEnd, OpStayInJail: engine.ActStayInJail, OpStake: engine.ActStake, OpNoStake: engine.ActNoStake,
}

// The codec knows the board's ops wherever the package is used.
func init() {
	for op, shape := range Ops {
		kit.RegisterOp(op, shape)
	}
}

// The auction message's buttons; their key is the auction's number and
// the highest bid they were drawn with (auctionKey).
const (
	OpAuctionBid   kit.Op = "ab" // open the bidding with the amount in the argument
	OpAuctionRaise kit.Op = "ar" // raise the highest bid by the argument
	OpAuctionLeave kit.Op = "aq" // leave the auction
	OpAuctionDeed  kit.Op = "ad" // the deed's card (square), on messages sent before the board's deed button (OpDeed)
)

// OpBoardGroup opens one group's deeds on /board's message (argument:
// the group + 1), or the groups again (0). Anyone may press it: it only
// changes which buttons the message shows.
const OpBoardGroup kit.Op = "bg"

// OpPicture (🗺) sends the board's picture; anyone may press it, and it
// changes nothing (so no button goes outdated).
const OpPicture kit.Op = "bm"

// OpFollow (👁) follows the game, or stops following it.
const OpFollow kit.Op = "bw"
