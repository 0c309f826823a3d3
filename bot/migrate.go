package bot

import (
	"context"
	"encoding/json"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// reshowMoved shows a game that just moved to a supergroup there at once:
// the messages of the old group are not the supergroup's (their ids name
// nothing there), so without a new message the game would sit unseen
// until someone typed a command. The caller holds the chat's lock.
func (b *Bot) reshowMoved(chat int64) {
	st, err := b.change(chat, 0, func(c *chatState) error {
		if c.Settings.Menu != 0 { // the old group's settings menu: its id names another message here
			c.Settings.Menu, c.SettingsChanged = 0, true
		}
		rec := c.Rec
		switch {
		case rec == nil:
			return nil
		case rec.Status == StatusLobby:
			rec.LobbyMsg = 0
			c.Lobby, c.Quiet = true, true
		case rec.Status == StatusPlaying:
			b.kindOf(rec).Reshow(c, c.ChatLang())
			if m, ok := b.kindOf(rec).(movedKind); ok {
				m.Moved(c, c.ChatLang())
			}
		}
		// A final text for a message of the old group cannot be given in
		// the supergroup: the id there names another message, or none.
		c.Finals = nil
		return nil
	})
	b.finish(context.Background(), st, err, "")
	if err == nil && st != nil && st.Rec != nil && st.Rec.Status == StatusPlaying {
		b.kindOf(st.Rec).Repost(chat, st.ChatLang(), st.Rec)
	}
}

// movedKind is a kind with more live messages than Reshow sends anew (the
// board's open offers): Moved forgets their ids of the old group, so that
// Repost posts them in the supergroup.
type movedKind interface {
	Moved(c *chatState, lang string)
}

// movePrivateLinks points the private chats that remember the group —
// Settings.DealChat (a Deal hand: inline mode finds the game by it after a
// restart) and TradeChat (the trade composer's /cash) — at the supergroup,
// for the people of the game that moved. Their locks are not held (the
// order is private chat, then group): a change of theirs reading the old
// settings meanwhile finds them changed at its commit and runs again.
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
		if set.DealChat != from && set.TradeChat != from {
			continue
		}
		if set.DealChat == from {
			set.DealChat = to
		}
		if set.TradeChat == from {
			set.TradeChat = to
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
