package board_test

import (
	"context"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/boardtest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// These tests play the board games through the whole bot (bot/bottest),
// by the names their packages give them.

// TestMain runs the tests bottest.Parallel at a time: they mostly wait.
func TestMain(m *testing.M) { bottest.Main(m) }

const (
	testChat  = bottest.Chat
	superChat = bottest.SuperChat
)

// boardOf is the board games' kind of the harness's bot.
func boardOf(h *harness) *board.Kind { return h.bot.board }

// harness runs the whole bot against the fake Bot API (bottest.Harness),
// played at the board games (boardtest.Board); bot is the running bot.
type harness struct {
	boardtest.Board
	bot *testBot
}

// testBot is the running bot with what these tests read of it.
type testBot struct {
	bot.Hooks
	board *board.Kind
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
		cfg.Ready = func(b *bot.Bot) {
			hk := bot.TestHooks(b)
			h.bot = &testBot{Hooks: hk, board: hk.KindNamed(board.Name).(*board.Kind)}
			ready(hk)
		}
		if tune != nil {
			tune(&cfg)
		}
		cfg.Client.Transport = api.Transport // after tune, which may replace Client
		return bot.Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: bot.OpJoin, Start: bot.OpStart, Cancel: bot.OpCancel, CancelYes: bot.OpCancelYes, More: bot.OpLobbyMore, AddComputer: bot.OpAddComputer}
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

// computerDue says whether the game waits for a computer's move.
func (h *harness) computerDue(rec *kit.Record) bool {
	return rec != nil && board.Of(rec).Game != nil && h.bot.KindOf(rec).Pending(rec).Computer
}

// composeOffer starts a game in which the current player X has composed,
// not yet sent, an offer of Mediterranean Avenue to the next seat Y for $10.
func composeOffer(t *testing.T) (*harness, boardtest.OfferParties) {
	h := newHarness(t, 7, nil)
	return h, h.ComposeOffer()
}
