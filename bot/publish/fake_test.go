package publish

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// The fakes of this package's tests: an outbox that writes down what is
// queued, in order, and a host whose Compose shows what a test says.

// calls is what the fake outbox was asked, one line a call.
type fakeOutbox struct {
	mu    sync.Mutex
	calls []string
	// refuse: PutPrivate finds the person unreachable and calls its
	// undelivered at once, as the guarded outbox does; else delivered.
	refuse bool
}

func (o *fakeOutbox) note(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, fmt.Sprintf(format, args...))
}

func (o *fakeOutbox) lines() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.calls...)
}

// kb is a Telegram keyboard as a test reads it: its buttons' data.
func kb(m *tgbotapi.InlineKeyboardMarkup) string {
	if m == nil {
		return "-"
	}
	var data []string
	for _, row := range m.InlineKeyboard {
		for _, b := range row {
			if b.CallbackData != nil {
				data = append(data, *b.CallbackData)
			}
		}
	}
	return "[" + strings.Join(data, " ") + "]"
}

func (o *fakeOutbox) Send(chat int64, text string, m *tgbotapi.InlineKeyboardMarkup) {
	o.note("send %d %q %s", chat, text, kb(m))
}

func (o *fakeOutbox) SendKept(chat int64, seq uint64, text string, m *tgbotapi.InlineKeyboardMarkup) {
	o.note("kept %d #%d %q %s", chat, seq, text, kb(m))
}

func (o *fakeOutbox) Put(chat int64, slot string, known int, text string, m *tgbotapi.InlineKeyboardMarkup) {
	o.note("put %d %s %d %q %s", chat, slot, known, text, kb(m))
}

func (o *fakeOutbox) PutContent(chat int64, slot string, known int, c outbox.Content, attach, awaited bool) {
	o.note("content %d %s %d %q %s attach=%v awaited=%v", chat, slot, known, c.Text, kb(c.KB), attach, awaited)
}

func (o *fakeOutbox) PutPrivate(user int64, slot string, known int, text string, m *tgbotapi.InlineKeyboardMarkup, awaited bool, delivered, undelivered func()) {
	o.note("private %d %s %d %q %s awaited=%v", user, slot, known, text, kb(m), awaited)
	if o.refuse {
		undelivered()
	} else {
		delivered()
	}
}

func (o *fakeOutbox) Frames(chat int64, slot string, known int, texts []string) {
	o.note("frames %d %s %d %q", chat, slot, known, texts)
}

func (o *fakeOutbox) Remove(chat int64, slot string, known int) {
	o.note("remove %d %s %d", chat, slot, known)
}

func (o *fakeOutbox) Pause(chat int64) { o.note("pause %d", chat) }

// fakeTelegram writes down the answers to presses.
type fakeTelegram struct {
	mu      sync.Mutex
	answers []string
}

func (t *fakeTelegram) AnswerCallback(_ context.Context, id, text string, alert bool) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.answers = append(t.answers, fmt.Sprintf("%s %q alert=%v", id, text, alert))
	return nil
}

// fakeHost is the chat layer of these tests: Compose calls compose (the
// lobby, the kind's Show… of a test), Show adds the game's closing
// message when the game is over, and the rematch keyboard is one button.
type fakeHost struct {
	compose func(c *kit.Change)
	shows   int // how many times Show was asked
}

func (h *fakeHost) Compose(c *kit.Change, _ string) {
	if h.compose != nil {
		h.compose(c)
	}
}

func (h *fakeHost) Show(c *kit.Change, _ string) {
	h.shows++
	if c.GameOver {
		c.Closing = append(c.Closing, kit.Reply{Text: "🏆 standings"})
	}
}

func (h *fakeHost) RematchKeyboard(_ string, rec *kit.Record) *kit.Markup {
	return kit.MarkupOf([][]kit.Button{{{Text: "Rematch", Data: fmt.Sprintf("rematch:%d", rec.ID)}}})
}

// newFake is a Publisher over the fakes; its commit path and store are
// real (a temporary database), for what is kept.
func newFake(t *testing.T, h Host) (*Publisher, *fakeOutbox, *fakeTelegram, *storage.Store) {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "p.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	out, tg := &fakeOutbox{}, &fakeTelegram{}
	p := New(h, Options{Out: out, Commit: commit.New(store, commit.Options{}), Store: store, Telegram: tg})
	return p, out, tg, store
}

// sameLines fails t unless got is want, line by line.
func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("queued:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
