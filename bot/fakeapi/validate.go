package fakeapi

import (
	"encoding/json"
	"strings"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The checks Telegram makes on what a bot sends, where a bot is likely to
// trip.

// Telegram's limits on texts and buttons that the fake enforces.
const (
	MaxTextLen         = 4096 // UTF-16 code units of the text after entity parsing
	MaxCaptionLength   = 1024 // UTF-16 code units of a photo's caption after entity parsing
	MaxCallbackDataLen = 64   // bytes
	MaxAnswerTextLen   = 200  // characters of an answer to a press
)

func checkText(text, parseMode string) *ErrorResponse {
	n, e := plainLen(text, parseMode)
	switch {
	case e != nil:
		return e
	case n == 0:
		return badRequest("message text is empty")
	case n > MaxTextLen:
		return badRequest("message is too long")
	}
	return nil
}

// checkCaption is checkText for a photo's caption, which may be empty.
func checkCaption(caption, parseMode string) *ErrorResponse {
	n, e := plainLen(caption, parseMode)
	if e == nil && n > MaxCaptionLength {
		e = badRequest("message caption is too long")
	}
	return e
}

// plainLen is the length Telegram's limits count: of the text without
// markup and surrounding space, in UTF-16 code units.
func plainLen(text, parseMode string) (int, *ErrorResponse) {
	plain := text
	if strings.EqualFold(parseMode, "HTML") {
		var err error
		if plain, err = htmlPlain(text); err != nil {
			return 0, badRequest("can't parse entities: " + err.Error())
		}
	}
	return utf16Len(strings.TrimSpace(plain)), nil
}

// parseMarkup returns the inline keyboard in raw, or nil for no markup or
// another kind of markup (reply keyboards are accepted but not stored).
func parseMarkup(raw string) (*tgbotapi.InlineKeyboardMarkup, *ErrorResponse) {
	if raw == "" {
		return nil, nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &probe); err != nil {
		return nil, badRequest("can't parse reply keyboard markup JSON object")
	}
	if _, ok := probe["inline_keyboard"]; !ok {
		return nil, nil
	}
	var m tgbotapi.InlineKeyboardMarkup
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, badRequest("can't parse inline keyboard button: " + err.Error())
	}
	for _, row := range m.InlineKeyboard {
		for _, b := range row {
			if b.Text == "" {
				return nil, badRequest("BUTTON_TEXT_EMPTY")
			}
			switch {
			case b.CallbackData != nil:
				if n := len(*b.CallbackData); n < 1 || n > MaxCallbackDataLen {
					return nil, badRequest("BUTTON_DATA_INVALID")
				}
			case b.URL != nil, b.SwitchInlineQuery != nil, b.SwitchInlineQueryCurrentChat != nil,
				b.LoginURL != nil, b.CallbackGame != nil, b.Pay:
			default:
				return nil, badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
			}
		}
	}
	if len(m.InlineKeyboard) == 0 {
		return nil, nil // an empty keyboard removes the keyboard
	}
	return &m, nil
}

func sameMarkup(a, b *tgbotapi.InlineKeyboardMarkup) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// utf16Len is how Telegram measures text: in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
