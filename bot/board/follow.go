package board

import (
	"context"
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Spectators: anyone in the chat may press 👁 to follow the game and is
// told in a private chat when it ends (however it ends: a winner, /endgame,
// the last person leaving, the archive). Following is stored with the
// record quietly — no new revision — so it never makes the players'
// buttons outdated, and it changes nothing in the game. A second press
// stops following.

// maxFollowers bounds the notifications one game's end sends.
const maxFollowers = 50

// onFollowPress answers 👁 for whoever pressed it.
func (b *turns) onFollowPress(ctx context.Context, updateID int, q kit.PressIn, press kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	user := q.From.ID
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		lang := c.PresserLang(q.From.Lang) // every answer here is the presser's
		rec := c.Rec
		if rec == nil || rec.ID != press.Game || rec.Status != kit.StatusPlaying || Of(rec).Game == nil {
			c.Alert = b.text.staleText(rec, lang, press)
			return nil
		}
		if i := slices.Index(Of(rec).Followers, user); i >= 0 {
			Of(rec).Followers = slices.Delete(slices.Clone(Of(rec).Followers), i, i+1)
			c.Toast = b.cat.T(lang, "follow_stopped", nil)
		} else if len(Of(rec).Followers) >= maxFollowers {
			c.Alert = b.cat.T(lang, "follow_full", nil)
			return nil
		} else {
			Of(rec).Followers = append(slices.Clone(Of(rec).Followers), user)
			c.Alert = b.cat.T(lang, "follow_started", nil)
		}
		c.Quiet = true
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

// notifyFollowers tells the followers of a game that ended, each in their
// private chat, with the final standings. Called once, by the change that
// removed the game (Show).
func (b *turns) notifyFollowers(c *kit.Change, lang string) {
	rec := c.Rec
	if len(Of(rec).Followers) == 0 || Of(rec).Game == nil {
		return
	}
	text := b.cat.T(lang, "follow_ended", nil) + "\n\n" + b.text.renderStandings(lang, rec)
	for _, user := range Of(rec).Followers {
		b.out.Notify(user, text)
	}
}

// followButton is 👁 for the turn message's row of anyone's buttons.
func (b *turns) followButton(k *kit.Keyboard, lang string) kit.Button {
	return k.Btn(b.cat.T(lang, "btn_follow", nil), OpFollow, 0)
}
