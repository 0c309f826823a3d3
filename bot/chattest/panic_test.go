package chattest_test

import (
	"bytes"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

const brokenChat int64 = -1004321

// plantBrokenGame stores, for brokenChat, a record that decodes but that no
// code expects — a running game of no kind, changed just now and due on
// its timer — as a bug of an older version or a damaged write could leave
// it.
func plantBrokenGame(t *testing.T, store *storage.Store, now time.Time) {
	t.Helper()
	data := []byte(`{"id":77,"rev":3,"status":"playing","kind":"","edition":"classic","seats":[{"user":11,"name":"A"},{"user":22,"name":"B"}],` +
		`"created":` + strconv.FormatInt(now.UnixMilli(), 10) + `,"updated":` + strconv.FormatInt(now.UnixMilli(), 10) + `}`)
	if _, err := kit.DecodeRecord(data); err != nil {
		t.Fatalf("the planted record does not even decode: %v", err)
	}
	err := store.Update(func(tx *storage.Tx) error {
		if err := tx.PutGame(brokenChat, data); err != nil {
			return err
		}
		if err := tx.MarkRecent(brokenChat, now.UnixMilli()); err != nil {
			return err
		}
		return tx.PutTimer(now.Add(-time.Second).UnixMilli(), brokenChat)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// syncBuffer is a log the bot's goroutines write at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestBrokenRecordDoesNotStopTheBot: a record that makes the code panic is
// logged with its chat and skipped — at start (Restore), on its timer —
// while every other chat is served: the bot starts, restarts, and a game
// in another chat plays on.
func TestBrokenRecordDoesNotStopTheBot(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	h := newHarnessWith(t, kit.ChatOptions{}, func(cfg *bot.AppConfig) {
		cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelError}))
	})
	h.startGame()
	h.Stop()
	store, err := storage.Open(h.DB, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	plantBrokenGame(t, store, time.Now())
	store.Close()
	for range 2 {
		h.Start()
		h.TimerPass() // the broken chat's timer runs
		before := h.revision(bottest.Chat)
		h.MustPress(h.decider(), fakekind.OpPass)
		if h.revision(bottest.Chat) == before {
			t.Fatal("the healthy game did not move")
		}
		h.Stop()
	}
	l := logs.String()
	if !strings.Contains(l, "chat="+strconv.FormatInt(brokenChat, 10)) || !strings.Contains(l, "panic") {
		t.Errorf("the broken chat's panic was not logged with its chat id:\n%s", l)
	}
}
