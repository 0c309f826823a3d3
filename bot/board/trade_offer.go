package board

import (
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

const (
	OfferTTL         = 24 * time.Hour
	maxOffersPerSeat = 3
)

// reconcileOffers runs after every engine change of a chat (absorb): the
// offers the engine no longer holds are finalized with their outcome.
func (b *trades) reconcileOffers(c *kit.Change, lang string, evs []engine.Event) {
	rec := c.Rec
	if len(Of(rec).Offers) == 0 || Of(rec).Game == nil {
		return
	}
	over := Of(rec).Game.Phase == engine.PhaseGameOver
	var kept []state.Offer
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
func (b *trades) closeOffer(c *kit.Change, lang string, o state.Offer, status string) {
	rec := c.Rec
	c.Finalize(offerSlot(rec.ID, o.ID), o.Msg, b.offerText(lang, rec, &o.Trade, false)+"\n"+b.cat.T(lang, status, nil))
}

// postOffer queues the offer message for the group, in the offer's own
// outbox slot, behind what the chat already has queued (paced, moved
// along if the group becomes a supergroup). Its id is stored when it is
// sent (onSent); when the offer ends, closeOffer finalizes the same slot.
func (b *trades) postOffer(group int64, rec *kit.Record, lang string, id int) {
	tr := findTrade(Of(rec).Game, id)
	if tr == nil {
		return
	}
	text, kb := b.openOffer(lang, rec, tr)
	b.out.Put(group, offerSlot(rec.ID, id), 0, text, kb)
}

// openOffer is an open offer's message: its text and buttons.
func (b *trades) openOffer(lang string, rec *kit.Record, tr *engine.Trade) (string, *kit.Markup) {
	// Its deadline once, in the chat's zone (expiry is in game time, so a
	// paused game's offer names none).
	open := b.cat.T(lang, "offer_open", nil)
	for _, o := range Of(rec).Offers {
		if o.ID == tr.ID && o.Expires != 0 && rec.Clock.PausedAt == 0 {
			open = b.cat.T(lang, "offer_open_until", map[string]any{"Time": b.text.atText(lang, rec, rec.Clock.WallTime(o.Expires))})
		}
	}
	return b.offerText(lang, rec, tr, true) + "\n" + open, b.offerKeyboard(lang, rec, tr.ID)
}

// postUnsentOffers posts again the open offers whose message id was never
// stored: after a restart or a pause their message may never have been
// sent, and an offer nobody sees cannot be answered. (If it was sent, that
// message keeps buttons that work while the offer is open and answer with
// an alert once it ended.) The chat's lock is held.
func (b *trades) postUnsentOffers(chat int64, lang string, rec *kit.Record) {
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
func unsentOffers(r *kit.Record) bool {
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
