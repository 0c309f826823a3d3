package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// inlineKind is a kind that answers inline queries and chosen inline
// results (Monopoly Deal: a player's hand). Neither carries a chat: the
// kind finds the person's game itself.
type inlineKind interface {
	InlineQuery(ctx context.Context, q *tgbotapi.InlineQuery)
	ChosenInline(ctx context.Context, updateID int, r *tgbotapi.ChosenInlineResult)
}

func (b *Bot) onInlineQuery(ctx context.Context, q *tgbotapi.InlineQuery) {
	if q.From == nil {
		return
	}
	for _, k := range b.kinds {
		if ik, ok := k.(inlineKind); ok {
			ik.InlineQuery(ctx, q)
			return
		}
	}
}

func (b *Bot) onChosenInline(ctx context.Context, updateID int, r *tgbotapi.ChosenInlineResult) {
	if r.From == nil {
		return
	}
	for _, k := range b.kinds {
		if ik, ok := k.(inlineKind); ok {
			ik.ChosenInline(ctx, updateID, r)
		}
	}
}
