package votes

import (
	"slices"
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// SlotName is the name of the votes' slots (kit.GameSlot).
const SlotName = "vote"

// Slot names a vote's message: its kind and the seat it is about.
func Slot(game uint64, kind string, target int) string {
	return kit.GameSlot(SlotName, game, kind+strconv.Itoa(target))
}

// Sent stores the id of a vote's message (its slot's key) once it is sent,
// and reports whether a vote of r had that key.
func Sent(r *kit.Record, key string, id int) bool {
	for i, v := range r.Clock.Votes {
		if v.Kind+strconv.Itoa(v.Target) == key {
			r.Clock.Votes[i].Msg = id
			return true
		}
	}
	return false
}

// Unsent says whether an open vote's message was never sent.
func Unsent(r *kit.Record) bool {
	return slices.ContainsFunc(r.Clock.Votes, func(v kit.Vote) bool { return v.Msg == 0 })
}
