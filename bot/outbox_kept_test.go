package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// pendingCount is how many kept messages the database holds.
func pendingCount(t *testing.T, store *storage.Store) int {
	t.Helper()
	n := 0
	err := store.View(func(tx *storage.Tx) error {
		return tx.ForEachPending(func(int64, uint64, []byte) error { n++; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// messagesWith counts chat's messages containing part.
func messagesWith(api *fakeapi.Server, chat int64, part string) int {
	n := 0
	for _, m := range api.Messages(chat) {
		if strings.Contains(m.Text, part) {
			n++
		}
	}
	return n
}

// TestKeptMessageSurvivesAStop: /endgame's standings wait for the chat's
// budget (a 429 with retry after 2 s) when the bot stops; they are in the
// database, the next start sends them once, within the ban's remains, and
// then forgets them. An informational answer (/help) is not kept.
func TestKeptMessageSurvivesAStop(t *testing.T) {
	h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) { cfg.ShutdownTimeout = 200 * time.Millisecond })
	h.startGame()
	h.say(h.users[0], "/endgame")
	msg, data, ok := h.buttonIn(testChat, OpEndGameYes)
	if !ok {
		t.Fatal("no confirmation button")
	}
	h.api.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 2})
	update := h.api.PushCallback(testChat, msg, h.users[0], data)
	if !h.api.WaitFor(func() bool { _, ok := h.answerTo(update); return ok }, 5*time.Second) {
		t.Fatal("the confirmation was not answered")
	}
	if n := pendingCount(t, h.bot.store); n != 1 {
		t.Fatalf("%d kept messages after /endgame, want its standings", n)
	}
	h.stop()
	done := h.bot.cat.T("en", "standings_title", nil)
	if n := messagesWith(h.api, testChat, done); n != 0 {
		t.Fatalf("the standings went out before the stop (%d), the test proves nothing", n)
	}
	h.start()
	h.settle()
	if n := messagesWith(h.api, testChat, done); n != 1 {
		t.Fatalf("the standings arrived %d times after the restart, want once", n)
	}
	if n := pendingCount(t, h.bot.store); n != 0 {
		t.Fatalf("%d kept messages left after delivery", n)
	}

	h.api.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 1})
	update = h.api.PushMessage(testChat, h.users[0], "/help")
	if !h.api.WaitFor(func() bool { return h.api.Pending() == 0 }, 5*time.Second) {
		t.Fatal("/help was not handled")
	}
	if n := pendingCount(t, h.bot.store); n != 0 {
		t.Fatalf("/help's answer was kept (%d), it moves no game", n)
	}
	h.settle()
}
