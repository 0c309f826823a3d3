package bot

import (
	"context"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Restore arms the deadlines of recently changed games that have no timer
// entry yet and shows again what a previous run may have queued but never
// delivered: the new messages it kept (bot/publish/kept.go), a turn, lobby,
// offer or vote message whose id was never stored, an offer's final text,
// and the messages of games changed in the last few minutes (a crash may
// have cut their edits; an edit to the same content costs one request and
// changes nothing). Paused chats stay paused. Run does it in two parts: recentChats before polling (the
// index only), restoreChats while the bot already serves.
func (b *Bot) Restore() error {
	r := restorer{b}
	chats, err := r.recentChats()
	if err != nil {
		return err
	}
	if err := b.publisher.ResendKept(); err != nil {
		return err
	}
	r.restoreChats(context.Background(), chats)
	return nil
}

// restorer is a start-up's restore of recently changed chats: apart from
// the Bot's other work, it only reads the index and the records and hands
// what to show to finish and the outbox.
type restorer struct{ b *Bot }

// restoreWindow is how far back a start looks at games.
const restoreWindow = 24 * time.Hour

// recentChats are the chats changed in the last day: a message that a
// killed process never delivered belongs to a recent change, and a
// start-up reads no more than the chats active lately. Only the index is
// read, not the records, so a start with a hundred thousand recent games
// polls within a second (BenchmarkStartupToFirstPoll).
func (r restorer) recentChats() ([]int64, error) {
	b := r.b
	var chats []int64
	since := r.changedSince(restoreWindow)
	err := b.store.Update(func(tx *storage.Tx) error { // it forgets marks older than since
		return tx.ForEachRecent(since, func(chat, _ int64) error {
			chats = append(chats, chat)
			return nil
		})
	})
	return chats, err
}

// restoreChats restores each chat (Restore) until ctx ends. Each chat is
// read and shown under its lock, so an update handled meanwhile is never
// overtaken by an older state of its game; a chat that panics is skipped.
func (r restorer) restoreChats(ctx context.Context, chats []int64) {
	for _, chat := range chats {
		if ctx.Err() != nil {
			return
		}
		survive(r.b.log, chat, "restore", func() { r.restoreChat(chat) })
	}
}

func (r restorer) restoreChat(chat int64) {
	b := r.b
	defer b.lock(chat)()
	var rec *kit.Record
	var s kit.Settings
	err := b.store.View(func(tx *storage.Tx) error {
		s = b.loadSettings(tx, chat)
		data, ok := tx.Game(chat)
		if !ok {
			return nil
		}
		var err error
		if rec, err = kit.DecodeRecord(data); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		b.log.Warn("unreadable game record", "chat", chat, "err", err)
		return
	}
	if s.Moved != 0 && !s.Paused { // a crash between a migration and its show (bot/migrate)
		b.migration.Reshow(chat)
		return
	}
	if rec == nil {
		return
	}
	if s.Paused {
		b.out.Pause(chat)
		return
	}
	if rec.Clock.Timer == 0 {
		// A record from before the timer index, or whose entry was lost.
		st, err := b.change(chat, 0, func(c *kit.Change) error { return nil })
		if err != nil {
			b.log.Warn("arming deadlines", "chat", chat, "err", err)
		} else if st.Rec != nil {
			rec = st.Rec
		}
	}
	recent := b.cfg.Now().Add(-recentChange).UnixMilli() < rec.Updated
	playing := rec.Status == kit.StatusPlaying
	lang := s.Language()
	remind := b.timers.UnsentReminder(lang, rec) // bot/timers
	if remind != "" && b.out.HasSlot(chat, timers.RemindSlot(rec.ID)) {
		// The reminder's timer fired before this restore and posted it;
		// its id reaches the record only once Telegram answers.
		remind = ""
	}
	if !recent && !(rec.Status == kit.StatusLobby && rec.LobbyMsg == 0) && !(playing && (b.kinds.Of(rec).Unshown(rec) || votes.Unsent(rec) || remind != "")) {
		return
	}
	st := &kit.Change{Chat: chat, Rec: rec, Settings: kit.Settings{Lang: lang}, Lobby: rec.Status == kit.StatusLobby, Turn: playing}
	if playing {
		b.voting().Reshow(st, lang)
	}
	b.finish(context.Background(), st, nil, "")
	if playing {
		b.kinds.Of(rec).Repost(chat, lang, rec)
	}
	if remind != "" {
		b.timers.PostReminder(chat, rec, remind)
	}
}

// recentStamp is how often a chat's stamp in the index of recently changed
// chats is renewed while it keeps changing (Record.Marked).
const recentStamp = time.Hour

// restamp renews the record's stamp in the index of recently changed
// chats if it is older than recentStamp, and says whether to store it.
// Restore looks at recently changed chats only (no scan of every game at
// start-up); stamping once per recentStamp rather than at every change
// saves a page write per change.
func restamp(r *kit.Record) bool {
	if r.Updated-r.Marked < recentStamp.Milliseconds() {
		return false
	}
	r.Marked = r.Updated
	return true
}

// changedSince is the earliest stamp in the index of recently changed
// chats of a chat that may have changed within the last d: stamps lag
// changes by up to recentStamp.
func (r restorer) changedSince(d time.Duration) int64 {
	return r.b.cfg.Now().Add(-d - recentStamp).UnixMilli()
}

// recentChange is how far back Restore re-shows games changed before a start.
const recentChange = 5 * time.Minute
