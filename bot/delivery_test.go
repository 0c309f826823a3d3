package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Failures of the real world, against the fake Bot API.

const superChat int64 = -1009876543210 // what testChat becomes when upgraded

// buttonIn returns the newest button with op in chat.
func (h *harness) buttonIn(chat int64, op Op) (msg int, data string, ok bool) {
	msgs := h.api.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Deleted {
			continue
		}
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					return msgs[i].ID, b.Data, true
				}
			}
		}
	}
	return 0, "", false
}

// current is the user whose turn it is in chat.
func (h *harness) current(chat int64) fakeapi.User {
	h.t.Helper()
	rec, err := h.bot.Snapshot(chat)
	if err != nil || rec == nil || board.Of(rec).Game == nil {
		h.t.Fatalf("chat %d: no game (%v)", chat, err)
	}
	return h.userOf(rec, board.Of(rec).Game.Current)
}

func (h *harness) pressIn(chat int64, op Op) {
	h.t.Helper()
	msg, data, ok := h.buttonIn(chat, op)
	if !ok {
		h.t.Fatalf("chat %d: no %q button", chat, op)
	}
	h.api.PushCallback(chat, msg, h.current(chat), data)
	h.settle()
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
	h.startGame()
	h.api.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 1})
	msg, data, _ := h.buttonIn(testChat, OpRoll)
	pushed := time.Now()
	h.api.PushCallback(testChat, msg, h.current(testChat), data)
	h.api.PushMessage(testChat, h.users[0], "/help") // a reply queued behind the edit
	h.settle()
	var flood time.Time
	for _, r := range h.api.Requests() {
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
	edits := h.api.Calls("editMessageText")
	last := edits[len(edits)-1]
	if last.Status != 200 || last.Time.Sub(flood) < time.Second {
		t.Fatalf("edit not retried after retry_after: %+v", last)
	}
	// Answered at once: while the edit still waited out its ban, not
	// behind it.
	for _, a := range h.api.Calls("answerCallbackQuery") {
		if !a.Time.Before(last.Time) {
			t.Errorf("press answered %v after the push, once the ban was over", a.Time.Sub(pushed))
		}
	}
	if m, _ := h.api.LastMessage(testChat); !strings.Contains(m.Text, "/newgame") {
		t.Errorf("the /help reply was not delivered after the wait: %q", m.Text)
	}
}

func (h *harness) checkMoved(from, to int64) {
	h.t.Helper()
	if rec, _ := h.bot.Snapshot(from); rec != nil {
		h.t.Fatal("the game is still at the old chat id")
	}
	if rec, _ := h.bot.Snapshot(to); rec == nil || board.Of(rec).Game == nil {
		h.t.Fatal("the game did not move to the supergroup")
	}
	// Play continues there, with the buttons seen before (the supergroup
	// shows the group's history) or those of a message sent since.
	v := h.version(to)
	msg, data, ok := h.buttonIn(to, firstOp(h, to))
	if !ok {
		msg, data, _ = h.buttonIn(from, OpRoll)
	}
	h.api.PushCallback(to, msg, h.current(to), data)
	h.settle()
	if h.version(to) == v {
		h.t.Fatal("a press in the supergroup changed nothing")
	}
	rec, _ := h.bot.Snapshot(to)
	if m := h.findMsg(to, board.Of(rec).TurnMsg); m == nil || m.Deleted {
		h.t.Fatalf("turn message %d is not in the supergroup", board.Of(rec).TurnMsg)
	}
}

func (h *harness) findMsg(chat int64, id int) *fakeapi.Message {
	for _, m := range h.api.Messages(chat) {
		if m.ID == id {
			return &m
		}
	}
	return nil
}

func TestMigrationByUpdate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.say(h.users[0], "/lang ru")
	h.startGame()
	h.api.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"},
		From: &tgbotapi.User{ID: 11}, MigrateToChatID: superChat}})
	h.api.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 1, Chat: &tgbotapi.Chat{ID: superChat, Type: "supergroup"},
		From: &tgbotapi.User{ID: 11}, MigrateFromChatID: testChat}})
	h.settle()
	h.checkMoved(testChat, superChat)
	// Settings moved too: the chat still speaks Russian.
	m, _ := h.api.LastMessage(superChat)
	if !strings.ContainsAny(m.Text, "абвгдежзиклмнопрстуфхцчшщыэюя") {
		t.Errorf("supergroup lost the chat's language: %q", m.Text)
	}
}

func TestMigrationByError(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.startGame()
	h.api.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 400, MigrateToChatID: superChat})
	msg, data, _ := h.buttonIn(testChat, OpRoll)
	h.api.PushCallback(testChat, msg, h.current(testChat), data)
	h.settle()
	if rec, _ := h.bot.Snapshot(superChat); rec == nil {
		t.Fatal("the game did not move on a 400 with migrate_to_chat_id")
	}
	// The edit that failed was delivered in the supergroup, as a new message.
	if len(h.api.Messages(superChat)) == 0 {
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
	h.startGame()
	h.api.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 403})
	h.pressIn(testChat, OpRoll)
	rec := h.record()
	if rec == nil || board.Of(rec).Game == nil {
		t.Fatal("the game was not kept")
	}
	if s := h.settings(testChat); !s.Paused {
		t.Fatal("chat not paused after 403")
	}
	calls := len(h.api.Requests())
	h.api.PushMessage(testChat, h.users[0], "/help")
	h.settle()
	for _, r := range h.api.Requests()[calls:] {
		if r.Method == "sendMessage" || r.Method == "editMessageText" {
			t.Errorf("%s sent to a paused chat", r.Method)
		}
	}
	old := board.Of(rec).TurnMsg
	h.api.PushUpdate(memberUpdate(testChat, "member"))
	h.settle()
	if s := h.settings(testChat); s.Paused {
		t.Fatal("chat still paused after the bot was added back")
	}
	rec = h.record()
	if board.Of(rec).TurnMsg == 0 || board.Of(rec).TurnMsg == old {
		t.Fatalf("no fresh turn message on resume (old %d, now %d)", old, board.Of(rec).TurnMsg)
	}
	if m := h.findMsg(testChat, old); m == nil || m.Keyboard != nil {
		t.Errorf("the old turn message keeps its buttons")
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("no progress after resuming")
	}
	// Removed by my_chat_member: paused at once.
	h.api.PushUpdate(memberUpdate(testChat, "kicked"))
	h.settle()
	if !h.settings(testChat).Paused {
		t.Fatal("not paused when the bot was kicked")
	}
}

// firstOp is a game-moving button on the turn message.
func firstOp(h *harness, chat int64) Op {
	for _, op := range []Op{OpRoll, OpBuy, OpEndTurn, OpPayFine} {
		if _, _, ok := h.buttonIn(chat, op); ok {
			return op
		}
	}
	return OpRoll
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
	h.startGame()
	rec := h.record()
	msg, data, _ := h.buttonIn(testChat, OpRoll)
	if !h.api.DeleteMessage(testChat, board.Of(rec).TurnMsg) {
		t.Fatal("no turn message to delete")
	}
	// A client that still shows it can press it.
	h.api.PushCallback(testChat, msg, h.current(testChat), data)
	h.settle()
	now := h.record()
	if board.Of(now).TurnMsg == board.Of(rec).TurnMsg || board.Of(now).TurnMsg == 0 {
		t.Fatalf("record points to %d (deleted %d)", board.Of(now).TurnMsg, board.Of(rec).TurnMsg)
	}
	m := h.findMsg(testChat, board.Of(now).TurnMsg)
	if m == nil || m.Deleted || m.Keyboard == nil {
		t.Fatalf("fresh turn message missing: %+v", m)
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("the fresh message's buttons do not work")
	}
	// Older than 48 hours: Telegram refuses the edit; same remedy.
	rec = h.record()
	h.api.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 400, Description: "Bad Request: message can't be edited"})
	h.pressIn(testChat, firstOp(h, testChat))
	if now := h.record(); board.Of(now).TurnMsg == board.Of(rec).TurnMsg {
		t.Fatal("an uneditable turn message was not replaced")
	}
}

// TestJunkInput: forged data, strangers, unknown update kinds, messages
// without text, huge texts and commands for other bots change nothing,
// crash nothing, and every press is answered.
func TestJunkInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.startGame()
	before := h.record()
	msgs := len(h.api.Calls("sendMessage"))
	msg, data, _ := h.buttonIn(testChat, OpRoll)
	u := h.users[0]
	stranger := fakeapi.User{ID: 99, FirstName: "Eve"}
	for _, d := range []string{"", "x", strings.Repeat("я", 32), "0:0:r", data + ":1:2:3", "\x00\xff", strings.Repeat("9", 64)} {
		h.api.PushCallback(testChat, msg, u, d)
	}
	h.api.PushCallback(testChat, msg, stranger, data)
	h.api.PushCallback(testChat, 424242, u, data) // a message that does not exist
	h.api.PushUpdate(tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "cq-inline", From: &tgbotapi.User{ID: 11}, InlineMessageID: "abc", Data: data}})
	// A composer's button as if on an inline message (kinds may post those;
	// the board does not).
	composer := Press{Game: before.ID, Op: OpTrAdd, Arg: 10, Chat: testChat}.Encode()
	h.api.PushUpdate(tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "cq-inline-2", From: &tgbotapi.User{ID: 11}, InlineMessageID: "abd", Data: composer}})
	h.api.PushUpdate(tgbotapi.Update{EditedMessage: &tgbotapi.Message{MessageID: 5, Chat: &tgbotapi.Chat{ID: testChat}, Text: "/newgame"}})
	h.api.PushUpdate(tgbotapi.Update{ChannelPost: &tgbotapi.Message{MessageID: 5, Chat: &tgbotapi.Chat{ID: -100777, Type: "channel"}, Text: "/newgame"}})
	h.api.PushUpdate(tgbotapi.Update{PollAnswer: &tgbotapi.PollAnswer{PollID: "p"}})
	h.api.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 6, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}, From: &tgbotapi.User{ID: 11},
		Photo: []tgbotapi.PhotoSize{{FileID: "f"}}}})
	h.api.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 7, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}}}) // no sender
	h.api.PushMessage(testChat, u, "/endgame@other_bot")
	h.api.PushMessage(testChat, u, "/newgame@other_bot")
	h.api.PushMessage(testChat, u, strings.Repeat("long text ", 1000))
	h.settle()
	h.api.PushMessage(testChat, u, "/lang "+strings.Repeat("ж", 5000)) // answered with the usage
	h.settle()
	after := h.record()
	if after.Rev != before.Rev || board.Of(after).Game.Version != board.Of(before).Game.Version {
		t.Fatalf("junk changed the game: rev %d→%d", before.Rev, after.Rev)
	}
	if n := len(h.api.Calls("sendMessage")) - msgs; n != 1 {
		t.Errorf("%d messages sent in answer to junk, want 1 (the /lang usage)", n)
	}
	pressed := 0
	for _, r := range h.api.Requests() {
		if r.Method == "answerCallbackQuery" && r.Status == 200 {
			pressed++
		}
	}
	if want := len(h.api.CallbackAnswers()); pressed != want || want < 10+3 {
		t.Errorf("%d presses answered", want)
	}
}

// TestHammeringIsThrottled: one person pressing 10 times at once gets the
// excess answered without any change; someone in another chat is not
// slowed down.
func TestHammeringIsThrottled(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, 7, nil, func(c *AppConfig) { c.Presses = telegram.Rate{N: 4, Per: time.Second} })
	h.startGame()
	const other int64 = -5555
	calm := fakeapi.User{ID: 77, FirstName: "Calm"}
	h.api.PushMessage(other, calm, "/newgame")
	h.settle()
	before := h.record()
	msg, data, _ := h.buttonIn(testChat, OpRoll)
	stranger := fakeapi.User{ID: 99, FirstName: "Eve"} // pressing someone else's buttons
	first := len(h.api.CallbackAnswers())
	for range 10 {
		h.api.PushCallback(testChat, msg, stranger, data)
	}
	// Meanwhile, in another chat:
	lmsg, ldata, ok := h.buttonIn(other, OpJoin)
	if !ok {
		t.Fatal("no lobby in the other chat")
	}
	joiner := fakeapi.User{ID: 78, FirstName: "Joiner"}
	joined := h.api.PushCallback(other, lmsg, joiner, ldata)
	h.settle()
	answers := h.api.CallbackAnswers()[first:]
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
	if after := h.record(); after.Rev != before.Rev {
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
	h.startGame()
	first := h.record()
	for i := 0; i < 20 && board.Of(h.record()).TurnMsg == board.Of(first).TurnMsg; i++ {
		h.pressIn(testChat, firstOp(h, testChat))
	}
	rec := h.record()
	if board.Of(rec).TurnMsg == board.Of(first).TurnMsg || board.Of(rec).TurnMsg == 0 {
		t.Fatalf("no new turn message after 20 presses (turn message %d)", board.Of(rec).TurnMsg)
	}
	sentIDs{h.bot}.onSent(testChat, turnSlot(rec.ID), board.Of(first).TurnMsg)
	if got := board.Of(h.record()).TurnMsg; got != board.Of(rec).TurnMsg {
		t.Fatalf("a late report of the closed turn's message %d moved the record from %d to %d", board.Of(first).TurnMsg, board.Of(rec).TurnMsg, got)
	}
	// The current message's own report is still taken.
	sentIDs{h.bot}.onSent(testChat, turnSlot(rec.ID), board.Of(rec).TurnMsg)
	if got := board.Of(h.record()).TurnMsg; got != board.Of(rec).TurnMsg {
		t.Fatalf("turn message %d, want %d", got, board.Of(rec).TurnMsg)
	}
	// A restart shows the game in the current message, not the closed one.
	closed := *h.findMsg(testChat, board.Of(first).TurnMsg)
	h.stop()
	h.start()
	h.settle()
	if m := h.findMsg(testChat, board.Of(first).TurnMsg); m.Text != closed.Text || m.Keyboard != nil {
		t.Fatalf("the closed turn's message was changed on restart: %q", m.Text)
	}
	v := h.version(testChat)
	h.pressIn(testChat, firstOp(h, testChat))
	if h.version(testChat) == v {
		t.Fatal("the current message's buttons do not work after the restart")
	}
}
