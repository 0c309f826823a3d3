package timers

import (
	"context"
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Host is what the deadlines need of the chat layer.
type Host interface {
	// Lock takes a chat's lock and returns its release.
	Lock(chat int64) func()
	// Change changes a chat's state (the commit path); the caller holds
	// the chat's lock and fn may run more than once.
	Change(chat int64, fn func(c *kit.Change) error) (*kit.Change, error)
	// Finish shows a committed change in its chat.
	Finish(ctx context.Context, c *kit.Change, err error)
	// Kind is the kind of game a record plays.
	Kind(r *kit.Record) Kind
	// LobbyNext is a lobby's next moment; LobbyDue handles it.
	LobbyNext(r *kit.Record) int64
	LobbyDue(c *kit.Change, lang string, now int64)
	// VoidKickVotes ends the votes to kick anyone but seat, the seat the
	// game waits for.
	VoidKickVotes(c *kit.Change, lang string, seat int)
}

// Kind is what the deadlines need of a kind of game.
type Kind interface {
	Pending(r *kit.Record) kit.Pending
	CanResign(r *kit.Record, seat int) bool
	Timeout(c *kit.Change, lang string) bool
	Resign(c *kit.Change, lang string, seat int) bool
	Expire(ctx context.Context, chat int64)
}

// Outbox is the part of the outbox the reminders use.
type Outbox interface {
	Remove(chat int64, slot string, msg int)
	Put(chat int64, slot string, known int, text string, kb *kit.Markup)
}

// Options are what New needs.
type Options struct {
	Store  *storage.Store
	Cat    *locales.Catalog
	Now    func() time.Time
	Logger *slog.Logger
	// AuctionSilence, if set, replaces the pace's bid window.
	AuctionSilence time.Duration
	Host           Host
	Out            Outbox
	// Survive runs the work of one chat, reporting a panic as false.
	Survive func(chat int64, what string, fn func()) bool
}

// Timers plans and fires the games' deadlines.
type Timers struct {
	store *storage.Store
	cat   *locales.Catalog
	now   func() time.Time
	log   *slog.Logger
	bid   time.Duration
	host  Host
	out   Outbox
	safe  func(chat int64, what string, fn func()) bool
}

// New returns the deadlines of the chats in o.Store.
func New(o Options) *Timers {
	return &Timers{store: o.Store, cat: o.Cat, now: o.Now, log: o.Logger, bid: o.AuctionSilence,
		host: o.Host, out: o.Out, safe: o.Survive}
}
