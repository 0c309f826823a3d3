package chattest_test

import (
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

const brokenChat int64 = -1004321

// TestBrokenRecordDoesNotStopTheBot: a record that makes the code panic is
// logged with its chat and skipped — at start (Restore), on its timer —
// while every other chat is served: the bot starts, restarts, and a game
// in another chat plays on.
func TestBrokenRecordDoesNotStopTheBot(t *testing.T) {
	t.Parallel()
	var logs bottest.SyncBuffer
	h := newHarnessWith(t, kit.ChatOptions{}, func(cfg *bot.AppConfig) {
		cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelError}))
	})
	h.startGame()
	h.Stop()
	store, err := storage.Open(h.DB, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	bottest.PlantBrokenGame(t, store, brokenChat, time.Now(), "")
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
