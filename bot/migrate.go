package bot

import (
	"context"
	"slices"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// A group becoming a supergroup is bot/migrate's (b.migration): the move
// in one transaction, the show there, the old group's presses.
// migrationHost is the chat layer as it asks it (migrate.Host).
type migrationHost struct{ b *Bot }

func (h migrationHost) Lock(chat int64) func() { return h.b.lock(chat) }

func (h migrationHost) Now() time.Time { return h.b.cfg.Now() }

func (h migrationHost) MoveTimer(tx *storage.Tx, from, to int64) error {
	return timers.MoveTimer(tx, from, to)
}

func (h migrationHost) MoveQueue(from, to int64) { h.b.out.Move(from, to) }

func (h migrationHost) Settings(chat int64) kit.Settings {
	var s kit.Settings
	_ = h.b.store.View(func(tx *storage.Tx) error { s = h.b.loadSettings(tx, chat); return nil })
	return s
}

func (h migrationHost) Change(chat int64, fn func(c *kit.Change) error) (*kit.Change, error) {
	return h.b.change(chat, 0, fn)
}

func (h migrationHost) Finish(st *kit.Change, err error) {
	h.b.finish(context.Background(), st, err, "")
}

func (h migrationHost) ReshowGame(c *kit.Change) {
	b, rec := h.b, c.Rec
	b.kinds.Of(rec).Reshow(c, c.ChatLang())
	if m := b.kinds.Caps(b.kinds.Of(rec)).Moved; m != nil {
		m.Moved(c, c.ChatLang())
	}
	if len(rec.Clock.Votes) > 0 { // a vote in progress goes on under a message of the supergroup
		votes := slices.Clone(rec.Clock.Votes)
		for i := range votes {
			votes[i].Msg = 0
		}
		rec.Clock.Votes, c.Quiet = votes, true
		b.voting().Reshow(c, c.ChatLang())
	}
}

func (h migrationHost) Repost(chat int64, st *kit.Change) {
	h.b.kinds.Of(st.Rec).Repost(chat, st.ChatLang(), st.Rec)
}

func (h migrationHost) AnswerCallback(ctx context.Context, id, text string, alert bool) error {
	return h.b.tg.AnswerCallback(ctx, id, text, alert)
}

func (h migrationHost) Warn(msg string, args ...any) {
	h.b.log.Warn(msg, args...)
}

// pressInMovedGroup answers a press on a message of a group that became a
// supergroup (migrate.Migration.PressInMoved).
func (b *Bot) pressInMovedGroup(ctx context.Context, q *tgbotapi.CallbackQuery) bool {
	if q.Message == nil || q.Message.Chat == nil || q.From == nil {
		return false
	}
	return b.migration.PressInMoved(ctx, q.Message.Chat.ID, q.ID, q.From.LanguageCode)
}
