package chattest_test

import (
	"context"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestMain hosts the fake kind beside the real ones, then runs the tests
// bottest.Parallel at a time.
func TestMain(m *testing.M) {
	bot.RegisterKind(fakekind.Name, fakekind.Editions, fakekind.Ops, func(h kit.Host) bot.Kind { return fakekind.New(h) })
	bottest.Main(m)
}

// harness is a bot hosting the fake kind, on a fake clock, for two people
// (Alice and Богдан); the chat is in English with options o; tune, if
// any, changes the bot's configuration before it starts.
type harness struct {
	*bottest.Harness
	bot   bot.Hooks
	clock *bottest.Clock
}

func newHarness(t *testing.T, o kit.ChatOptions) *harness {
	t.Helper()
	return newHarnessWith(t, o, nil)
}

func newHarnessWith(t *testing.T, o kit.ChatOptions, tune func(*bot.AppConfig)) *harness {
	t.Helper()
	h := &harness{clock: bottest.NewClock(time.Unix(1_800_000_000, 0))}
	h.Harness = bottest.New(t, func(ctx context.Context, api bottest.Endpoint, db string, ready func(bottest.App)) error {
		cfg := bot.TestConfig(api.URL, db, bottest.Catalog(t))
		cfg.Now = h.clock.Now
		cfg.Ready = func(b *bot.Bot) { h.bot = bot.TestHooks(b); ready(h.bot) }
		if tune != nil {
			tune(&cfg)
		}
		cfg.Client.Transport = api.Transport // after tune, which may replace Client
		return bot.Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: bot.OpJoin, Start: bot.OpStart, Cancel: bot.OpCancel, CancelYes: bot.OpCancelYes,
		More: bot.OpLobbyMore, AddComputer: bot.OpAddComputer}
	h.Users = h.Users[:2]
	o.Edition = fakekind.Name
	h.PutSettings(kit.Settings{Lang: "en", Options: o})
	return h
}

// startGame opens a lobby of the fake kind, seats both people and starts.
func (h *harness) startGame() *kit.Record {
	h.T.Helper()
	h.StartGame()
	rec := h.Record()
	if rec.Kind != fakekind.Name {
		h.T.Fatalf("the game is of kind %q, want the fake", rec.Kind)
	}
	return rec
}

// win has the first seat press 🏆.
func (h *harness) win() {
	h.T.Helper()
	h.MustPress(h.Users[0], fakekind.OpWin)
	if rec := h.Record(); rec != nil {
		h.T.Fatalf("the game goes on after 🏆: %+v", rec)
	}
}

// decider is the one the game waits for: the first seat.
func (h *harness) decider() fakeapi.User {
	h.T.Helper()
	return h.UserOf(h.Record(), 0)
}

// revision is the revision of chat's game (0: none).
func (h *harness) revision(chat int64) uint64 {
	rec, _ := h.bot.Snapshot(chat)
	if rec == nil {
		return 0
	}
	return rec.Rev
}

// pressIn has the decider press chat's newest op on a message it still
// shows.
func (h *harness) pressIn(chat int64, op kit.Op) {
	h.T.Helper()
	msg, data, ok := h.ButtonIn(chat, op)
	if !ok {
		h.T.Fatalf("chat %d: no %q button", chat, op)
	}
	rec, _ := h.bot.Snapshot(chat)
	if rec == nil {
		h.T.Fatalf("chat %d: no game", chat)
	}
	h.API.PushCallback(chat, msg, h.UserOf(rec, 0), data)
	h.Settle()
}

// t is the bot's text id in English.
func (h *harness) t(id string, data map[string]any) string { return h.bot.Catalog().T("en", id, data) }

// stats are user's statistics in the chat.
func (h *harness) stats(user int64) (here stats.PlayerStats) {
	_ = h.bot.Store().View(func(tx *storage.Tx) error {
		here, _, _, _ = bot.ReadStats(tx, bottest.Chat, user)
		return nil
	})
	return here
}
