package board

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// A press on an auction's message: above play (play.go), whose act it calls;
// the auction's message and bids are auction.go.

// onAuctionPress handles a press on an auction's message: checked by the
// auction's number, so leaving or the deed on a message a few bids behind
// still counts; a bid by the amount it names, which must still be the one
// the button shows (a button made before keys raises the highest bid as
// it stands).
func (b *auctions) onAuctionPress(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *kit.Change) error {
		// The answer is the presser's to read, the messages the chat's
		// (kit.AnswerIn).
		c.AnswerLang = c.PresserLang(q.From.Lang)
		kit.AnswerIn(c, c.Lang(q.From.Lang), func(c *kit.Change, lang string) { b.auctionPress(c, lang, q.From, p) })
		return nil
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
}

func (b *auctions) auctionPress(c *kit.Change, lang string, from *kit.Person, p kit.Press) {
	rec := c.Rec
	if rec == nil || rec.ID != p.Game || rec.Status != kit.StatusPlaying || Of(rec).Game == nil {
		c.Alert = b.text.staleText(rec, lang, p) // no game, or another one
		return
	}
	seq := int(p.Rev)
	if p.Keyed {
		seq = auctionSeq(p.Rev)
	}
	if Of(rec).Auction == nil || Of(rec).Auction.Seq != seq || Of(rec).Game.Auction == nil {
		c.Alert = b.cat.T(lang, "alert_auction_over", nil)
		return
	}
	if p.Op == OpAuctionDeed {
		c.Alert = b.deed.deedCard(lang, rec, Of(rec).Game.Auction.Square) // deed.go
		return
	}
	g := Of(rec).Game
	a := g.Auction
	seat := seatOf(rec, from.ID)
	if seat < 0 || !g.Active(seat) {
		c.Alert = b.cat.T(lang, "alert_not_player", nil)
		return
	}
	if p.Op == OpAuctionLeave {
		b.turn.act(c, lang, from, seat, engine.Action{Kind: engine.ActPass})
		if c.Alert == "" {
			c.Toast = b.cat.T(lang, "toast_auction_left", nil)
		}
		return
	}
	amount := BidOf(p, a)
	if p.Keyed && p.Rev != auctionKey(seq, a.High) && repeated(rec, from.ID, p) {
		c.Toast = b.cat.T(lang, "toast_done", nil) // a second tap of a bid already placed
		return
	}
	if a.Leader == seat { // outbidding oneself is no one's intent: a second press, or a stale message
		c.Alert = b.cat.T(lang, "auction_you_lead", map[string]any{"Amount": b.text.money(lang, rec, a.High)})
		return
	}
	if amount < a.MinBid() && a.Leader != engine.NoOwner && !a.Passed[seat] {
		// The amount the button names is beaten: the alert says the
		// highest bid, and the message shows it at once, so the next press
		// is on buttons that can still bid.
		c.Alert = b.cat.T(lang, "auction_outbid", map[string]any{"Player": seatName(rec, a.Leader), // an alert is plain text
			"Amount": b.text.money(lang, rec, a.High)})
		b.refreshNow(c)
		return
	}
	b.turn.act(c, lang, from, seat, engine.Action{Kind: engine.ActBid, Amount: amount})
	if c.Alert == "" {
		c.Toast = b.cat.T(lang, "toast_bid", map[string]any{"Amount": b.text.money(lang, rec, amount)})
		c.Applied(from.ID, p.Encode())
	}
}
