package bot

import (
	"crypto/rand"
	"encoding/binary"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/migrate"
	"github.com/monopoly-tg/monopoly-bot/bot/publish"
	"github.com/monopoly-tg/monopoly-bot/bot/reach"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Config holds what the game layer needs besides its collaborators.
type Config struct {
	// CarryOver: while a group's last message is more recent than this, a
	// turn's next message takes over the closed one (bot/outbox,
	// carryOver); 0: 30 s; negative: only while the chat waits for its
	// budget (tests that follow every message).
	CarryOver time.Duration
	// AuctionSilence, if set, replaces the pace's bid window (the silence
	// that closes an auction) in every game: tests and operators.
	AuctionSilence time.Duration
	// Username is the bot's @username, to recognize /cmd@username.
	Username string
	Now      func() time.Time
	Logger   *slog.Logger
	// Defaults are the operator's options of the kinds (only their parts:
	// the board's rules for chats that chose none, MONOPOLY_* settings).
	Defaults kit.ChatOptions
	// Edition is the edition of chats that never chose one in /settings
	// (MONOPOLY_EDITION); "" is the classic game.
	Edition string
	// Seed, if set, seeds new games (tests); crypto/rand otherwise.
	Seed func() uint64
	// Presses bounds the button presses of one person (4 a second by
	// default; telegram.NoLimit turns it off). Presses over it are answered
	// at once and change nothing.
	Presses telegram.Rate
	// CachedRecords bounds how many decoded game records are kept in
	// memory between changes (bot/commit/cache.go): 0 means 2 048, negative none.
	CachedRecords int
}

// Bot runs games in group chats.
type Bot struct {
	store *storage.Store
	tg    Messenger
	cat   *locales.Catalog
	cfg   Config
	log   *slog.Logger

	// commit is the one way a chat's state changes, with the chats' locks
	// and the record and settings caches (bot/commit; its hooks: new.go).
	commit *commit.Path
	// timers plans and fires the games' deadlines (bot/timers; its host:
	// deadline.go).
	timers *timers.Timers

	out     publish.KitOutbox  // everything sent to chats goes through it (bot/publish/outbox.go)
	presses *pressLimiter      // per-person button throttle
	kinds   *registry.Registry // the kinds of game hosted, with their capabilities (bot/registry)

	// offsetWith, if set (Run: the dispatcher's OffsetWith), is the
	// getUpdates offset that holds once an update is handled: a change
	// stores it with the update, so a quiet bot's update costs one commit,
	// not a second one for the offset.
	offsetWith func(updateID int) int

	// reach is the bot's knowledge of who cannot be written to privately
	// (bot/reach).
	reach *reach.Reach
	// migration moves groups that became supergroups (bot/migrate).
	migration *migrate.Migration

	// publisher shows committed changes (finish) and keeps what their
	// delivery owes (bot/publish; its host: publishhost.go).
	publisher *publish.Publisher

	restoring atomic.Bool // Run's restoreChats has not finished yet (restore.go)
}

// Snapshot returns the stored record of a chat's game (nil if none).
func (b *Bot) Snapshot(chat int64) (*kit.Record, error) { return b.commit.Snapshot(chat) }

func (b *Bot) lock(chat int64) func() { return b.commit.Lock(chat) }

// loadSettings reads a chat's settings in tx, decoded once rather than at
// every press (bot/commit/cache.go).
func (b *Bot) loadSettings(tx *storage.Tx, chat int64) kit.Settings {
	return b.commit.Settings(tx, chat)
}

// change is the one way a chat's state changes (commit.Path.Change): the
// caller holds the chat's lock, and fn may run more than once, so it must
// have no side effects: what to show afterwards goes into c.
func (b *Bot) change(chat int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return b.commit.Change(chat, updateID, fn)
}

// changeVia is change for an update that arrived in another chat, via
// (commit.Path.ChangeVia): a person's private chat with the bot.
func (b *Bot) changeVia(chat, via int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return b.commit.ChangeVia(chat, via, updateID, fn)
}

// changeWith is changeVia; discard says the caller drops the change's
// state once it is stored (commit.Path.ChangeWith).
func (b *Bot) changeWith(chat, via int64, updateID int, fn func(c *kit.Change) error, discard bool) (*kit.Change, error) {
	return b.commit.ChangeWith(chat, via, updateID, fn, discard)
}

func randomID() uint64 {
	var buf [8]byte
	if _, err := rand.Read(buf[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return binary.LittleEndian.Uint64(buf[:]) >> 12 // shorter callback data
}

// seed seeds a new game: Config.Seed (tests) or crypto/rand.
func (b *Bot) seed() uint64 {
	if b.cfg.Seed != nil {
		return b.cfg.Seed()
	}
	return randomID()
}
