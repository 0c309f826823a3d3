package chattest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// Failures of the real world, against the fake Bot API, in a game of the
// fake kind: its table is edited by every ⏭ as a board's turn message is
// by every move.

// TestFlood429 answers an edit with 429 retry_after 1: nothing more goes to
// the chat until it expires, the edit is retried, and the press was
// answered at once.
func TestFlood429(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 1})
	msg, data, _ := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	pushed := time.Now()
	h.API.PushCallback(bottest.Chat, msg, h.decider(), data)
	h.API.PushMessage(bottest.Chat, h.Users[0], "/help") // a reply queued behind the edit
	h.Settle()
	var flood time.Time
	for _, r := range h.API.Requests() {
		if r.Status == 429 {
			flood = r.Time
			continue
		}
		if !flood.IsZero() && (r.Method == "sendMessage" || r.Method == "editMessageText") && r.Time.Sub(flood) < time.Second {
			t.Errorf("%s sent %v after the 429, before retry_after", r.Method, r.Time.Sub(flood))
		}
	}
	if flood.IsZero() {
		t.Fatal("no 429 was answered")
	}
	edits := h.API.Calls("editMessageText")
	last := edits[len(edits)-1]
	if last.Status != 200 || last.Time.Sub(flood) < time.Second {
		t.Fatalf("edit not retried after retry_after: %+v", last)
	}
	// Answered at once: while the edit still waited out its ban, not
	// behind it.
	for _, a := range h.API.Calls("answerCallbackQuery") {
		if !a.Time.Before(last.Time) {
			t.Errorf("press answered %v after the push, once the ban was over", a.Time.Sub(pushed))
		}
	}
	if m, _ := h.API.LastMessage(bottest.Chat); !strings.Contains(m.Text, "/newgame") {
		t.Errorf("the /help reply was not delivered after the wait: %q", m.Text)
	}
}

// checkMoved: the game left from for to, and goes on there.
func (h *harness) checkMoved(from, to int64) {
	h.T.Helper()
	if rec, _ := h.bot.Snapshot(from); rec != nil {
		h.T.Fatal("the game is still at the old chat id")
	}
	if rec, _ := h.bot.Snapshot(to); rec == nil || rec.Kind != fakekind.Name {
		h.T.Fatal("the game did not move to the supergroup")
	}
	// Play continues there, with the buttons seen before (the supergroup
	// shows the group's history) or those of a message sent since.
	v := h.revision(to)
	msg, data, ok := h.ButtonIn(to, fakekind.OpPass)
	if !ok {
		msg, data, _ = h.ButtonIn(from, fakekind.OpPass)
	}
	rec, _ := h.bot.Snapshot(to)
	h.API.PushCallback(to, msg, h.UserOf(rec, 0), data)
	h.Settle()
	if h.revision(to) == v {
		h.T.Fatal("a press in the supergroup changed nothing")
	}
	if _, _, ok := h.ButtonIn(to, fakekind.OpPass); !ok {
		h.T.Fatal("the game's table is not in the supergroup")
	}
}

func TestMigrationByUpdate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.Say(h.Users[0], "/lang ru")
	h.startGame()
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: bottest.Chat, Type: "group"},
		From: &tgbotapi.User{ID: 11}, MigrateToChatID: bottest.SuperChat}})
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 1, Chat: &tgbotapi.Chat{ID: bottest.SuperChat, Type: "supergroup"},
		From: &tgbotapi.User{ID: 11}, MigrateFromChatID: bottest.Chat}})
	h.Settle()
	h.checkMoved(bottest.Chat, bottest.SuperChat)
	// Settings moved too: the chat still speaks Russian (the fake kind's
	// own texts are English: ask the chat layer).
	if lang := h.bot.ChatSettings(bottest.SuperChat).Lang; lang != "ru" {
		t.Errorf("supergroup's language %q, want ru", lang)
	}
	h.API.PushMessage(bottest.SuperChat, h.Users[1], "/help")
	h.Settle()
	m, _ := h.API.LastMessage(bottest.SuperChat)
	if !strings.ContainsAny(m.Text, "абвгдежзиклмнопрстуфхцчшщыэюя") {
		t.Errorf("supergroup lost the chat's language: %q", m.Text)
	}
}

func TestMigrationByError(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 400, MigrateToChatID: bottest.SuperChat})
	h.pressIn(bottest.Chat, fakekind.OpPass)
	if rec, _ := h.bot.Snapshot(bottest.SuperChat); rec == nil {
		t.Fatal("the game did not move on a 400 with migrate_to_chat_id")
	}
	// The edit that failed was delivered in the supergroup, as a new message.
	if len(h.API.Messages(bottest.SuperChat)) == 0 {
		t.Fatal("nothing was sent to the supergroup")
	}
	h.checkMoved(bottest.Chat, bottest.SuperChat)
}

// TestForbiddenThenBack: a 403 pauses the chat (its game is kept, nothing is
// sent); my_chat_member saying the bot is back resumes it with a fresh
// table whose buttons work.
func TestForbiddenThenBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	old, _, _ := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 403})
	h.pressIn(bottest.Chat, fakekind.OpPass)
	if rec := h.Record(); rec == nil || rec.Kind != fakekind.Name {
		t.Fatal("the game was not kept")
	}
	if s := h.bot.ChatSettings(bottest.Chat); !s.Paused {
		t.Fatal("chat not paused after 403")
	}
	calls := len(h.API.Requests())
	h.API.PushMessage(bottest.Chat, h.Users[0], "/help")
	h.Settle()
	for _, r := range h.API.Requests()[calls:] {
		if r.Method == "sendMessage" || r.Method == "editMessageText" {
			t.Errorf("%s sent to a paused chat", r.Method)
		}
	}
	h.API.PushUpdate(bottest.MemberUpdate(bottest.Chat, "member"))
	h.Settle()
	if s := h.bot.ChatSettings(bottest.Chat); s.Paused {
		t.Fatal("chat still paused after the bot was added back")
	}
	if fresh, _, ok := h.ButtonIn(bottest.Chat, fakekind.OpPass); !ok || fresh == old {
		t.Fatalf("no fresh table on resume (old %d, now %d)", old, fresh)
	}
	if m := h.FindMessage(bottest.Chat, old); m == nil || m.Keyboard != nil {
		t.Errorf("the old table keeps its buttons")
	}
	v := h.revision(bottest.Chat)
	h.pressIn(bottest.Chat, fakekind.OpPass)
	if h.revision(bottest.Chat) == v {
		t.Fatal("no progress after resuming")
	}
	// Removed by my_chat_member: paused at once.
	h.API.PushUpdate(bottest.MemberUpdate(bottest.Chat, "kicked"))
	h.Settle()
	if !h.bot.ChatSettings(bottest.Chat).Paused {
		t.Fatal("not paused when the bot was kicked")
	}
}

// TestEditedMessageGone: an admin deleted the game's table; the next change
// sends a fresh one, whose buttons work.
func TestEditedMessageGone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	msg, data, _ := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	if !h.API.DeleteMessage(bottest.Chat, msg) {
		t.Fatal("no table to delete")
	}
	// A client that still shows it can press it.
	h.API.PushCallback(bottest.Chat, msg, h.decider(), data)
	h.Settle()
	fresh, _, ok := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	if !ok || fresh == msg {
		t.Fatalf("the table is %d (deleted %d)", fresh, msg)
	}
	v := h.revision(bottest.Chat)
	h.pressIn(bottest.Chat, fakekind.OpPass)
	if h.revision(bottest.Chat) == v {
		t.Fatal("the fresh message's buttons do not work")
	}
	// Older than 48 hours: Telegram refuses the edit; same remedy.
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 400, Description: "Bad Request: message can't be edited"})
	h.pressIn(bottest.Chat, fakekind.OpPass)
	if now, _, ok := h.ButtonIn(bottest.Chat, fakekind.OpPass); !ok || now == fresh {
		t.Fatal("an uneditable table was not replaced")
	}
}

// TestJunkInput: forged data, strangers, unknown update kinds, messages
// without text, huge texts and commands for other bots change nothing,
// crash nothing, and every press is answered.
func TestJunkInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	before := h.Record()
	msgs := len(h.API.Calls("sendMessage"))
	msg, data, _ := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	// The seat the game does not wait for: the decider's press of the
	// table's data is a move wherever it comes from (the kind's to judge).
	u := h.Users[1]
	stranger := fakeapi.User{ID: 99, FirstName: "Eve"}
	for _, d := range []string{"", "x", strings.Repeat("я", 32), "0:0:r", data + ":1:2:3", "\x00\xff", strings.Repeat("9", 64)} {
		h.API.PushCallback(bottest.Chat, msg, u, d)
	}
	h.API.PushCallback(bottest.Chat, msg, stranger, data)
	h.API.PushCallback(bottest.Chat, 424242, u, data) // a message that does not exist
	h.API.PushUpdate(tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "cq-inline", From: &tgbotapi.User{ID: 11}, InlineMessageID: "abc", Data: data}})
	// A button naming the group, as a private composer's do, as if on an
	// inline message (kinds may post those).
	composer := kit.Press{Game: before.ID, Op: fakekind.OpPass, Arg: 10, Chat: bottest.Chat}.Encode()
	h.API.PushUpdate(tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "cq-inline-2", From: &tgbotapi.User{ID: 11}, InlineMessageID: "abd", Data: composer}})
	h.API.PushUpdate(tgbotapi.Update{EditedMessage: &tgbotapi.Message{MessageID: 5, Chat: &tgbotapi.Chat{ID: bottest.Chat}, Text: "/newgame"}})
	h.API.PushUpdate(tgbotapi.Update{ChannelPost: &tgbotapi.Message{MessageID: 5, Chat: &tgbotapi.Chat{ID: -100777, Type: "channel"}, Text: "/newgame"}})
	h.API.PushUpdate(tgbotapi.Update{PollAnswer: &tgbotapi.PollAnswer{PollID: "p"}})
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 6, Chat: &tgbotapi.Chat{ID: bottest.Chat, Type: "group"}, From: &tgbotapi.User{ID: 11},
		Photo: []tgbotapi.PhotoSize{{FileID: "f"}}}})
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 7, Chat: &tgbotapi.Chat{ID: bottest.Chat, Type: "group"}}}) // no sender
	h.API.PushMessage(bottest.Chat, u, "/endgame@other_bot")
	h.API.PushMessage(bottest.Chat, u, "/newgame@other_bot")
	h.API.PushMessage(bottest.Chat, u, strings.Repeat("long text ", 1000))
	h.Settle()
	h.API.PushMessage(bottest.Chat, u, "/lang "+strings.Repeat("ж", 5000)) // answered with the usage
	h.Settle()
	if after := h.Record(); after == nil || after.Rev != before.Rev {
		t.Fatalf("junk changed the game: %+v, was rev %d", after, before.Rev)
	}
	if n := len(h.API.Calls("sendMessage")) - msgs; n != 1 {
		t.Errorf("%d messages sent in answer to junk, want 1 (the /lang usage)", n)
	}
	pressed := 0
	for _, r := range h.API.Requests() {
		if r.Method == "answerCallbackQuery" && r.Status == 200 {
			pressed++
		}
	}
	if want := len(h.API.CallbackAnswers()); pressed != want || want < 10+3 {
		t.Errorf("%d presses answered", want)
	}
}

// TestHammeringIsThrottled: one person pressing 10 times at once gets the
// excess answered without any change; someone in another chat is not
// slowed down.
func TestHammeringIsThrottled(t *testing.T) {
	t.Parallel()
	// 4 presses an hour, not the 4 a second of the default: the limiter
	// reads the real clock, and on a loaded machine handling ten presses
	// can take longer than a second, which let all ten through (seen under
	// -race with a load of ~30 on two cores). The window is the same
	// mechanism at any length.
	h := newHarnessWith(t, kit.ChatOptions{}, func(c *bot.AppConfig) { c.Presses = telegram.Rate{N: 4, Per: time.Hour} })
	h.startGame()
	const other int64 = -5555
	calm := fakeapi.User{ID: 77, FirstName: "Calm"}
	h.API.PushMessage(other, calm, "/newgame")
	h.Settle()
	before := h.Record()
	msg, data, _ := h.ButtonIn(bottest.Chat, fakekind.OpPass)
	stranger := fakeapi.User{ID: 99, FirstName: "Eve"} // pressing someone else's buttons
	first := len(h.API.CallbackAnswers())
	for range 10 {
		h.API.PushCallback(bottest.Chat, msg, stranger, data)
	}
	// Meanwhile, in another chat:
	lmsg, ldata, ok := h.ButtonIn(other, bot.OpJoin)
	if !ok {
		t.Fatal("no lobby in the other chat")
	}
	joiner := fakeapi.User{ID: 78, FirstName: "Joiner"}
	joined := h.API.PushCallback(other, lmsg, joiner, ldata)
	h.Settle()
	answers := h.API.CallbackAnswers()[first:]
	if len(answers) != 11 {
		t.Fatalf("%d answers for 11 presses", len(answers))
	}
	alerts, silent := 0, 0
	for _, a := range answers {
		if a.ID == fmt.Sprintf("cq%d", joined) {
			continue
		}
		if a.Text == "" {
			silent++
		} else {
			alerts++
		}
	}
	// Eve's first 4 presses are refused with an alert (not a player), the 6
	// others are throttled silently; the joiner's press goes through.
	if silent != 6 || alerts != 4 {
		t.Errorf("%d silent and %d alert answers, want 6 and 4", silent, alerts)
	}
	if rec, _ := h.bot.Snapshot(other); rec == nil || len(rec.Seats) != 2 {
		t.Errorf("the other chat's press was not applied")
	}
	if after := h.Record(); after.Rev != before.Rev {
		t.Errorf("hammering changed the game")
	}
}
