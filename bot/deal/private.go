package deal

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

func parseHandPayload(s string) (chat int64, game uint64, ok bool) {
	return kit.ParseStartPayload("d", s)
}

// openHand answers the link from the group: the person's private chat now
// shows their hand, edited in place from then on. The private chat's lock
// is held (the command arrived there); lock order is private chat, group.
func (k *hands) openHand(ctx context.Context, updateID int, m kit.CommandIn, group int64, game uint64) {
	user := m.From.ID
	defer k.host.Lock(group)()
	refused, reopened := "", false
	st, err := k.host.ChangeVia(group, user, updateID, func(c *kit.Change) error {
		rec := c.Rec
		lang := c.PresserLang(m.From.Lang)
		refused, reopened = "", false
		switch {
		case rec == nil || rec.ID != game || Of(rec) == nil || Of(rec).Game == nil || rec.Status != kit.StatusPlaying:
			refused = k.t(lang, "no_game", nil)
		case !k.play.active(rec, int(rec.SeatOf(user))): // not a player, or left the game
			refused = k.t(lang, "deal_private_not_player", nil)
		default:
			seat := int(rec.SeatOf(user))
			h := &Of(rec).Hands[seat]
			// Opened again: the hand moves to the bottom of the chat, and
			// its old message, without buttons, is the one notice of the
			// move, in the language it was drawn in.
			if reopened = h.Msg != 0; reopened {
				old := handLang(c, rec, seat, kit.ViewLang(rec, user, c.Settings, c.ViaSettings, m.From.Lang))
				c.FinalizeIn(user, handSlot(rec.ID, seat, group), h.Msg, k.t(old, "deal_hand_moved", nil))
				h.Msg = 0
			}
			h.Open, h.Lang = true, locales.Normalize(m.From.Lang)
			kit.FixViewLang(rec, user, kit.ViewLang(rec, user, c.Settings, c.ViaSettings, m.From.Lang))
			c.Quiet, c.Turn = true, true
			c.ViaSettings.Links.Set(LinkKey, group)
		}
		return nil
	})
	if err != nil {
		k.host.Finish(ctx, st, err)
		return
	}
	lang := st.PresserLang(m.From.Lang) // their private chat: their language
	if refused == "" {
		lang = kit.ViewLang(st.Rec, user, st.Settings, st.ViaSettings, m.From.Lang) // the hand's below it
	}
	if refused != "" {
		k.out.Send(user, refused, nil)
		return
	}
	if !reopened { // no hand here yet: what the chat is for, the hand below it
		k.out.Send(user, k.t(lang, "deal_private_opened", nil), nil)
	}
	k.host.Finish(ctx, st, err)
}

// Press handles a hand button pressed in the person's private chat: it
// changes the group's game (ChangeVia), checked against the hand's key;
// and the /leave question's buttons in the group.
func (k *Kind) Press(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	if q.Message != nil && q.Message.Chat != q.From.ID && (p.Op == OpLeaveYes || p.Op == OpLeaveNo) {
		k.play.pressLeave(ctx, updateID, q, p) // the /leave question, in the group
		return
	}
	if q.Message == nil || p.Chat == 0 || q.Message.Chat != q.From.ID {
		k.host.AnswerPress(ctx, q.ID, k.t(k.host.ChatLang(q.From.ID, q.From.Lang), "alert_outdated", nil), true)
		return
	}
	user, group := q.From.ID, p.Chat
	defer k.host.Lock(user)()
	defer k.host.Lock(group)()
	st, err := k.host.ChangeVia(group, user, updateID, func(c *kit.Change) error {
		k.hand.onHandPress(c, q.From, p)
		return nil
	})
	k.host.Answer(ctx, q.ID, st, err)
	k.host.Finish(ctx, st, err)
}

// onHandPress turns a checked hand button into a change of the game.
func (k *hands) onHandPress(c *kit.Change, from *kit.Person, p kit.Press) {
	lang := c.Lang(from.Lang)
	rec := c.Rec
	if rec == nil || rec.ID != p.Game || Of(rec) == nil || Of(rec).Game == nil || rec.Status != kit.StatusPlaying {
		c.Alert = k.t(lang, "alert_outdated", nil)
		return
	}
	seat := rec.SeatOf(from.ID)
	if seat < 0 || int(seat) >= len(Of(rec).Hands) {
		c.Alert = k.t(lang, "alert_not_player", nil)
		return
	}
	c.ViaSettings.Links.Set(LinkKey, c.Chat) // stored with the change if it is new
	// Its answers in the language the hand is drawn in; the game's moves
	// are told to the group in lang.
	vlang := kit.FixViewLang(rec, from.ID, kit.ViewLang(rec, from.ID, c.Settings, c.ViaSettings, from.Lang))
	s := deal.PlayerID(seat)
	if handKey(rec, s) != p.Rev {
		if kit.Repeated(rec, from.ID, p.Encode()) {
			c.Toast = k.t(vlang, "toast_done", nil) // a second tap of what the hand already did
			return
		}
		c.Alert = k.t(vlang, "alert_outdated", nil)
		return
	}
	var picked *choice
	cs := choices(rec, s)
	for _, ch := range cs {
		if ch.op == p.Op && ch.arg == p.Arg {
			picked = &ch
			break
		}
	}
	if picked == nil {
		k.changedChoice(c, vlang, cs, p)
		return
	}
	h := &Of(rec).Hands[seat]
	switch p.Op {
	case OpCard:
		h.Picked, h.Pick, h.Take = true, p.Arg, 0
	case OpTake:
		h.Take = p.Arg
	case OpBack:
		Of(rec).ClearPick(int(seat))
	case OpMark:
		if !h.Paying {
			h.Pay, h.Paying = payment(Of(rec).Game, s, h), true
		}
		if card, add := MarkOf(p.Arg); add {
			h.Pay = h.Pay.Add(card)
		} else {
			h.Pay = h.Pay.Remove(card)
		}
	default: // OpAct, OpPay: an engine action
		k.play.act(c, lang, from.ID, s, picked.act)
		if c.Alert == "" {
			c.Applied(from.ID, p.Encode())
		}
		return
	}
	c.Quiet, c.Turn = true, true // what the hand shows; the game is as it was
	c.Applied(from.ID, p.Encode())
}

// changedChoice answers a hand press whose key still holds but whose
// choice is not offered as pressed: a mark whose card is already as the
// press wants it (a second tap: done), Pay whose chosen cards make another
// amount now (refused, naming it), or a button gone (outdated).
func (k *hands) changedChoice(c *kit.Change, lang string, cs []choice, p kit.Press) {
	for _, ch := range cs {
		switch {
		case p.Op == OpMark && ch.op == OpMark && ch.arg>>1 == p.Arg>>1:
			c.Toast = k.t(lang, "toast_done", nil)
			return
		case p.Op == OpPay && ch.op == OpPay:
			c.Alert = k.t(lang, "deal_alert_pay_moved", map[string]any{"Amount": ch.arg})
			c.Turn = true
			return
		}
	}
	c.Alert = k.t(lang, "alert_outdated", nil)
	c.Turn = true
}
