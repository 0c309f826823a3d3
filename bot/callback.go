package bot

import (
	"errors"
	"strconv"
	"strings"
)

// Callback data is user input: any client can send any bytes in a callback
// query. The format is deliberately rigid so parsing can be strict:
//
//	<game id base36>:<revision base36>:<op>[:<argument base36>]
//
// The game id ties a button to one game in the chat and the revision to
// one state of it: a press on an older message is refused as outdated.

// Op is what a button asks for.
type Op string

// Button operations. One or two ASCII letters keep the data short.
const (
	OpJoin        Op = "j"  // lobby: join
	OpLeave       Op = "l"  // lobby: leave
	OpStart       Op = "s"  // lobby: start the game
	OpCancel      Op = "c"  // lobby: cancel
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
	OpEndGameYes  Op = "zy" // /endgame confirmed
	OpEndGameNo   Op = "zn" // /endgame cancelled
	OpResignYes   Op = "qy" // /leave confirmed by the seat in the argument
	OpResignNo    Op = "qn" // /leave cancelled

	// Trades (bot/trade.go). OpTrade opens the composer in a private chat.
	OpTrade Op = "t"
	// The composer's buttons, pressed in a private chat: their data also
	// names the group chat whose game they change (see chatOps).
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
	// The offer's buttons in the group; the argument is the engine's trade
	// id, which is never reused, so these do not go stale with the revision.
	OpOfAccept   Op = "oa"
	OpOfReject   Op = "or"
	OpOfCounter  Op = "oc"
	OpOfWithdraw Op = "ow"

	// Settings (bot/settings.go): the game id is 0 and the revision is the
	// chat's Settings.OptionsRev; the argument is a page or a preset index.
	OpSetView     Op = "sv" // show a page of the menu
	OpSetLang     Op = "sl" // chat language (index in locales.Languages)
	OpSetEdition  Op = "se" // edition (index in editionIDs)
	OpSetPace     Op = "sp" // pace (index in paceNames)
	OpSetDecision Op = "sd" // custom pace: time for a decision (preset)
	OpSetBid      Op = "sb" // custom pace: silence after a bid (preset)
	OpSetCash     Op = "sc" // starting cash (preset)
	OpSetRule     Op = "sr" // switch a house rule (index in houseRules)
	OpSetMax      Op = "sn" // the most players in a game
	OpSetKick     Op = "sk" // missed turns in a row that remove a player (preset)
	OpSetArchive  Op = "sa" // days without a move before a game is archived (preset)
	OpSetClose    Op = "sx" // close the menu
)

// Votes (bot/pause.go): agree with a /pause, /resume or /kick (of the
// seat in the argument) vote.
const (
	OpVotePause  Op = "wp"
	OpVoteResume Op = "wr"
	OpVoteKick   Op = "wk"
)

// voteOps are pressed on a vote message: checked by game id and the vote
// in progress, not the revision.
var voteOps = map[Op]bool{OpVotePause: true, OpVoteResume: true, OpVoteKick: true}

// settingsOps are pressed on the settings message.
var settingsOps = map[Op]bool{OpSetKick: true, OpSetArchive: true, OpSetView: true, OpSetLang: true, OpSetEdition: true, OpSetPace: true,
	OpSetDecision: true, OpSetBid: true, OpSetCash: true, OpSetRule: true, OpSetMax: true, OpSetClose: true}

// argOps take an argument; the others must not have one.
var argOps = map[Op]bool{OpBid: true, OpGroup: true, OpBuild: true, OpSell: true, OpSellSet: true,
	OpMortgage: true, OpUnmortgage: true, OpDeed: true, OpResignYes: true,
	OpOfAccept: true, OpOfReject: true, OpOfCounter: true, OpOfWithdraw: true,
	OpSetView: true, OpSetLang: true, OpSetEdition: true, OpSetPace: true, OpSetDecision: true,
	OpSetKick: true, OpSetArchive: true, OpSetBid: true, OpSetCash: true, OpSetRule: true, OpSetMax: true, OpVoteKick: true}

// chatOps take an argument and the group chat: <game>:<rev>:<op>:<arg>:<-chat>.
var chatOps = map[Op]bool{OpTrTo: true, OpTrWho: true, OpTrGive: true, OpTrTake: true, OpTrCard: true,
	OpTrAsk: true, OpTrMode: true, OpTrAdd: true, OpTrSub: true, OpTrSet: true, OpTrSend: true, OpTrDiscard: true}

// offerOps are pressed on an offer message: checked by trade id, not revision.
var offerOps = map[Op]bool{OpOfAccept: true, OpOfReject: true, OpOfCounter: true, OpOfWithdraw: true}

var plainOps = map[Op]bool{OpJoin: true, OpLeave: true, OpStart: true, OpCancel: true, OpRoll: true,
	OpBuy: true, OpDecline: true, OpEndTurn: true, OpPayFine: true, OpJailCard: true, OpPayDebt: true,
	OpBankrupt: true, OpBankruptYes: true, OpPass: true, OpMenuBuild: true, OpMenuMort: true,
	OpBack: true, OpVoteEnd: true, OpEndGameYes: true, OpEndGameNo: true, OpResignNo: true, OpTrade: true,
	OpSetClose: true, OpVotePause: true, OpVoteResume: true}

// Press is a decoded button press.
type Press struct {
	Game uint64
	Rev  uint64
	Op   Op
	Arg  int
	// Chat is the group chat of a composer button pressed in a private
	// chat (chatOps only; group chat ids are negative).
	Chat int64
}

// ErrBadCallback means the data is not a button this bot made.
var ErrBadCallback = errors.New("bot: malformed callback data")

// maxCallbackData is Telegram's limit, in bytes.
const maxCallbackData = 64

// Encode renders the press as callback data.
func (p Press) Encode() string {
	s := strconv.FormatUint(p.Game, 36) + ":" + strconv.FormatUint(p.Rev, 36) + ":" + string(p.Op)
	if argOps[p.Op] || chatOps[p.Op] {
		s += ":" + strconv.FormatUint(uint64(p.Arg), 36)
	}
	if chatOps[p.Op] {
		s += ":" + strconv.FormatUint(uint64(-p.Chat), 36)
	}
	return s
}

// ParsePress decodes callback data strictly: known ops only, canonical
// base36 numbers only, an argument exactly when the op takes one.
func ParsePress(data string) (Press, error) {
	if len(data) == 0 || len(data) > maxCallbackData {
		return Press{}, ErrBadCallback
	}
	parts := strings.Split(data, ":")
	if len(parts) < 3 || len(parts) > 5 {
		return Press{}, ErrBadCallback
	}
	var p Press
	var err error
	if p.Game, err = parseBase36(parts[0]); err != nil {
		return Press{}, err
	}
	if p.Rev, err = parseBase36(parts[1]); err != nil {
		return Press{}, err
	}
	p.Op = Op(parts[2])
	switch {
	case argOps[p.Op] && len(parts) == 4:
		arg, err := parseBase36(parts[3])
		if err != nil || arg > 1<<31-1 {
			return Press{}, ErrBadCallback
		}
		p.Arg = int(arg)
	case chatOps[p.Op] && len(parts) == 5:
		arg, err := parseBase36(parts[3])
		if err != nil || arg > 1<<31-1 {
			return Press{}, ErrBadCallback
		}
		chat, err := parseBase36(parts[4])
		if err != nil || chat == 0 || chat > 1<<62 {
			return Press{}, ErrBadCallback
		}
		p.Arg, p.Chat = int(arg), -int64(chat)
	case plainOps[p.Op] && len(parts) == 3:
	default:
		return Press{}, ErrBadCallback
	}
	return p, nil
}

// parseBase36 accepts only the canonical form Encode writes: lower-case
// digits and letters, no sign, no leading zeros, at most 13 characters.
func parseBase36(s string) (uint64, error) {
	if s == "" || len(s) > 13 || (len(s) > 1 && s[0] == '0') {
		return 0, ErrBadCallback
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return 0, ErrBadCallback
		}
	}
	v, err := strconv.ParseUint(s, 36, 64)
	if err != nil {
		return 0, ErrBadCallback
	}
	return v, nil
}
