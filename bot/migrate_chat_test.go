package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"strconv"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// newLimitedHarness runs the bot with Telegram's own limits on both sides:
// the client paces itself, the fake API refuses what Telegram would.
func newLimitedHarness(t *testing.T) *harness {
	h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) { cfg.Client = telegram.ClientOptions{} })
	h.api.Enforce(fakeapi.TelegramLimits())
	return h
}

// failedCalls are the calls into chat that Telegram refused, by status.
func (h *harness) failedCalls(chat int64) map[int]int {
	out := map[int]int{}
	for _, r := range h.api.Requests() {
		if r.Params["chat_id"] == strconv.FormatInt(chat, 10) && r.Status != 200 && r.Status != 0 {
			out[r.Status]++
		}
	}
	return out
}

// TestMigratedLobbyShownAtOnce: a group with an open lobby becomes a
// supergroup (as Telegram does it: the old id answers 400 with
// migrate_to_chat_id, the supergroup numbers its messages afresh). The
// lobby appears in the supergroup at once with its buttons, its Join
// plays there, and /newgame there is answered.
func TestMigratedLobbyShownAtOnce(t *testing.T) {
	h := newLimitedHarness(t)
	alice, bohdan, vera := h.users[0], h.users[1], h.users[2]
	h.say(alice, "/newgame")
	h.mustPress(bohdan, OpJoin)
	h.api.Migrate(testChat, superChat, alice)
	h.settle()
	rec, _ := h.bot.Snapshot(superChat)
	if rec == nil || rec.Status != StatusLobby {
		t.Fatalf("the lobby did not move: %+v", rec)
	}
	msg, data, ok := h.buttonIn(superChat, OpJoin)
	if !ok || rec.LobbyMsg != msg {
		t.Fatalf("the supergroup shows no lobby (record names %d, Join on %d): %+v", rec.LobbyMsg, msg, h.api.Messages(superChat))
	}
	h.api.PushCallback(superChat, msg, vera, data)
	h.settle()
	if rec, _ := h.bot.Snapshot(superChat); len(rec.Seats) != 3 {
		t.Fatalf("Join in the supergroup left the seats %+v", rec.Seats)
	}
	before := len(h.api.Messages(superChat))
	h.api.PushMessage(superChat, vera, "/newgame")
	h.settle()
	if after := len(h.api.Messages(superChat)); after == before {
		t.Fatal("/newgame in the supergroup got no answer")
	}
	if f := h.failedCalls(superChat); len(f) != 0 {
		t.Errorf("calls into the supergroup refused: %v", f)
	}
}

// TestSupergroupCommandAfterOlderChatsUpdate: lanes of different chats run
// in parallel, so a supergroup's update may be handled after the old
// group's later one (here: a Join, then the migration). The supergroup's
// /newgame is still answered: the old group's update ids say nothing of
// the supergroup's.
func TestSupergroupCommandAfterOlderChatsUpdate(t *testing.T) {
	h := newHarness(t, 7, nil)
	alice, bohdan, vera := h.users[0], h.users[1], h.users[2]
	h.say(alice, "/newgame")
	msg, data, ok := h.buttonIn(testChat, OpJoin)
	if !ok {
		t.Fatal("no lobby")
	}
	ctx := context.Background()
	upd := func(id int, u tgbotapi.Update) tgbotapi.Update { u.UpdateID = id; return u }
	from := &tgbotapi.User{ID: vera.ID, FirstName: vera.FirstName, LanguageCode: vera.LanguageCode}
	newgame := upd(1000, tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 2, From: from, Chat: &tgbotapi.Chat{ID: superChat, Type: "supergroup"},
		Text: "/newgame", Entities: []tgbotapi.MessageEntity{{Type: "bot_command", Length: 8}}}})
	join := upd(1001, tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "q1001", Data: data,
		From:    &tgbotapi.User{ID: bohdan.ID, FirstName: bohdan.FirstName, LanguageCode: bohdan.LanguageCode},
		Message: &tgbotapi.Message{MessageID: msg, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}}}})
	migrated := upd(1002, tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 50, From: from, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}, MigrateToChatID: superChat}})
	h.bot.Handle(ctx, join)
	h.bot.Handle(ctx, migrated)
	h.settle()
	before := len(h.api.Messages(superChat))
	h.bot.Handle(ctx, newgame) // the supergroup's lane was behind
	h.settle()
	if after := len(h.api.Messages(superChat)); after == before {
		t.Fatalf("/newgame in the supergroup got no answer: %+v", h.api.Messages(superChat))
	}
}
