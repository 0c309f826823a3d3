package bot

import (
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/migrate"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/bot/publish"
	"github.com/monopoly-tg/monopoly-bot/bot/reach"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// New assembles the game layer: the commit path and the outbox, each told
// through its hooks what the chat layer adds, and the kinds of game.
func New(store *storage.Store, tg Messenger, cat *locales.Catalog, cfg Config) *Bot {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Presses == (telegram.Rate{}) {
		cfg.Presses = telegram.Rate{N: 4, Per: time.Second}
	}
	b := &Bot{store: store, cat: cat, cfg: cfg, log: cfg.Logger}
	b.reach = reach.New(reachHost{b}, cat, cfg.Username, cfg.Logger)
	tg = b.reach.Guard(tg) // private messages only to people who can receive them
	b.tg = tg
	b.migration = migrate.New(store, cat, migrationHost{b})
	b.presses = newPressLimiter(cfg.Presses)
	// A panic in what runs apart from an update is logged, not fatal (recover.go).
	guard := func(chat int64, what string, fn func()) bool { return survive(cfg.Logger, chat, what, fn) }
	// The outbox and the commit path call the publisher (bot/publish),
	// made once both exist.
	b.out = publish.KitOutbox{Outbox: outbox.New(tg, outbox.Options{Logger: cfg.Logger, CarryWithin: cfg.CarryOver,
		OnSent: sentIDs{b}.onSent, OnMigrate: b.migration.Move, // slots.go
		OnForbidden: func(chat int64) { b.publisher.OnForbidden(chat) },
		OnKept:      func(chat int64, seq uint64) { b.publisher.Forget(chat, seq) }})}
	b.timers = timers.New(timers.Options{Store: store, Cat: cat, Now: cfg.Now, Logger: cfg.Logger,
		AuctionSilence: cfg.AuctionSilence, Host: timerHost{b}, Out: b.out, // bot/deadline.go
		Survive: guard})
	b.commit = commit.New(store, commit.Options{Now: cfg.Now, Logger: cfg.Logger, CachedRecords: cfg.CachedRecords,
		Offset:     b.offsetOf,
		Rearm:      b.timers.Rearm, // the timer entry (bot/timers)
		ActingSeat: timers.ActingSeat,
		Restamp:    restamp,         // the index of recent changes (restore.go)
		GameEnd:    b.recordGameEnd, // statistics (stats.go)
		// The messages a change keeps until delivered (bot/publish/kept.go).
		Owed: func(c *kit.Change) ([]commit.Owed, error) { return b.publisher.Owed(c) },
	})
	b.publisher = publish.New(publishHost{b}, publish.Options{Out: b.out.Outbox, Commit: b.commit, Store: store, Telegram: tg,
		Logger: cfg.Logger, Survive: guard})
	b.kinds = registry.New(registry.Registered(), registry.Deps{Host: kindHost{b}, Out: b.out, Cat: cat,
		Now: cfg.Now, Username: cfg.Username, Logger: cfg.Logger, Defaults: cfg.Defaults})
	return b
}

// offsetOf is the getUpdates offset that holds once updateID is handled
// (0: none known), stored by the change with its update.
func (b *Bot) offsetOf(updateID int) int {
	if b.offsetWith == nil {
		return 0
	}
	return b.offsetWith(updateID)
}
