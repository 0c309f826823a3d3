package chattest_test

import (
	"context"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestRedeliveredPressIsNotAnsweredAgain: a press Telegram delivers again
// after a kill (its offset was not saved) was applied and answered by the
// previous process: it is neither applied nor answered a second time.
func TestRedeliveredPressIsNotAnsweredAgain(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	msg, data, _ := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	u := h.decider()
	update := h.API.PushCallback(bottest.Chat, msg, u, data)
	h.Settle()
	v := h.revision(bottest.Chat)
	again := tgbotapi.Update{UpdateID: update, CallbackQuery: &tgbotapi.CallbackQuery{ID: fakeapi.PressID(update),
		From: &tgbotapi.User{ID: u.ID, FirstName: u.FirstName}, Data: data,
		Message: &tgbotapi.Message{MessageID: msg, Chat: &tgbotapi.Chat{ID: bottest.Chat, Type: "group"}}}}
	h.bot.Handle(context.Background(), again) // as the next process would
	h.Settle()
	if h.revision(bottest.Chat) != v {
		t.Fatal("the redelivered press was applied again")
	}
	n := 0
	for _, r := range h.API.Calls("answerCallbackQuery") {
		if r.Params["callback_query_id"] == fakeapi.PressID(update) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the press was answered %d times, want once", n)
	}
}
