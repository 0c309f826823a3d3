package bot

import (
	"context"
	"slices"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// /pause, /resume and /kick: a chat admin decides at once; otherwise the
// players vote by sending the command, and the majority decides (of the
// active players for a pause or resume, of the other active players for a
// kick). Votes are kept in the record (Clock.Votes) until they pass or the
// thing voted on is done.

// cmdVote handles /pause, /resume and /kick in a group.
func (b *Bot) cmdVote(ctx context.Context, updateID int, m *tgbotapi.Message, kind string) {
	chat := m.Chat.ID
	if !m.Chat.IsGroup() && !m.Chat.IsSuperGroup() {
		return
	}
	admin := b.tg.IsAdmin(ctx, chat, m.From.ID)
	userLang := m.From.LanguageCode
	st, err := b.change(chat, updateID, func(c *chatState) error {
		b.vote(c, c.lang(userLang), m.From.ID, admin, kind)
		return nil
	})
	b.finish(ctx, st, err, "")
}

func (b *Bot) vote(c *chatState, lang string, user int64, admin bool, kind string) {
	r := c.rec
	say := func(id string, data map[string]any) {
		c.replies = append(c.replies, reply{text: b.cat.T(lang, id, data)})
	}
	if r == nil || r.Game == nil || r.Status != StatusPlaying {
		say("no_game", nil)
		return
	}
	g := r.Game
	seat := r.SeatOf(user)
	if !admin && (seat < 0 || !g.Active(seat)) {
		say("not_a_player", nil)
		return
	}
	cl := &r.Clock
	target := 0
	voters := 0
	for i := range r.Seats {
		if g.Active(engine.PlayerID(i)) {
			voters++
		}
	}
	switch kind {
	case "pause":
		if cl.PausedAt != 0 {
			say("pause_already", nil)
			return
		}
	case "resume":
		if cl.PausedAt == 0 {
			say("resume_not_paused", nil)
			return
		}
	case "kick":
		w := g.Waiting()
		if w < 0 || g.Check(w, engine.Action{Kind: engine.ActResign}) != nil {
			say("kick_not_now", nil)
			return
		}
		if seat == w {
			say("kick_self", nil)
			return
		}
		target, voters = int(w), voters-1
	}
	need := voters/2 + 1
	if !admin {
		i := slices.IndexFunc(cl.Votes, func(v Vote) bool { return v.Kind == kind && v.Target == target })
		if i < 0 {
			cl.Votes = append(cl.Votes, Vote{Kind: kind, Target: target})
			i = len(cl.Votes) - 1
		}
		v := &cl.Votes[i]
		if !slices.Contains(v.Users, user) {
			v.Users = append(v.Users, user)
			c.save = true
		}
		if len(v.Users) < need {
			data := map[string]any{"Count": len(v.Users), "Need": need}
			if kind == "kick" {
				data["Player"] = b.seatName(r, engine.PlayerID(target))
			}
			say("vote_"+kind, data)
			return
		}
	}
	cl.Votes = slices.DeleteFunc(cl.Votes, func(v Vote) bool { return v.Kind == kind })
	if len(cl.Votes) == 0 {
		cl.Votes = nil
	}
	c.save = true
	now := b.cfg.Now().UnixMilli()
	switch kind {
	case "pause":
		cl.PausedAt, cl.Left, cl.Deadline = now, max(cl.Deadline-now, 0), 0
		say("game_paused", nil)
	case "resume":
		shift := now - cl.PausedAt
		cl.Deadline, cl.PausedAt, cl.Left = now+cl.Left, 0, 0
		for i := range r.Offers {
			r.Offers[i].Expires += shift
		}
		text := b.cat.T(lang, "game_resumed", nil)
		if w := g.Waiting(); w >= 0 && int(w) < len(r.Seats) {
			text += " " + mention(r.Seats[w])
		}
		c.replies = append(c.replies, reply{text: text})
	case "kick":
		if !b.resignSeat(c, lang, engine.PlayerID(target), "player_kicked_vote") {
			say("kick_not_now", nil)
		}
	}
}
