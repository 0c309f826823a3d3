package reach

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// fakeHost keeps people's reach in a map and runs detached calls at once.
type fakeHost struct {
	mu     sync.Mutex
	stored map[int64]*kit.Reach
	sent   []string // groups' messages, as "chat: text"
}

func (h *fakeHost) Stored(user int64) *kit.Reach {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.stored[user]
}

func (h *fakeHost) Change(user int64, fn func(*kit.Reach) (*kit.Reach, bool)) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if next, changed := fn(h.stored[user]); changed {
		h.stored[user] = next
	}
	return nil
}

func (h *fakeHost) Detach(_ int64, fn func()) { fn() }
func (h *fakeHost) Now() time.Time            { return time.UnixMilli(5000) }
func (h *fakeHost) Send(chat int64, text string, kb *kit.Markup) {
	h.sent = append(h.sent, text)
}

// refusing answers every Send with err.
type refusing struct {
	err   error
	calls int
}

func (m *refusing) Send(context.Context, int64, string, *tgbotapi.InlineKeyboardMarkup) (int, error) {
	m.calls++
	return 0, m.err
}
func (m *refusing) Edit(context.Context, int64, int, string, *tgbotapi.InlineKeyboardMarkup) error {
	m.calls++
	return m.err
}
func (m *refusing) AnswerCallback(context.Context, string, string, bool) error { return nil }
func (m *refusing) IsAdmin(context.Context, int64, int64) bool                 { return false }

func newReach(t *testing.T) (*Reach, *fakeHost) {
	t.Helper()
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{stored: map[int64]*kit.Reach{}}
	return New(h, cat, "testbot", slog.New(slog.NewTextHandler(io.Discard, nil))), h
}

func TestGuardRemembersARefusedPerson(t *testing.T) {
	r, h := newReach(t)
	m := &refusing{err: &tgbotapi.Error{Code: 403, Message: "Forbidden: bot was blocked by the user"}}
	g := r.Guard(m)
	if _, err := g.Send(context.Background(), 7, "hi", nil); !errors.Is(err, ErrUnreachable) {
		t.Fatalf("first send: %v, want ErrUnreachable", err)
	}
	if s := h.Stored(7); s == nil || s.Refused != 5000 {
		t.Fatalf("stored reach %+v, want refused at 5000", s)
	}
	if _, err := g.Send(context.Background(), 7, "again", nil); !errors.Is(err, ErrUnreachable) || m.calls != 1 {
		t.Fatalf("second send: %v after %d calls, want ErrUnreachable without a call", err, m.calls)
	}
	r.Reachable(7)
	if h.Stored(7) != nil || r.Unreachable(7) {
		t.Fatalf("after /start: stored %+v, unreachable %v", h.Stored(7), r.Unreachable(7))
	}
}

func TestGuardPassesOtherErrorsAndGroups(t *testing.T) {
	r, h := newReach(t)
	m := &refusing{err: &tgbotapi.Error{Code: 403, Message: "Forbidden: bot was kicked from the group chat"}}
	g := r.Guard(m)
	if _, err := g.Send(context.Background(), -100, "hi", nil); errors.Is(err, ErrUnreachable) {
		t.Fatal("a group's refusal taken for a person's")
	}
	m.err = &tgbotapi.Error{Code: 403, Message: "Forbidden: user is deactivated"}
	if err := g.Edit(context.Background(), 8, 1, "hi", nil); errors.Is(err, ErrUnreachable) {
		t.Fatal("a deleted account taken for a refusal")
	}
	if r.Unreachable(8) || len(h.stored) != 0 {
		t.Fatalf("remembered %+v after other errors", h.stored)
	}
}

func TestUnreachableReadsStorage(t *testing.T) {
	r, h := newReach(t)
	h.stored[9] = &kit.Reach{Refused: 1}
	m := &refusing{}
	if _, err := r.Guard(m).Send(context.Background(), 9, "hi", nil); !errors.Is(err, ErrUnreachable) || m.calls != 0 {
		t.Fatalf("send to a person stored as refused: %v after %d calls", err, m.calls)
	}
}

func TestTellGroupOnce(t *testing.T) {
	r, h := newReach(t)
	r.TellGroup(-5, 7, "Ann", "en")
	r.TellGroup(-5, 7, "Ann", "en")
	r.TellGroup(3, 7, "Ann", "en") // not a group
	if len(h.sent) != 1 || !strings.Contains(h.sent[0], "Ann") {
		t.Fatalf("groups told %q, want one message naming Ann", h.sent)
	}
	if s := h.Stored(7); s == nil || s.Refused == 0 || len(s.Told) != 1 {
		t.Fatalf("stored %+v, want refused and one group told", s)
	}
	for g := int64(-10); g > -10-maxTold-3; g-- {
		r.TellGroup(g, 7, "Ann", "en")
	}
	if n := len(h.Stored(7).Told); n != maxTold {
		t.Fatalf("%d groups remembered, want at most %d", n, maxTold)
	}
}

func TestGreetedIsStored(t *testing.T) {
	r, h := newReach(t)
	r.Greeted(4)
	if s := h.Stored(4); s == nil || !s.Greeted {
		t.Fatalf("stored %+v, want greeted", s)
	}
}
