package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

const brokenChat int64 = -1004321

// boomKind is a kind whose code panics wherever the chat layer calls it
// outside a handler: what a bug, or a record no code expects, does.
type boomKind struct{ Kind }

// Its records hold a board's state.
func init() { kit.RegisterState("boom", state.Decode) }

func (boomKind) Pending(*kit.Record) kit.Pending            { panic("boom: pending") }
func (boomKind) Show(*kit.Change, string)                   { panic("boom: show") }
func (boomKind) Unshown(*kit.Record) bool                   { panic("boom: unshown") }
func (boomKind) Sent(*kit.Record, string, string, int) bool { panic("boom: sent") }

// panickyMessenger records the messages it sends and edits, and panics on
// a message "boom", as a bug in a delivery would.
type panickyMessenger struct {
	mu    sync.Mutex
	calls []string
	next  int
}

func (m *panickyMessenger) Send(_ context.Context, chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error) {
	if text == "boom" {
		panic("boom: send")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.next++
	m.calls = append(m.calls, fmt.Sprintf("send %d %s kb=%v", m.next, text, kb != nil))
	return m.next, nil
}

func (m *panickyMessenger) Edit(_ context.Context, chat int64, id int, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, fmt.Sprintf("edit %d %s kb=%v", id, text, kb != nil))
	return nil
}

func (m *panickyMessenger) AnswerCallback(context.Context, string, string, bool) error { return nil }
func (m *panickyMessenger) IsAdmin(context.Context, int64, int64) bool                 { return false }

// TestPanicsOutsideHandlersStayWithTheirChat: a panic in Restore, a timer,
// an outbox delivery or the storing of a sent message's id is logged with
// its chat, that chat's work is skipped (a panicking timer is tried again
// only an hour later), and everything else goes on.
func TestPanicsOutsideHandlersStayWithTheirChat(t *testing.T) {
	t.Parallel()
	var logs bottest.SyncBuffer
	m := &panickyMessenger{}
	now := time.Now()
	b, store := newBareBotWith(t, m, Config{Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelError}))})
	b.kinds.Put("boom", boomKind{b.kinds.Named(board.Name)})
	bottest.PlantBrokenGame(t, store, brokenChat, now, "boom")
	panicked := func(in string) bool {
		return strings.Contains(logs.String(), "chat="+strconv.FormatInt(brokenChat, 10)+" in=\""+in+"\"") ||
			strings.Contains(logs.String(), "chat="+strconv.FormatInt(brokenChat, 10)+" in="+in+" ")
	}

	if err := b.Restore(); err != nil {
		t.Fatal(err)
	}
	if !panicked("restore") {
		t.Errorf("Restore's panic was not logged with the chat:\n%s", logs.String())
	}

	b.FireDue(context.Background())
	if !panicked("timer") {
		t.Errorf("the timer's panic was not logged with the chat:\n%s", logs.String())
	}
	err := store.View(func(tx *storage.Tx) error {
		if due := tx.DueTimers(now.Add(timers.BrokenTimerRetry-time.Minute).UnixMilli(), 10); len(due) != 0 {
			t.Errorf("the panicking timer is due again before an hour: %+v", due)
		}
		if next, ok := tx.NextTimer(); !ok || next.Chat != brokenChat {
			t.Errorf("the panicking timer was dropped instead of postponed: %+v %v", next, ok)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	b.out.Put(brokenChat, board.TurnSlot(77), 0, "turn", nil) // sent; storing its id panics
	b.out.Send(brokenChat, "boom", nil)                       // its delivery panics
	b.out.Send(brokenChat, "after", nil)
	b.out.Send(testChat, "elsewhere", nil)
	if !waitFor(b.out.Idle, 5*time.Second) {
		t.Fatal("the outbox did not go on after the panics")
	}
	for _, in := range []string{"sent message", "delivery"} {
		if !panicked(in) {
			t.Errorf("the panic in %q was not logged with the chat:\n%s", in, logs.String())
		}
	}
	m.mu.Lock()
	calls := strings.Join(m.calls, "\n")
	m.mu.Unlock()
	for _, want := range []string{"turn", "after", "elsewhere"} {
		if !strings.Contains(calls, " "+want+" ") {
			t.Errorf("%q was not delivered after the panics; calls:\n%s", want, calls)
		}
	}
}

func waitFor(cond func() bool, timeout time.Duration) bool {
	for end := time.Now().Add(timeout); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// TestLocksDoNotPileUpFromForgedChats: updates from ten thousand chat ids
// (forged callback data and commands) leave no lock entry behind.
func TestLocksDoNotPileUpFromForgedChats(t *testing.T) {
	t.Parallel()
	b, _ := newBareBot(t, Config{})
	u := &tgbotapi.User{ID: 5, FirstName: "F"}
	for i := range 10_000 {
		chat := -int64(1_000_000 + i)
		b.Handle(context.Background(), tgbotapi.Update{UpdateID: 2*i + 1, CallbackQuery: &tgbotapi.CallbackQuery{ID: "q", From: u,
			Message: &tgbotapi.Message{MessageID: 1, Chat: &tgbotapi.Chat{ID: chat, Type: "group"}}, Data: "1:1:j"}})
		b.Handle(context.Background(), tgbotapi.Update{UpdateID: 2*i + 2, Message: &tgbotapi.Message{MessageID: 2, From: u,
			Chat: &tgbotapi.Chat{ID: chat, Type: "group"}, Text: "/board", Entities: []tgbotapi.MessageEntity{{Type: "bot_command", Length: 6}}}})
	}
	if n := b.commit.LockedChats(); n != 0 {
		t.Fatalf("%d chats still have a lock entry after their updates were handled", n)
	}
}
