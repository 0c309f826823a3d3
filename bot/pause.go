package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
)

// /pause, /resume and /kick arrive here and are counted and decided by
// bot/votes, which reaches the chat layer through voteHost. They are a
// type of their own, below commands (bot/commands.go), which hands the
// three commands on.

// voteCommands are /pause, /resume and /kick, and the vote's "Agree".
type voteCommands struct{ b *Bot }

// cmdVote handles /pause, /resume and /kick in a group.
func (vc voteCommands) cmdVote(ctx context.Context, updateID int, m *tgbotapi.Message, kind string) {
	chat := m.Chat.ID
	if !m.Chat.IsGroup() && !m.Chat.IsSuperGroup() {
		return
	}
	admin := vc.b.tg.IsAdmin(ctx, chat, m.From.ID)
	userLang := m.From.LanguageCode
	st, err := vc.b.change(chat, updateID, func(c *kit.Change) error {
		vc.b.voting().Vote(c, c.Lang(userLang), m.From.ID, admin, kind, -1, false)
		return nil
	})
	vc.b.finish(ctx, st, err, "")
}

// voteKinds maps the vote buttons to the votes.
var voteKinds = map[kit.Op]string{OpVotePause: votes.Pause, OpVoteResume: votes.Resume, OpVoteKick: votes.Kick}

// onVotePress is a press of "Agree" under a vote message: the same as
// sending the command, answered by a toast instead of a message.
func (vc voteCommands) onVotePress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery, press kit.Press) {
	chat := q.Message.Chat.ID
	defer vc.b.lock(chat)()
	st, err := vc.b.change(chat, updateID, func(c *kit.Change) error {
		// The toast is the presser's to read; the vote's message and what
		// a passed vote says are the chat's (kit.AnswerIn).
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		kit.AnswerIn(c, c.Lang(q.From.LanguageCode), func(c *kit.Change, lang string) {
			if c.Rec == nil || c.Rec.ID != press.Game {
				c.Alert = vc.b.outdated(c, lang, press)
				return
			}
			target := -1
			if press.Op == OpVoteKick {
				target = press.Arg
			}
			vc.b.voting().Vote(c, lang, q.From.ID, false, voteKinds[press.Op], target, true)
		})
		return nil
	})
	vc.b.answer(ctx, q.ID, st, err)
	vc.b.finish(ctx, st, err, q.ID)
}
