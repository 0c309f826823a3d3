package board

import (
	"context"
	"slices"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

const (
	OfferTTL         = 24 * time.Hour
	maxOffersPerSeat = 3
)

// reconcileOffers runs after every engine change of a chat (absorb): the
// offers the engine no longer holds are finalized with their outcome.
func (b *Kind) reconcileOffers(c *chatState, lang string, evs []engine.Event) {
	rec := c.Rec
	if len(Of(rec).Offers) == 0 || Of(rec).Game == nil {
		return
	}
	over := Of(rec).Game.Phase == engine.PhaseGameOver
	var kept []Offer
	for _, o := range Of(rec).Offers {
		if !over && findTrade(Of(rec).Game, o.ID) != nil {
			kept = append(kept, o)
			continue
		}
		status := "offer_closed"
		for _, e := range evs {
			if e.Amount != o.ID {
				continue
			}
			switch e.Kind {
			case engine.EvTradeAccepted:
				status = "offer_accepted"
			case engine.EvTradeRejected:
				status = "offer_declined"
			case engine.EvTradeCancelled:
				status = "offer_cancelled"
			}
		}
		b.closeOffer(c, lang, o, status)
	}
	Of(rec).Offers = kept
}

// closeOffer gives offer o's message its final text. Its message id may
// not be known yet (the outbox has not delivered it, or its id is not
// stored yet): the edit goes by the offer's slot all the same, so a
// message still waiting is sent with the final text instead.
func (b *Kind) closeOffer(c *chatState, lang string, o Offer, status string) {
	rec := c.Rec
	c.Finalize(offerSlot(rec.ID, o.ID), o.Msg, b.offerText(lang, rec, &o.Trade, false)+"\n"+b.cat.T(lang, status, nil))
}

// afterTrades runs after a chat's change was published, under the chat's
// lock: offers past their deadline are withdrawn. (Offers a change ended
// get their final text in finish, whatever the change.)
func (b *Kind) afterTrades(ctx context.Context, chat int64, st *chatState) {
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

// expireOffers withdraws the offers past their deadline (as their
// proposer would), under the chat's lock.
func (b *Kind) expireOffers(ctx context.Context, chat int64) {
	st, err := b.change(chat, 0, func(t *chatState) error {
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
			Of(rec).Offers = slices.DeleteFunc(Of(rec).Offers, func(x Offer) bool { return x.ID == o.ID })
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

// onTradePress handles the trade buttons of a group's messages: OpTrade
// and the offer buttons.
func (b *Kind) onTradePress(ctx context.Context, updateID int, q kit.PressIn, press Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	var open *Draft
	st, err := b.change(chat, updateID, func(c *chatState) error {
		open = nil // Batch may run this more than once
		// The alert is the presser's to read; the chat's messages (an
		// accepted offer) are in the chat's language (kit.AnswerIn).
		c.AnswerLang = c.PresserLang(q.From.Lang)
		kit.AnswerIn(c, c.Lang(q.From.Lang), func(c *chatState, lang string) { open = b.tradePress(c, lang, q.From, press) })
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
func (b *Kind) tradePress(c *chatState, lang string, from *kit.Person, press Press) *Draft {
	rec := c.Rec
	if rec == nil || rec.ID != press.Game || rec.Status != StatusPlaying || press.Op == OpTrade && !press.Keyed && rec.Rev != press.Rev {
		c.Alert = b.staleText(rec, lang, press)
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
			c.Alert = b.refusalText(rec, lang, seat, engine.ErrNotNow)
			return nil
		}
		return newDraft(g, seat)
	}
	t := findTrade(g, press.Arg)
	if t == nil {
		c.Alert = b.errText(lang, engine.ErrTradeNotFound)
		return nil
	}
	switch press.Op {
	case OpOfWithdraw:
		if t.From != seat {
			c.Alert = b.cat.T(lang, "refuse_offer_by", map[string]any{"Player": seatName(rec, t.From)})
			return nil
		}
		b.act(c, lang, from, seat, engine.Action{Kind: engine.ActCancelTrade, TradeID: t.ID})
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
		b.act(c, lang, from, seat, engine.Action{Kind: kind, TradeID: t.ID})
	}
	return nil
}

// cmdTrade is /trade: in a group it opens the composer like the button;
// in a private chat it explains where to start. The chat's lock is held.
func (b *Kind) cmdTrade(ctx context.Context, updateID int, m kit.CommandIn, group bool) {
	chat := m.Chat
	var open *Draft
	st, err := b.change(chat, updateID, func(c *chatState) error {
		open = nil // Batch may run this more than once
		lang := c.Lang(m.From.Lang)
		rec := c.Rec
		switch {
		case !group:
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "trade_in_group", nil)})
		case rec == nil || rec.Status != StatusPlaying:
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "no_game", nil)})
		case seatOf(rec, m.From.ID) < 0 || !Of(rec).Game.Active(seatOf(rec, m.From.ID)):
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "not_a_player", nil)})
		case !canPropose(Of(rec).Game, seatOf(rec, m.From.ID)):
			c.Replies = append(c.Replies, kit.Reply{Text: b.errText(lang, engine.ErrNotNow)})
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

// postOffer queues the offer message for the group, in the offer's own
// outbox slot, behind what the chat already has queued (paced, moved
// along if the group becomes a supergroup). Its id is stored when it is
// sent (onSent); when the offer ends, closeOffer finalizes the same slot.
func (b *Kind) postOffer(group int64, rec *Record, lang string, id int) {
	tr := findTrade(Of(rec).Game, id)
	if tr == nil {
		return
	}
	text, kb := b.openOffer(lang, rec, tr)
	b.out.Put(group, offerSlot(rec.ID, id), 0, text, kb)
}

// openOffer is an open offer's message: its text and buttons.
func (b *Kind) openOffer(lang string, rec *Record, tr *engine.Trade) (string, *kit.Markup) {
	// Its deadline once, in the chat's zone (expiry is in game time, so a
	// paused game's offer names none).
	open := b.cat.T(lang, "offer_open", nil)
	for _, o := range Of(rec).Offers {
		if o.ID == tr.ID && o.Expires != 0 && rec.Clock.PausedAt == 0 {
			open = b.cat.T(lang, "offer_open_until", map[string]any{"Time": b.atText(lang, rec, rec.Clock.WallTime(o.Expires))})
		}
	}
	return b.offerText(lang, rec, tr, true) + "\n" + open, b.offerKeyboard(lang, rec, tr.ID)
}

// postUnsentOffers posts again the open offers whose message id was never
// stored: after a restart or a pause their message may never have been
// sent, and an offer nobody sees cannot be answered. (If it was sent, that
// message keeps buttons that work while the offer is open and answer with
// an alert once it ended.) The chat's lock is held.
func (b *Kind) postUnsentOffers(chat int64, lang string, rec *Record) {
	if Of(rec).Game == nil || Of(rec).Game.Phase == engine.PhaseGameOver {
		return
	}
	for _, o := range Of(rec).Offers {
		if o.Msg == 0 {
			b.postOffer(chat, rec, lang, o.ID)
		}
	}
}

// unsentOffers says whether the record has offer messages to show again:
// final texts not yet queued, or open offers without a message id.
func unsentOffers(r *Record) bool {
	if len(Of(r).OfferEdits) > 0 {
		return true // finals stored by an older version (legacyFinals)
	}
	for _, o := range Of(r).Offers {
		if o.Msg == 0 {
			return true
		}
	}
	return false
}
