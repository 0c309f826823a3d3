package bot

import (
	"context"
	"errors"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/bot/votes"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// finish shows the result of a committed change in the chat. It runs after
// the transaction, never inside it, under the chat's lock: it only queues
// what the chat should show into the outbox, which delivers it in order,
// within Telegram's limits, without holding up the chat's next update.
func (b *Bot) finish(ctx context.Context, st *chatState, err error, callbackID string) {
	if errors.Is(err, errDuplicate) {
		return
	}
	if err != nil {
		chat := int64(0)
		if st != nil {
			chat = st.Chat
		}
		b.log.Error("changing chat state", "chat", chat, "err", err)
		return
	}
	if st == nil || st.Duplicate {
		return
	}
	chat := st.Chat
	lang := st.ChatLang()
	st.Pressed = st.Pressed || callbackID != ""
	for _, r := range st.Replies {
		b.sendReply(st, r)
	}
	if rec := st.Rec; rec != nil {
		if st.Lobby {
			b.publishLobby(lang, st)
		}
		if rec.Status == StatusPlaying {
			b.kindOf(rec).Show(st, lang)
		}
	}
	b.voting().CloseOnEnd(st) // bot/votes
	b.finishReminder(st)      // bot/deadline.go
	// Messages the change ended — the previous turn's, an ended offer's
	// (whatever ended it: a trade button, a timeout, a player leaving) —
	// get their final text before a slot's next message is shown.
	for _, f := range st.Finals {
		b.animate(st, orChat(f.Chat, chat), f.Slot, f.Msg)
		b.out.PutContent(orChat(f.Chat, chat), f.Slot, f.Msg, outbox.Content{Text: f.Text, Caption: f.Caption}, false, false)
	}
	for _, s := range st.Shows {
		b.animate(st, orChat(s.Chat, chat), s.Slot, s.Msg)
		if s.Then != nil && s.Chat > 0 {
			b.putThen(chat, s, st.Pressed) // bot/reach.go
			continue
		}
		b.out.PutContent(orChat(s.Chat, chat), s.Slot, s.Msg, outbox.Content{Text: s.Text, KB: tgMarkup(s.KB),
			Caption: s.Caption, Photo: s.Photo, Unhurried: st.Unhurried[s.Slot]}, true, st.Pressed)
	}
	b.editInline(st)
	b.offerRematch(st, lang, st.Closing)
	for _, r := range st.Closing {
		b.sendReply(st, r)
	}
	b.sendUnclaimed(st)
}

// offerRematch gives the last of a game's closing messages the rematch
// button (rematch.go): a game over's or /endgame's.
func (b *Bot) offerRematch(st *chatState, lang string, closing []kit.Reply) {
	if (st.GameOver || st.Stopped) && len(closing) > 0 && st.Rec != nil {
		closing[len(closing)-1].KB = b.lobby().RematchKeyboard(lang, st.Rec)
	}
}

// animate queues the frames the change gave slot's message (Change.Animate)
// before its next content, once.
func (b *Bot) animate(st *chatState, chat int64, slot string, msg int) {
	if frames := st.Frames[slot]; len(frames) > 0 {
		delete(st.Frames, slot)
		b.out.Frames(chat, slot, msg, frames)
	}
}

// orChat is a message's chat: its own (a person's private chat), else the
// change's.
func orChat(own, chat int64) int64 {
	if own != 0 {
		return own
	}
	return chat
}

func (b *Bot) publishLobby(lang string, st *chatState) {
	rec := st.Rec
	slot := lobby.Slot(rec.ID)
	switch {
	case st.Remove && rec.Status == StatusLobby:
		st.Finalize(slot, rec.LobbyMsg, b.cat.T(lang, "lobby_cancelled", nil))
	case rec.Status == StatusPlaying:
		st.Finalize(slot, rec.LobbyMsg, b.lobby().Text(lang, rec)+"\n\n"+b.cat.T(lang, "lobby_started", nil))
	case st.Remove:
	default:
		l := b.lobby()
		st.Show(slot, rec.LobbyMsg, l.Text(lang, rec)+"\n\n"+l.Times(lang, rec), l.Keyboard(lang, rec))
	}
}

// rememberMessage stores a message id in the chat's record, if the record
// is still the same game and set reports a change. It does not bump the
// revision: the buttons on screen stay valid. The caller holds the chat's
// lock.
func (b *Bot) rememberMessage(chat int64, gameID uint64, set func(*Record) bool) {
	_, err := b.changeWith(chat, chat, 0, func(c *chatState) error {
		if c.Rec != nil && c.Rec.ID == gameID && set(c.Rec) {
			c.Quiet = true
		}
		return nil
	}, true)
	if err != nil {
		b.log.Warn("remembering message id", "chat", chat, "err", err)
	}
}

// Restore arms the deadlines of recently changed games that have no timer
// entry yet and shows again what a previous run may have queued but never
// delivered: the new messages it kept (outbox_kept.go), a turn, lobby,
// offer or vote message whose id was never stored, an offer's final text,
// and the messages of games changed in the last few minutes (a crash may
// have cut their edits; an edit to the same content costs one request and
// changes nothing). Paused chats stay paused. Run does it in two parts: RecentChats before polling (the index
// only), RestoreChats while the bot already serves.
func (b *Bot) Restore() error {
	chats, err := b.RecentChats()
	if err != nil {
		return err
	}
	if err := b.resendKept(); err != nil {
		return err
	}
	b.RestoreChats(context.Background(), chats)
	return nil
}

// restoreWindow is how far back a start looks at games.
const restoreWindow = 24 * time.Hour

// RecentChats are the chats changed in the last day: a message that a
// killed process never delivered belongs to a recent change, and a
// start-up reads no more than the chats active lately. Only the index is
// read, not the records, so a start with a hundred thousand recent games
// polls within a second (BenchmarkStartupToFirstPoll).
func (b *Bot) RecentChats() ([]int64, error) {
	var chats []int64
	since := b.changedSince(restoreWindow)
	err := b.store.Update(func(tx *storage.Tx) error { // it forgets marks older than since
		return tx.ForEachRecent(since, func(chat, _ int64) error {
			chats = append(chats, chat)
			return nil
		})
	})
	return chats, err
}

// RestoreChats restores each chat (Restore) until ctx ends. Each chat is
// read and shown under its lock, so an update handled meanwhile is never
// overtaken by an older state of its game; a chat that panics is skipped.
func (b *Bot) RestoreChats(ctx context.Context, chats []int64) {
	for _, chat := range chats {
		if ctx.Err() != nil {
			return
		}
		survive(b.log, chat, "restore", func() { b.restoreChat(chat) })
	}
}

func (b *Bot) restoreChat(chat int64) {
	defer b.lock(chat)()
	var rec *Record
	var s Settings
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
	if s.Moved != 0 && !s.Paused { // a crash between a migration and its show (bot/migrate.go)
		b.reshowMoved(chat)
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
		st, err := b.change(chat, 0, func(c *chatState) error { return nil })
		if err != nil {
			b.log.Warn("arming deadlines", "chat", chat, "err", err)
		} else if st.Rec != nil {
			rec = st.Rec
		}
	}
	recent := b.cfg.Now().Add(-recentChange).UnixMilli() < rec.Updated
	playing := rec.Status == StatusPlaying
	lang := s.Language()
	remind := b.unsentReminder(lang, rec) // bot/deadline.go
	if remind != "" && b.out.HasSlot(chat, remindSlot(rec.ID)) {
		// The reminder's timer fired before this restore and posted it;
		// its id reaches the record only once Telegram answers.
		remind = ""
	}
	if !recent && !(rec.Status == StatusLobby && rec.LobbyMsg == 0) && !(playing && (b.kindOf(rec).Unshown(rec) || votes.Unsent(rec) || remind != "")) {
		return
	}
	st := &chatState{Chat: chat, Rec: rec, Settings: Settings{Lang: lang}, Lobby: rec.Status == StatusLobby, Turn: playing}
	if playing {
		b.voting().Reshow(st, lang)
	}
	b.finish(context.Background(), st, nil, "")
	if playing {
		b.kindOf(rec).Repost(chat, lang, rec)
	}
	if remind != "" {
		b.postReminder(chat, rec, remind)
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
func restamp(r *Record) bool {
	if r.Updated-r.Marked < recentStamp.Milliseconds() {
		return false
	}
	r.Marked = r.Updated
	return true
}

// changedSince is the earliest stamp in the index of recently changed
// chats of a chat that may have changed within the last d: stamps lag
// changes by up to recentStamp.
func (b *Bot) changedSince(d time.Duration) int64 {
	return b.cfg.Now().Add(-d - recentStamp).UnixMilli()
}

// recentChange is how far back Restore re-shows games changed before a start.
const recentChange = 5 * time.Minute

// editInline makes the change's edits of messages posted through inline
// mode (Change.EditInline) once the chat's lock is released: they are
// calls to Telegram, never under the lock, and the outbox knows no inline
// message.
func (b *Bot) editInline(st *chatState) {
	im, ok := b.tg.(InlineMessenger)
	if !ok {
		return
	}
	for _, e := range st.InlineEdits {
		b.later(st.Chat, func() {
			if err := im.EditInline(context.Background(), st.Chat, e.ID, e.Text, tgMarkup(e.KB)); err != nil {
				b.log.Debug("editing a message posted through inline mode", "chat", st.Chat, "err", err)
			}
		})
	}
}
