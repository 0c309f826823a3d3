package bot

import (
	"context"
	"io"
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Hooks for the tests of other packages (bot/bottest and the kinds' tests,
// which sit beside their kinds): the settings a test bot runs with, and
// the little of a running bot such a test reads or does. Nothing here is
// used by the bot itself.

// TestConfig is how the tests run a bot: against the fake Bot API at
// endpoint, on the database db, without fsync, logs or Telegram's limits,
// timers checked every 10 ms, auctions that never close by silence, each
// turn its own message (the carry-over has tests of its own).
func TestConfig(endpoint, db string, cat *locales.Catalog) AppConfig {
	return AppConfig{Catalog: cat,
		Token: "123:test", Endpoint: endpoint, DBPath: db, NoSync: true,
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		PollTimeout: time.Second, TimerTick: 10 * time.Millisecond, AuctionSilence: time.Hour,
		Client:    telegram.ClientOptions{Global: telegram.NoLimit, Group: telegram.NoLimit, Private: telegram.NoLimit},
		Presses:   telegram.NoLimit,
		CarryOver: -1,
	}
}

// Hooks is a running bot as the tests of other packages see it
// (bot/bottest's App, the kinds' harnesses): the bot's own methods and the
// little more such a test reads or does. They are a value's of their own,
// not the bot's, so that the bot never calls them.
type Hooks struct{ *Bot }

// TestHooks is b with the hooks of tests.
func TestHooks(b *Bot) Hooks { return Hooks{b} }

// Idle reports that nothing the bot set off is in flight: the restore of
// its start is over, no call made apart from a change (detach) runs, and
// the outbox has delivered everything.
func (h Hooks) Idle() bool {
	b := h.Bot
	return !b.restoring.Load() && b.publisher.Detached() == 0 && b.out.Idle()
}

// Catalog is the bot's message catalog.
func (h Hooks) Catalog() *locales.Catalog { return h.cat }

// Store is the bot's database.
func (h Hooks) Store() *storage.Store { return h.store }

// KindNamed is the hosted kind of game called name (nil if none).
func (h Hooks) KindNamed(name string) Kind { return h.kinds.Named(name) }

// KindOf is the kind of rec's game.
func (h Hooks) KindOf(rec *kit.Record) Kind { return h.kinds.Of(rec) }

// ChatLang is the language of an answer to a person of userLang in chat;
// with no userLang, the chat's own.
func (h Hooks) ChatLang(chat int64, userLang string) string { return h.chatLang(chat, userLang) }

// LockChat takes chat's lock, as a change does, and returns its release:
// a test that writes a record behind the bot's back holds it meanwhile.
func (h Hooks) LockChat(chat int64) (unlock func()) { return h.lock(chat) }

// ChangeAndShow changes chat's state with fn under the lock the caller
// already holds (LockChat), as an update without an id would, and queues
// what the change shows.
func (h Hooks) ChangeAndShow(chat int64, fn func(c *kit.Change) error) error {
	st, err := h.change(chat, 0, fn)
	h.finish(context.Background(), st, err, "")
	return err
}

// ChatSettings is chat's stored settings, as the bot reads them.
func (h Hooks) ChatSettings(chat int64) kit.Settings {
	var s kit.Settings
	_ = h.store.View(func(tx *storage.Tx) error { s = h.loadSettings(tx, chat); return nil })
	return s
}

// ReadStats is a person's statistics in a chat and overall, and whether
// each was stored and readable.
func ReadStats(tx *storage.Tx, chat, user int64) (here, all stats.PlayerStats, okHere, okAll bool) {
	return stats.Load(tx, chat, user)
}

// SettingsPage is the page of /settings called name ("edition", "rules"),
// the argument of OpSetView, for tests that walk the menu; -1 if none.
func SettingsPage(name string) int {
	switch name {
	case "edition":
		return settings.PageEdition
	case "rules":
		return settings.PageRules
	}
	return -1
}

// ChildConfig is the bot of a test that kills it (bottest.Child):
// TestConfig without the shared catalog, its games seeded 42, with
// Telegram's limits at telegramSpeed times their speed (telegram.LimitsAt;
// 1 is Telegram's own) unless it is 0, and its timer ticking every
// timerTick (the production default if 0).
func ChildConfig(endpoint, db string, telegramSpeed int, timerTick time.Duration) AppConfig {
	cfg := TestConfig(endpoint, db, nil)
	cfg.Token, cfg.NoSync, cfg.TimerTick, cfg.CarryOver = "123:child", false, timerTick, 0
	cfg.Seed = func() uint64 { return 42 }
	if telegramSpeed > 0 {
		cfg.Client = telegram.LimitsAt(telegramSpeed)
	}
	return cfg
}

// RegisterKind adds a kind of game to the registry (bot/registry) for the
// tests of one test binary (bot/chattest's fake kind): every Bot made
// after it hosts the kind, /settings lists its editions and the codec
// knows its ops. Call it from TestMain, before any Bot is made; the bot
// itself never calls it.
func RegisterKind(name string, editions func() []string, ops map[kit.Op]kit.OpShape, make func(kit.Host) Kind) {
	for op, sh := range ops {
		if _, host := hostOps[op]; host {
			panic("bot: a kind's op takes a host op's letters: " + string(op))
		}
		kit.RegisterOp(op, sh)
	}
	registry.Register(registry.Entry{Name: name, Editions: editions, Ops: ops, Make: func(d registry.Deps) Kind { return make(d.Host) }})
}
