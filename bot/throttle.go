package bot

import (
	"context"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// allowPress answers a press over the person's limit at once, silently.
func (b *Bot) allowPress(ctx context.Context, q *tgbotapi.CallbackQuery) bool {
	if q.From == nil || b.presses.allow(q.From.ID, time.Now()) {
		return true
	}
	if err := b.tg.AnswerCallback(ctx, q.ID, "", false); err != nil {
		b.log.Debug("answering a throttled press", "err", err)
	}
	return false
}
