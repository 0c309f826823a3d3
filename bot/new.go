package bot

import (
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/migrate"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
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
	b.out = kitOutbox{outbox.New(tg, outbox.Options{Logger: cfg.Logger, CarryWithin: cfg.CarryOver,
		OnSent: b.onSent, OnMigrate: b.migration.Move, OnForbidden: b.onForbidden, OnKept: b.forgetKept})}
	b.timers = timers.New(timers.Options{Store: store, Cat: cat, Now: cfg.Now, Logger: cfg.Logger,
		AuctionSilence: cfg.AuctionSilence, Host: timerHost{b}, Out: b.out, // bot/deadline.go
		Survive: func(chat int64, what string, fn func()) bool { return survive(cfg.Logger, chat, what, fn) }})
	b.commit = commit.New(store, commit.Options{Now: cfg.Now, Logger: cfg.Logger, CachedRecords: cfg.CachedRecords,
		Offset:     b.offsetOf,
		Rearm:      b.timers.Rearm, // the timer entry (bot/timers)
		ActingSeat: timers.ActingSeat,
		Restamp:    restamp,         // the index of recent changes (restore.go)
		Owed:       b.owedMessages,  // kept messages (outbox_kept.go)
		GameEnd:    b.recordGameEnd, // statistics (stats.go)
	})
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
