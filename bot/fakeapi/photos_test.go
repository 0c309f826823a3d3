package fakeapi_test

import (
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// TestCaptionsCountAfterEntityParsing: a photo's caption, sent or edited,
// may hold 1 024 UTF-16 units after HTML entity parsing, as Telegram
// counts — tags and entities do not count, an emoji outside the BMP counts
// two — and must parse; its keyboard is sent, replaced and removed with it.
func TestCaptionsCountAfterEntityParsing(t *testing.T) {
	s, api := setup(t)
	photo := func(caption string) tgbotapi.PhotoConfig {
		p := tgbotapi.NewPhoto(group, tgbotapi.FileBytes{Name: "board.png", Bytes: pngOf(t, 90, 60)})
		p.Caption, p.ParseMode = caption, "HTML"
		return p
	}
	// 1 024 units in bold, with an escaped ampersand: the raw HTML is longer.
	full := "<b>" + strings.Repeat("я", fakeapi.MaxCaptionLength-3) + "&amp;🟩</b>"
	p := photo(full)
	p.ReplyMarkup = keyboard("groups")
	sent, err := api.Send(p)
	if err != nil {
		t.Fatalf("a caption of %d units after entity parsing was refused: %v", fakeapi.MaxCaptionLength, err)
	}
	if m, _ := s.LastMessage(group); m.Text != full || len(m.Keyboard) != 1 {
		t.Fatalf("stored %q with %d rows", m.Text, len(m.Keyboard))
	}
	if _, err := api.Send(photo("<b>" + strings.Repeat("я", fakeapi.MaxCaptionLength-2) + "&amp;🟩</b>")); !strings.Contains(apiErr(t, err).Message, "caption is too long") { // an upload's Code is 0: the description tells
		t.Error("a caption of 1 025 units after entity parsing was accepted")
	}
	if e := apiErr(t, func() error { _, err := api.Send(photo("<b>unclosed")); return err }()); !strings.Contains(e.Message, "can't parse entities") {
		t.Errorf("a caption of bad HTML: %+v", e)
	}

	edit := tgbotapi.NewEditMessageCaption(group, sent.MessageID, full+"x")
	edit.ParseMode = "HTML"
	if _, err := api.Send(edit); !strings.Contains(apiErr(t, err).Message, "caption is too long") {
		t.Error("a caption edit to 1 025 units was accepted")
	}
	edit = tgbotapi.NewEditMessageCaption(group, sent.MessageID, "<b>Who owns what</b>")
	edit.ParseMode = "HTML"
	kb := keyboard("deed", "back")
	edit.ReplyMarkup = &kb
	if _, err := api.Send(edit); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.LastMessage(group); m.Text != "<b>Who owns what</b>" || len(m.Keyboard) != 1 || len(m.Keyboard[0]) != 2 || m.Photo == "" {
		t.Fatalf("after the caption edit: %+v", m)
	}
	if _, err := api.Send(edit); !strings.Contains(apiErr(t, err).Message, "message is not modified") {
		t.Error("the same caption and keyboard again was not refused as not modified")
	}
	edit.ReplyMarkup = nil
	if _, err := api.Send(edit); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.LastMessage(group); len(m.Keyboard) != 0 {
		t.Errorf("a caption edit without reply_markup kept %d rows", len(m.Keyboard))
	}
	text, _ := api.Send(tgbotapi.NewMessage(group, "text"))
	if _, err := api.Send(tgbotapi.NewEditMessageCaption(group, text.MessageID, "caption")); !strings.Contains(apiErr(t, err).Message, "no caption") {
		t.Error("editMessageCaption of a text message was accepted")
	}
}
