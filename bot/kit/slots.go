package kit

import (
	"strconv"
	"strings"
)

// Messages edited over time are named by slots in the chat's outbox:
// "<name>:<game id base36>[:<key>]". The chat layer names its lobby; a
// kind names its own messages and stores their ids (the kind's Sent). A
// slot without a key is reused by the next message of its name (the next
// turn's); a slot with a key names one message.

// GameSlot names a message of a game.
func GameSlot(name string, game uint64, key string) string {
	s := name + ":" + strconv.FormatUint(game, 36)
	if key != "" {
		s += ":" + key
	}
	return s
}

// PrivateSlot names a game's message in a person's private chat (a hand):
// its key also names the group whose record stores the message's id, so
// the chat layer knows where to store it once it is sent.
func PrivateSlot(name string, game uint64, key string, group int64) string {
	return GameSlot(name, game, key+privateMark+strconv.FormatUint(uint64(-group), 36))
}

const privateMark = "~"

// PrivateKey splits a private slot's key into the kind's key and the
// group (ok false: the key is not a private slot's).
func PrivateKey(key string) (own string, group int64, ok bool) {
	own, g, found := strings.Cut(key, privateMark)
	if !found {
		return key, 0, false
	}
	v, err := ParseBase36(g)
	if err != nil || v == 0 || v > 1<<62 {
		return key, 0, false
	}
	return own, -int64(v), true
}
