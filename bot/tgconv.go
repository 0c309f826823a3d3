package bot

import (
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// tgMarkup is a kit keyboard as Telegram's inline keyboard: the one place
// the kinds' and the chat layer's keyboards meet the transport (the
// outbox's entry points, outbox_entry.go, call it). nil stays nil: a
// message without buttons.
func tgMarkup(m *kit.Markup) *tgbotapi.InlineKeyboardMarkup {
	if m == nil || len(m.Rows) == 0 {
		return nil
	}
	rows := make([][]tgbotapi.InlineKeyboardButton, len(m.Rows))
	for i, row := range m.Rows {
		rows[i] = make([]tgbotapi.InlineKeyboardButton, len(row))
		for j, b := range row {
			rows[i][j] = tgButton(b)
		}
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: rows}
}

// tgButton is one kit button as Telegram's: a link, an inline query in the
// same chat, or callback data.
func tgButton(b kit.Button) tgbotapi.InlineKeyboardButton {
	switch {
	case b.URL != "":
		return tgbotapi.NewInlineKeyboardButtonURL(b.Text, b.URL)
	case b.InlineHere:
		q := b.InlineQuery
		return tgbotapi.InlineKeyboardButton{Text: b.Text, SwitchInlineQueryCurrentChat: &q}
	}
	return tgbotapi.NewInlineKeyboardButtonData(b.Text, b.Data)
}

// personOf is a Telegram user as a kind sees them (nil for none).
func personOf(u *tgbotapi.User) *kit.Person {
	if u == nil {
		return nil
	}
	return &kit.Person{ID: u.ID, Name: displayName(u), Lang: u.LanguageCode}
}

// displayName is how a person is called in the chat (not yet escaped).
func displayName(u *tgbotapi.User) string {
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.UserName
	}
	if r := []rune(name); len(r) > 32 {
		name = string(r[:32]) + "…"
	}
	return name
}

// messageIn is a Telegram message as a kind sees it (nil for none).
func messageIn(m *tgbotapi.Message) *kit.MessageIn {
	if m == nil {
		return nil
	}
	in := &kit.MessageIn{ID: m.MessageID, Text: m.Text}
	if m.Chat != nil {
		in.Chat = m.Chat.ID
	}
	return in
}

// pressIn is a callback query as a kind sees it.
func pressIn(q *tgbotapi.CallbackQuery) kit.PressIn {
	return kit.PressIn{ID: q.ID, From: personOf(q.From), Message: messageIn(q.Message), InlineMessage: q.InlineMessageID, Data: q.Data}
}

// commandIn is a command message as a kind sees it.
func commandIn(m *tgbotapi.Message, group bool) kit.CommandIn {
	return kit.CommandIn{MessageIn: *messageIn(m), From: personOf(m.From), Command: m.Command(), Args: m.CommandArguments(), Group: group}
}

// inlineResults are a kind's inline answer as Telegram's articles.
func inlineResults(rs []kit.InlineResult) []any {
	out := make([]any, 0, len(rs))
	for _, r := range rs {
		a := tgbotapi.NewInlineQueryResultArticleHTML(r.ID, r.Title, r.Text)
		a.Description, a.ReplyMarkup = r.Description, tgMarkup(r.KB)
		out = append(out, a)
	}
	return out
}
