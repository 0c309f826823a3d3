package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Messenger is the part of the Telegram Bot API the bot needs, so tests
// and other transports can provide it. Only the chat layer holds one: the
// kinds say what to show as effects of their changes (kit.Change).
type Messenger interface {
	Send(ctx context.Context, chatID int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error)
	Edit(ctx context.Context, chatID int64, msgID int, text string, kb *tgbotapi.InlineKeyboardMarkup) error
	AnswerCallback(ctx context.Context, id, text string, alert bool) error
	IsAdmin(ctx context.Context, chatID, userID int64) bool
}

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
