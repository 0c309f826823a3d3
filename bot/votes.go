package bot

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
)

// voteButtons are the "Agree" buttons of each vote.
var voteButtons = map[string]kit.Op{votes.Pause: OpVotePause, votes.Resume: OpVoteResume, votes.Kick: OpVoteKick}

// voting are the chat's votes (bot/votes) over this bot.
func (b *Bot) voting() *votes.Votes { return votes.New(b.cat, voteHost{b}, voteButtons) }

// voteHost is the chat layer as votes ask it (votes.Host).
type voteHost struct{ b *Bot }

func (h voteHost) Game(r *kit.Record) votes.Game { return h.b.kinds.Of(r) }

func (h voteHost) Now() time.Time { return h.b.cfg.Now() }

func (h voteHost) ResignSeat(c *kit.Change, lang string, seat int, id string) bool {
	return h.b.timers.ResignSeat(c, lang, seat, id) // bot/timers
}
