package bot

import (
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/publish"
)

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
		a.Description, a.ReplyMarkup = r.Description, publish.Markup(r.KB)
		out = append(out, a)
	}
	return out
}
