package commit

import (
	"bytes"
	"errors"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// errRaced marks a change whose chat record was changed by someone else
// between reading and writing it.
var errRaced = errors.New("commit: chat record changed meanwhile")

// Change is the one way a chat's state changes: it skips an update applied
// before (kit.ErrDuplicate), loads the record and the settings, lets fn
// change them, and stores the record, its log entries and the update id in
// one transaction, so a crash at any moment loses nothing acknowledged and
// applies nothing twice. The caller holds the chat's lock.
//
// The work is done outside the write transaction, which only stores the
// result: the writer is one goroutine shared by every chat (group commit,
// storage.Store.Batch), and decoding, playing and encoding there made each
// chat wait for all the others' work. fn may run more than once, so it
// must have no side effects: what to show afterwards goes into c.
func (p *Path) Change(chat int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return p.ChangeWith(chat, chat, updateID, fn, false)
}

// ChangeVia is Change for an update that arrived in another chat, via (a
// person's private chat with the bot, where the trade composer lives):
// the duplicate check, the update id and via's settings (c.ViaSettings)
// belong to via; the record, its revision and log to chat. The caller
// holds chat's lock; lock order is via, then chat.
func (p *Path) ChangeVia(chat, via int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return p.ChangeWith(chat, via, updateID, fn, false)
}

// ChangeWith is ChangeVia; discard says the caller drops the change's
// state once it is stored (a message id remembered): the cache then keeps
// the record itself rather than a copy of it.
func (p *Path) ChangeWith(chat, via int64, updateID int, fn func(c *kit.Change) error, discard bool) (*kit.Change, error) {
	for attempt := 1; ; attempt++ {
		st, err := p.changeOnce(chat, via, updateID, fn, discard)
		if !errors.Is(err, errRaced) || attempt == maxChangeAttempts {
			return st, err
		}
		// Every writer of a chat's record holds the chat's lock, so this is
		// a bug somewhere; redoing the change on the newer record is still
		// better than overwriting it.
		p.log.Warn("chat changed during a change; redoing it", "chat", chat)
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
	game, hasGame, last := tx.ChatHead(chat)
	if via != chat {
		last = tx.LastUpdate(via)
	}
	set, hasSet := tx.SettingsBytes(chat)
	if !same(game, hasGame, r.game) || !same(set, hasSet, r.settings) || updateID > 0 && last >= updateID {
		return false
	}
	if via != chat {
		vs, hasVS := tx.SettingsBytes(via)
		return same(vs, hasVS, r.viaSettings)
	}
	return true
}

func (p *Path) changeOnce(chat, via int64, updateID int, fn func(c *kit.Change) error, discard bool) (*kit.Change, error) {
	st := &kit.Change{Chat: chat, Via: via}
	var read changeRead
	err := p.store.View(func(tx *storage.Tx) error {
		data, ok, last := tx.ChatHead(chat)
		if via != chat {
			last = tx.LastUpdate(via)
		}
		if updateID > 0 && last >= updateID {
			st.Duplicate = true
			return nil
		}
		if ok {
			rec, own, err := p.records.load(chat, data)
			if err != nil {
				return err
			}
			st.Rec, read.game = rec, own
		}
		data, _ = tx.SettingsBytes(chat)
		st.Settings, read.settings = p.settings.load(chat, data)
		if via != chat {
			data, _ := tx.SettingsBytes(via)
			st.ViaSettings, read.viaSettings = p.settings.load(via, data)
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	if st.Duplicate {
		return st, kit.ErrDuplicate
	}
	if st.Rec != nil {
		st.ClockBefore = st.Rec.Clock.AppendJSON(make([]byte, 0, kit.ClockSize))
	}
	viaBefore := st.ViaSettings
	if err := fn(st); err != nil {
		return st, err
	}
	st.ViaSettingsChanged = via != chat && st.ViaSettings != viaBefore
	w, err := p.prepare(st, updateID, discard)
	if err != nil {
		return st, err
	}
	raced := false
	// Batch shares the commit (and its fsync) with other chats' changes, and
	// may run this function more than once: it only writes what prepare
	// computed, after checking that nothing changed since the reading.
	err = p.store.Batch(func(tx *storage.Tx) error {
		raced = !read.still(tx, chat, via, updateID)
		if raced {
			return nil // not an error: that would roll back the whole batch
		}
		return p.write(tx, st, w)
	})
	switch {
	case err != nil:
		return st, err
	case raced:
		return st, errRaced
	case st.Remove:
		p.records.forget(chat)
	case w.game != nil:
		p.records.stored(chat, w.game, w.cached)
	}
	return st, nil
}
