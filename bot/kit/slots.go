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

// StartPayload is the /start payload of a link from a group's game to a
// person's private chat: <prefix><-group base36>_<game id base36>, within
// Telegram's 64 characters of A-Z a-z 0-9 _ -. The prefix names what the
// link opens (the board's trade composer "t", a Deal hand "d").
func StartPayload(prefix string, chat int64, game uint64) string {
	return prefix + strconv.FormatUint(uint64(-chat), 36) + "_" + strconv.FormatUint(game, 36)
}

// StartLink is the t.me link that opens the bot's private chat with
// payload, or "" when the bot's username is unknown (a link to nobody).
func StartLink(username, payload string) string {
	if username == "" {
		return ""
	}
	return "https://t.me/" + username + "?start=" + payload
}

// ParseStartPayload reads a StartPayload with prefix strictly: the
// payload is whatever the person's client sent.
func ParseStartPayload(prefix, s string) (chat int64, game uint64, ok bool) {
	rest, ok := strings.CutPrefix(s, prefix)
	if !ok {
		return 0, 0, false
	}
	a, g, ok := strings.Cut(rest, "_")
	if !ok {
		return 0, 0, false
	}
	c, err := ParseBase36(a)
	if err != nil || c == 0 || c > 1<<62 {
		return 0, 0, false
	}
	game, err = ParseBase36(g)
	if err != nil {
		return 0, 0, false
	}
	return -int64(c), game, true
}
