package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Inline queries and chosen inline results go to the inline kind: the
// first registered kind that answers them (hosted.inline, bot/kinds.go),
// the same one every time.

func (b *Bot) onInlineQuery(ctx context.Context, q *tgbotapi.InlineQuery) {
	if q.From == nil || b.hosted.inline == nil {
		return
	}
	b.hosted.inline.InlineQuery(ctx, kit.InlineQueryIn{ID: q.ID, From: personOf(q.From), Query: q.Query})
}

func (b *Bot) onChosenInline(ctx context.Context, updateID int, r *tgbotapi.ChosenInlineResult) {
	if r.From == nil || b.hosted.inline == nil {
		return
	}
	b.hosted.inline.ChosenInline(ctx, updateID, kit.ChosenIn{ResultID: r.ResultID, From: personOf(r.From), InlineMessage: r.InlineMessageID})
}
