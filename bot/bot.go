package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Messenger is the part of the Telegram Bot API the game needs. It is
// declared here, where it is used, so tests and other transports can
// provide it.
type Messenger interface {
	Send(ctx context.Context, chatID int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error)
	Edit(ctx context.Context, chatID int64, msgID int, text string, kb *tgbotapi.InlineKeyboardMarkup) error
	AnswerCallback(ctx context.Context, id, text string, alert bool) error
	IsAdmin(ctx context.Context, chatID, userID int64) bool
}

// Config holds what the game layer needs besides its collaborators.
type Config struct {
	// AuctionSilence, if set, replaces the pace's bid window (the silence
	// that closes an auction) in every game: tests and operators.
	AuctionSilence time.Duration
	// Username is the bot's @username, to recognize /cmd@username.
	Username string
	Now      func() time.Time
	Logger   *slog.Logger
	// Rules, if set, replace the edition's default rules for new games.
	Rules *engine.Rules
	// Seed, if set, seeds new games (tests); crypto/rand otherwise.
	Seed func() uint64
	// Presses bounds the button presses of one person (4 a second by
	// default; telegram.NoLimit turns it off). Presses over it are answered
	// at once and change nothing.
	Presses telegram.Rate
}

// Bot runs classic games in group chats: it turns updates into engine
// actions inside storage transactions and renders the result.
type Bot struct {
	store *storage.Store
	tg    Messenger
	cat   *locales.Catalog
	cfg   Config
	log   *slog.Logger

	locks sync.Map // chat id → *sync.Mutex: one change of a chat at a time

	out     *Outbox       // everything sent to chats goes through it
	presses *pressLimiter // per-person button throttle
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
	b := &Bot{store: store, tg: tg, cat: cat, cfg: cfg, log: cfg.Logger}
	b.presses = newPressLimiter(cfg.Presses)
	b.out = newOutbox(tg, cfg.Logger)
	b.out.onSent, b.out.onMigrate, b.out.onForbidden = b.onSent, b.migrate, b.onForbidden
	return b
}

// Snapshot returns the stored record of a chat's game (nil if none).
func (b *Bot) Snapshot(chat int64) (*Record, error) {
	var rec *Record
	err := b.store.View(func(tx *storage.Tx) error {
		data, ok := tx.Game(chat)
		if !ok {
			return nil
		}
		var err error
		rec, err = decodeRecord(data)
		return err
	})
	return rec, err
}

func (b *Bot) lock(chat int64) func() {
	m, _ := b.locks.LoadOrStore(chat, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

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
		if !b.allowPress(ctx, upd.CallbackQuery) {
			return
		}
		b.onCallback(ctx, upd.UpdateID, upd.CallbackQuery)
	case upd.MyChatMember != nil:
		b.onMyChatMember(ctx, upd.UpdateID, upd.MyChatMember)
	case upd.Message != nil:
		m := upd.Message
		if m.MigrateToChatID != 0 {
			b.migrate(m.Chat.ID, m.MigrateToChatID)
			return
		}
		if m.IsCommand() {
			b.onCommand(ctx, upd.UpdateID, m)
		}
	}
}

// migrate moves a group's game, settings and pending messages to the
// supergroup it became. It comes from the service message or from a 400
// answer carrying migrate_to_chat_id, whichever is first; the second finds
// nothing left to move.
func (b *Bot) migrate(from, to int64) {
	if from == to {
		return
	}
	first, second := min(from, to), max(from, to) // one lock order: no deadlock
	defer b.lock(first)()
	defer b.lock(second)()
	err := b.store.Update(func(tx *storage.Tx) error {
		if _, ok := tx.Game(from); !ok {
			if _, ok := tx.Settings(from); !ok {
				return nil // moved already
			}
		}
		if err := tx.MoveChat(from, to); err != nil {
			return err
		}
		return moveTimer(tx, from, to)
	})
	if err != nil {
		b.log.Warn("moving chat after upgrade", "from", from, "to", to, "err", err)
	}
	b.out.Move(from, to)
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
var errDuplicate = errors.New("bot: update already applied")

// change is the one way a chat's state changes: inside one transaction it
// skips an update applied before, loads the record and the settings, lets
// fn change them, and stores the record, a log entry and the update id
// together, so a crash at any moment loses nothing acknowledged and
// applies nothing twice.
func (b *Bot) change(chat int64, updateID int, fn func(c *chatState) error) (*chatState, error) {
	var st *chatState
	// Batch shares the commit (and its fsync) with other chats' changes, and
	// may run this function more than once: everything is rebuilt from the
	// transaction on each run, and fn must be just as repeatable (no side
	// effects; what to show afterwards goes into c).
	err := b.store.Batch(func(tx *storage.Tx) error {
		st = &chatState{chat: chat}
		if updateID > 0 && tx.LastUpdate(chat) >= updateID {
			st.duplicate = true // not an error: that would roll back the whole batch
			return nil
		}
		if data, ok := tx.Game(chat); ok {
			rec, err := decodeRecord(data)
			if err != nil {
				return err
			}
			st.rec = rec
			st.clockBefore, _ = json.Marshal(rec.Clock)
		}
		st.settings = b.loadSettings(tx, chat)
		if err := fn(st); err != nil {
			return err
		}
		if updateID > 0 {
			if err := tx.SetLastUpdate(chat, updateID); err != nil {
				return err
			}
		}
		// The clock: re-plan the deadlines in this same transaction, so
		// the timer index always matches the record (bot/deadline.go).
		if st.rec != nil && !st.remove {
			changed, err := b.arm(tx, st, updateID > 0 && st.save, actingSeat(st.logEntry))
			if err != nil {
				return err
			}
			st.clockChanged = changed
		} else if st.remove {
			if err := disarm(tx, chat, st.rec); err != nil {
				return err
			}
		}
		if t := st.stale; t.At != 0 && (st.rec == nil || st.remove || st.rec.Clock.Timer != t.At) {
			if err := tx.DeleteTimer(t.At, t.Chat); err != nil {
				return err
			}
		}
		if st.settingsChanged {
			if err := putJSON(tx.PutSettings, chat, st.settings); err != nil {
				return err
			}
		}
		switch {
		case st.remove && st.rec != nil:
			if st.logEntry != nil {
				if _, err := tx.AppendLog(chat, st.logEntry); err != nil {
					return err
				}
			}
			// A started game that ends counts in its players' statistics.
			if err := recordGameEnd(tx, chat, st.rec); err != nil {
				return err
			}
			// The archive keeps the action log with the final record, so a
			// finished game can still be replayed from its seed.
			arch := archived{Record: st.rec}
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
		case st.save:
			st.rec.Rev++
			st.rec.Updated = b.cfg.Now().UnixMilli()
			data, err := st.rec.encode()
			if err != nil {
				return err
			}
			if st.logEntry != nil {
				if _, err := tx.AppendLog(chat, st.logEntry); err != nil {
					return err
				}
			}
			// Restore looks at recently changed chats only (no scan of
			// every game at start-up).
			if err := tx.MarkRecent(chat, st.rec.Updated); err != nil {
				return err
			}
			return tx.PutGame(chat, data)
		case st.rec != nil && st.clockChanged:
			// Only the clock changed (a reminder, a re-planned timer): the
			// buttons on screen stay valid, so no new revision.
			data, err := st.rec.encode()
			if err != nil {
				return err
			}
			return tx.PutGame(chat, data)
		}
		return nil
	})
	if err == nil && st.duplicate {
		return st, errDuplicate
	}
	return st, err
}

// chatState is one change in progress and what must be shown after it.
type chatState struct {
	chat            int64
	rec             *Record
	settings        Settings
	settingsChanged bool
	save, remove    bool
	logEntry        []byte
	duplicate       bool          // the update was applied before
	clockChanged    bool          // the deadline state changed (store quietly)
	stale           storage.Timer // a fired timer entry to drop if the record moved on
	clockBefore     []byte        // the stored clock, to see whether fn changed it

	// After the commit:
	alert    string // answer to the button press, shown as an alert
	toast    string // answer shown briefly
	replies  []reply
	lobby    bool      // refresh the lobby message
	turn     bool      // refresh the turn message
	closed   *closedTx // the previous turn's message, to be finalized
	gameOver bool
}

// archived is what stays of a finished game.
type archived struct {
	Record *Record           `json:"record"`
	Log    []json.RawMessage `json:"log"`
}

type reply struct {
	text string
	kb   *tgbotapi.InlineKeyboardMarkup
}

type closedTx struct {
	msg  int
	text string
}
