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
	OpEndGameYes kit.Op = "zy" // /endgame confirmed
	OpEndGameNo  kit.Op = "zn" // /endgame cancelled
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
	OpVotePause  kit.Op = "wp"
	OpVoteResume kit.Op = "wr"
	OpVoteKick   kit.Op = "wk"
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
	shape kit.OpShape
	route hostRoute
}

// hostOps are the chat layer's own buttons. Every other op belongs to a
// game's kind (its ops: registry.Ops), which the press is handed to.
var hostOps = map[kit.Op]hostOp{
	OpJoin: {kit.Plain, routeGame}, OpLeave: {kit.Plain, routeGame}, OpStart: {kit.Plain, routeGame}, OpCancel: {kit.Plain, routeGame},
	OpEndGameYes: {kit.Plain, routeGame}, OpEndGameNo: {kit.Plain, routeGame},
	OpCancelYes: {kit.Plain, routeGame}, OpCancelNo: {kit.Plain, routeGame}, OpAutoStart: {kit.WithArg, routeGame}, OpLobbyMore: {kit.WithArg, routeGame}, OpLobbySets: {kit.Plain, routeGame},
	OpAddComputer: {kit.Plain, routeGame}, OpDropComputer: {kit.Plain, routeGame}, OpLevel: {kit.Plain, routeGame},
	OpSetView: {kit.WithArg, routeSettings}, OpSetLang: {kit.WithArg, routeSettings}, OpSetEdition: {kit.WithArg, routeSettings},
	OpSetPace: {kit.WithArg, routeSettings}, OpSetDecision: {kit.WithArg, routeSettings}, OpSetBid: {kit.WithArg, routeSettings},
	OpSetCash: {kit.WithArg, routeSettings}, OpSetRule: {kit.WithArg, routeSettings}, OpSetMax: {kit.WithArg, routeSettings},
	OpSetKick: {kit.WithArg, routeSettings}, OpSetArchive: {kit.WithArg, routeSettings}, OpSetClose: {kit.Plain, routeSettings},
	OpSetZone:   {kit.WithArg, routeSettings},
	OpVotePause: {kit.Plain, routeVote}, OpVoteResume: {kit.Plain, routeVote}, OpVoteKick: {kit.WithArg, routeVote},
	OpSetStakeCap: {kit.WithArg, routeSettings}, kit.OpRules: {kit.WithArg, routeRules}, OpNotify: {kit.Plain, routeNotify},
	OpRematch: {kit.Plain, routeRematch},
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
