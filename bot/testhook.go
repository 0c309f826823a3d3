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

// Idle reports that nothing the bot set off is in flight: the restore of
// its start is over, no call made apart from a change (detach) runs, and
// the outbox has delivered everything.
func (b *Bot) Idle() bool {
	return !b.restoring.Load() && b.publisher.Detached() == 0 && b.out.Idle()
}

// Catalog is the bot's message catalog.
func (b *Bot) Catalog() *locales.Catalog { return b.cat }

// Store is the bot's database.
func (b *Bot) Store() *storage.Store { return b.store }

// KindNamed is the hosted kind of game called name (nil if none).
func (b *Bot) KindNamed(name string) Kind { return b.kinds.Named(name) }

// KindOf is the kind of rec's game.
func (b *Bot) KindOf(rec *Record) Kind { return b.kinds.Of(rec) }

// ChatLang is the language of an answer to a person of userLang in chat;
// with no userLang, the chat's own.
func (b *Bot) ChatLang(chat int64, userLang string) string { return b.chatLang(chat, userLang) }

// LockChat takes chat's lock, as a change does, and returns its release:
// a test that writes a record behind the bot's back holds it meanwhile.
func (b *Bot) LockChat(chat int64) (unlock func()) { return b.lock(chat) }

// ChangeAndShow changes chat's state with fn under the lock the caller
// already holds (LockChat), as an update without an id would, and queues
// what the change shows.
func (b *Bot) ChangeAndShow(chat int64, fn func(c *chatState) error) error {
	st, err := b.change(chat, 0, fn)
	b.finish(context.Background(), st, err, "")
	return err
}

// ChatSettings is chat's stored settings, as the bot reads them.
func (b *Bot) ChatSettings(chat int64) Settings {
	var s Settings
	_ = b.store.View(func(tx *storage.Tx) error { s = b.loadSettings(tx, chat); return nil })
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

// ChildConfig is the bot of a test that kills it (bottest.StartChild):
// TestConfig without the shared catalog or a fast timer tick, its games
// seeded 42, with Telegram's own limits if telegramLimits.
func ChildConfig(endpoint, db string, telegramLimits bool) AppConfig {
	cfg := TestConfig(endpoint, db, nil)
	cfg.Token, cfg.NoSync, cfg.TimerTick, cfg.CarryOver = "123:child", false, 0, 0
	cfg.Seed = func() uint64 { return 42 }
	if telegramLimits {
		cfg.Client = telegram.ClientOptions{} // Telegram's own limits
	}
	return cfg
}

// RegisterKind adds a kind of game to the registry (bot/registry) for the
// tests of one test binary (bot/chattest's fake kind): every Bot made
// after it hosts the kind, /settings lists its editions and the codec
// knows its ops. Call it from TestMain, before any Bot is made; the bot
// itself never calls it.
func RegisterKind(name string, editions func() []string, ops map[Op]OpShape, make func(kit.Host) Kind) {
	for op, sh := range ops {
		if _, host := hostOps[op]; host {
			panic("bot: a kind's op takes a host op's letters: " + string(op))
		}
		kit.RegisterOp(op, sh)
	}
	registry.Register(registry.Entry{Name: name, Editions: editions, Ops: ops, Make: func(d registry.Deps) Kind { return make(d.Host) }})
}
