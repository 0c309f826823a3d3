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

// hookLog records the hooks an outbox calls (Options), in order.
type hookLog struct {
	mu    sync.Mutex
	calls []string
}

func (h *hookLog) add(format string, args ...any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, fmt.Sprintf(format, args...))
}

func (h *hookLog) log() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.calls)
}

// options are the Options of a test outbox whose every hook writes to h.
func (h *hookLog) options() Options {
	return Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		OnSent:      func(chat int64, slot string, id int) { h.add("sent %d %s=%d", chat, slot, id) },
		OnMigrate:   func(from, to int64) { h.add("migrate %d to %d", from, to) },
		OnForbidden: func(chat int64) { h.add("forbidden %d", chat) },
		OnKept:      func(chat int64, seq uint64) { h.add("kept %d #%d", chat, seq) }}
}

// TestOutboxKeptMessagesAreSettled: a kept message is settled through
// OnKept once delivered, and at once in a paused chat, which drops it;
// a message that is not kept (seq 0) tells nothing.
func TestOutboxKeptMessagesAreSettled(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	h := &hookLog{}
	o := New(m, h.options())
	o.SendKept(-31, 7, "the game is over", nil)
	waitIdle(t, o)
	o.Send(-31, "not kept", nil)
	waitIdle(t, o)
	o.Pause(-32)
	o.SendKept(-32, 8, "owed to a paused chat", nil)
	waitIdle(t, o)
	if got, want := h.log(), []string{"kept -31 #7", "kept -32 #8"}; !slices.Equal(got, want) {
		t.Fatalf("hooks %q, want %q", got, want)
	}
	if got, want := m.log(), []string{"send 1 the game is over kb=false", "send 2 not kept kb=false"}; !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// migratingMessenger answers every call into the group from with
// Telegram's "group upgraded to a supergroup", naming to.
type migratingMessenger struct {
	recMessenger
	from, to int64
	chats    []int64 // the chat of every accepted send
}

func (m *migratingMessenger) Send(ctx context.Context, chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error) {
	if chat == m.from {
		return 0, &telegram.MigratedError{ChatID: m.from, NewChatID: m.to, Err: &tgbotapi.Error{Code: 400, Message: "group chat was upgraded to a supergroup chat"}}
	}
	id, err := m.recMessenger.Send(ctx, chat, text, kb)
	m.mu.Lock()
	m.chats = append(m.chats, chat)
	m.mu.Unlock()
	return id, err
}

// TestOutboxMigrationMovesTheQueue: a group upgraded to a supergroup is
// told through OnMigrate; what was queued for it, a slot's message and a
// plain one, is delivered in the supergroup, in order, and the slot's id
// is reported there.
func TestOutboxMigrationMovesTheQueue(t *testing.T) {
	t.Parallel()
	m := &migratingMessenger{from: -41, to: -1000041}
	h := &hookLog{}
	o := New(m, h.options())
	o.Put(m.from, "turn", 0, "t1", kb1)
	o.Send(m.from, "reply", nil)
	waitIdle(t, o)
	if got, want := h.log(), []string{"migrate -41 to -1000041", "sent -1000041 turn=1"}; !slices.Equal(got, want) {
		t.Fatalf("hooks %q, want %q", got, want)
	}
	if got, want := m.log(), []string{"send 1 t1 kb=true", "send 2 reply kb=false"}; !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	if !slices.Equal(m.chats, []int64{m.to, m.to}) {
		t.Fatalf("sent into %v, want both into the supergroup %d", m.chats, m.to)
	}
	if !o.Holds(m.to, "turn", 1) || o.HasSlot(m.from, "turn") {
		t.Fatal("the slot did not move to the supergroup")
	}
}

// TestOutboxCarryWithinDefault: Options.CarryWithin 0 is the bot's
// default window; a negative one leaves the carry-over to a chat that
// waits for its budget.
func TestOutboxCarryWithinDefault(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ set, want time.Duration }{{0, carryOverWithin}, {-1, -1}, {time.Second, time.Second}} {
		o := New(&recMessenger{}, Options{CarryWithin: c.set})
		if o.carryWithin != c.want {
			t.Errorf("CarryWithin %v: the outbox carries over within %v, want %v", c.set, o.carryWithin, c.want)
		}
	}
}

// TestOutboxPutPrivateTellsItsFate: a private slot's message tells
// whether it reached the person — sent, edited, or already showing the
// content — or not: the person cannot receive it, in which case nothing
// is retried; a content merged into one still queued tells both hooks.
func TestOutboxPutPrivateTellsItsFate(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	h := &hookLog{}
	o := New(m, h.options())
	const user = 51
	tellMe := func(what string) (func(), func()) {
		return func() { h.add("%s delivered", what) }, func() { h.add("%s undelivered", what) }
	}
	d, u := tellMe("new")
	o.PutPrivate(user, "composer", 0, "c1", kb1, true, d, u)
	waitIdle(t, o)
	d, u = tellMe("edit")
	o.PutPrivate(user, "composer", 0, "c2", kb1, true, d, u)
	waitIdle(t, o)
	d, u = tellMe("same")
	o.PutPrivate(user, "composer", 0, "c2", kb1, true, d, u)
	waitIdle(t, o)

	m.mu.Lock()
	m.err = fmt.Errorf("test: %w", ErrUnreachable)
	hold := make(chan struct{})
	m.hold = hold
	m.mu.Unlock()
	o.PutPrivate(user, "other", 0, "held", nil, false, nil, nil) // holds the worker
	d, u = tellMe("first")
	o.PutPrivate(user, "refused", 0, "r1", kb1, true, d, u)
	d, u = tellMe("merged")
	o.PutPrivate(user, "refused", 0, "r2", kb1, true, d, u)
	close(hold)
	waitIdle(t, o)

	want := []string{"sent 51 composer=1", "new delivered", "edit delivered", "same delivered", "first undelivered", "merged undelivered"}
	if got := h.log(); !slices.Equal(got, want) {
		t.Fatalf("hooks %q, want %q", got, want)
	}
	if got, want := m.log(), []string{"send 1 c1 kb=true", "edit 1 c2 kb=true"}; !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	o.Pause(user)
	d, u = tellMe("paused")
	o.PutPrivate(user, "composer", 0, "c3", kb1, true, d, u)
	if got := h.log(); got[len(got)-1] != "paused undelivered" {
		t.Fatalf("a paused private chat: hooks %q", got)
	}
}
