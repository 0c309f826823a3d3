package board

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The deed and owners' buttons, and /board's owners message: above the
// picture (picture.go) and the deeds' texts (deed.go).

// withDeeds adds to /board's change the message of who owns what with its
// group buttons: a new one under the picture, while the previous one loses
// its buttons, so only the newest stays live and the game's end can close
// it; the turn's message follows them.
func (b *deeds) withDeeds(board func(c *kit.Change) error) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		if err := board(c); err != nil || c.Rec == nil || c.Rec.Status != kit.StatusPlaying || Of(c.Rec).Game == nil {
			return err
		}
		rec, lang := c.Rec, c.ChatLang()
		if Of(rec).DeedsMsg != 0 {
			b.finalizeDeeds(c, b.cat.T(lang, "board_deeds_newer", nil))
		}
		kb := b.deedRows(lang, rec, 0)
		if caption, fits := b.ownersCaption(lang, rec); fits {
			// The picture's caption (one call instead of two); the host
			// draws the picture after the change (captionPicture).
			c.ShowCaption(deedsPictureSlot(rec.ID), 0, nil, caption, kb)
		} else {
			c.Show(deedsSlot(rec.ID), 0, b.renderOwners(lang, rec), kb)
		}
		Of(rec).DeedsMsg, Of(rec).DeedsPhoto, c.Quiet = 0, false, true
		// The turn's message moves below the picture and the deeds, so its
		// buttons stay on the bot's last message (issue 25). Moving it
		// changes nothing in the game: no new revision, so the players'
		// buttons elsewhere (an open offer, a private composer) stay valid.
		b.picture.moveTurnBelow(c, lang)
		c.Save = false
		return nil
	}
}

// onBoardGroupPress opens a group's deeds on /board's message, or the
// groups again. Only the newest /board message is live; an older one was
// closed when it was replaced.
func (b *deeds) onBoardGroupPress(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		c.AnswerLang = c.PresserLang(q.From.Lang)
		rec := c.Rec
		if rec == nil || rec.ID != p.Game || rec.Status != kit.StatusPlaying || Of(rec).Game == nil ||
			Of(rec).DeedsMsg != q.Message.ID || p.Arg < 0 || p.Arg > Of(rec).Game.EditionData().GroupCount() {
			c.Alert = b.text.staleText(rec, c.AnswerLang, p)
			return nil
		}
		lang := c.ChatLang()
		if Of(rec).DeedsPhoto {
			caption, _ := b.ownersCaption(lang, rec)
			c.ShowCaption(deedsPictureSlot(rec.ID), Of(rec).DeedsMsg, nil, caption, b.deedRows(lang, rec, p.Arg))
		} else {
			c.Show(deedsSlot(rec.ID), Of(rec).DeedsMsg, b.renderOwners(lang, rec), b.deedRows(lang, rec, p.Arg))
		}
		c.Quiet = true
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

// onDeedPress answers a deed button with the card. Anyone in the chat may
// look; the press is checked against the game, not its revision.
func (b *deeds) onDeedPress(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		lang := c.PresserLang(q.From.Lang) // the card is an alert: the presser's to read
		c.AnswerLang = lang
		if c.Rec == nil || c.Rec.ID != p.Game || c.Rec.Status != kit.StatusPlaying || Of(c.Rec).Game == nil {
			c.Alert = b.text.staleText(c.Rec, lang, p)
			return nil
		}
		c.Alert = b.deedCard(lang, c.Rec, p.Arg)
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}
