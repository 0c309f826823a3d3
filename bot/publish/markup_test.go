package publish

import (
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The ops of this package's test buttons, shaped as the board's roll and
// buy (package bot's tests see the board's own).
const (
	testRoll kit.Op = "r"
	testBuy  kit.Op = "b"
)

func init() {
	kit.RegisterOp(testRoll, kit.Plain)
	kit.RegisterOp(testBuy, kit.WithArg)
}

// TestTgMarkupKeepsEveryButtonField: the one conversion of a kit keyboard
// to Telegram's keeps each button's text and what it does — callback data,
// a link, an inline query in the same chat (an empty one too) — row by
// row, and a keyboard without rows is no keyboard.
func TestTgMarkupKeepsEveryButtonField(t *testing.T) {
	t.Parallel()
	if Markup(nil) != nil || Markup(&kit.Markup{}) != nil || Markup(kit.MarkupOf(nil)) != nil {
		t.Fatal("a keyboard without rows became a keyboard")
	}
	rec := &kit.Record{ID: 77}
	k := &kit.Keyboard{Rec: rec}
	k.Row(k.Btn("🎲 Roll", testRoll, 0), k.KeyBtn("Buy «Kyiv»", testBuy, 3, 1<<40))
	k.Row(kit.URLButton("Open", "https://t.me/bot?start=t1_2"))
	k.Row(kit.InlineHereButton("🃏 My hand", ""), kit.InlineHereButton("Find", "deal 1"))
	in := k.Markup()
	out := Markup(in)
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
