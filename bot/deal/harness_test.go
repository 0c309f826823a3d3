package deal_test

import (
	"context"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/deal/dealtest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// These tests play Monopoly Deal through the whole bot (bot/bottest),
// under the names they had when they were the chat layer's.

// TestMain runs the tests bottest.Parallel at a time: they mostly wait.
func TestMain(m *testing.M) { bottest.Main(m) }

// TestHelperProcess is the bot as a child process of the tests that kill
// it; it does nothing in a normal test run.
func TestHelperProcess(t *testing.T) {
	bottest.RunChild(t, func(ctx context.Context, endpoint, db string, telegramLimits bool) error {
		return bot.Run(ctx, bot.ChildConfig(endpoint, db, telegramLimits))
	})
}

const (
	testChat  = bottest.Chat
	superChat = bottest.SuperChat
)

type (
	Record      = kit.Record
	Settings    = kit.Settings
	ChatOptions = kit.ChatOptions
	Pace        = kit.Pace
	Op          = kit.Op
	PlayerStats = bot.PlayerStats
	AppConfig   = bot.AppConfig
	fakeClock   = bottest.Clock
	archived    = bottest.ArchivedGame
)

const (
	StatusPlaying = kit.StatusPlaying
	PaceLive      = kit.PaceLive
	PaceRelaxed   = kit.PaceRelaxed
	PaceAsync     = kit.PaceAsync

	OpJoin        = bot.OpJoin
	OpStart       = bot.OpStart
	OpAddComputer = bot.OpAddComputer
	OpSetRule     = bot.OpSetRule
	OpSetView     = bot.OpSetView
	OpSetEdition  = bot.OpSetEdition
	OpRematch     = bot.OpRematch
	OpEndGameYes  = bot.OpEndGameYes
	OpCancel      = bot.OpCancel
	OpCancelYes   = bot.OpCancelYes
	OpLobbyMore   = bot.OpLobbyMore
)

var (
	Paces       = kit.Paces
	Editions    = bot.Editions
	pageEdition = bot.SettingsPage("edition")
	pageRules   = bot.SettingsPage("rules")

	putJSON       = bottest.PutJSON
	loggedActions = bottest.LoggedActions
	loadStats     = bot.ReadStats
)

// harness runs the whole bot against the fake Bot API (bottest.Harness).
type harness struct {
	*bottest.Harness
	t     testing.TB
	api   *fakeapi.Server
	db    string
	bot   *testBot
	users []fakeapi.User
}

// testBot is the running bot with what these tests read of it.
type testBot struct {
	bot.Hooks
	cat   *locales.Catalog
	store *storage.Store
	kinds map[string]bot.Kind
}

func (b *testBot) kindOf(rec *Record) bot.Kind { return b.KindOf(rec) }

func newHarness(t testing.TB, seed uint64, rules *engine.Rules) *harness {
	return newHarnessWith(t, seed, rules, nil)
}

func newHarnessWith(t testing.TB, seed uint64, rules *engine.Rules, tune func(*AppConfig)) *harness {
	h := &harness{t: t}
	h.Harness = bottest.New(t, func(ctx context.Context, endpoint, db string, ready func(bottest.App)) error {
		cfg := bot.TestConfig(endpoint, db, bottest.Catalog(t))
		cfg.Seed = func() uint64 { return seed }
		if rules != nil {
			board.SetRules(&cfg.Defaults, rules)
		}
		cfg.Ready = func(b *bot.Bot) {
			hk := bot.TestHooks(b)
			h.bot = &testBot{Hooks: hk, cat: hk.Catalog(), store: hk.Store(), kinds: map[string]bot.Kind{deal.Name: hk.KindNamed(deal.Name)}}
			ready(hk)
		}
		if tune != nil {
			tune(&cfg)
		}
		return bot.Run(ctx, cfg)
	})
	h.Lobby = bottest.LobbyOps{Join: OpJoin, Start: OpStart, Cancel: OpCancel, CancelYes: OpCancelYes, More: OpLobbyMore}
	h.api, h.db, h.users = h.API, h.DB, h.Users
	return h
}

// newClockHarness runs the bot with a fake clock and the chat's options
// set before the game is created.
func newClockHarness(t *testing.T, opts ChatOptions) (*harness, *fakeClock) {
	t.Helper()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.AuctionSilence = 0; c.Now = clock.Now })
	err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, Settings{Lang: "en", Options: opts})
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, clock
}

// namedHarness seats the three edge names (bottest.EdgeUsers) in a
// classic game.
func namedHarness(t *testing.T) *harness {
	h := newHarness(t, 7, nil)
	h.users = bottest.EdgeUsers()
	return h
}

func (h *harness) start()     { h.Start() }
func (h *harness) stop()      { h.Stop() }
func (h *harness) settle()    { h.t.Helper(); h.Settle() }
func (h *harness) timerPass() { h.t.Helper(); h.TimerPass() }
func (h *harness) record() *Record {
	h.t.Helper()
	return h.Record()
}
func (h *harness) say(u fakeapi.User, text string)            { h.Say(u, text) }
func (h *harness) press(u fakeapi.User, msg int, data string) { h.Press(u, msg, data) }
func (h *harness) findButton(op Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	return h.FindButton(op, arg, anyArg)
}
func (h *harness) findButtonIn(chat int64, op Op, arg int, anyArg bool) (msg int, data string, ok bool) {
	return h.FindButtonIn(chat, op, arg, anyArg)
}
func (h *harness) mustPress(u fakeapi.User, op Op) { h.t.Helper(); h.MustPress(u, op) }
func (h *harness) userOf(rec *Record, p engine.PlayerID) fakeapi.User {
	h.t.Helper()
	return h.UserOf(h.users, rec, int(p))
}
func (h *harness) findMsg(chat int64, id int) *fakeapi.Message { return h.FindMessage(chat, id) }
func (h *harness) lastAnswer() fakeapi.CallbackAnswer          { h.t.Helper(); return h.LastAnswer() }
func (h *harness) archivedRecord() *Record                     { h.t.Helper(); return h.ArchivedRecord() }
func (h *harness) editRecord(edit func(rec *Record))           { h.t.Helper(); h.EditRecord(edit) }
func (h *harness) chatSettings() Settings                      { return h.bot.ChatSettings(testChat) }
func (h *harness) settings(chat int64) Settings                { return h.bot.ChatSettings(chat) }
func (h *harness) cancelLobby(u fakeapi.User)                  { h.t.Helper(); h.CancelLobby(u) }
func (h *harness) message(id int) fakeapi.Message              { h.t.Helper(); return h.Message(id) }
func (h *harness) mentions(user int64, text string) int        { return h.Mentions(user, text) }
func (h *harness) waitRecord(what string, cond func(*Record) bool) *Record {
	h.t.Helper()
	return h.WaitRecord(what, cond)
}

// pressSetting presses the newest settings button with op and arg.
func (h *harness) pressSetting(u fakeapi.User, op Op, arg int) {
	h.t.Helper()
	msg, data, ok := h.findButton(op, arg, false)
	if !ok {
		h.t.Fatalf("no settings button %q:%d on screen", op, arg)
	}
	h.press(u, msg, data)
}

func (h *harness) stats(user int64) (here, all PlayerStats) {
	_ = h.bot.store.View(func(tx *storage.Tx) error {
		here, all, _, _ = loadStats(tx, testChat, user)
		return nil
	})
	return
}

// startDeal starts a game of Monopoly Deal in lang and opens every hand;
// dealStep makes one move through the hands; handPress presses a button
// of u's hand.
func (h *harness) startDeal(lang string) { h.t.Helper(); dealtest.Start(h.Harness, h.users, lang) }
func (h *harness) dealStep() bool        { h.t.Helper(); return dealtest.Step(h.Harness, h.users) }
func (h *harness) handPress(u fakeapi.User, op Op, arg int) {
	h.t.Helper()
	dealtest.HandPress(h.Harness, u, op, arg)
}

type foundButton struct {
	msg  int
	data string
}

func lastButton(api *fakeapi.Server, op Op) (foundButton, bool) {
	msg, data, ok := bottest.LastButton(api, op)
	return foundButton{msg, data}, ok
}
