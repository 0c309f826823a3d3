package migrate

import (
	"context"
	"encoding/json"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Host is what a migration asks of the chat layer.
type Host interface {
	// Lock takes a chat's lock and returns its release.
	Lock(chat int64) func()
	// Now is the clock's time.
	Now() time.Time
	// MoveTimer moves the chat's timer entry in the move's transaction.
	MoveTimer(tx *storage.Tx, from, to int64) error
	// MoveQueue moves the outbox's queue of from to to.
	MoveQueue(from, to int64)
	// Settings are a chat's settings.
	Settings(chat int64) kit.Settings
	// Change runs fn as a change of chat; the caller holds its lock.
	Change(chat int64, fn func(c *kit.Change) error) (*kit.Change, error)
	// Finish shows what a change says (or logs its error).
	Finish(st *kit.Change, err error)
	// ReshowGame shows a running game again in c, as the kind and a vote
	// in progress show it.
	ReshowGame(c *kit.Change)
	// Repost posts again what the kind keeps apart from the change (the
	// open offers) once the change is committed.
	Repost(chat int64, st *kit.Change)
	// AnswerCallback answers a press.
	AnswerCallback(ctx context.Context, id, text string, alert bool) error
	// Warn logs a failure.
	Warn(msg string, args ...any)
}

// Migration moves groups that became supergroups.
type Migration struct {
	store *storage.Store
	cat   *locales.Catalog
	host  Host
}

// New is the migration of store's chats, written with cat, over host.
func New(store *storage.Store, cat *locales.Catalog, host Host) *Migration {
	return &Migration{store: store, cat: cat, host: host}
}

// Move moves a group's game, settings and pending messages to the
// supergroup it became, and shows there what was live.
func (m *Migration) Move(from, to int64) {
	if from == to || from == 0 || to == 0 {
		return
	}
	first, second := min(from, to), max(from, to) // one lock order: no deadlock
	defer m.host.Lock(first)()
	defer m.host.Lock(second)()
	owed := false
	err := m.store.Update(func(tx *storage.Tx) error {
		var err error
		owed, err = m.MoveStored(tx, from, to, m.host.Now())
		return err
	})
	if err != nil {
		m.host.Warn("moving chat after upgrade", "from", from, "to", to, "err", err)
	}
	m.host.MoveQueue(from, to)
	if owed {
		m.Reshow(to)
	}
}

// decodeSettings decodes settings read apart from a change (the move's
// transaction); damaged ones are the defaults.
func decodeSettings(data []byte) kit.Settings {
	var s kit.Settings
	if data != nil {
		_ = json.Unmarshal(data, &s) // a damaged settings value falls back to defaults
	}
	return s
}

// MoveStored is Move's transaction: everything of from goes to to, the
// private chats that remember from point at to, and to is marked as
// owing a show of what moved (Settings.Moved) and as recently changed, so
// that a start looks at it. It reports whether a show is owed, also when
// an earlier call moved the chat but did not show it.
func (m *Migration) MoveStored(tx *storage.Tx, from, to int64, now time.Time) (owed bool, err error) {
	_, hasGame := tx.GameBytes(from)
	left, hasSettings := tx.SettingsBytes(from)
	if !hasGame && (!hasSettings || decodeSettings(left).MovedTo != 0) {
		raw, _ := tx.SettingsBytes(to)
		return decodeSettings(raw).Moved != 0, nil // moved already
	}
	if err := tx.MoveChat(from, to); err != nil {
		return false, err
	}
	if err := m.host.MoveTimer(tx, from, to); err != nil {
		return false, err
	}
	if err := movePrivateLinks(tx, from, to); err != nil {
		return false, err
	}
	raw, _ := tx.SettingsBytes(to)
	s := decodeSettings(raw)
	s.Moved = from
	out, err := json.Marshal(s)
	if err != nil {
		return false, err
	}
	if err := tx.PutSettings(to, out); err != nil {
		return false, err
	}
	if out, err = json.Marshal(kit.Settings{MovedTo: to}); err != nil {
		return false, err
	}
	if err := tx.PutSettings(from, out); err != nil {
		return false, err
	}
	return true, tx.MarkRecent(to, now.UnixMilli())
}

// Reshow shows a game that just moved to a supergroup there at once: the
// messages of the old group are not the supergroup's (their ids name
// nothing there), so without a new message the game would sit unseen
// until someone typed a command. It does nothing once shown
// (Settings.Moved is cleared in the same change). The caller holds the
// chat's lock.
func (m *Migration) Reshow(chat int64) {
	st, err := m.host.Change(chat, func(c *kit.Change) error {
		if c.Settings.Moved == 0 {
			return nil
		}
		c.Settings.Moved, c.SettingsChanged = 0, true
		c.Settings.Menu = 0 // the old group's settings menu: its id names another message here
		rec := c.Rec
		switch {
		case rec == nil:
			return nil
		case rec.Status == kit.StatusLobby:
			rec.LobbyMsg = 0
			c.Lobby, c.Quiet = true, true
		case rec.Status == kit.StatusPlaying:
			m.host.ReshowGame(c)
		}
		// A final text for a message of the old group cannot be given in
		// the supergroup: the id there names another message, or none.
		c.Finals = nil
		return nil
	})
	m.host.Finish(st, err)
	if err == nil && st != nil && st.Rec != nil && st.Rec.Status == kit.StatusPlaying {
		m.host.Repost(chat, st)
	}
}

// movePrivateLinks points the private chats that remember the group —
// every link of theirs (Settings.Links: a Deal hand's, which inline mode
// finds the game by after a restart; the trade composer's, for /cash) —
// at the supergroup, for the people of the game that moved. Their locks
// are not held (the order is private chat, then group): a change of
// theirs reading the old settings meanwhile finds them changed at its
// commit and runs again.
func movePrivateLinks(tx *storage.Tx, from, to int64) error {
	data, ok := tx.Game(to)
	if !ok {
		return nil
	}
	r, err := kit.DecodeRecord(data)
	if err != nil {
		return err
	}
	for _, s := range r.Seats {
		if s.Computer {
			continue
		}
		raw, ok := tx.Settings(s.User)
		if !ok {
			continue
		}
		set := decodeSettings(raw)
		if !set.Links.Move(from, to) {
			continue
		}
		out, err := json.Marshal(set)
		if err != nil {
			return err
		}
		if err := tx.PutSettings(s.User, out); err != nil {
			return err
		}
	}
	return nil
}

// PressInMoved answers a press in chat, on a message of a group that
// became a supergroup (its messages stay visible there), and says
// whether it did: the game went on in the supergroup, under a message of
// its own, so the press changes nothing and says where to press instead.
// Only a basic group can have moved, so a supergroup's presses cost no
// read.
func (m *Migration) PressInMoved(ctx context.Context, chat int64, pressID, presserLang string) bool {
	const supergroups = -1_000_000_000_000
	if chat >= 0 || chat <= supergroups {
		return false
	}
	s := m.host.Settings(chat)
	if s.MovedTo == 0 {
		return false
	}
	lang := kit.PersonLang(m.host.Settings(s.MovedTo), presserLang)
	_ = m.host.AnswerCallback(ctx, pressID, m.cat.T(lang, "alert_group_moved", nil), true)
	return true
}
