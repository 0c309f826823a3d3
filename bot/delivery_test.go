package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Failures of the real world, against the fake Bot API.

const superChat int64 = -1009876543210 // what testChat becomes when upgraded

func (h *harness) pressIn(chat int64, op Op) {
	h.T.Helper()
	msg, data, ok := h.ButtonIn(chat, op)
	if !ok {
		h.T.Fatalf("chat %d: no %q button", chat, op)
	}
	h.API.PushCallback(chat, msg, h.Current(chat), data)
	h.Settle()
}

func (h *harness) version(chat int64) uint64 {
	rec, _ := h.bot.Snapshot(chat)
	if rec == nil || board.Of(rec).Game == nil {
		return 0
	}
	return board.Of(rec).Game.Version
}

// TestFlood429 answers an edit with 429 retry_after 1: nothing more goes to
// the chat until it expires, the edit is retried, and the press was
// answered at once.
func TestFlood429(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 1})
	msg, data, _ := h.ButtonIn(testChat, board.OpRoll)
	pushed := time.Now()
	h.API.PushCallback(testChat, msg, h.Current(testChat), data)
	h.API.PushMessage(testChat, h.Users[0], "/help") // a reply queued behind the edit
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
	if m, _ := h.API.LastMessage(testChat); !strings.Contains(m.Text, "/newgame") {
		t.Errorf("the /help reply was not delivered after the wait: %q", m.Text)
	}
}

func (h *harness) checkMoved(from, to int64) {
	h.T.Helper()
	if rec, _ := h.bot.Snapshot(from); rec != nil {
		h.T.Fatal("the game is still at the old chat id")
	}
	if rec, _ := h.bot.Snapshot(to); rec == nil || board.Of(rec).Game == nil {
		h.T.Fatal("the game did not move to the supergroup")
	}
	// Play continues there, with the buttons seen before (the supergroup
	// shows the group's history) or those of a message sent since.
	v := h.version(to)
	msg, data, ok := h.ButtonIn(to, firstOp(h, to))
	if !ok {
		msg, data, _ = h.ButtonIn(from, board.OpRoll)
	}
	h.API.PushCallback(to, msg, h.Current(to), data)
	h.Settle()
	if h.version(to) == v {
		h.T.Fatal("a press in the supergroup changed nothing")
	}
	rec, _ := h.bot.Snapshot(to)
	if m := h.FindMessage(to, board.Of(rec).TurnMsg); m == nil || m.Deleted {
		h.T.Fatalf("turn message %d is not in the supergroup", board.Of(rec).TurnMsg)
	}
}

func TestMigrationByUpdate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.Say(h.Users[0], "/lang ru")
	h.StartGame()
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"},
		From: &tgbotapi.User{ID: 11}, MigrateToChatID: superChat}})
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 1, Chat: &tgbotapi.Chat{ID: superChat, Type: "supergroup"},
		From: &tgbotapi.User{ID: 11}, MigrateFromChatID: testChat}})
	h.Settle()
	h.checkMoved(testChat, superChat)
	// Settings moved too: the chat still speaks Russian.
	m, _ := h.API.LastMessage(superChat)
	if !strings.ContainsAny(m.Text, "абвгдежзиклмнопрстуфхцчшщыэюя") {
		t.Errorf("supergroup lost the chat's language: %q", m.Text)
	}
}

func TestMigrationByError(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 400, MigrateToChatID: superChat})
	msg, data, _ := h.ButtonIn(testChat, board.OpRoll)
	h.API.PushCallback(testChat, msg, h.Current(testChat), data)
	h.Settle()
	if rec, _ := h.bot.Snapshot(superChat); rec == nil {
		t.Fatal("the game did not move on a 400 with migrate_to_chat_id")
	}
	// The edit that failed was delivered in the supergroup, as a new message.
	if len(h.API.Messages(superChat)) == 0 {
		t.Fatal("nothing was sent to the supergroup")
	}
	h.checkMoved(testChat, superChat)
}

func memberUpdate(chat int64, status string) tgbotapi.Update {
	return tgbotapi.Update{MyChatMember: &tgbotapi.ChatMemberUpdated{
		Chat: tgbotapi.Chat{ID: chat, Type: "group"}, From: tgbotapi.User{ID: 11},
		OldChatMember: tgbotapi.ChatMember{User: &tgbotapi.User{ID: fakeapi.BotID}, Status: "member"},
		NewChatMember: tgbotapi.ChatMember{User: &tgbotapi.User{ID: fakeapi.BotID}, Status: status},
	}}
}

// TestForbiddenThenBack: a 403 pauses the chat (its game is kept, nothing is
// sent); my_chat_member saying the bot is back resumes it with a fresh
// turn message whose buttons work.
func TestForbiddenThenBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	// With an end-turn button the roll keeps the turn (and its message)
	// open, so the message that got the 403 is the one to clean up.
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, Settings{Lang: "en", Options: ChatOptions{ManualEndTurn: true}})
	}); err != nil {
		t.Fatal(err)
	}
	h.StartGame()
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 403})
	h.pressIn(testChat, board.OpRoll)
	rec := h.Record()
	if rec == nil || board.Of(rec).Game == nil {
		t.Fatal("the game was not kept")
	}
	if s := h.settings(testChat); !s.Paused {
		t.Fatal("chat not paused after 403")
	}
	calls := len(h.API.Requests())
	h.API.PushMessage(testChat, h.Users[0], "/help")
	h.Settle()
	for _, r := range h.API.Requests()[calls:] {
		if r.Method == "sendMessage" || r.Method == "editMessageText" {
			t.Errorf("%s sent to a paused chat", r.Method)
		}
	}
	old := board.Of(rec).TurnMsg
	h.API.PushUpdate(memberUpdate(testChat, "member"))
	h.Settle()
	if s := h.settings(testChat); s.Paused {
		t.Fatal("chat still paused after the bot was added back")
	}
	rec = h.Record()
	if board.Of(rec).TurnMsg == 0 || board.Of(rec).TurnMsg == old {
		t.Fatalf("no fresh turn message on resume (old %d, now %d)", old, board.Of(rec).TurnMsg)
	}
	if m := h.FindMessage(testChat, old); m == nil || m.Keyboard != nil {
		t.Errorf("the old turn message keeps its buttons")
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("no progress after resuming")
	}
	// Removed by my_chat_member: paused at once.
	h.API.PushUpdate(memberUpdate(testChat, "kicked"))
	h.Settle()
	if !h.settings(testChat).Paused {
		t.Fatal("not paused when the bot was kicked")
	}
}

// firstOp is a game-moving button on the turn message.
func firstOp(h *harness, chat int64) Op {
	for _, op := range []Op{board.OpRoll, board.OpBuy, board.OpEndTurn, board.OpPayFine} {
		if _, _, ok := h.ButtonIn(chat, op); ok {
			return op
		}
	}
	return board.OpRoll
}

func (h *harness) settings(chat int64) Settings {
	var s Settings
	_ = h.bot.store.View(func(tx *storageTx) error { s = h.bot.loadSettings(tx, chat); return nil })
	return s
}

// TestEditedMessageGone: an admin deleted the turn message; the next change
// sends a fresh one and the record points to it.
func TestEditedMessageGone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	rec := h.Record()
	msg, data, _ := h.ButtonIn(testChat, board.OpRoll)
	if !h.API.DeleteMessage(testChat, board.Of(rec).TurnMsg) {
		t.Fatal("no turn message to delete")
	}
	// A client that still shows it can press it.
	h.API.PushCallback(testChat, msg, h.Current(testChat), data)
	h.Settle()
	now := h.Record()
	if board.Of(now).TurnMsg == board.Of(rec).TurnMsg || board.Of(now).TurnMsg == 0 {
		t.Fatalf("record points to %d (deleted %d)", board.Of(now).TurnMsg, board.Of(rec).TurnMsg)
	}
	m := h.FindMessage(testChat, board.Of(now).TurnMsg)
	if m == nil || m.Deleted || m.Keyboard == nil {
		t.Fatalf("fresh turn message missing: %+v", m)
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("the fresh message's buttons do not work")
	}
	// Older than 48 hours: Telegram refuses the edit; same remedy.
	rec = h.Record()
	h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 400, Description: "Bad Request: message can't be edited"})
	h.pressIn(testChat, firstOp(h, testChat))
	if now := h.Record(); board.Of(now).TurnMsg == board.Of(rec).TurnMsg {
		t.Fatal("an uneditable turn message was not replaced")
	}
}

// TestJunkInput: forged data, strangers, unknown update kinds, messages
// without text, huge texts and commands for other bots change nothing,
// crash nothing, and every press is answered.
func TestJunkInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	before := h.Record()
	msgs := len(h.API.Calls("sendMessage"))
	msg, data, _ := h.ButtonIn(testChat, board.OpRoll)
	u := h.Users[0]
	stranger := fakeapi.User{ID: 99, FirstName: "Eve"}
	for _, d := range []string{"", "x", strings.Repeat("я", 32), "0:0:r", data + ":1:2:3", "\x00\xff", strings.Repeat("9", 64)} {
		h.API.PushCallback(testChat, msg, u, d)
	}
	h.API.PushCallback(testChat, msg, stranger, data)
	h.API.PushCallback(testChat, 424242, u, data) // a message that does not exist
	h.API.PushUpdate(tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "cq-inline", From: &tgbotapi.User{ID: 11}, InlineMessageID: "abc", Data: data}})
	// A composer's button as if on an inline message (kinds may post those;
	// the board does not).
	composer := Press{Game: before.ID, Op: board.OpTrAdd, Arg: 10, Chat: testChat}.Encode()
	h.API.PushUpdate(tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "cq-inline-2", From: &tgbotapi.User{ID: 11}, InlineMessageID: "abd", Data: composer}})
	h.API.PushUpdate(tgbotapi.Update{EditedMessage: &tgbotapi.Message{MessageID: 5, Chat: &tgbotapi.Chat{ID: testChat}, Text: "/newgame"}})
	h.API.PushUpdate(tgbotapi.Update{ChannelPost: &tgbotapi.Message{MessageID: 5, Chat: &tgbotapi.Chat{ID: -100777, Type: "channel"}, Text: "/newgame"}})
	h.API.PushUpdate(tgbotapi.Update{PollAnswer: &tgbotapi.PollAnswer{PollID: "p"}})
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 6, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}, From: &tgbotapi.User{ID: 11},
		Photo: []tgbotapi.PhotoSize{{FileID: "f"}}}})
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 7, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}}}) // no sender
	h.API.PushMessage(testChat, u, "/endgame@other_bot")
	h.API.PushMessage(testChat, u, "/newgame@other_bot")
	h.API.PushMessage(testChat, u, strings.Repeat("long text ", 1000))
	h.Settle()
	h.API.PushMessage(testChat, u, "/lang "+strings.Repeat("ж", 5000)) // answered with the usage
	h.Settle()
	after := h.Record()
	if after.Rev != before.Rev || board.Of(after).Game.Version != board.Of(before).Game.Version {
		t.Fatalf("junk changed the game: rev %d→%d", before.Rev, after.Rev)
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
	h := newHarnessWith(t, 7, nil, func(c *AppConfig) { c.Presses = telegram.Rate{N: 4, Per: time.Hour} })
	h.StartGame()
	const other int64 = -5555
	calm := fakeapi.User{ID: 77, FirstName: "Calm"}
	h.API.PushMessage(other, calm, "/newgame")
	h.Settle()
	before := h.Record()
	msg, data, _ := h.ButtonIn(testChat, board.OpRoll)
	stranger := fakeapi.User{ID: 99, FirstName: "Eve"} // pressing someone else's buttons
	first := len(h.API.CallbackAnswers())
	for range 10 {
		h.API.PushCallback(testChat, msg, stranger, data)
	}
	// Meanwhile, in another chat:
	lmsg, ldata, ok := h.ButtonIn(other, OpJoin)
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

type storageTx = storage.Tx

// TestLateSentReportKeepsTheNewTurn: the report that a turn's message was
// sent can reach the game after the press that ended that turn (both wait
// for the chat's lock). The record must keep pointing at the new turn's
// message, or a restart would re-show the game in the closed turn's
// message while the newest one keeps outdated buttons.
func TestLateSentReportKeepsTheNewTurn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	first := h.Record()
	for i := 0; i < 20 && board.Of(h.Record()).TurnMsg == board.Of(first).TurnMsg; i++ {
		h.pressIn(testChat, firstOp(h, testChat))
	}
	rec := h.Record()
	if board.Of(rec).TurnMsg == board.Of(first).TurnMsg || board.Of(rec).TurnMsg == 0 {
		t.Fatalf("no new turn message after 20 presses (turn message %d)", board.Of(rec).TurnMsg)
	}
	sentIDs{h.bot}.onSent(testChat, board.TurnSlot(rec.ID), board.Of(first).TurnMsg)
	if got := board.Of(h.Record()).TurnMsg; got != board.Of(rec).TurnMsg {
		t.Fatalf("a late report of the closed turn's message %d moved the record from %d to %d", board.Of(first).TurnMsg, board.Of(rec).TurnMsg, got)
	}
	// The current message's own report is still taken.
	sentIDs{h.bot}.onSent(testChat, board.TurnSlot(rec.ID), board.Of(rec).TurnMsg)
	if got := board.Of(h.Record()).TurnMsg; got != board.Of(rec).TurnMsg {
		t.Fatalf("turn message %d, want %d", got, board.Of(rec).TurnMsg)
	}
	// A restart shows the game in the current message, not the closed one.
	closed := *h.FindMessage(testChat, board.Of(first).TurnMsg)
	h.Stop()
	h.Start()
	h.Settle()
	if m := h.FindMessage(testChat, board.Of(first).TurnMsg); m.Text != closed.Text || m.Keyboard != nil {
		t.Fatalf("the closed turn's message was changed on restart: %q", m.Text)
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("the current message's buttons do not work after the restart")
	}
}
