package deal_test

import (
	"context"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal/dealtest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// These tests play Monopoly Deal through the whole bot (bot/bottest),
// by the names their packages give them.

// TestMain runs the tests bottest.Parallel at a time: they mostly wait.
func TestMain(m *testing.M) { bottest.Main(m) }

// TestHelperProcess is the bot as a child process of the tests that kill
// it; it does nothing in a normal test run.
func TestHelperProcess(t *testing.T) {
	bottest.RunChild(t, func(ctx context.Context, env bottest.ChildEnv) error {
		return bot.Run(ctx, bot.ChildConfig(env.Endpoint, env.DB, env.TelegramSpeed, env.TimerTick))
	})
}

const (
	testChat  = bottest.Chat
	superChat = bottest.SuperChat
)

var (
	pageEdition = bot.SettingsPage("edition")
	pageRules   = bot.SettingsPage("rules")
)

// harness runs the whole bot against the fake Bot API (bottest.Harness),
// played at Deal (dealtest.Deal); bot is the running bot.
type harness struct {
	dealtest.Deal
	bot bot.Hooks
}

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*bot.AppConfig)) *harness {
	h := &harness{}
	h.Harness = bottest.New(t, func(ctx context.Context, api bottest.Endpoint, db string, ready func(bottest.App)) error {
		cfg := bot.TestConfig(api.URL, db, bottest.Catalog(t))
		cfg.Seed = func() uint64 { return seed }
		if rules != nil {
			board.SetRules(&cfg.Defaults, rules)
		}
		cfg.Ready = func(b *bot.Bot) { h.bot = bot.TestHooks(b); ready(h.bot) }
		if tune != nil {
			tune(&cfg)
		}
		cfg.Client.Transport = api.Transport // after tune, which may replace Client
		return bot.Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: bot.OpJoin, Start: bot.OpStart, Cancel: bot.OpCancel, CancelYes: bot.OpCancelYes, More: bot.OpLobbyMore}
	return h
}

// newClockHarness runs the bot with a fake clock and the chat's options
// set before the game is created.
func newClockHarness(t *testing.T, opts kit.ChatOptions) (*harness, *bottest.Clock) {
	t.Helper()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 42, nil, func(c *bot.AppConfig) { c.AuctionSilence = 0; c.Now = clock.Now })
	h.PutSettings(kit.Settings{Lang: "en", Options: opts})
	return h, clock
}

// namedHarness seats the three edge names (bottest.EdgeUsers) in a
// classic game.
func namedHarness(t *testing.T) *harness {
	h := newHarness(t, 7, nil)
	h.Users = bottest.EdgeUsers()
	return h
}

func (h *harness) stats(user int64) (here, all bot.PlayerStats) {
	_ = h.bot.Store().View(func(tx *storage.Tx) error {
		here, all, _, _ = bot.ReadStats(tx, testChat, user)
		return nil
	})
	return
}
