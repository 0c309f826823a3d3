package commit

import (
	"log/slog"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Options are what the chat layer adds inside a commit, as hooks: a nil
// hook adds nothing.
type Options struct {
	Now    func() time.Time // the revision's time (Record.Updated); time.Now if nil
	Logger *slog.Logger     // slog.Default if nil
	// CachedRecords bounds how many decoded records (and settings) are
	// kept in memory between changes (cache.go): 0 means 2 048, negative
	// none.
	CachedRecords int
	// Offset, if set, is the getUpdates offset that holds once updateID is
	// handled (0: none): it is stored with the update, so a quiet bot's
	// update costs one commit, not a second one for the offset.
	Offset func(updateID int) int
	// Rearm re-plans the clock of a change about to be stored and says how
	// the chat's entry in the timer index moves, and whether the clock
	// changed (the record must be stored). human says a person made the
	// change; seat is the seat whose own action it was (-1: none).
	Rearm func(c *kit.Change, human bool, seat int) (TimerMove, bool)
	// ActingSeat reads the seat of a log entry (-1: none).
	ActingSeat func(entry []byte) int
	// Restamp renews a record's stamp in the index of recently changed
	// chats when it is due, and says whether to store the stamp.
	Restamp func(r *kit.Record) bool
	// Owed are the messages a change that stores or ends a game owes its
	// chat, kept in storage with the change until delivered (Keep).
	Owed func(c *kit.Change) ([]Owed, error)
	// GameEnd records a game that ends in the transaction that archives
	// it (the players' statistics).
	GameEnd func(tx *storage.Tx, chat int64, rec *kit.Record, stopped bool) error
}

// TimerMove is a change of a chat's entries in the timer index: moments
// of entries to drop and to add, 0 for none.
type TimerMove struct {
	Drop, Add int64
}

// Owed is a message a change keeps until it is delivered: its text and
// the form stored (storage's pending messages).
type Owed struct {
	Text string
	Data []byte
}

// Path is the commit path of a store.
type Path struct {
	store    *storage.Store
	opt      Options
	log      *slog.Logger
	locks    chatLocks      // one change of a chat at a time (locks.go)
	records  *recordCache   // decoded records of recently changed chats
	settings *settingsCache // decoded settings of recently changed chats
}

// New makes the commit path of store.
func New(store *storage.Store, opt Options) *Path {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	return &Path{store: store, opt: opt, log: opt.Logger,
		records: newRecordCache(opt.CachedRecords), settings: newSettingsCache(opt.CachedRecords)}
}

// Lock takes chat's lock and returns its release.
func (p *Path) Lock(chat int64) func() { return p.locks.lock(chat) }

// Later runs fn when the current holder of chat's lock releases it; the
// caller holds the lock. Calls to Telegram made for a change go here: a
// slow private chat must not hold up the group's next update.
func (p *Path) Later(chat int64, fn func()) { p.locks.later(chat, fn) }

// LockedChats is the number of chats whose lock is held or waited for.
func (p *Path) LockedChats() int { return p.locks.size() }

// Snapshot returns the stored record of a chat's game (nil if none), a
// copy the caller may change.
func (p *Path) Snapshot(chat int64) (*kit.Record, error) {
	var rec *kit.Record
	err := p.store.View(func(tx *storage.Tx) error {
		data, ok := tx.GameBytes(chat)
		if !ok {
			return nil
		}
		var err error
		rec, _, err = p.records.load(chat, data)
		return err
	})
	return rec, err
}

// Peek returns the cached record of a chat for reading only, if the cache
// holds one (benchmarks: a look that costs no copy).
func (p *Path) Peek(chat int64) (*kit.Record, bool) {
	p.records.mu.Lock()
	defer p.records.mu.Unlock()
	e, ok := p.records.entries[chat]
	return e.rec, ok
}

// Forget drops the chats' cached records: the next change decodes them.
func (p *Path) Forget(chats ...int64) { p.records.forget(chats...) }

// Settings returns a chat's stored settings in tx (the defaults if none),
// a copy the caller may change, decoded once rather than at every press.
func (p *Path) Settings(tx *storage.Tx, chat int64) kit.Settings {
	data, _ := tx.SettingsBytes(chat)
	s, _ := p.settings.load(chat, data)
	return s
}
