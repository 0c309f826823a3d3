package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
)

// Buttons: the codec is kit's (bot/kit/callback.go); here the chat layer
// names its own ops and routes every other op to its kind.

// The chat layer's buttons (hostOps). One or two ASCII letters keep the
// data short.
const (
	OpEndGameYes Op = "zy" // /endgame confirmed
	OpEndGameNo  Op = "zn" // /endgame cancelled

	// Settings (bot/settings.go): the game id is 0 and the revision is the
	// chat's Settings.OptionsRev; the argument is a page or a preset index.
	OpSetView     Op = "sv" // show a page of the menu
	OpSetLang     Op = "sl" // chat language (index in locales.Languages)
	OpSetEdition  Op = "se" // edition (index in Editions)
	OpSetPace     Op = "sp" // pace (index in paceNames)
	OpSetDecision Op = "sd" // custom pace: time for a decision (preset)
	OpSetBid      Op = "sb" // custom pace: silence after a bid (preset)
	OpSetCash     Op = "sc" // starting cash (index in the edition's kit.Offer)
	OpSetRule     Op = "sr" // switch a house rule (index in the edition's kit.Offer)
	OpSetMax      Op = "sn" // the most players in a game
	OpSetKick     Op = "sk" // missed turns in a row that remove a player (preset)
	OpSetArchive  Op = "sa" // days without a move before a game is archived (preset)
	OpSetClose    Op = "sx" // close the menu
	OpSetStakeCap Op = "sg" // the most a stake may be (preset; bot/editions.go)
)

// The lobby's buttons (bot/lobby), by the chat layer's names.
const (
	OpJoin         = lobby.OpJoin
	OpLeave        = lobby.OpLeave
	OpStart        = lobby.OpStart
	OpCancel       = lobby.OpCancel
	OpCancelYes    = lobby.OpCancelYes
	OpCancelNo     = lobby.OpCancelNo
	OpAutoStart    = lobby.OpAutoStart
	OpLobbyMore    = lobby.OpLobbyMore
	OpLobbySets    = lobby.OpLobbySets
	OpAddComputer  = lobby.OpAddComputer
	OpDropComputer = lobby.OpDropComputer
	OpLevel        = lobby.OpLevel
	OpRematch      = lobby.OpRematch
	OpNotify       = lobby.OpNotify
)

// Votes (bot/pause.go): agree with a /pause, /resume or /kick (of the
// seat in the argument) vote.
const (
	OpVotePause  Op = "wp"
	OpVoteResume Op = "wr"
	OpVoteKick   Op = "wk"
)

// hostRoute is who in the chat layer handles a host op.
type hostRoute uint8

const (
	routeGame     hostRoute = iota // the lobby's buttons and /endgame's
	routeSettings                  // the settings message: game 0, the rev is Settings.OptionsRev
	routeVote                      // a vote: checked by game id and the vote in progress
	routeRules                     // a /rules section (bot/editions.go): no state
	routeNotify                    // the lobby's bell (bot/lobby_notify.go): game 0, the chat's list
	routeRematch                   // 🔁 Rematch (bot/rematch.go): checked against the archived game
)

type hostOp struct {
	shape OpShape
	route hostRoute
}

// hostOps are the chat layer's own buttons. Every other op belongs to a
// game's kind (its ops: registry.Ops), which the press is handed to.
var hostOps = map[Op]hostOp{
	OpJoin: {Plain, routeGame}, OpLeave: {Plain, routeGame}, OpStart: {Plain, routeGame}, OpCancel: {Plain, routeGame},
	OpEndGameYes: {Plain, routeGame}, OpEndGameNo: {Plain, routeGame},
	OpCancelYes: {Plain, routeGame}, OpCancelNo: {Plain, routeGame}, OpAutoStart: {WithArg, routeGame}, OpLobbyMore: {WithArg, routeGame}, OpLobbySets: {Plain, routeGame},
	OpAddComputer: {Plain, routeGame}, OpDropComputer: {Plain, routeGame}, OpLevel: {Plain, routeGame},
	OpSetView: {WithArg, routeSettings}, OpSetLang: {WithArg, routeSettings}, OpSetEdition: {WithArg, routeSettings},
	OpSetPace: {WithArg, routeSettings}, OpSetDecision: {WithArg, routeSettings}, OpSetBid: {WithArg, routeSettings},
	OpSetCash: {WithArg, routeSettings}, OpSetRule: {WithArg, routeSettings}, OpSetMax: {WithArg, routeSettings},
	OpSetKick: {WithArg, routeSettings}, OpSetArchive: {WithArg, routeSettings}, OpSetClose: {Plain, routeSettings},
	OpSetZone:   {WithArg, routeSettings}, // bot/settings_zone.go
	OpVotePause: {Plain, routeVote}, OpVoteResume: {Plain, routeVote}, OpVoteKick: {WithArg, routeVote},
	OpSetStakeCap: {WithArg, routeSettings}, OpRules: {WithArg, routeRules}, OpNotify: {Plain, routeNotify},
	OpRematch: {Plain, routeRematch},
}

// The codec (kit.ParsePress, Press.Encode) knows every op's shape.
func init() {
	for op, h := range hostOps {
		kit.RegisterOp(op, h.shape)
	}
	for _, ops := range registry.Ops() {
		for op, sh := range ops {
			if _, host := hostOps[op]; host {
				panic("bot: a kind's op takes a host op's letters: " + string(op))
			}
			kit.RegisterOp(op, sh)
		}
	}
}

// The codec's types, as the chat layer names them.
type (
	Op      = kit.Op
	OpShape = kit.OpShape
	Press   = kit.Press
)

const (
	Plain    = kit.Plain
	WithArg  = kit.WithArg
	WithChat = kit.WithChat
)
