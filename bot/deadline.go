package bot

import (
	"context"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
)

// Deadlines are package bot/timers' (its doc.go): the pace's windows,
// reminders, missed turns and kicks, and the timer index's firing. This
// file is the chat layer's side: what it gives the deadlines (timerHost)
// and the few calls it makes into them.

// kickAfter is how many timeouts in a row remove a player (0: never).
var kickAfter = timers.KickAfter

var archiveAfter = timers.ArchiveAfter

// remindSlotName names the reminders' slots (slots.go's rememberSent).
const remindSlotName = timers.RemindSlotName

// RunTimers fires due deadlines until ctx ends, checking storage every
// tick (at most a second).
func (b *Bot) RunTimers(ctx context.Context, tick time.Duration) { b.timers.Run(ctx, tick) }

// FireDue fires every timer whose moment has passed, earliest first.
func (b *Bot) FireDue(ctx context.Context) { b.timers.FireDue(ctx) }

// timerHost is what the deadlines need of the chat layer (timers.Host).
type timerHost struct{ b *Bot }

func (h timerHost) Lock(chat int64) func() { return h.b.lock(chat) }

func (h timerHost) Change(chat int64, fn func(c *kit.Change) error) (*kit.Change, error) {
	return h.b.change(chat, 0, fn)
}

func (h timerHost) Finish(ctx context.Context, c *kit.Change, err error) { h.b.finish(ctx, c, err, "") }

func (h timerHost) Kind(r *kit.Record) timers.Kind { return h.b.kinds.Of(r) }

func (h timerHost) LobbyNext(r *kit.Record) int64 { return lobby.Next(r) }

func (h timerHost) LobbyDue(c *kit.Change, lang string, now int64) { h.b.lobby().Due(c, lang, now) }

func (h timerHost) VoidKickVotes(c *kit.Change, lang string, seat int) {
	h.b.voting().Close(c, lang, func(v kit.Vote) bool { return v.Kind == votes.Kick && v.Target != seat }, "vote_void_moved")
}
