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

// Close ends the votes that match: each message gets its final text with
// the outcome (a message id outcome), and the votes are dropped.
func (vs *Votes) Close(c *kit.Change, lang string, match func(kit.Vote) bool, outcome string) {
	cl := &c.Rec.Clock
	for _, v := range cl.Votes {
		if match(v) {
			c.Finalize(Slot(c.Rec.ID, v.Kind, v.Target), v.Msg, vs.title(lang, c.Rec, v)+"\n"+vs.cat.T(lang, outcome, nil))
		}
	}
	cl.Votes = slices.DeleteFunc(cl.Votes, match)
	if len(cl.Votes) == 0 {
		cl.Votes = nil
	}
}

// title says what a vote was about.
func (vs *Votes) title(lang string, r *kit.Record, v kit.Vote) string {
	data := map[string]any{}
	if v.Kind == Kick {
		data["Player"] = kit.SeatName(r, v.Target)
	}
	return vs.cat.T(lang, "vote_title_"+v.Kind, data)
}

// CloseOnEnd ends the votes of a game the change removed.
func (vs *Votes) CloseOnEnd(c *kit.Change) {
	if c.Remove && c.Rec != nil && len(c.Rec.Clock.Votes) > 0 {
		vs.Close(c, c.ChatLang(), func(kit.Vote) bool { return true }, "vote_void_over")
	}
}

// Reshow shows the open votes' messages again (a restart): one a killed
// process never sent is sent, the others are brought up to their count. A
// vote the game has moved on from is left to the next change, which ends
// it.
func (vs *Votes) Reshow(c *kit.Change, lang string) {
	for _, v := range c.Rec.Clock.Votes {
		_, voters, ok := vs.on(c.Rec, 0, true, v.Kind, v.Target, func(string, map[string]any) {})
		if ok {
			vs.show(c, lang, v, voters/2+1)
		}
	}
}

// Unsent says whether an open vote's message was never sent.
func Unsent(r *kit.Record) bool {
	return slices.ContainsFunc(r.Clock.Votes, func(v kit.Vote) bool { return v.Msg == 0 })
}
