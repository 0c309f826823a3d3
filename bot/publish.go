package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

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
		b.log.Error("changing chat state", "err", err)
		return
	}
	if st == nil || st.duplicate {
		return
	}
	chat := st.chat
	lang := st.settings.Lang
	if lang == "" {
		lang = "en"
	}
	for _, r := range st.replies {
		b.out.Send(chat, r.text, r.kb)
	}
	rec := st.rec
	if rec == nil {
		return
	}
	if st.lobby {
		b.publishLobby(chat, lang, st)
	}
	if st.closed != nil {
		b.out.Detach(chat, turnSlot(rec.ID), st.closed.msg, st.closed.text, nil)
	}
	if st.turn && rec.Game != nil {
		b.publishTurn(chat, lang, st)
	}
	if st.gameOver {
		text := b.cat.T(lang, "game_over", map[string]any{"Player": mention(rec.Seats[rec.Game.Winner])}) +
			"\n\n" + b.renderStandings(lang, rec)
		b.out.Send(chat, text, nil)
	}
	// Offers any change may have ended (an accepted trade, a timeout, a
	// player leaving) get their final text, wherever the change came from.
	b.publishOfferEdits(ctx, chat, st)
}

// Slots name the messages the outbox edits over time.
func lobbySlot(game uint64) string { return "lobby:" + strconv.FormatUint(game, 36) }
func turnSlot(game uint64) string  { return "turn:" + strconv.FormatUint(game, 36) }

func (b *Bot) publishLobby(chat int64, lang string, st *chatState) {
	rec := st.rec
	text := b.renderLobby(lang, rec)
	kb := b.lobbyKeyboard(lang, rec)
	switch {
	case st.remove && rec.Status == StatusLobby:
		b.out.Detach(chat, lobbySlot(rec.ID), rec.LobbyMsg, b.cat.T(lang, "lobby_cancelled", nil), nil)
	case rec.Status == StatusPlaying:
		b.out.Detach(chat, lobbySlot(rec.ID), rec.LobbyMsg, text+"\n\n"+b.cat.T(lang, "lobby_started", nil), nil)
	case st.remove:
	default:
		b.out.Put(chat, lobbySlot(rec.ID), rec.LobbyMsg, text, kb)
	}
}

func (b *Bot) publishTurn(chat int64, lang string, st *chatState) {
	rec := st.rec
	text := b.renderTurn(lang, rec)
	if st.remove {
		// The game is over or ended: no buttons stay behind.
		b.out.Detach(chat, turnSlot(rec.ID), rec.TurnMsg, text, nil)
		return
	}
	b.out.Put(chat, turnSlot(rec.ID), rec.TurnMsg, text, b.turnKeyboard(lang, rec))
}

// onSent stores the id of a slot's newly sent message in the record.
func (b *Bot) onSent(chat int64, slot string, id int) {
	kind, rest, ok := strings.Cut(slot, ":")
	game, arg, _ := strings.Cut(rest, ":") // "offer:<game>:<trade id>"
	gameID, err := strconv.ParseUint(game, 36, 64)
	if !ok || err != nil {
		return
	}
	defer b.lock(chat)()
	switch kind {
	case "lobby", "turn":
		// The change that moved on to the next turn (or started the game)
		// may have taken the lock first: it detached this message, and the
		// record waits for a newer one. Storing this id would make a restart
		// edit the closed message instead of the current one.
		if !b.out.Holds(chat, slot, id) {
			return
		}
		if kind == "lobby" {
			b.rememberMessage(chat, gameID, func(r *Record) { r.LobbyMsg = id })
		} else {
			b.rememberMessage(chat, gameID, func(r *Record) { r.TurnMsg = id })
		}
	case "offer":
		b.offerSent(chat, gameID, arg, id)
	}
}

// rememberMessage stores a message id in the chat's record, if the record
// is still the same game. It does not bump the revision: the buttons on
// screen stay valid. The caller holds the chat's lock.
func (b *Bot) rememberMessage(chat int64, gameID uint64, set func(*Record)) {
	_, err := b.change(chat, 0, func(c *chatState) error {
		if c.rec == nil || c.rec.ID != gameID {
			return nil
		}
		set(c.rec)
		c.quiet = true
		return nil
	})
	if err != nil {
		b.log.Warn("remembering message id", "chat", chat, "err", err)
	}
}

// Restore arms the deadlines of recently changed games that have no timer
// entry yet and shows again what a previous run may have queued but never
// delivered: a turn, lobby or offer message whose id was never stored, an
// offer's final text, and the messages of games changed in the last few
// minutes (a crash may have cut their edits; an edit to the
// same content costs one request and changes nothing). Call it on start.
// Paused chats stay paused.
func (b *Bot) Restore() error {
	const restoreWindow = 24 * time.Hour
	type unsent struct {
		chat int64
		lang string
		rec  *Record
	}
	var todo []unsent
	var unarmed []int64
	// Only chats changed in the last day are looked at: a message that a
	// killed process never delivered belongs to a recent change, and a
	// start-up reads no more than the chats active lately.
	since := b.changedSince(restoreWindow)
	err := b.store.Update(func(tx *storage.Tx) error {
		return tx.ForEachRecent(since, func(chat, _ int64) error {
			data, ok := tx.Game(chat)
			if !ok {
				return nil
			}
			rec, err := decodeRecord(data)
			if err != nil {
				b.log.Warn("unreadable game record", "chat", chat, "err", err)
				return nil
			}
			s := b.loadSettings(tx, chat)
			if s.Paused {
				b.out.Pause(chat)
				return nil
			}
			if rec.Clock.Timer == 0 {
				unarmed = append(unarmed, chat)
			}
			recent := b.cfg.Now().Add(-recentChange).UnixMilli() < rec.Updated
			if recent || (rec.Status == StatusLobby && rec.LobbyMsg == 0) || (rec.Game != nil && (rec.TurnMsg == 0 || rec.unsentOffers())) {
				todo = append(todo, unsent{chat, s.Lang, rec})
			}
			return nil
		})
	})
	if err == nil {
		b.armMissing(unarmed)
	}
	for _, u := range todo {
		lang := u.lang
		if lang == "" {
			lang = "en"
		}
		st := &chatState{chat: u.chat, rec: u.rec, lobby: u.rec.Game == nil, turn: u.rec.Game != nil}
		unlock := b.lock(u.chat)
		if u.rec.Game != nil {
			b.publishTurn(u.chat, lang, st)
			b.publishOfferEdits(context.Background(), u.chat, st)
			b.postUnsentOffers(u.chat, lang, u.rec)
		} else {
			b.publishLobby(u.chat, lang, st)
		}
		unlock()
	}
	return err
}

// recentStamp is how often a chat's stamp in the index of recently changed
// chats is renewed while it keeps changing (Record.Marked).
const recentStamp = time.Hour

// restamp renews the record's stamp in the index of recently changed
// chats if it is older than recentStamp, and says whether to store it.
// Restore looks at recently changed chats only (no scan of every game at
// start-up); stamping once per recentStamp rather than at every change
// saves a page write per change.
func (r *Record) restamp() bool {
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
