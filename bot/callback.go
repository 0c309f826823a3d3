package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
)

// Buttons: the codec is kit's (bot/kit/callback.go); here the chat layer
// names its own ops and routes every other op to its kind.

// The chat layer's buttons (hostOps). One or two ASCII letters keep the
// data short.
const (
	OpEndGameYes Op = "zy" // /endgame confirmed
	OpEndGameNo  Op = "zn" // /endgame cancelled
)

// The settings menu's buttons (bot/settings), by the chat layer's names.
const (
	OpSetView     = settings.OpSetView
	OpSetLang     = settings.OpSetLang
	OpSetEdition  = settings.OpSetEdition
	OpSetPace     = settings.OpSetPace
	OpSetDecision = settings.OpSetDecision
	OpSetBid      = settings.OpSetBid
	OpSetCash     = settings.OpSetCash
	OpSetRule     = settings.OpSetRule
	OpSetMax      = settings.OpSetMax
	OpSetKick     = settings.OpSetKick
	OpSetArchive  = settings.OpSetArchive
	OpSetClose    = settings.OpSetClose
	OpSetStakeCap = settings.OpSetStakeCap
	OpSetZone     = settings.OpSetZone
	OpRules       = kit.OpRules // a /rules section (bot/settings/rules.go)
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
	routeSettings                  // the settings message (bot/settings): game 0, the rev is Settings.OptionsRev
	routeVote                      // a vote: checked by game id and the vote in progress
	routeRules                     // a /rules section (bot/settings/rules.go): no state
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
	OpSetZone:   {WithArg, routeSettings},
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
