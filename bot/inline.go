package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Inline queries and chosen inline results go to the inline kind: the
// first registered kind that answers them (registry.inline,
// bot/registry.go), the same one every time. They carry no chat, so
// nothing of the chat layer but the registry takes part.

func (r *registry) onInlineQuery(ctx context.Context, q *tgbotapi.InlineQuery) {
	if q.From == nil || r.inline == nil {
		return
	}
	r.inline.InlineQuery(ctx, kit.InlineQueryIn{ID: q.ID, From: personOf(q.From), Query: q.Query})
}

func (r *registry) onChosenInline(ctx context.Context, updateID int, c *tgbotapi.ChosenInlineResult) {
	if c.From == nil || r.inline == nil {
		return
	}
	r.inline.ChosenInline(ctx, updateID, kit.ChosenIn{ResultID: c.ResultID, From: personOf(c.From), InlineMessage: c.InlineMessageID})
}
