package kit

import "strconv"

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
