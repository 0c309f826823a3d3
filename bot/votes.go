package bot

import (
	"slices"
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Vote messages (/pause, /resume, /kick, bot/pause.go): one message per
// vote in progress, named by a slot, whose count each vote updates; when
// the vote ends — it passed, the game moved on from whom it was about, or
// the game ended — it loses its button and says how it ended, so no live
// button stays behind.

// voteSlot names a vote's message: its kind and the seat it is about.
func voteSlot(game uint64, kind string, target int) string {
	return kit.GameSlot(voteSlotName, game, kind+strconv.Itoa(target))
}

const voteSlotName = "vote"

// voteSent stores the id of a vote's message once it is sent.
func voteSent(r *Record, key string, id int) bool {
	for i, v := range r.Clock.Votes {
		if v.Kind+strconv.Itoa(v.Target) == key {
			r.Clock.Votes[i].Msg = id
			return true
		}
	}
	return false
}

// closeVotes ends the votes that match: each message gets its final text
// with the outcome (a message id outcome), and the votes are dropped.
func (b *Bot) closeVotes(c *chatState, lang string, match func(Vote) bool, outcome string) {
	cl := &c.Rec.Clock
	for _, v := range cl.Votes {
		if match(v) {
			c.Finalize(voteSlot(c.Rec.ID, v.Kind, v.Target), v.Msg, b.voteTitle(lang, c.Rec, v)+"\n"+b.cat.T(lang, outcome, nil))
		}
	}
	cl.Votes = slices.DeleteFunc(cl.Votes, match)
	if len(cl.Votes) == 0 {
		cl.Votes = nil
	}
}

// voteTitle says what a vote was about.
func (b *Bot) voteTitle(lang string, r *Record, v Vote) string {
	data := map[string]any{}
	if v.Kind == "kick" {
		data["Player"] = kit.SeatName(r, v.Target)
	}
	return b.cat.T(lang, "vote_title_"+v.Kind, data)
}

// closeVotesOnEnd ends the votes of a game the change removed.
func (b *Bot) closeVotesOnEnd(st *chatState) {
	if st.Remove && st.Rec != nil && len(st.Rec.Clock.Votes) > 0 {
		b.closeVotes(st, st.ChatLang(), func(Vote) bool { return true }, "vote_void_over")
	}
}

// reshowVotes shows the open votes' messages again (Restore): one a killed
// process never sent is sent, the others are brought up to their count. A
// vote the game has moved on from is left to the next change, which ends
// it.
func (b *Bot) reshowVotes(c *chatState, lang string) {
	for _, v := range c.Rec.Clock.Votes {
		_, voters, ok := b.voteOn(c.Rec, 0, true, v.Kind, v.Target, func(string, map[string]any) {})
		if ok {
			b.showVote(c, lang, v, voters/2+1)
		}
	}
}

// unsentVotes says whether an open vote's message was never sent.
func unsentVotes(r *Record) bool {
	return slices.ContainsFunc(r.Clock.Votes, func(v Vote) bool { return v.Msg == 0 })
}
