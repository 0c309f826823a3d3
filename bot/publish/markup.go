package publish

import (
	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Markup is a kit keyboard as Telegram's inline keyboard: the one place
// the kinds' and the chat layer's keyboards meet the transport (the
// outbox's entry points, KitOutbox, call it, and bot's inline answers). nil stays nil: a
// message without buttons.
func Markup(m *kit.Markup) *tgbotapi.InlineKeyboardMarkup {
	if m == nil || len(m.Rows) == 0 {
		return nil
	}
	rows := make([][]tgbotapi.InlineKeyboardButton, len(m.Rows))
	for i, row := range m.Rows {
		rows[i] = make([]tgbotapi.InlineKeyboardButton, len(row))
		for j, b := range row {
			rows[i][j] = button(b)
		}
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: rows}
}

// button is one kit button as Telegram's: a link, an inline query in the
// same chat, or callback data.
func button(b kit.Button) tgbotapi.InlineKeyboardButton {
	switch {
	case b.URL != "":
		return tgbotapi.NewInlineKeyboardButtonURL(b.Text, b.URL)
	case b.InlineHere:
		q := b.InlineQuery
		return tgbotapi.InlineKeyboardButton{Text: b.Text, SwitchInlineQueryCurrentChat: &q}
	}
	return tgbotapi.NewInlineKeyboardButtonData(b.Text, b.Data)
}
