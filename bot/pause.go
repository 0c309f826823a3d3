package bot

import (
	"context"
	"slices"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
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
		b.vote(c, c.Lang(userLang), m.From.ID, admin, kind, -1, false)
		return nil
	})
	b.finish(ctx, st, err, "")
}

// voteKinds maps the vote buttons to the votes.
var voteKinds = map[Op]string{OpVotePause: "pause", OpVoteResume: "resume", OpVoteKick: "kick"}

// onVotePress is a press of "Agree" under a vote message: the same as
// sending the command, answered by a toast instead of a message.
func (b *Bot) onVotePress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press Press) {
	chat := q.Message.Chat.ID
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *chatState) error {
		// The toast is the presser's to read; the vote's message and what
		// a passed vote says are the chat's (kit.AnswerIn).
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		kit.AnswerIn(c, c.Lang(q.From.LanguageCode), func(c *chatState, lang string) {
			if c.Rec == nil || c.Rec.ID != press.Game {
				c.Alert = b.outdated(c, lang, press)
				return
			}
			target := -1
			if press.Op == OpVoteKick {
				target = press.Arg
			}
			b.vote(c, lang, q.From.ID, false, voteKinds[press.Op], target, true)
		})
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

// vote counts user's vote of kind. button says it came from an "Agree"
// button (answers go into the press's alert or toast, not new messages);
// target is the seat a kick button named (-1 for the command: the player
// the game waits for).
func (b *Bot) vote(c *chatState, lang string, user int64, admin bool, kind string, target int, button bool) {
	say := func(id string, data map[string]any) {
		text := b.cat.T(lang, id, data)
		if button {
			c.Alert = text
			return
		}
		c.Replies = append(c.Replies, kit.Reply{Text: text})
	}
	target, voters, ok := b.voteOn(c.Rec, user, admin, kind, target, say)
	if !ok {
		return
	}
	if !admin && !b.tally(c, lang, user, kind, target, voters/2+1, button) {
		return
	}
	b.decide(c, lang, kind, target, say)
}

// voteOn checks that a vote of kind can be held now and by user; it
// returns the seat voted on (0 but for a kick) and how many vote.
func (b *Bot) voteOn(r *Record, user int64, admin bool, kind string, target int, say func(string, map[string]any)) (int, int, bool) {
	if r == nil || r.Status != StatusPlaying {
		say("no_game", nil)
		return 0, 0, false
	}
	k := b.kindOf(r)
	seat := int(r.SeatOf(user))
	if !admin && !k.Active(r, seat) {
		say("not_a_player", nil)
		return 0, 0, false
	}
	voters := 0
	for i, s := range r.Seats {
		if k.Active(r, i) && !s.Computer { // computers do not vote
			voters++
		}
	}
	paused := r.Clock.PausedAt != 0
	switch kind {
	case "pause":
		if paused {
			say("pause_already", nil)
			return 0, 0, false
		}
		return 0, voters, true
	case "resume":
		if !paused {
			say("resume_not_paused", nil)
			return 0, 0, false
		}
		return 0, voters, true
	case "kick":
		w := k.Pending(r).Seat
		if w < 0 || (target >= 0 && target != w) || !k.CanResign(r, w) {
			say("kick_not_now", nil)
			return 0, 0, false
		}
		if seat == w {
			say("kick_self", nil)
			return 0, 0, false
		}
		return w, voters - 1, true
	}
	return 0, 0, false
}

// voteButtons are the "Agree" buttons of each vote.
var voteButtons = map[string]Op{"pause": OpVotePause, "resume": OpVoteResume, "kick": OpVoteKick}

// tally counts user's vote and says whether it decided the vote (need
// votes); until then it answers with the count so far.
func (b *Bot) tally(c *chatState, lang string, user int64, kind string, target, need int, button bool) bool {
	r := c.Rec
	cl := &r.Clock
	i := slices.IndexFunc(cl.Votes, func(v Vote) bool { return v.Kind == kind && v.Target == target })
	if i < 0 {
		cl.Votes = append(cl.Votes, Vote{Kind: kind, Target: target})
		i = len(cl.Votes) - 1
	}
	v := &cl.Votes[i]
	if !slices.Contains(v.Users, user) {
		v.Users = append(v.Users, user)
	}
	if len(v.Users) >= need {
		return true
	}
	data := b.showVote(c, lang, *v, need)
	if button {
		c.Toast = b.cat.T(lang, "vote_counted", data)
	}
	return false
}

// showVote shows a vote's message with its count (one message per vote,
// bot/votes.go) and returns the count's data.
func (b *Bot) showVote(c *chatState, lang string, v Vote, need int) map[string]any {
	r := c.Rec
	data := map[string]any{"Count": len(v.Users), "Need": need}
	if v.Kind == "kick" {
		data["Player"] = kit.SeatName(r, v.Target)
	}
	k := &kit.Keyboard{Rec: r}
	k.Row(k.Btn(b.cat.T(lang, "btn_vote_agree", nil), voteButtons[v.Kind], v.Target))
	c.Show(voteSlot(r.ID, v.Kind, v.Target), v.Msg, b.cat.T(lang, "vote_"+v.Kind, data), k.Markup())
	return data
}

// decide carries out a vote that passed (or an admin's command). Votes
// and the pause are clock state, stored without a new revision (the
// buttons on screen stay valid).
func (b *Bot) decide(c *chatState, lang, kind string, target int, say func(string, map[string]any)) {
	r := c.Rec
	cl := &r.Clock
	b.closeVotes(c, lang, func(v Vote) bool { return v.Kind == kind }, "vote_passed")
	now := b.cfg.Now().UnixMilli()
	switch kind {
	case "pause":
		cl.PausedAt, cl.Left, cl.Deadline = now, max(cl.Deadline-now, 0), 0
		c.Turn = true // the turn message says so
		c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "game_paused", nil)})
	case "resume":
		// The game's own times (an offer's expiry) are in game time, which
		// stood still: nothing of the kind's moves.
		cl.Paused += now - cl.PausedAt
		cl.Deadline, cl.PausedAt, cl.Left = now+cl.Left, 0, 0
		c.Turn = true // the turn message drops the paused line
		text := b.cat.T(lang, "game_resumed", nil)
		if w := b.kindOf(r).Pending(r).Seat; w >= 0 && w < len(r.Seats) {
			text += " " + kit.Mention(r.Seats[w])
		}
		c.Replies = append(c.Replies, kit.Reply{Text: text})
	case "kick":
		if !b.resignSeat(c, lang, target, "player_kicked_vote") {
			say("kick_not_now", nil)
		}
	}
}
