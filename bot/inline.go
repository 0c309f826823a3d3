package bot

import (
	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Inline queries and chosen inline results go to the inline kind: the
// first registered kind that answers them (Registry.InlineQuery,
// bot/registry), the same one every time. They carry no chat, so nothing
// of the chat layer but the registry takes part (handle.go); here they
// become kit's values, and one without a sender is dropped (false).

func inlineQueryIn(q *tgbotapi.InlineQuery) (kit.InlineQueryIn, bool) {
	if q.From == nil {
		return kit.InlineQueryIn{}, false
	}
	return kit.InlineQueryIn{ID: q.ID, From: personOf(q.From), Query: q.Query}, true
}

func chosenIn(r *tgbotapi.ChosenInlineResult) (kit.ChosenIn, bool) {
	if r.From == nil {
		return kit.ChosenIn{}, false
	}
	return kit.ChosenIn{ResultID: r.ResultID, From: personOf(r.From), InlineMessage: r.InlineMessageID}, true
}
