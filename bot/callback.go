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

// The chat layer's buttons (hostOps). One or two ASCII letters keep the
// data short.
const (
	OpJoin       Op = "j"  // lobby: join
	OpLeave      Op = "l"  // lobby: leave
	OpStart      Op = "s"  // lobby: start the game
	OpCancel     Op = "c"  // lobby: cancel
	OpEndGameYes Op = "zy" // /endgame confirmed
	OpEndGameNo  Op = "zn" // /endgame cancelled

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

// OpShape is what follows an op in callback data.
type OpShape uint8

const (
	Plain    OpShape = iota // <game>:<rev>:<op>
	WithArg                 // <game>:<rev>:<op>:<arg>
	WithChat                // <game>:<rev>:<op>:<arg>:<-group chat>: pressed in a private chat
)

// hostRoute is who in the chat layer handles a host op.
type hostRoute uint8

const (
	routeGame     hostRoute = iota // the lobby's buttons and /endgame's
	routeSettings                  // the settings message: game 0, the rev is Settings.OptionsRev
	routeVote                      // a vote: checked by game id and the vote in progress
)

type hostOp struct {
	shape OpShape
	route hostRoute
}

// hostOps are the chat layer's own buttons. Every other op belongs to a
// game's kind (kindOps), which the press is handed to.
var hostOps = map[Op]hostOp{
	OpJoin: {Plain, routeGame}, OpLeave: {Plain, routeGame}, OpStart: {Plain, routeGame}, OpCancel: {Plain, routeGame},
	OpEndGameYes: {Plain, routeGame}, OpEndGameNo: {Plain, routeGame},
	OpSetView: {WithArg, routeSettings}, OpSetLang: {WithArg, routeSettings}, OpSetEdition: {WithArg, routeSettings},
	OpSetPace: {WithArg, routeSettings}, OpSetDecision: {WithArg, routeSettings}, OpSetBid: {WithArg, routeSettings},
	OpSetCash: {WithArg, routeSettings}, OpSetRule: {WithArg, routeSettings}, OpSetMax: {WithArg, routeSettings},
	OpSetKick: {WithArg, routeSettings}, OpSetArchive: {WithArg, routeSettings}, OpSetClose: {Plain, routeSettings},
	OpVotePause: {Plain, routeVote}, OpVoteResume: {Plain, routeVote}, OpVoteKick: {WithArg, routeVote},
}

// kindOps are each kind's buttons, by Record.Kind. Op letters may repeat
// across kinds; a kind's own must not take a host op's.
var kindOps = map[string]map[Op]OpShape{boardKindName: boardOps}

// shapeOf is the shape of op's data: the host's, else a kind's.
func shapeOf(op Op) (OpShape, bool) {
	if h, ok := hostOps[op]; ok {
		return h.shape, true
	}
	for _, ops := range kindOps {
		if sh, ok := ops[op]; ok {
			return sh, true
		}
	}
	return 0, false
}

// kindFor is the kind a press of a kind's op belongs to. While the op's
// letters name one kind's button only, the op tells; otherwise the game's
// record does.
func (b *Bot) kindFor(p Press, chat int64) Kind {
	var owner string
	owners := 0
	for name, ops := range kindOps {
		if _, ok := ops[p.Op]; ok {
			owner, owners = name, owners+1
		}
	}
	if owners > 1 {
		if p.Chat != 0 {
			chat = p.Chat
		}
		if rec, err := b.Snapshot(chat); err == nil && rec != nil {
			return b.kindOf(rec)
		}
	}
	return b.kinds[owner]
}

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
	shape, _ := shapeOf(p.Op)
	if shape != Plain {
		s += ":" + strconv.FormatUint(uint64(p.Arg), 36)
	}
	if shape == WithChat {
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
	shape, known := shapeOf(p.Op)
	switch {
	case !known:
		return Press{}, ErrBadCallback
	case shape == WithArg && len(parts) == 4:
		arg, err := parseBase36(parts[3])
		if err != nil || arg > 1<<31-1 {
			return Press{}, ErrBadCallback
		}
		p.Arg = int(arg)
	case shape == WithChat && len(parts) == 5:
		arg, err := parseBase36(parts[3])
		if err != nil || arg > 1<<31-1 {
			return Press{}, ErrBadCallback
		}
		chat, err := parseBase36(parts[4])
		if err != nil || chat == 0 || chat > 1<<62 {
			return Press{}, ErrBadCallback
		}
		p.Arg, p.Chat = int(arg), -int64(chat)
	case shape == Plain && len(parts) == 3:
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
