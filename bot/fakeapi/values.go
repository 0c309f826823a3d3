package fakeapi

import (
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The values the test API takes and hands out: people, messages as a test
// sees them, calls received and answers to presses.

const (
	BotID       int64 = 100500
	BotUsername       = "fake_monopoly_bot"
)

// User is someone who writes to the bot or presses its buttons.
type User struct {
	ID           int64
	FirstName    string
	UserName     string
	LanguageCode string
}

func (u User) api() *tgbotapi.User {
	return &tgbotapi.User{ID: u.ID, FirstName: u.FirstName, UserName: u.UserName, LanguageCode: u.LanguageCode}
}

// Button is one inline keyboard button as the fake stored it.
type Button struct {
	Text string
	Data string // callback_data
	URL  string
	// InlineHere is switch_inline_query_current_chat: pressing the button
	// puts "@bot " and this query into the chat's input (nil: not such a
	// button; an empty query is a valid one).
	InlineHere *string
}

// Message is one message in a chat, in its current state: the bot's, or
// a person's (From set) in History.
type Message struct {
	ID        int
	From      int64  // the user who wrote it; 0 for the bot
	ViaBot    bool   // a person's message posted through the bot's inline mode
	Text      string // as sent, markup included; a photo's caption
	ParseMode string
	Photo     string     // the photo's file_id (see File); "" for text
	Keyboard  [][]Button // nil when the message has no inline keyboard
	Deleted   bool
	Edits     int // successful editMessageText/Caption/ReplyMarkup calls
	Date      int // Unix seconds
}

// Request is one call the fake received, failed ones included.
type Request struct {
	Method string
	Params map[string]string
	Time   time.Time
	Status int // the error_code answered, 200, or 0 while in progress or after a hang-up
}

// CallbackAnswer is one successful answerCallbackQuery.
type CallbackAnswer struct {
	ID        string
	Text      string
	ShowAlert bool
	URL       string
}

// PressAnswer is a CallbackAnswer with the press it answers: Telegram shows
// it to the person who pressed, and only to them.
type PressAnswer struct {
	CallbackAnswer
	UserID    int64 // who pressed
	ChatID    int64 // where the pressed message is
	MessageID int
}

// keyboardOf is an inline keyboard as a test sees it (nil for none).
func keyboardOf(markup *tgbotapi.InlineKeyboardMarkup) [][]Button {
	if markup == nil {
		return nil
	}
	var out [][]Button
	for _, row := range markup.InlineKeyboard {
		var r []Button
		for _, b := range row {
			r = append(r, Button{Text: b.Text, Data: deref(b.CallbackData), URL: deref(b.URL), InlineHere: b.SwitchInlineQueryCurrentChat})
		}
		out = append(out, r)
	}
	return out
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
