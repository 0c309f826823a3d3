package board

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The board as a picture: /board and the 🗺 button send a PNG of the game
// (bot/boardimg). A picture is drawn once per game version (the engine's
// count of applied actions: a menu opened or a message id stored changes
// the record's revision, not the picture) and language; while the game
// has not changed, the same picture is sent again by the file_id Telegram
// gave it, so nothing is uploaded twice. A picture is a send like any
// message, queued in the outbox within the chat's budget.

// sendPicture queues rec's picture for chat in lang: by file_id when the
// game has not changed since it was last sent, else drawn and uploaded. A
// game the renderer refuses gets the text board instead. again says to
// send it even if the same picture went out a moment ago (a command does;
// 🗺 does not, and reports false then).
func (b *pictureView) sendPicture(chat int64, lang string, rec *kit.Record, again bool) bool {
	key := pictureKey{game: rec.ID, version: Of(rec).Game.Version, lang: lang}
	if b.pics.recent(chat, key, b.cfg.Now()) && !again {
		return false
	}
	if p := b.picture(chat, lang, rec); p != nil {
		b.out.SendPhoto(chat, *p)
	}
	return true
}

// picture is rec's picture for chat in lang, noted as queued now: by
// file_id when the game has not changed since it was last sent, else
// drawn. A game the renderer refuses gets the text board instead, queued
// here, and nil.
func (b *pictureView) picture(chat int64, lang string, rec *kit.Record) *kit.Photo {
	key := pictureKey{game: rec.ID, version: Of(rec).Game.Version, lang: lang}
	id, _ := b.pics.queue(chat, key, b.cfg.Now())
	if id != "" {
		return &kit.Photo{FileID: id}
	}
	names := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		names[i] = s.Name
	}
	png, err := b.pics.render(rec, lang, names)
	if err != nil {
		b.log.Warn("board picture refused; sending the text board", "chat", chat, "err", err)
		b.out.Send(chat, b.text.renderBoard(lang, rec), nil)
		return nil
	}
	return &kit.Photo{PNG: png, Sent: func(fileID string) { b.pics.remember(chat, key, fileID) }}
}

// captionPicture gives /board's owners list (withDeeds), when it fits a
// caption, the picture of shown to go with: one message, one call of the
// group's budget. It reports false when the list is a message of its own
// (the picture goes alone, before it). A picture the renderer refuses
// leaves the list a text message under the text board.
func (b *pictureView) captionPicture(st *kit.Change, lang string, shown *kit.Record) bool {
	slot := deedsPictureSlot(shown.ID)
	for i := range st.Shows {
		s := &st.Shows[i]
		if s.Slot != slot || !s.Caption || s.Msg != 0 {
			continue
		}
		if s.Photo = b.picture(st.Chat, lang, shown); s.Photo == nil {
			s.Slot, s.Caption = deedsSlot(shown.ID), false
		}
		return true
	}
	return false
}

// cmdBoard answers /board: the picture of the running game, for anyone in
// the chat; with no game running, the final board of the last one. The
// change stores only that the update was applied; *shown is the record to
// draw (nil when there is none).
func (b *pictureView) cmdBoard(chat int64, from *kit.Person, shown **kit.Record, lang *string) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		*shown, *lang = nil, c.Lang(from.Lang)
		if c.Rec == nil || c.Rec.Status != kit.StatusPlaying {
			if last := b.host.LastGame(chat); last != nil && Of(last).Game != nil && (last.Kind == "" || last.Kind == Name) {
				c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(*lang, "ending_last_board", nil)})
				*shown = last
				return nil
			}
		}
		if c.Rec == nil || c.Rec.Status != kit.StatusPlaying || Of(c.Rec).Game == nil {
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(*lang, "no_game", nil)})
			return nil
		}
		*shown = c.Rec.Clone()
		return nil
	}
}

// onPicturePress answers 🗺: the picture of the game the message belongs
// to, whoever pressed, and the turn's message moves below it; nothing in
// the game changes.
func (b *pictureView) onPicturePress(ctx context.Context, updateID int, q kit.PressIn, press kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	var shown *kit.Record
	var lang string
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		shown, lang = nil, c.Lang(q.From.Lang)
		if c.Rec == nil || c.Rec.ID != press.Game || c.Rec.Status != kit.StatusPlaying || Of(c.Rec).Game == nil {
			c.Alert = b.text.staleText(c.Rec, c.PresserLang(q.From.Lang), press)
			return nil
		}
		shown = c.Rec.Clone()
		if !b.pics.recent(chat, pictureKey{game: shown.ID, version: Of(shown).Game.Version, lang: lang}, b.cfg.Now()) {
			// The picture goes below the turn's message: the turn moves
			// under it, its buttons on the bot's last message (issue 25),
			// without a new revision (nothing in the game changed).
			b.moveTurnBelow(c, lang)
			c.Save, c.Quiet = false, true
		}
		return nil
	})
	if err == nil && shown != nil && !b.sendPicture(chat, lang, shown, false) {
		st.Toast = b.cat.T(st.PresserLang(q.From.Lang), "picture_recent", nil)
	}
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

// moveTurnBelow moves the turn's message below a picture (Reshow): its
// buttons stay on the bot's last message. Nobody waits for the move — the
// same buttons are on screen above the picture, and valid — so it waits
// for spare budget (kit.Change.Unhurried), and the next press's result, if
// it comes first, is the moved message: a picture costs the group one call
// of its budget, not two that the next press then waited for.
func (b *pictureView) moveTurnBelow(c *kit.Change, lang string) {
	b.turn.reshow(c, lang)
	if c.Unhurried == nil {
		c.Unhurried = map[string]bool{}
	}
	c.Unhurried[TurnSlot(c.Rec.ID)] = true
}

// lookRow is the buttons anyone in the chat may press: they change nothing
// in the game.
func (b *pictureView) lookRow(k *kit.Keyboard, lang string) {
	k.Row(k.Btn(b.cat.T(lang, "btn_picture", nil), OpPicture, 0), b.turn.followButton(k, lang))
}
