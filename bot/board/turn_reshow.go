package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Closing the turn's message so that the next one is new (a picture or the
// owners' message went below it).

// reshow closes the turn message as it stands; the next one is new.
func (b *turns) reshow(c *kit.Change, lang string) {
	rec := c.Rec
	if Of(rec).TurnMsg != 0 {
		c.Finalize(TurnSlot(rec.ID), Of(rec).TurnMsg, b.text.renderClosedTurn(lang, rec))
	}
	if a := Of(rec).Auction; a != nil {
		// The auction goes on in a new message, which mentions the bidders.
		if a.Msg != 0 {
			c.Finalize(auctionSlot(rec.ID, a.Seq), a.Msg, b.auction.renderAuction(lang, rec)+"\n"+b.cat.T(lang, "auction_moved", nil))
		}
		a.Msg, a.ShownVer = 0, Of(rec).Game.Version
	}
	Of(rec).TurnMsg, Of(rec).View = 0, state.View{}
	c.Turn, c.Save = true, true
}
