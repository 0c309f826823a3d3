package bot

import (
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestKitInputsFromTelegram: what a kind receives of a press, a command
// and an inline result is what the update said: the person (their name as
// the chat calls them, their language), the message and its chat, the
// data, the command and its arguments, the inline message's id.
func TestKitInputsFromTelegram(t *testing.T) {
	t.Parallel()
	u := &tgbotapi.User{ID: 5, FirstName: "Олена", LastName: "Ш", LanguageCode: "uk"}
	q := &tgbotapi.CallbackQuery{ID: "cb1", From: u, Data: "x",
		Message: &tgbotapi.Message{MessageID: 9, Chat: &tgbotapi.Chat{ID: -100}, Text: "turn"}}
	p := pressIn(q)
	if p.ID != "cb1" || p.Data != "x" || p.InlineMessage != "" || *p.From != (kit.Person{ID: 5, Name: "Олена Ш", Lang: "uk"}) ||
		p.Message == nil || *p.Message != (kit.MessageIn{ID: 9, Chat: -100, Text: "turn"}) {
		t.Errorf("press: %+v (from %+v, message %+v)", p, p.From, p.Message)
	}
	inline := pressIn(&tgbotapi.CallbackQuery{ID: "cb2", From: u, InlineMessageID: "im", Data: "y"})
	if inline.Message != nil || inline.InlineMessage != "im" {
		t.Errorf("inline press: %+v", inline)
	}
	m := &tgbotapi.Message{MessageID: 3, From: u, Chat: &tgbotapi.Chat{ID: 5, Type: "private"}, Text: "/cash@monobot 150",
		Entities: []tgbotapi.MessageEntity{{Type: "bot_command", Offset: 0, Length: 13}}}
	c := commandIn(m, false)
	if c.Command != "cash" || c.Args != "150" || c.Chat != 5 || c.ID != 3 || c.Group || c.From.ID != 5 || c.Text != m.Text {
		t.Errorf("command: %+v", c)
	}
	if personOf(nil) != nil || messageIn(nil) != nil {
		t.Error("nothing became someone")
	}
	long := displayName(&tgbotapi.User{FirstName: "Abcdefghijklmnopqrstuvwxyz0123456789"})
	if []rune(long)[32] != '…' {
		t.Errorf("a long name is not cut: %q", long)
	}
	rs := inlineResults([]kit.InlineResult{{ID: "r1", Title: "End turn", Description: "idle", Text: "<b>ends</b>", KB: kit.MarkupOf([][]kit.Button{{kit.InlineHereButton("🃏", "")}})}})
	a, ok := rs[0].(tgbotapi.InlineQueryResultArticle)
	if !ok || a.ID != "r1" || a.Title != "End turn" || a.Description != "idle" || a.ReplyMarkup == nil ||
		a.InputMessageContent.(tgbotapi.InputTextMessageContent).Text != "<b>ends</b>" ||
		a.InputMessageContent.(tgbotapi.InputTextMessageContent).ParseMode != tgbotapi.ModeHTML {
		t.Errorf("inline result: %+v", rs[0])
	}
}
