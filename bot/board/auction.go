package board

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// An auction lives in a message of its own, sent when it opens so that
// every bidder still in is mentioned (notified), and given its outcome
// without buttons when it closes; the turn message only says that it runs.
//
// Bids come faster than a group may be written to (about 20 sends and
// edits a minute), so the message is not edited for every bid: it is put
// at once when the last refresh is old enough, else the refresh waits for
// the kind's due moment (Pending.Due → Expire). The gap between refreshes
// grows with each one, so a long bidding war costs a few edits, not one a
// bid. The buttons do not go stale with it: they are checked by the
// auction's number, not the record's revision, and a bid is the amount
// its button shows ("+$20 → $420" bids $420, BidOf) while that still
// beats the highest bid; a beaten one is refused with the highest bid,
// and the message is refreshed at once (refreshNow).

// auctionOps are pressed on an auction's message: checked by its number.
var auctionOps = map[kit.Op]bool{OpAuctionBid: true, OpAuctionRaise: true, OpAuctionLeave: true, OpAuctionDeed: true}

func auctionSlot(game uint64, seq int) string {
	return kit.GameSlot("auction", game, strconv.Itoa(seq))
}

// followAuctions files one action's auction events: an auction that
// closed gets its final text, one that opened a message of its own, and a
// running one's refresh is made now or left for later (refreshDue).
func (b *auctions) followAuctions(c *kit.Change, lang string, evs []engine.Event) {
	rec := c.Rec
	g := Of(rec).Game
	opened := false
	for _, e := range evs {
		switch e.Kind {
		case engine.EvAuctionStarted:
			Of(rec).Auctions++
			Of(rec).Auction, opened = &state.AuctionMsg{Seq: Of(rec).Auctions}, true
		case engine.EvAuctionWon, engine.EvAuctionUnsold:
			if a := Of(rec).Auction; a != nil {
				c.Finalize(auctionSlot(rec.ID, a.Seq), a.Msg, b.auctionOutcome(lang, rec, e))
			}
			Of(rec).Auction = nil
		}
	}
	a := Of(rec).Auction
	if a == nil {
		return
	}
	if g.Phase != engine.PhaseAuction || g.Auction == nil { // ended without an outcome (the game did)
		return
	}
	now := rec.Clock.GameTime(b.cfg.Now().UnixMilli())
	switch {
	case opened:
		a.Opened, a.ShownVer, a.Shown = g.Version, g.Version, now
	case now >= a.Shown+refreshGap(rec, a.Refreshes):
		a.ShownVer, a.Shown = g.Version, now
		a.Refreshes++
	}
}

// refreshGap is how long the auction message waits after its n-th
// refresh before it is edited again: a sixth of the bid window more with
// each refresh, at most half of it, and never more than maxRefreshGap
// (live: 5 s, 10 s, then every 15 s). Slower paces' bids come slower than
// that, so each is shown at once; only a flurry waits.
func refreshGap(rec *kit.Record, n int) int64 {
	window := rec.Pace.Bid
	if window <= 0 {
		window = 30 * time.Second
	}
	return min(window/6*time.Duration(n+1), window/2, maxRefreshGap).Milliseconds()
}

// maxRefreshGap bounds how stale the auction message may be while bids
// come in.
const maxRefreshGap = 15 * time.Second

// refreshDue is when the running auction's message is due a refresh it
// was denied (game time; 0: it shows the latest bid).
func refreshDue(rec *kit.Record) int64 {
	a := Of(rec).Auction
	if a == nil || Of(rec).Game == nil || Of(rec).Game.Phase != engine.PhaseAuction || a.ShownVer == Of(rec).Game.Version {
		return 0
	}
	return a.Shown + refreshGap(rec, a.Refreshes)
}

// refreshAuction makes the refresh refreshDue asked for; the caller holds
// the chat's lock. It stores the record quietly: no button changes.
func (b *auctions) refreshAuction(ctx context.Context, chat int64) {
	st, err := b.change(chat, 0, func(c *kit.Change) error {
		rec := c.Rec
		if rec == nil || rec.Status != kit.StatusPlaying || rec.Clock.PausedAt != 0 {
			return nil
		}
		now := rec.Clock.GameTime(b.cfg.Now().UnixMilli())
		if due := refreshDue(rec); due == 0 || due > now {
			return nil
		}
		a := Of(rec).Auction
		a.ShownVer, a.Shown = Of(rec).Game.Version, now
		a.Refreshes++
		c.Quiet, c.Turn = true, true
		return nil
	})
	if err != nil || st == nil || !st.Turn {
		return
	}
	b.finish(ctx, st, nil, "")
}

// BidOf is the amount a press of an auction's bid button bids: what the
// button shows — the opening amount, or the highest bid it was drawn
// with plus its step (a button made before keys: the step over the
// highest bid when pressed).
func BidOf(p kit.Press, a *engine.Auction) int {
	if p.Op != OpAuctionRaise {
		return p.Arg
	}
	high, leader := a.High, a.Leader != engine.NoOwner
	if p.Keyed {
		high = int(uint32(p.Rev))
		leader = high > 0
	}
	if !leader {
		return max(a.Min, p.Arg)
	}
	return high + p.Arg
}

// refreshNow shows the running auction's latest bid at once, whatever
// the refresh's pace (refreshGap): a bid refused because the message
// lagged behind.
func (b *auctions) refreshNow(c *kit.Change) {
	rec := c.Rec
	if a := Of(rec).Auction; a != nil && a.ShownVer != Of(rec).Game.Version {
		a.ShownVer, a.Shown = Of(rec).Game.Version, rec.Clock.GameTime(b.cfg.Now().UnixMilli())
		c.Quiet, c.Turn = true, true
	}
}

// orphanAuction says whether an auction runs without a message of its
// own: a record from before auctions had one (its bids were on the turn
// message).
func orphanAuction(r *kit.Record) bool {
	return Of(r).Game != nil && Of(r).Game.Phase == engine.PhaseAuction && Of(r).Auction == nil
}

// adoptAuction gives such an auction its message; the caller holds the
// chat's lock (Repost, on start).
func (b *auctions) adoptAuction(chat int64, game uint64) {
	st, err := b.change(chat, 0, func(c *kit.Change) error {
		rec := c.Rec
		if rec == nil || rec.ID != game || rec.Status != kit.StatusPlaying || !orphanAuction(rec) {
			return nil
		}
		Of(rec).Auctions++
		v := Of(rec).Game.Version
		Of(rec).Auction = &state.AuctionMsg{Seq: Of(rec).Auctions, Opened: v, ShownVer: v, Shown: rec.Clock.GameTime(b.cfg.Now().UnixMilli())}
		c.Quiet, c.Turn = true, true // its buttons check the auction's number: the others stay valid
		return nil
	})
	if err == nil && st != nil && st.Turn {
		b.finish(context.Background(), st, nil, "")
	}
}

// auctionOnly says whether the turn message already shows the running
// auction as well as it can: bids change only the auction's message.
func auctionOnly(rec *kit.Record) bool {
	a := Of(rec).Auction
	return a != nil && Of(rec).TurnMsg != 0 && Of(rec).Game.Phase == engine.PhaseAuction && Of(rec).Game.Version != a.Opened
}

// showAuction puts the running auction's message when the change opened
// or refreshed it; ending the game closes it without an outcome.
func (b *auctions) showAuction(c *kit.Change, lang string) {
	rec := c.Rec
	a := Of(rec).Auction
	if a == nil || Of(rec).Game == nil {
		return
	}
	slot := auctionSlot(rec.ID, a.Seq)
	switch {
	case c.Remove || Of(rec).Game.Auction == nil:
		c.FinalizeOnce(slot, a.Msg, b.renderAuction(lang, rec)+"\n"+b.cat.T(lang, "auction_stopped", nil))
	case a.ShownVer == Of(rec).Game.Version:
		c.Show(slot, a.Msg, b.renderAuction(lang, rec), b.auctionKeyboard(lang, rec))
	}
}

// renderAuction is the auction message: the lot, the bidders still in
// (mentioned: the message that opens the auction notifies them), the
// highest bid and until when the next one is awaited.
func (b *auctions) renderAuction(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	a := g.Auction
	if a == nil || Of(rec).Auction == nil {
		return ""
	}
	ed := g.EditionData()
	data := map[string]any{"Square": b.text.squareName(lang, rec, a.Square), "Price": b.text.money(lang, rec, ed.Squares[a.Square].Price),
		"Count": a.Building}
	lines := []string{b.cat.T(lang, b.lotID(a.Building), data)}
	var bidders []string
	for i, passed := range a.Passed {
		if !passed && i < len(rec.Seats) {
			bidders = append(bidders, kit.Mention(rec.Seats[i]))
		}
	}
	lines = append(lines, b.cat.T(lang, "auction_bidders", map[string]any{"Players": strings.Join(bidders, ", ")}))
	if a.Leader == engine.NoOwner {
		lines = append(lines, b.cat.T(lang, "auction_no_bids", map[string]any{"Min": b.text.money(lang, rec, a.MinBid())}))
	} else {
		lines = append(lines, b.cat.T(lang, "auction_high", map[string]any{"Amount": b.text.money(lang, rec, a.High),
			"Player": kit.SeatName(rec, a.Leader)}))
	}
	loc := kit.ChatOptions{}.LocationIn(lang)
	if rec.Options != nil {
		loc = rec.Options.LocationIn(lang)
	}
	if d := kit.DeadlineText(b.cat, lang, loc, b.cfg.Now(), rec.Clock.Deadline); d != "" {
		lines = append(lines, d)
	}
	return strings.Join(lines, "\n")
}

// lotID names what is auctioned: a deed, or a house or hotel to place.
func (b *auctions) lotID(building int) string {
	if building > 0 {
		return "auction_lot_building"
	}
	return "auction_lot"
}

// auctionOutcome is the closed auction's final text: who won what for how
// much, or that nobody bid.
func (b *auctions) auctionOutcome(lang string, rec *kit.Record, e engine.Event) string {
	ed := Of(rec).Game.EditionData()
	building := e.Cost
	if e.Kind == engine.EvAuctionUnsold {
		building = e.Amount
	}
	data := map[string]any{"Square": b.text.squareName(lang, rec, e.Square), "Price": b.text.money(lang, rec, ed.Squares[e.Square].Price),
		"Count": building}
	head := b.cat.T(lang, b.lotID(building), data)
	if e.Kind == engine.EvAuctionUnsold {
		return head + "\n" + b.cat.T(lang, "auction_unsold", nil)
	}
	return head + "\n" + b.cat.T(lang, "auction_won", map[string]any{"Player": kit.SeatName(rec, e.Player),
		"Amount": b.text.money(lang, rec, e.Amount)})
}

// BidSteps are the raises an auction offers for a lot worth price in an
// edition whose money unit is unit (the lux edition counts in thousands):
// about a tenth of the price rounded down to 1–2–5, and the next two but
// one on that scale (a 400 $ deed: +20, +100, +200; a 60 $ one: +5, +20,
// +50).
func BidSteps(price, unit int) [3]int {
	unit = max(unit, 1)
	tenth := max(price/unit/10, 1)
	var ladder []int
	for v := 1; len(ladder) < 4 || ladder[len(ladder)-4] <= tenth; v *= 10 {
		ladder = append(ladder, v, 2*v, 5*v)
	}
	i := 0
	for ladder[i+1] <= tenth {
		i++
	}
	return [3]int{ladder[i] * unit, ladder[i+2] * unit, ladder[i+3] * unit}
}

// auctionKeyboard offers the bids the bidders still in can afford: the
// opening amounts, or raises over the highest bid; the deed's card; and
// leaving the auction.
func (b *auctions) auctionKeyboard(lang string, rec *kit.Record) *kit.Markup {
	g := Of(rec).Game
	a := g.Auction
	richest := 0
	for i := range g.Players {
		if p := engine.PlayerID(i); !a.Passed[i] && p != a.Leader && g.Players[i].Cash > richest {
			richest = g.Players[i].Cash
		}
	}
	ed := g.EditionData()
	lot := ed.Squares[a.Square].Price
	if a.Building > 0 {
		lot = ed.Squares[a.Square].HouseCost
	}
	steps := BidSteps(lot, moneyScale(rec))
	btn := func(text string, op kit.Op, arg int) kit.Button {
		// The key names the auction and the bid its raises start from
		// (press_keys.go): a raise means the amount its button shows.
		data := kit.Press{Game: rec.ID, Rev: auctionKey(Of(rec).Auction.Seq, a.High), Keyed: true, Op: op, Arg: arg}.Encode()
		return kit.DataButton(text, data)
	}
	var bids []kit.Button
	for i, s := range steps {
		switch {
		case a.Leader != engine.NoOwner:
			if to := a.High + s; to <= richest {
				bids = append(bids, btn(b.cat.T(lang, "btn_raise", map[string]any{"Step": b.text.money(lang, rec, s),
					"Amount": b.text.money(lang, rec, to)}), OpAuctionRaise, s))
			}
		default:
			amount := s
			if a.Min > steps[0] { // a building: from its price up
				amount = a.Min + []int{0, steps[1], steps[2]}[i]
			}
			if amount <= richest {
				bids = append(bids, btn(b.cat.T(lang, "btn_bid", map[string]any{"Amount": b.text.money(lang, rec, amount)}), OpAuctionBid, amount))
			}
		}
	}
	if len(bids) == 0 && a.MinBid() <= richest { // the steps are beyond everyone: the least bid
		bids = append(bids, btn(b.cat.T(lang, "btn_bid", map[string]any{"Amount": b.text.money(lang, rec, a.MinBid())}), OpAuctionBid, a.MinBid()))
	}
	var rows [][]kit.Button
	for i := 0; i < len(bids); i += 2 {
		rows = append(rows, bids[i:min(i+2, len(bids))])
	}
	rows = append(rows, []kit.Button{
		b.deed.deedButton(&kit.Keyboard{Rec: rec}, lang, a.Square), // valid while the game runs (deed.go)
		btn(b.cat.T(lang, "btn_pass", nil), OpAuctionLeave, 0)})
	return kit.MarkupOf(rows)
}
