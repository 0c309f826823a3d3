package outbox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// recMessenger records calls; a call can be held until the test lets it go.
type recMessenger struct {
	mu    sync.Mutex
	calls []string
	next  int
	gone  map[int]bool
	hold  chan struct{} // when set, the next call waits for it to close
	err   error         // returned by every call when set
}

func (m *recMessenger) wait() {
	m.mu.Lock()
	h := m.hold
	m.hold = nil
	m.mu.Unlock()
	if h != nil {
		<-h
	}
}

func (m *recMessenger) Send(_ context.Context, chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error) {
	m.wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return 0, m.err
	}
	m.next++
	m.calls = append(m.calls, fmt.Sprintf("send %d %s kb=%v", m.next, text, kb != nil))
	return m.next, nil
}

func (m *recMessenger) Edit(_ context.Context, chat int64, id int, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	m.wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	if m.gone[id] {
		return fmt.Errorf("test: %w", telegram.ErrMessageNotFound)
	}
	m.calls = append(m.calls, fmt.Sprintf("edit %d %s kb=%v", id, text, kb != nil))
	return nil
}

func (m *recMessenger) AnswerCallback(context.Context, string, string, bool) error { return nil }
func (m *recMessenger) IsAdmin(context.Context, int64, int64) bool                 { return false }

func (m *recMessenger) log() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.calls)
}

func newTestOutbox(m *recMessenger) (*Outbox, *[]string) {
	var mu sync.Mutex
	sent := &[]string{}
	o := New(m, Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		CarryWithin: -1, // a turn takes over the closed one only while the chat waits
		OnSent: func(chat int64, slot string, id int) {
			mu.Lock()
			defer mu.Unlock()
			*sent = append(*sent, fmt.Sprintf("%s=%d", slot, id))
		}})
	return o, sent
}

func waitIdle(t *testing.T, o *Outbox) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !o.Idle() {
		if time.Now().After(deadline) {
			t.Fatal("outbox not idle")
		}
		time.Sleep(time.Millisecond)
	}
}

var kb1 = &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{{tgbotapi.NewInlineKeyboardButtonData("x", "y")}}}

func TestOutboxCoalescesAndKeepsOrder(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, sent := newTestOutbox(m)
	const chat = -1
	release := make(chan struct{})
	m.hold = release
	o.Put(chat, "t", 0, "v1", kb1) // taken by the worker, held on the wire
	for !o.busyWith(chat) {
		time.Sleep(time.Millisecond)
	}
	o.Put(chat, "t", 0, "v2", kb1)
	o.Send(chat, "reply", nil)
	o.Put(chat, "t", 0, "v3", kb1)
	o.Put(chat, "t", 0, "v4", kb1)
	close(release)
	waitIdle(t, o)
	// The reply goes before the waiting edit (a new message that is no
	// slot's is not held behind edits), which merged into the latest.
	want := []string{"send 1 v1 kb=true", "send 2 reply kb=false", "edit 1 v4 kb=true"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	if !slices.Equal(*sent, []string{"t=1"}) {
		t.Fatalf("onSent %v", *sent)
	}
	// The same content again is not sent: no "message is not modified".
	o.Put(chat, "t", 1, "v4", kb1)
	waitIdle(t, o)
	if got := len(m.log()); got != 3 {
		t.Fatalf("identical edit was sent: %q", m.log())
	}
	// Detach finalizes the message; the slot then starts a new one. The
	// worker waits for the chat's budget until both are queued (without
	// that gate it could take the final text before the next turn came).
	gate := make(chan struct{})
	o.ready = func(int64) time.Time { <-gate; return time.Time{} }
	o.Detach(chat, "t", 1, "final", nil)
	o.Put(chat, "t", 0, "next turn", kb1)
	close(gate)
	waitIdle(t, o)
	// The next turn's message is new: it goes first.
	want = append(want, "send 3 next turn kb=true", "edit 1 final kb=false")
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// A message still waiting to be sent takes the newest content; a turn
// message that is finalized before it was ever sent is sent once, final.
func TestOutboxRetargetsUnsentMessages(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, sent := newTestOutbox(m)
	const chat = -2
	release := make(chan struct{})
	m.hold = release
	o.Send(chat, "blocker", nil)
	for !o.busyWith(chat) {
		time.Sleep(time.Millisecond)
	}
	o.Put(chat, "lobby", 0, "a", kb1)
	o.Put(chat, "lobby", 0, "b", kb1)
	o.Put(chat, "turn1", 0, "t1", kb1)
	o.Detach(chat, "turn1", 0, "t1 closed", nil)
	o.Put(chat, "turn1", 0, "t2", kb1)
	close(release)
	waitIdle(t, o)
	want := []string{"send 1 blocker kb=false", "send 2 b kb=true", "send 3 t1 closed kb=false", "send 4 t2 kb=true"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	// The detached message's id is not reported: the record points to t2.
	if !slices.Equal(*sent, []string{"lobby=2", "turn1=4"}) {
		t.Fatalf("onSent %v", *sent)
	}
}

func TestOutboxGoneMessageIsSentAgain(t *testing.T) {
	t.Parallel()
	m := &recMessenger{gone: map[int]bool{7: true}}
	o, sent := newTestOutbox(m)
	o.Put(-3, "t", 7, "turn", kb1)
	o.Detach(-3, "old", 7, "closed", nil) // a closed turn's message that is gone stays gone
	waitIdle(t, o)
	if got, want := m.log(), []string{"send 1 turn kb=true"}; !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	if !slices.Equal(*sent, []string{"t=1"}) {
		t.Fatalf("onSent %v", *sent)
	}
}

func TestOutboxPausedChatSendsNothing(t *testing.T) {
	t.Parallel()
	m := &recMessenger{err: fmt.Errorf("test: %w", telegram.ErrForbidden)}
	o, _ := newTestOutbox(m)
	var forbidden []int64
	o.onForbidden = func(chat int64) { forbidden = append(forbidden, chat) }
	o.Send(-4, "a", nil)
	waitIdle(t, o)
	m.mu.Lock()
	m.err = nil
	m.mu.Unlock()
	o.Send(-4, "b", nil)
	o.Put(-4, "t", 0, "c", nil)
	waitIdle(t, o)
	if len(m.log()) != 0 || !slices.Equal(forbidden, []int64{-4}) {
		t.Fatalf("calls %q, forbidden %v", m.log(), forbidden)
	}
	o.Resume(-4)
	o.Send(-4, "d", nil)
	waitIdle(t, o)
	if got := m.log(); !slices.Equal(got, []string{"send 1 d kb=false"}) {
		t.Fatalf("after resume: %q", got)
	}
}

// busyWith reports whether chat's worker has taken everything queued.
func (o *Outbox) busyWith(chat int64) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chats[chat]
	return c != nil && c.running && len(c.queue) == 0
}
