package board

import (
	"context"
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The group's trade buttons, /trade, and offers past their deadline: the
// entries of trades, above the offers (trade_offer.go), the composer
// (trade_private.go) and the trade's action (trade_act.go).

// onTradePress handles the trade buttons of a group's messages: OpTrade
// and the offer buttons.
func (b *trades) onTradePress(ctx context.Context, updateID int, q kit.PressIn, press kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	var open *state.Draft
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		open = nil // Batch may run this more than once
		// The alert is the presser's to read; the chat's messages (an
		// accepted offer) are in the chat's language (kit.AnswerIn).
		c.AnswerLang = c.PresserLang(q.From.Lang)
		kit.AnswerIn(c, c.Lang(q.From.Lang), func(c *kit.Change, lang string) { open = b.tradePress(c, lang, q.From, press) })
		return nil
	})
	composer := err == nil && st != nil && open != nil && st.Alert == ""
	if !composer {
		b.answer(ctx, q.ID, st, err)
	}
	b.finish(ctx, st, err, q.ID)
	// The press is answered once it is known whether the composer reached
	// the presser (openComposer).
	if composer && !b.openComposer(ctx, chat, st, q.From, open, st.AnswerLang, q.ID) {
		b.host.AnswerPress(ctx, q.ID, b.cat.T(st.AnswerLang, "alert_failed", nil), true)
	}
	b.afterTrades(ctx, chat, st)
}

// tradePress is the change of a trade button in the group: 🤝 and an
// offer's buttons. It returns the draft to open in the presser's
// composer (nil: none). A refusal names its reason.
func (b *trades) tradePress(c *kit.Change, lang string, from *kit.Person, press kit.Press) *state.Draft {
	rec := c.Rec
	if rec == nil || rec.ID != press.Game || rec.Status != kit.StatusPlaying || press.Op == OpTrade && !press.Keyed && rec.Rev != press.Rev {
		c.Alert = b.text.staleText(rec, lang, press)
		return nil
	}
	g := Of(rec).Game
	seat := seatOf(rec, from.ID)
	if seat < 0 || !g.Active(seat) {
		c.Alert = b.cat.T(lang, "alert_not_player", nil)
		return nil
	}
	if press.Op == OpTrade {
		if !canPropose(g, seat) {
			c.Alert = b.text.refusalText(rec, lang, seat, engine.ErrNotNow)
			return nil
		}
		return newDraft(g, seat)
	}
	t := findTrade(g, press.Arg)
	if t == nil {
		c.Alert = b.text.errText(lang, engine.ErrTradeNotFound)
		return nil
	}
	switch press.Op {
	case OpOfWithdraw:
		if t.From != seat {
			c.Alert = b.cat.T(lang, "refuse_offer_by", map[string]any{"Player": seatName(rec, t.From)})
			return nil
		}
		b.turn.act(c, lang, from, seat, engine.Action{Kind: engine.ActCancelTrade, TradeID: t.ID})
	case OpOfCounter:
		if t.To != seat {
			c.Alert = b.cat.T(lang, "refuse_offer_to", map[string]any{"Player": seatName(rec, t.To)})
			return nil
		}
		return counterDraft(t)
	case OpOfAccept, OpOfReject:
		if t.To != seat {
			c.Alert = b.cat.T(lang, "refuse_offer_to", map[string]any{"Player": seatName(rec, t.To)})
			return nil
		}
		kind := engine.ActAcceptTrade
		if press.Op == OpOfReject {
			kind = engine.ActRejectTrade
		}
		b.turn.act(c, lang, from, seat, engine.Action{Kind: kind, TradeID: t.ID})
	}
	return nil
}

// cmdTrade is /trade: in a group it opens the composer like the button;
// in a private chat it explains where to start. The chat's lock is held.
func (b *trades) cmdTrade(ctx context.Context, updateID int, m kit.CommandIn, group bool) {
	chat := m.Chat
	var open *state.Draft
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		open = nil // Batch may run this more than once
		lang := c.Lang(m.From.Lang)
		rec := c.Rec
		switch {
		case !group:
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "trade_in_group", nil)})
		case rec == nil || rec.Status != kit.StatusPlaying:
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "no_game", nil)})
		case seatOf(rec, m.From.ID) < 0 || !Of(rec).Game.Active(seatOf(rec, m.From.ID)):
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "not_a_player", nil)})
		case !canPropose(Of(rec).Game, seatOf(rec, m.From.ID)):
			c.Replies = append(c.Replies, kit.Reply{Text: b.text.errText(lang, engine.ErrNotNow)})
		default:
			open = newDraft(Of(rec).Game, seatOf(rec, m.From.ID))
		}
		return nil
	})
	b.finish(ctx, st, err, "")
	if err == nil && st != nil && open != nil && !b.openComposer(ctx, chat, st, m.From, open, st.ChatLang(), "") { // answered in the group
		b.out.Send(chat, b.cat.T(st.ChatLang(), "alert_failed", nil), nil)
	}
}

// expireOffers withdraws the offers past their deadline (as their
// proposer would), under the chat's lock.
func (b *trades) expireOffers(ctx context.Context, chat int64) {
	st, err := b.change(chat, 0, func(t *kit.Change) error {
		rec := t.Rec
		if rec == nil || Of(rec).Game == nil || Of(rec).Game.Phase == engine.PhaseGameOver || rec.Clock.PausedAt != 0 {
			return nil // a paused game's offers wait: their expiry is in game time, which stands still
		}
		lang := t.ChatLang()
		now := rec.Clock.GameTime(b.cfg.Now().UnixMilli())
		for _, o := range slices.Clone(Of(rec).Offers) {
			if o.Expires > now {
				continue
			}
			Of(rec).Offers = slices.DeleteFunc(Of(rec).Offers, func(x state.Offer) bool { return x.ID == o.ID })
			b.closeOffer(t, lang, o, "offer_expired")
			t.Save = true
			if tr := findTrade(Of(rec).Game, o.ID); tr != nil {
				if err := b.tradeAct(t, lang, 0, 0, tr.From, engine.Action{Kind: engine.ActCancelTrade, TradeID: o.ID}); err != nil {
					b.log.Warn("withdrawing an expired offer", "chat", chat, "trade", o.ID, "err", err)
				}
			}
		}
		if len(Of(rec).Offers) == 0 {
			Of(rec).Offers = nil
		}
		return nil
	})
	if err != nil || st == nil || !st.Save {
		return
	}
	b.finish(ctx, st, nil, "")
}

// afterTrades runs after a chat's change was published, under the chat's
// lock: offers past their deadline are withdrawn. (Offers a change ended
// get their final text in finish, whatever the change.)
func (b *trades) afterTrades(ctx context.Context, chat int64, st *kit.Change) {
	if st == nil || st.Rec == nil {
		return
	}
	if st.Remove {
		return
	}
	now := st.Rec.Clock.GameTime(b.cfg.Now().UnixMilli())
	for _, o := range Of(st.Rec).Offers {
		if o.Expires <= now {
			b.expireOffers(ctx, chat)
			return
		}
	}
}
