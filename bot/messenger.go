package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/reach"
)

// Messenger is the part of the Telegram Bot API the bot needs, so tests
// and other transports can provide it. Only the chat layer holds one: the
// kinds say what to show as effects of their changes (kit.Change).
//
// It is declared in bot/reach, whose guard wraps it.
type Messenger = reach.Messenger

// InlineMessenger answers inline queries (a Messenger that can: the
// Telegram client), personal and never cached.
type InlineMessenger interface {
	// AnswerInline answers; a non-empty privateText adds a button above
	// the results that opens the bot's private chat with /start
	// privatePayload.
	AnswerInline(ctx context.Context, queryID string, results []any, privateText, privatePayload string) error
	// EditInline edits a message a person posted through inline mode
	// (one with buttons: Telegram names it by its inline_message_id
	// only), counted against the limits of chat, where it was posted.
	EditInline(ctx context.Context, chat int64, inlineMessageID, text string, kb *tgbotapi.InlineKeyboardMarkup) error
}
