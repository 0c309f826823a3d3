package deal

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// /leave in a Deal game: a question in the group, answered by the player
// who asked; yes takes the seat out of the game (deal.ActResign), as an
// absent or voted-out player leaves (the cards go to the discards).

// cmdLeave asks the player who sent /leave to confirm it.
func (k *plays) cmdLeave(ctx context.Context, updateID int, m kit.CommandIn) {
	st, err := k.host.Change(m.Chat, updateID, func(c *kit.Change) error {
		lang := c.Lang(m.From.Lang)
		rec := c.Rec
		seat := -1
		if rec != nil {
			seat = int(rec.SeatOf(m.From.ID))
		}
		switch {
		case rec == nil || rec.Status != kit.StatusPlaying || Of(rec) == nil:
			c.Replies = append(c.Replies, kit.Reply{Text: k.t(lang, "no_game", nil)})
		case !k.canResign(rec, seat):
			c.Replies = append(c.Replies, kit.Reply{Text: k.t(lang, "not_a_player", nil)})
		default:
			kb := kit.ConfirmKeyboard(k.cat, lang, rec, OpLeaveYes, OpLeaveNo, seat)
			c.Replies = append(c.Replies, kit.Reply{Text: k.t(lang, "deal_leave_confirm",
				map[string]any{"Player": kit.Mention(rec.Seats[seat])}), KB: kb})
		}
		return nil
	})
	k.host.Finish(ctx, st, err)
}

// pressLeave answers the /leave question, pressed in the group: checked
// against the game's revision, like the board's.
func (k *plays) pressLeave(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	chat := q.Message.Chat
	defer k.host.Lock(chat)()
	st, err := k.host.PressChange(chat, updateID, q, p, func(c *kit.Change, lang string) {
		rec := c.Rec
		seat := int(rec.SeatOf(q.From.ID))
		switch {
		case Of(rec) == nil || !k.canResign(rec, seat):
			c.Alert = k.t(lang, "alert_not_player", nil)
			return
		case p.Op == OpLeaveNo:
			c.Toast = k.t(lang, "cancelled", nil)
			c.CloseQuestion(q.Message, c.Toast)
			return
		case seat != p.Arg:
			c.Alert = k.t(lang, "alert_not_your_menu", nil)
			return
		}
		if err := k.apply(c, lang, q.From.ID, deal.PlayerID(seat), deal.Action{Kind: deal.ActResign}); err != nil {
			c.Alert = k.errText(lang, err)
			return
		}
		c.CloseQuestion(q.Message, "✅")
	})
	k.host.Answer(ctx, q.ID, st, err)
	k.host.Finish(ctx, st, err)
}

// canResign: a seat still in the game may leave it at any moment.
func (k *plays) canResign(r *kit.Record, seat int) bool {
	return k.active(r, seat) && Of(r).Game.Phase != deal.PhaseGameOver
}

// active: the seat has not left the game.
func (k *plays) active(r *kit.Record, seat int) bool {
	return Of(r) != nil && Of(r).Game != nil && seat >= 0 && Of(r).Game.Active(deal.PlayerID(seat))
}
