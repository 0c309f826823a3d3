package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The board games' buttons (Ops).
const (
	OpRoll        Op = "r"  // roll the dice
	OpBuy         Op = "b"  // buy the property
	OpDecline     Op = "d"  // send it to auction
	OpEndTurn     Op = "e"  // end the turn
	OpPayFine     Op = "f"  // pay the jail fine
	OpJailCard    Op = "k"  // use a jail card
	OpPayDebt     Op = "p"  // pay the debt
	OpBankrupt    Op = "x"  // declare bankruptcy (asks to confirm)
	OpBankruptYes Op = "xy" // confirmed
	OpBid         Op = "a"  // bid the amount in the argument
	OpPass        Op = "ap" // leave the auction
	OpMenuBuild   Op = "mb" // open the building menu
	OpMenuMort    Op = "mm" // open the mortgage menu
	OpGroup       Op = "g"  // building menu of colour set (argument)
	OpBuild       Op = "h"  // build on square
	OpSell        Op = "hs" // sell a building of square
	OpSellSet     Op = "hx" // sell every building of square's set
	OpMortgage    Op = "o"  // mortgage square
	OpUnmortgage  Op = "u"  // lift the mortgage of square
	OpDeed        Op = "i"  // show the deed of square
	OpBack        Op = "v"  // back to the main view
	OpVoteEnd     Op = "ve" // vote to end the game by agreement
	OpResignYes   Op = "qy" // /leave confirmed by the seat in the argument
	OpResignNo    Op = "qn" // /leave cancelled
	OpStayInJail  Op = "js" // business jail: do not pay, skip the next turn
	OpStake       Op = "gs" // stake the amount in the argument (gamble square, casino)
	OpNoStake     Op = "gn" // stake nothing

	// Trades (trade*.go). OpTrade opens the composer in a private chat.
	OpTrade Op = "t"
	// The composer's buttons, pressed in a private chat: their data also
	// names the group chat whose game they change (WithChat).
	OpTrTo      Op = "tt" // choose the counterparty (seat)
	OpTrWho     Op = "tw" // choose another counterparty
	OpTrGive    Op = "tg" // toggle one's own deed (square)
	OpTrTake    Op = "tk" // toggle the counterparty's deed (square)
	OpTrCard    Op = "tc" // toggle one's own jail card (deck)
	OpTrAsk     Op = "tj" // toggle the counterparty's jail card (deck)
	OpTrMode    Op = "tm" // edit an amount (tradeEdit*) or back to the items (0)
	OpTrAdd     Op = "ta" // add to the amount being edited
	OpTrSub     Op = "ts" // subtract from it
	OpTrSet     Op = "tv" // set it
	OpTrSend    Op = "ty" // send the offer to the group
	OpTrDiscard Op = "tz" // throw the draft away
	OpTrBuild   Op = "tb" // buy a building from the counterparty (buildingArg)
	// The offer's buttons in the group; the argument is the engine's trade
	// id, which is never reused, so these do not go stale with the revision.
	OpOfAccept   Op = "oa"
	OpOfReject   Op = "or"
	OpOfCounter  Op = "oc"
	OpOfWithdraw Op = "ow"
)

// Ops are the board games' buttons and the shape of their data.
var Ops = map[Op]OpShape{
	OpRoll: Plain, OpBuy: Plain, OpDecline: Plain, OpEndTurn: Plain, OpPayFine: Plain, OpJailCard: Plain, OpPayDebt: Plain,
	OpBankrupt: Plain, OpBankruptYes: Plain, OpPass: Plain, OpMenuBuild: Plain, OpMenuMort: Plain, OpBack: Plain,
	OpVoteEnd: Plain, OpResignNo: Plain, OpTrade: Plain, OpStayInJail: Plain, OpNoStake: Plain, OpStake: WithArg,
	OpPicture: Plain, OpFollow: Plain, OpBoardGroup: WithArg,
	OpBid: WithArg, OpGroup: WithArg, OpBuild: WithArg, OpSell: WithArg, OpSellSet: WithArg, OpMortgage: WithArg,
	OpUnmortgage: WithArg, OpDeed: WithArg, OpResignYes: WithArg,
	OpOfAccept: WithArg, OpOfReject: WithArg, OpOfCounter: WithArg, OpOfWithdraw: WithArg,
	OpAuctionBid: WithArg, OpAuctionRaise: WithArg, OpAuctionLeave: Plain, OpAuctionDeed: WithArg,
	OpTrTo: WithChat, OpTrWho: WithChat, OpTrGive: WithChat, OpTrTake: WithChat, OpTrCard: WithChat, OpTrAsk: WithChat,
	OpTrMode: WithChat, OpTrAdd: WithChat, OpTrSub: WithChat, OpTrSet: WithChat, OpTrSend: WithChat, OpTrDiscard: WithChat,
	OpTrBuild: WithChat,
}

// offerOps are pressed on an offer message: checked by trade id, not revision.
var offerOps = map[Op]bool{OpOfAccept: true, OpOfReject: true, OpOfCounter: true, OpOfWithdraw: true}

// directOps are buttons that are exactly one engine action (the argument,
// if any, is the bid or the square).
var directOps = map[Op]engine.ActionKind{
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
	OpAuctionBid   Op = "ab" // open the bidding with the amount in the argument
	OpAuctionRaise Op = "ar" // raise the highest bid by the argument
	OpAuctionLeave Op = "aq" // leave the auction
	OpAuctionDeed  Op = "ad" // the deed's card (square), on messages sent before the board's deed button (OpDeed)
)

// OpBoardGroup opens one group's deeds on /board's message (argument:
// the group + 1), or the groups again (0). Anyone may press it: it only
// changes which buttons the message shows.
const OpBoardGroup Op = "bg"

// OpPicture (🗺) sends the board's picture; anyone may press it, and it
// changes nothing (so no button goes outdated).
const OpPicture Op = "bm"

// OpFollow (👁) follows the game, or stops following it.
const OpFollow Op = "bw"
