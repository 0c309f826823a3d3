package bot

import (
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestTgMarkupKeepsEveryButtonField: the one conversion of a kit keyboard
// to Telegram's keeps each button's text and what it does — callback data,
// a link, an inline query in the same chat (an empty one too) — row by
// row, and a keyboard without rows is no keyboard.
func TestTgMarkupKeepsEveryButtonField(t *testing.T) {
	t.Parallel()
	if tgMarkup(nil) != nil || tgMarkup(&kit.Markup{}) != nil || tgMarkup(kit.MarkupOf(nil)) != nil {
		t.Fatal("a keyboard without rows became a keyboard")
	}
	rec := &Record{ID: 77}
	k := &kit.Keyboard{Rec: rec}
	k.Row(k.Btn("🎲 Roll", "r", 0), k.KeyBtn("Buy «Kyiv»", "b", 3, 1<<40))
	k.Row(kit.URLButton("Open", "https://t.me/bot?start=t1_2"))
	k.Row(kit.InlineHereButton("🃏 My hand", ""), kit.InlineHereButton("Find", "deal 1"))
	in := k.Markup()
	out := tgMarkup(in)
	if out == nil || len(out.InlineKeyboard) != len(in.Rows) {
		t.Fatalf("rows: got %+v, want %d", out, len(in.Rows))
	}
	for i, row := range in.Rows {
		if len(out.InlineKeyboard[i]) != len(row) {
			t.Fatalf("row %d: %d buttons, want %d", i, len(out.InlineKeyboard[i]), len(row))
		}
		for j, b := range row {
			got := out.InlineKeyboard[i][j]
			if got.Text != b.Text {
				t.Errorf("button %d/%d: text %q, want %q", i, j, got.Text, b.Text)
			}
			checkButtonAction(t, got, b)
		}
	}
	// Callback data stays within Telegram's limit and still decodes.
	for _, row := range out.InlineKeyboard {
		for _, b := range row {
			if b.CallbackData == nil {
				continue
			}
			if len(*b.CallbackData) > kit.MaxCallbackData {
				t.Errorf("data %q over %d bytes", *b.CallbackData, kit.MaxCallbackData)
			}
			if p, err := kit.ParsePress(*b.CallbackData); err != nil || p.Game != rec.ID {
				t.Errorf("data %q: %+v, %v", *b.CallbackData, p, err)
			}
		}
	}
}

// checkButtonAction: exactly the one action b has is set on got.
func checkButtonAction(t *testing.T, got tgbotapi.InlineKeyboardButton, b kit.Button) {
	t.Helper()
	switch {
	case b.URL != "":
		if got.URL == nil || *got.URL != b.URL || got.CallbackData != nil || got.SwitchInlineQueryCurrentChat != nil {
			t.Errorf("%q: want only the link %q, got %+v", b.Text, b.URL, got)
		}
	case b.InlineHere:
		if got.SwitchInlineQueryCurrentChat == nil || *got.SwitchInlineQueryCurrentChat != b.InlineQuery || got.CallbackData != nil || got.URL != nil {
			t.Errorf("%q: want only the inline query %q here, got %+v", b.Text, b.InlineQuery, got)
		}
	default:
		if got.CallbackData == nil || *got.CallbackData != b.Data || got.URL != nil || got.SwitchInlineQueryCurrentChat != nil {
			t.Errorf("%q: want only the data %q, got %+v", b.Text, b.Data, got)
		}
	}
}

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
