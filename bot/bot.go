package bot

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
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
	// memory between changes (bot/cache.go): 0 means 2 048, negative none.
	CachedRecords int
}

// Bot runs games in group chats.
type Bot struct {
	store *storage.Store
	tg    Messenger
	cat   *locales.Catalog
	cfg   Config
	log   *slog.Logger

	locks chatLocks // one change of a chat at a time (locks.go)

	records  *recordCache    // decoded records of recently changed chats
	settings *settingsCache  // decoded settings of recently changed chats
	out      kitOutbox       // everything sent to chats goes through it (outbox_entry.go)
	presses  *pressLimiter   // per-person button throttle
	kinds    map[string]Kind // the kinds of game hosted, by Record.Kind
	hosted   hosted          // the same, with their capabilities (bot/kinds.go)

	// offsetWith, if set (Run: the dispatcher's OffsetWith), is the
	// getUpdates offset that holds once an update is handled: a change
	// stores it with the update, so a quiet bot's update costs one commit,
	// not a second one for the offset.
	offsetWith func(updateID int) int

	reach reach // who cannot be written to privately (reach.go)

	restoring atomic.Bool // Run's RestoreChats has not finished yet
	// Calls to Telegram made after a change, apart from its lane (detach).
	detached        sync.WaitGroup
	detachedRunning atomic.Int32
}

// New assembles the game layer.
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
	tg = &guarded{Messenger: tg, b: b} // private messages only to people who can receive them
	b.tg = tg
	b.presses = newPressLimiter(cfg.Presses)
	b.records = newRecordCache(cfg.CachedRecords)
	b.settings = newSettingsCache(cfg.CachedRecords)
	b.out = kitOutbox{outbox.New(tg, outbox.Options{Logger: cfg.Logger, CarryWithin: cfg.CarryOver,
		OnSent: b.onSent, OnMigrate: b.migrate, OnForbidden: b.onForbidden, OnKept: b.forgetKept})}
	b.hosted = hostKinds(registry, kindDeps{kindHost{b}, b.out, cat, cfg}) // bot/kinds.go
	b.kinds = b.hosted.byName
	return b
}

// Snapshot returns the stored record of a chat's game (nil if none).
func (b *Bot) Snapshot(chat int64) (*Record, error) {
	var rec *Record
	err := b.store.View(func(tx *storage.Tx) error {
		data, ok := tx.GameBytes(chat)
		if !ok {
			return nil
		}
		var err error
		rec, _, err = b.records.load(chat, data)
		return err
	})
	return rec, err
}

func (b *Bot) lock(chat int64) func() { return b.locks.lock(chat) }

func randomID() uint64 {
	var buf [8]byte
	if _, err := rand.Read(buf[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return binary.LittleEndian.Uint64(buf[:]) >> 12 // shorter callback data
}

// Handle processes one update. Updates of one chat must arrive in order;
// different chats may be handled in parallel.
func (b *Bot) Handle(ctx context.Context, upd tgbotapi.Update) {
	switch {
	case upd.CallbackQuery != nil:
		if !b.allowPress(ctx, upd.CallbackQuery) || b.pressInMovedGroup(ctx, upd.CallbackQuery) {
			return
		}
		b.onCallback(ctx, upd.UpdateID, upd.CallbackQuery)
	case upd.InlineQuery != nil:
		b.onInlineQuery(ctx, upd.InlineQuery)
	case upd.ChosenInlineResult != nil:
		b.onChosenInline(ctx, upd.UpdateID, upd.ChosenInlineResult)
	case upd.MyChatMember != nil:
		switch u := upd.MyChatMember; {
		case u.Chat.ID > 0 && u.NewChatMember.Status == "member":
			b.reachable(u.Chat.ID) // unblocked: the person opened the bot again
		case u.Chat.ID > 0 && u.NewChatMember.Status == "kicked":
			b.refused(u.Chat.ID) // blocked: nothing is tried until they are back (reach.go)
		}
		b.onMyChatMember(ctx, upd.UpdateID, upd.MyChatMember)
	case upd.Message != nil:
		m := upd.Message
		switch {
		case m.MigrateToChatID != 0:
			b.migrate(m.Chat.ID, m.MigrateToChatID)
			return
		case m.MigrateFromChatID != 0: // the supergroup's lane: its next update finds the game moved
			b.migrate(m.MigrateFromChatID, m.Chat.ID)
			return
		}
		if m.From != nil && m.Chat != nil && m.Chat.ID == m.From.ID {
			b.reachable(m.From.ID) // they wrote to the bot: it may write to them again
		}
		if m.IsCommand() {
			b.onCommand(ctx, upd.UpdateID, m)
		}
	}
}

// addressedToUs says whether a command is for this bot: /cmd and
// /cmd@ThisBot are, /cmd@OtherBot is not.
func (b *Bot) addressedToUs(m *tgbotapi.Message) bool {
	at := m.CommandWithAt()
	i := strings.IndexByte(at, '@')
	if i < 0 {
		return true
	}
	return b.cfg.Username != "" && strings.EqualFold(at[i+1:], b.cfg.Username)
}

// errDuplicate marks an update that was already applied before a restart.
var errDuplicate = kit.ErrDuplicate

// errRaced marks a change whose chat record was changed by someone else
// between reading and writing it.
var errRaced = errors.New("bot: chat record changed meanwhile")

// change is the one way a chat's state changes: it skips an update applied
// before, loads the record and the settings, lets fn change them, and
// stores the record, its log entries and the update id in one
// transaction, so a crash at any moment loses nothing acknowledged and
// applies nothing twice. The caller holds the chat's lock.
//
// The work is done outside the write transaction, which only stores the
// result: the writer is one goroutine shared by every chat (group commit,
// storage.Store.Batch), and decoding, playing and encoding there made each
// chat wait for all the others' work. fn may run more than once, so it
// must have no side effects: what to show afterwards goes into c.
func (b *Bot) change(chat int64, updateID int, fn func(c *chatState) error) (*chatState, error) {
	return b.changeVia(chat, chat, updateID, fn)
}

// changeVia is change for an update that arrived in another chat, via (a
// person's private chat with the bot, where the trade composer lives):
// the duplicate check, the update id and via's settings (c.ViaSettings)
// belong to via; the record, its revision and log to chat. The caller
// holds chat's lock; lock order is via, then chat.
func (b *Bot) changeVia(chat, via int64, updateID int, fn func(c *chatState) error) (*chatState, error) {
	return b.changeWith(chat, via, updateID, fn, false)
}

// changeWith is changeVia; discard says the caller drops the change's
// state once it is stored (a message id remembered): the cache then keeps
// the record itself rather than a copy of it.
func (b *Bot) changeWith(chat, via int64, updateID int, fn func(c *chatState) error, discard bool) (*chatState, error) {
	for attempt := 1; ; attempt++ {
		st, err := b.changeOnce(chat, via, updateID, fn, discard)
		if !errors.Is(err, errRaced) || attempt == maxChangeAttempts {
			return st, err
		}
		// Every writer of a chat's record holds the chat's lock, so this is
		// a bug somewhere; redoing the change on the newer record is still
		// better than overwriting it.
		b.log.Warn("chat changed during a change; redoing it", "chat", chat)
	}
}

const maxChangeAttempts = 3

// changeRead is what a change started from (nil: none), to check in the
// write transaction that nothing changed meanwhile.
type changeRead struct {
	game, settings, viaSettings []byte
}

func (r changeRead) still(tx *storage.Tx, chat, via int64, updateID int) bool {
	same := func(data []byte, ok bool, read []byte) bool { return ok == (read != nil) && bytes.Equal(data, read) }
	game, hasGame := tx.GameBytes(chat)
	set, hasSet := tx.SettingsBytes(chat)
	if !same(game, hasGame, r.game) || !same(set, hasSet, r.settings) || updateID > 0 && tx.LastUpdate(via) >= updateID {
		return false
	}
	if via != chat {
		vs, hasVS := tx.SettingsBytes(via)
		return same(vs, hasVS, r.viaSettings)
	}
	return true
}

func (b *Bot) changeOnce(chat, via int64, updateID int, fn func(c *chatState) error, discard bool) (*chatState, error) {
	st := &chatState{Chat: chat, Via: via}
	var read changeRead
	err := b.store.View(func(tx *storage.Tx) error {
		if updateID > 0 && tx.LastUpdate(via) >= updateID {
			st.Duplicate = true
			return nil
		}
		if data, ok := tx.GameBytes(chat); ok {
			rec, own, err := b.records.load(chat, data)
			if err != nil {
				return err
			}
			st.Rec, read.game = rec, own
		}
		data, _ := tx.SettingsBytes(chat)
		st.Settings, read.settings = b.settings.load(chat, data)
		if via != chat {
			data, _ := tx.SettingsBytes(via)
			st.ViaSettings, read.viaSettings = b.settings.load(via, data)
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	if st.Duplicate {
		return st, errDuplicate
	}
	if st.Rec != nil {
		st.ClockBefore, _ = json.Marshal(st.Rec.Clock)
	}
	viaBefore := st.ViaSettings
	if err := fn(st); err != nil {
		return st, err
	}
	st.ViaSettingsChanged = via != chat && st.ViaSettings != viaBefore
	w, err := b.prepare(st, updateID, discard)
	if err != nil {
		return st, err
	}
	raced := false
	// Batch shares the commit (and its fsync) with other chats' changes, and
	// may run this function more than once: it only writes what prepare
	// computed, after checking that nothing changed since the reading.
	err = b.store.Batch(func(tx *storage.Tx) error {
		raced = !read.still(tx, chat, via, updateID)
		if raced {
			return nil // not an error: that would roll back the whole batch
		}
		return b.write(tx, st, w)
	})
	switch {
	case err != nil:
		return st, err
	case raced:
		return st, errRaced
	case st.Remove:
		b.records.forget(chat)
	case w.game != nil:
		b.records.stored(chat, w.game, w.cached)
	}
	return st, nil
}

// changeWrites is what a change stores, computed before the transaction.
type changeWrites struct {
	updateID int
	offset   int // the getUpdates offset to store (0: none)
	timer    timerMove
	deadline *storage.Deadline // the chat's deadline for the timer index (nil: no game before or after)
	settings []byte            // nil: unchanged
	via      []byte            // the settings of the chat the update came from (nil: unchanged)
	game     []byte            // the new record (nil: unchanged)
	cached   *Record
	touched  bool          // a new revision: its log entry is stored
	stamp    bool          // stamp the chat in the index of recent changes
	owed     []keptMessage // new messages kept until delivered (outbox_kept.go)
}

// prepare finishes the change outside the transaction: it re-plans the
// deadlines (bot/deadline.go), stamps a new revision and encodes what is
// to be stored.
func (b *Bot) prepare(st *chatState, updateID int, discard bool) (changeWrites, error) {
	w := changeWrites{updateID: updateID}
	if updateID > 0 && b.offsetWith != nil {
		// Computed before the transaction: it counts only updates handled
		// by now and this one, so it can only be lower than the truth.
		w.offset = b.offsetWith(updateID)
	}
	var err error
	if st.Rec != nil && !st.Remove {
		// A press in a private chat (the trade composer) is not the seat's
		// own move in the game: it does not clear its missed turns.
		seat := -1
		if st.Via == st.Chat && len(st.Logs) > 0 {
			seat = actingSeat(st.Logs[len(st.Logs)-1])
		}
		w.timer, st.ClockChanged = b.rearm(st, updateID > 0 && st.Save, seat)
	} else if st.Remove && st.Rec != nil {
		w.timer = timerMove{drop: st.Rec.Clock.Timer}
	}
	// The index is storage's to keep (storage/timers.go): it learns the
	// deadline, the one before, and the entry that fired.
	if st.Rec != nil || st.Stale.At != 0 {
		d := storage.Deadline{Fired: st.Stale.At}
		if st.Rec != nil {
			d.At, d.Was = st.Rec.Clock.Timer, st.Rec.Clock.Timer
			if w.timer.drop != 0 || w.timer.add != 0 {
				d.Was = w.timer.drop
			}
			if st.Remove {
				d.At = 0
			}
		}
		w.deadline = &d
	}
	if st.SettingsChanged {
		if w.settings, err = json.Marshal(st.Settings); err != nil {
			return w, err
		}
	}
	if st.ViaSettingsChanged {
		if w.via, err = json.Marshal(st.ViaSettings); err != nil {
			return w, err
		}
	}
	switch {
	case st.Remove:
	case st.Save:
		st.Rec.Rev++
		st.Rec.Updated = b.cfg.Now().UnixMilli()
		w.touched = true
		w.stamp = restamp(st.Rec)
		fallthrough
	case st.Rec != nil && (st.ClockChanged || st.Quiet):
		// Reached from above, or quietly: when only the clock or a message
		// id changed (a reminder, a re-planned timer, a sent message) the
		// buttons on screen stay valid, so there is no new revision.
		if w.game, err = st.Rec.Encode(); err != nil {
			return w, err
		}
		w.cached = st.Rec // nobody shows it: the cache may keep it as it is
		if !discard {
			w.cached = st.Rec.Clone() // as encoded: st.Rec is shown and may change
		}
	}
	w.owed = b.owedMessages(st, w)
	return w, nil
}

// write stores a prepared change; it may run more than once (Batch).
func (b *Bot) write(tx *storage.Tx, st *chatState, w changeWrites) error {
	chat := st.Chat
	archiving := st.Remove && st.Rec != nil
	// What goes into the chat's entry is written at once (storage/chat.go).
	cw := storage.ChatWrite{Record: w.game}
	if w.updateID > 0 {
		if st.Via == chat && !archiving {
			cw.UpdateID = w.updateID
		} else if err := tx.SetLastUpdate(st.Via, w.updateID); err != nil {
			return err
		}
	}
	if w.offset > 0 {
		// With the update applied in this transaction, never before it.
		if err := tx.SetOffset(w.offset); err != nil {
			return err
		}
	}
	if w.via != nil {
		if err := tx.PutSettings(st.Via, w.via); err != nil {
			return err
		}
	}
	var err error
	if st.Kept, err = keep(tx, chat, w.owed); err != nil {
		return err
	}
	if w.settings != nil {
		if err := tx.PutSettings(chat, w.settings); err != nil {
			return err
		}
	}
	if archiving {
		if w.deadline != nil {
			if err := tx.SetDeadline(chat, *w.deadline); err != nil {
				return err
			}
		}
		return b.archive(tx, st)
	}
	cw.Deadline = w.deadline
	if w.touched {
		cw.Logs = st.Logs
	}
	if w.stamp {
		if err := tx.MarkRecent(chat, st.Rec.Marked); err != nil {
			return err
		}
	}
	return tx.WriteChat(chat, cw)
}

// archive ends a chat's game: its last log entry, the players'
// statistics, and the archive, which keeps the action log with the final
// record so a finished game can still be replayed from its seed.
func (b *Bot) archive(tx *storage.Tx, st *chatState) error {
	chat := st.Chat
	if err := appendLogs(tx, chat, st.Logs); err != nil {
		return err
	}
	// A started game that ends counts in its players' statistics.
	if err := b.recordGameEnd(tx, chat, st.Rec, st.Stopped); err != nil {
		return err
	}
	arch := archived{Record: st.Rec}
	err := tx.Log(chat, 1, func(_ uint64, entry []byte) error {
		arch.Log = append(arch.Log, json.RawMessage(entry))
		return nil
	})
	if err != nil {
		return err
	}
	data, err := json.Marshal(arch)
	if err != nil {
		return err
	}
	if err := tx.Archive(chat, data); err != nil {
		return err
	}
	if err := tx.DeleteLog(chat); err != nil {
		return err
	}
	return tx.DeleteGame(chat)
}

func appendLogs(tx *storage.Tx, chat int64, logs [][]byte) error {
	for _, e := range logs {
		if _, err := tx.AppendLog(chat, e); err != nil {
			return err
		}
	}
	return nil
}

// archived is what stays of a finished game.
type archived struct {
	Record *Record           `json:"record"`
	Log    []json.RawMessage `json:"log"`
}
