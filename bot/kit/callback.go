package kit

import (
	"errors"
	"strconv"
	"strings"
)

// Callback data is user input: any client can send any bytes in a callback
// query. The format is deliberately rigid so parsing can be strict:
//
//	<game id base36>:_<key base36>:<op>[:<argument base36>[:<-group chat base36>]]
//
// The game id ties a button to one game in the chat; the key is a small
// fingerprint of what the button refers to (the pending decision, a
// square's state, an auction's bid; 0 for a button valid while its game
// runs), which the op's handler checks: a press is refused only when its
// meaning changed, not whenever the game did (issue 25).
//
// Buttons made before keys carry the record's revision instead, without
// the "_" (Keyed false): they are still read, and checked against the
// revision as they always were. Some ops' handlers keep a version of
// their own there too (an auction's number, a hand's digest, a trade
// draft's revision).
//
// Which parts follow the op is the op's shape, registered once by the
// chat layer for its own ops and each kind's (RegisterOp).

// Op is what a button asks for.
type Op string

// OpShape is what follows an op in callback data.
type OpShape uint8

const (
	Plain    OpShape = iota // <game>:<rev>:<op>
	WithArg                 // <game>:<rev>:<op>:<arg>
	WithChat                // <game>:<rev>:<op>:<arg>:<-group chat>: pressed in a private chat
)

// shapes are the registered ops' shapes.
var shapes = map[Op]OpShape{}

// RegisterOp makes op known to the codec with its shape; call it from a
// package's init only (the table is read without a lock afterwards). An
// op registered twice must keep its shape: letters may repeat across
// kinds, but the data of a button must parse one way.
func RegisterOp(op Op, shape OpShape) {
	if old, ok := shapes[op]; ok && old != shape {
		panic("kit: op " + string(op) + " registered with two shapes")
	}
	shapes[op] = shape
}

// Press is a decoded button press.
type Press struct {
	Game uint64
	// Rev is the key of a Keyed button (what it refers to), or the version
	// an older button or an op's handler put there (the record's revision,
	// an auction's number, a hand's digest).
	Rev   uint64
	Keyed bool // Rev is a key ("_" before it): checked by the op's handler
	Op    Op
	Arg   int
	// Chat is the group chat of a composer button pressed in a private
	// chat (WithChat ops only; group chat ids are negative).
	Chat int64
}

// ErrBadCallback means the data is not a button this bot made.
var ErrBadCallback = errors.New("kit: malformed callback data")

// keyMark starts a Keyed button's key: not a base36 digit, so data made
// before keys never reads as keyed.
const keyMark = "_"

// MaxCallbackData is Telegram's limit, in bytes.
const MaxCallbackData = 64

// Encode renders the press as callback data.
func (p Press) Encode() string {
	s := strconv.FormatUint(p.Game, 36) + ":"
	if p.Keyed {
		s += keyMark
	}
	s += strconv.FormatUint(p.Rev, 36) + ":" + string(p.Op)
	shape := shapes[p.Op]
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
	if len(data) == 0 || len(data) > MaxCallbackData {
		return Press{}, ErrBadCallback
	}
	parts := strings.Split(data, ":")
	if len(parts) < 3 || len(parts) > 5 {
		return Press{}, ErrBadCallback
	}
	var p Press
	var err error
	if p.Game, err = ParseBase36(parts[0]); err != nil {
		return Press{}, err
	}
	if rest, keyed := strings.CutPrefix(parts[1], keyMark); keyed {
		parts[1], p.Keyed = rest, true
	}
	if p.Rev, err = ParseBase36(parts[1]); err != nil {
		return Press{}, err
	}
	p.Op = Op(parts[2])
	shape, known := shapes[p.Op]
	switch {
	case !known:
		return Press{}, ErrBadCallback
	case shape == WithArg && len(parts) == 4:
		arg, err := ParseBase36(parts[3])
		if err != nil || arg > 1<<31-1 {
			return Press{}, ErrBadCallback
		}
		p.Arg = int(arg)
	case shape == WithChat && len(parts) == 5:
		arg, err := ParseBase36(parts[3])
		if err != nil || arg > 1<<31-1 {
			return Press{}, ErrBadCallback
		}
		chat, err := ParseBase36(parts[4])
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

// ParseBase36 accepts only the canonical form Encode writes: lower-case
// digits and letters, no sign, no leading zeros, at most 13 characters.
func ParseBase36(s string) (uint64, error) {
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
