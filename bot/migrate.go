package bot

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// migrate moves a group's game, settings and pending messages to the
// supergroup it became, and shows there what was live. It comes from
// either service message (the group's migrate_to_chat_id, the
// supergroup's migrate_from_chat_id: each chat's lane runs apart, and the
// supergroup's own updates must find the game already moved) or from a
// 400 answer carrying migrate_to_chat_id, whichever is first; the others
// find nothing left to move.
//
// The move and the show are two changes; Settings.Moved, stored with the
// move and cleared by the show, makes a start after a crash in between
// show it (restoreChat), and a later call find it still owed.
func (b *Bot) migrate(from, to int64) {
	if from == to || from == 0 || to == 0 {
		return
	}
	first, second := min(from, to), max(from, to) // one lock order: no deadlock
	defer b.lock(first)()
	defer b.lock(second)()
	owed := false
	err := b.store.Update(func(tx *storage.Tx) error {
		var err error
		owed, err = moveStored(tx, from, to, b.cfg.Now())
		return err
	})
	if err != nil {
		b.log.Warn("moving chat after upgrade", "from", from, "to", to, "err", err)
	}
	b.out.Move(from, to)
	if owed {
		b.reshowMoved(to)
	}
}

// moveStored is migrate's transaction: everything of from goes to to,
// the private chats that remember from point at to, and to is marked as
// owing a show of what moved (Settings.Moved) and as recently changed, so
// that a start looks at it. It reports whether a show is owed, also when
// an earlier call moved the chat but did not show it.
func moveStored(tx *storage.Tx, from, to int64, now time.Time) (owed bool, err error) {
	_, hasGame := tx.GameBytes(from)
	left, hasSettings := tx.SettingsBytes(from)
	if !hasGame && (!hasSettings || decodeSettings(left).MovedTo != 0) {
		raw, _ := tx.SettingsBytes(to)
		return decodeSettings(raw).Moved != 0, nil // moved already
	}
	if err := tx.MoveChat(from, to); err != nil {
		return false, err
	}
	if err := timers.MoveTimer(tx, from, to); err != nil {
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
	if out, err = json.Marshal(Settings{MovedTo: to}); err != nil {
		return false, err
	}
	if err := tx.PutSettings(from, out); err != nil {
		return false, err
	}
	return true, tx.MarkRecent(to, now.UnixMilli())
}

// pressInMovedGroup answers a press on a message of a group that became a
// supergroup (its messages stay visible there): the game went on in the
// supergroup, under a message of its own, so the press changes nothing
// and says where to press instead. Only a basic group can have moved, so
// a supergroup's presses cost no read.
func (b *Bot) pressInMovedGroup(ctx context.Context, q *tgbotapi.CallbackQuery) bool {
	const supergroups = -1_000_000_000_000
	if q.Message == nil || q.Message.Chat == nil || q.From == nil {
		return false
	}
	chat := q.Message.Chat.ID
	if chat >= 0 || chat <= supergroups {
		return false
	}
	var s Settings
	_ = b.store.View(func(tx *storage.Tx) error { s = b.loadSettings(tx, chat); return nil })
	if s.MovedTo == 0 {
		return false
	}
	var moved Settings
	_ = b.store.View(func(tx *storage.Tx) error { moved = b.loadSettings(tx, s.MovedTo); return nil })
	lang := kit.PersonLang(moved, q.From.LanguageCode)
	_ = b.tg.AnswerCallback(ctx, q.ID, b.cat.T(lang, "alert_group_moved", nil), true)
	return true
}

// reshowMoved shows a game that just moved to a supergroup there at once:
// the messages of the old group are not the supergroup's (their ids name
// nothing there), so without a new message the game would sit unseen
// until someone typed a command. It does nothing once shown
// (Settings.Moved is cleared in the same change). The caller holds the
// chat's lock.
func (b *Bot) reshowMoved(chat int64) {
	st, err := b.change(chat, 0, func(c *chatState) error {
		if c.Settings.Moved == 0 {
			return nil
		}
		c.Settings.Moved, c.SettingsChanged = 0, true
		c.Settings.Menu = 0 // the old group's settings menu: its id names another message here
		rec := c.Rec
		switch {
		case rec == nil:
			return nil
		case rec.Status == StatusLobby:
			rec.LobbyMsg = 0
			c.Lobby, c.Quiet = true, true
		case rec.Status == StatusPlaying:
			b.kindOf(rec).Reshow(c, c.ChatLang())
			if m := b.capsOf(b.kindOf(rec)).moved; m != nil {
				m.Moved(c, c.ChatLang())
			}
			if len(rec.Clock.Votes) > 0 { // a vote in progress goes on under a message of the supergroup
				votes := slices.Clone(rec.Clock.Votes)
				for i := range votes {
					votes[i].Msg = 0
				}
				rec.Clock.Votes, c.Quiet = votes, true
				b.voting().Reshow(c, c.ChatLang())
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

// movePrivateLinks points the private chats that remember the group —
// every link of theirs (Settings.Links: a Deal hand's, which inline mode
// finds the game by after a restart; the trade composer's, for /cash) —
// at the supergroup, for the people of the game that moved. Their locks are not held (the
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
