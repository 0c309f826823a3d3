package board

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Press hands a board button to its handler: a trade composer's button
// pressed in a private chat, a trade or offer button in the group, or a
// move in the game.
func (b *Kind) Press(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	if q.Message == nil { // the board posts no inline messages: forged
		b.host.AnswerPress(ctx, q.ID, b.cat.T(b.chatLang(q.From.ID, q.From.Lang), "alert_outdated", nil), true)
		return
	}
	switch {
	case p.Chat != 0:
		b.trade.onDraftPress(ctx, updateID, q, p)
	case p.Op == OpDeed:
		b.deed.onDeedPress(ctx, updateID, q, p)
	case p.Op == OpBoardGroup:
		b.deed.onBoardGroupPress(ctx, updateID, q, p) // deed.go
	case p.Op == OpPicture:
		b.picture.onPicturePress(ctx, updateID, q, p)
	case p.Op == OpFollow:
		b.turn.onFollowPress(ctx, updateID, q, p)
	case p.Op == OpTrade || offerOps[p.Op]:
		b.trade.onTradePress(ctx, updateID, q, p)
	case auctionOps[p.Op]:
		b.auction.onAuctionPress(ctx, updateID, q, p) // auction.go
	default:
		b.turn.onGamePress(ctx, updateID, q, p)
	}
}

// Command handles the board's commands: /board, /history, /leave, /trade,
// /cash (a typed amount in the composer) and the trade deep link.
func (b *Kind) Command(ctx context.Context, updateID int, m kit.CommandIn) bool {
	group := m.Group
	from := m.From
	switch m.Command {
	case "start":
		p := m.Args
		if group || !strings.HasPrefix(p, "t") {
			return false
		}
		b.trade.onTradeStart(ctx, updateID, m, p) // a deep link from a group's trade button
	case "trade":
		b.trade.cmdTrade(ctx, updateID, m, group)
	case "cash":
		if !group {
			b.trade.cmdCash(ctx, updateID, m)
		}
	case "stake":
		if !group {
			return false
		}
		b.cmdStake(ctx, updateID, m)
	case "board":
		var shown *kit.Record
		var lang string
		st, err := b.change(m.Chat, updateID, b.deed.withDeeds(b.picture.cmdBoard(m.Chat, from, &shown, &lang))) // deed.go
		if err == nil && shown != nil && (st.Rec == nil || st.Rec.ID != shown.ID) {
			// The last game's board: the line that says so comes first.
			b.finish(ctx, st, err, "")
			b.picture.sendPicture(m.Chat, lang, shown, true)
			break
		}
		if err == nil && shown != nil && !b.picture.captionPicture(st, lang, shown) {
			b.picture.sendPicture(m.Chat, lang, shown, true) // the deeds in a message under it
		}
		b.finish(ctx, st, err, "")
	case "history":
		st, err := b.change(m.Chat, updateID, b.cmdShowGame(from, b.text.renderHistory))
		b.finish(ctx, st, err, "")
	case "leave":
		st, err := b.change(m.Chat, updateID, b.cmdLeave(from))
		b.finish(ctx, st, err, "")
	default:
		return false
	}
	return true
}

// Start starts an engine game with the lobby's seats and options.
func (b *Kind) Start(c *kit.Change, lang string) bool { return b.turn.startBoard(c, lang) }

// Pending names the engine's phase and whom it waits for (an auction: its
// square, high bid and leader, and the bidders still in), and the earliest
// expiry of an open offer.
func (b *Kind) Pending(r *kit.Record) kit.Pending {
	g := Of(r).Game
	if g == nil || g.Phase == engine.PhaseGameOver {
		return kit.Pending{Seat: -1}
	}
	p, computer := computerPending(r)
	if !computer {
		p = b.peoplePending(r)
	}
	for _, o := range Of(r).Offers {
		if p.Due == 0 || o.Expires < p.Due {
			p.Due = o.Expires
		}
	}
	if due := refreshDue(r); due != 0 && (p.Due == 0 || due < p.Due) {
		p.Due = due // the auction message's refresh (auction.go)
	}
	return p
}

// peoplePending is the decision the game waits for from people.
func (b *Kind) peoplePending(r *kit.Record) kit.Pending {
	g := Of(r).Game
	p := kit.Pending{Seat: int(g.Waiting()), Turn: g.Turn}
	if g.Phase == engine.PhaseAuction && g.Auction != nil {
		a := g.Auction
		p.Decision, p.Bid = fmt.Sprintf("a:%d:%d:%d:%d:%d", g.Turn, a.Square, a.Building, a.High, a.Leader), true
		for i, passed := range a.Passed {
			if s := engine.PlayerID(i); !passed && s != a.Leader && g.Active(s) {
				p.Remind = append(p.Remind, i)
			}
		}
	} else {
		debts := 0
		if len(g.Debts) > 0 {
			debts = g.Debts[0].Amount
		}
		p.Decision = fmt.Sprintf("d:%d:%d:%d:%d:%d:%d", g.Phase, g.Waiting(), g.Turn, g.Doubles, len(g.Debts), debts)
		if w := g.Waiting(); w >= 0 && int(w) < len(r.Seats) {
			p.Remind = []int{int(w)}
		}
	}
	p.Remind = withoutComputers(r, p.Remind)
	return p
}

// Timeout makes a computer seat's move when one is due; otherwise it
// applies engine.ActTimeout as the system: roll or end the turn,
// a property not bought goes to auction, silent bidders pass, a debt is
// raised or ends in bankruptcy, a won building is placed.
func (b *Kind) Timeout(c *kit.Change, lang string) bool {
	if b.turn.computerTurn(c, lang) { // a computer's move is due (seats.go)
		return true
	}
	g := Of(c.Rec).Game
	a := engine.Action{Kind: engine.ActTimeout}
	evs, err := b.turn.apply(c, lang, engine.System, a)
	if err != nil {
		return false
	}
	c.Log(kit.LogEntry{Seat: int(engine.System), Action: a, Ver: g.Version, At: b.cfg.Now().UnixMilli()})
	Of(c.Rec).View = state.View{}
	b.turn.absorb(c, lang, evs)
	return true
}

// CanResign: an active seat may resign unless an auction runs.
func (b *Kind) CanResign(r *kit.Record, seat int) bool {
	p := engine.PlayerID(seat)
	return Of(r).Game != nil && Of(r).Game.Active(p) && Of(r).Game.Check(p, engine.Action{Kind: engine.ActResign}) == nil
}

// Resign applies engine.ActResign for the seat: bankruptcy to the bank.
func (b *Kind) Resign(c *kit.Change, lang string, seat int) bool {
	g := Of(c.Rec).Game
	a := engine.Action{Kind: engine.ActResign}
	evs, err := b.turn.apply(c, lang, engine.PlayerID(seat), a)
	if err != nil {
		return false
	}
	c.Log(kit.LogEntry{Seat: seat, Action: a, Ver: g.Version, At: b.cfg.Now().UnixMilli()})
	Of(c.Rec).View = state.View{}
	b.turn.absorb(c, lang, evs)
	return true
}

// Expire withdraws the offers past their deadline and refreshes an
// auction message that waited for its turn to be edited.
func (b *Kind) Expire(ctx context.Context, chat int64) {
	b.trade.expireOffers(ctx, chat)
	b.auction.refreshAuction(ctx, chat)
}

// Active: the seat is not bankrupt.
func (b *Kind) Active(r *kit.Record, seat int) bool {
	return Of(r).Game != nil && seat >= 0 && Of(r).Game.Active(engine.PlayerID(seat))
}

// Show puts the turn message (edited within a turn), or gives it its
// final text without buttons when the game was removed, and announces the
// winner of a game that ended.
func (b *Kind) Show(c *kit.Change, lang string) {
	rec := c.Rec
	if c.Turn && c.Remove {
		Of(rec).View = state.View{}
		b.auction.showAuction(c, lang)
		c.Finalize(TurnSlot(rec.ID), Of(rec).TurnMsg, b.text.renderEndedTurn(lang, rec))
		b.trade.closeLinks(c, lang)     // trade_private.go
		b.turn.notifyFollowers(c, lang) // the game ended (follow.go)
	} else if c.Turn {
		if !auctionOnly(rec) { // bids change only the auction's message
			c.Show(TurnSlot(rec.ID), Of(rec).TurnMsg, b.text.renderTurn(lang, rec), b.turn.turnKeyboard(lang, rec))
		}
		b.auction.showAuction(c, lang)
	}
	// Offer messages an older version had still to finalize (Restore
	// shows the game, then Repost clears them).
	if c.Remove && Of(rec).DeedsMsg != 0 { // deed.go
		b.deed.finalizeDeeds(c, b.deed.renderOwnersFinal(lang, rec))
	}
	for _, f := range legacyFinals(rec) {
		c.Finals = append(c.Finals, f)
	}
	if c.GameOver {
		c.Closing = append(c.Closing, kit.Reply{Text: b.ending.endingText(lang, rec)}) // ending.go
	}
}

// Reshow closes the turn message as it stands; the next one is new.
func (b *Kind) Reshow(c *kit.Change, lang string) { b.turn.reshow(c, lang) }

// Unshown: a turn message, an open offer's or an auction's whose id was
// never stored, an auction an older version ran without a message of its
// own, offers' final texts an older version left, or a trade composer a
// stop cut off.
func (b *Kind) Unshown(r *kit.Record) bool {
	return Of(r).TurnMsg == 0 || unsentOffers(r) || Of(r).Auction != nil && Of(r).Auction.Msg == 0 || orphanAuction(r) || unshownComposers(r)
}

// Repost posts the open offers whose message id was never stored and the
// composers a stop cut off, clears the offer edits an older version left
// (shown by Show) and gives an auction an older version ran its own
// message.
func (b *Kind) Repost(chat int64, lang string, r *kit.Record) {
	if len(Of(r).OfferEdits) > 0 {
		b.rememberMessage(chat, r.ID, func(r *kit.Record) bool { Of(r).OfferEdits = nil; return true })
	}
	b.trade.postUnsentOffers(chat, lang, r)
	b.trade.repostComposers(chat, lang, r) // trade_private.go
	if orphanAuction(r) {
		b.auction.adoptAuction(chat, r.ID) // auction.go
	}
}

// Standings rank the seats by net worth, with the game's length and
// highlights (ending.go).
func (b *Kind) Standings(lang string, r *kit.Record) string { return b.ending.renderEnding(lang, r) }

// Results: the winner the engine declared, the ranking's leader (a win
// when /endgame stops the game), bankruptcies (resignations included), net worth and colour
// sets at the end (bot/stats.go).
func (b *Kind) Results(r *kit.Record) []kit.SeatResult {
	g := Of(r).Game
	if g == nil {
		return nil
	}
	over := g.Phase == engine.PhaseGameOver
	out := make([]kit.SeatResult, min(len(r.Seats), len(g.Players)))
	// Worth is in classic dollars, so that a lux game's thousands do not
	// outrank every classic game on /top.
	scale := EditionScale(g.EditionData())
	for i := range out {
		p := engine.PlayerID(i)
		out[i] = kit.SeatResult{Won: over && g.Winner == p, Bankrupt: g.Players[i].Bankrupt, Worth: g.NetWorth(p) / scale, Sets: endSets(g, p)}
	}
	// The leader is the ranking's first (Standings), when no other seat
	// still in the game has as much.
	if rank := g.Standings(); len(rank) > 0 && int(rank[0]) < len(out) && !g.Players[rank[0]].Bankrupt &&
		(len(rank) == 1 || g.Players[rank[1]].Bankrupt || g.NetWorth(rank[0]) > g.NetWorth(rank[1])) {
		out[rank[0]].Leader = true
	}
	return out
}

// cmdShowGame answers /board and /history: a view of the running game.
func (b *Kind) cmdShowGame(from *kit.Person, render func(lang string, rec *kit.Record) string) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		lang := c.Lang(from.Lang)
		if c.Rec == nil || c.Rec.Status != kit.StatusPlaying {
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "no_game", nil)})
			return nil
		}
		c.Replies = append(c.Replies, kit.Reply{Text: render(lang, c.Rec)})
		return nil
	}
}

func (b *Kind) cmdLeave(from *kit.Person) func(c *kit.Change) error {
	return func(c *kit.Change) error {
		lang := c.Lang(from.Lang)
		seat := -1
		if c.Rec != nil {
			seat = int(seatOf(c.Rec, from.ID))
		}
		switch {
		case c.Rec == nil || c.Rec.Status != kit.StatusPlaying:
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "no_game", nil)})
		case !b.Active(c.Rec, seat):
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "not_a_player", nil)})
		default:
			kb := kit.ConfirmKeyboard(b.cat, lang, c.Rec, OpResignYes, OpResignNo, seat)
			c.Replies = append(c.Replies, kit.Reply{Text: b.cat.T(lang, "leave_confirm",
				map[string]any{"Player": kit.Mention(c.Rec.Seats[seat])}), KB: kb})
		}
		return nil
	}
}

// endSets are the set keys a seat's holdings at the end of a game count.
func endSets(g *engine.Game, p engine.PlayerID) []string {
	ed := g.EditionData()
	var full []string
	bestGroup, bestN := -1, 0
	for grp := 0; grp < ed.GroupCount(); grp++ {
		sqs := ed.Group(grp)
		if len(sqs) == 0 || ed.Squares[sqs[0]].Kind != engine.SquareStreet {
			continue
		}
		n := 0
		for _, sq := range sqs {
			if g.Props[sq].Owner == p {
				n++
			}
		}
		if n == len(sqs) {
			full = append(full, fmt.Sprintf("%s:%d", g.Edition, grp))
		}
		if n > 0 && n >= bestN {
			bestGroup, bestN = grp, n
		}
	}
	if len(full) == 0 && bestGroup >= 0 {
		full = append(full, fmt.Sprintf("%s:%d", g.Edition, bestGroup))
	}
	return full
}

// EventLine renders one engine event, or "" for events the turn message
// shows otherwise (render.go).
func (b *Kind) EventLine(lang string, rec *kit.Record, e engine.Event) string {
	return b.text.eventLine(lang, rec, e)
}

// DeedCard is the card of square sq of rec's game (deed.go).
func (b *Kind) DeedCard(lang string, rec *kit.Record, sq int) string {
	return b.deed.deedCard(lang, rec, sq)
}

// Ending is the game-over message: who won, then the game's summary
// (ending.go).
func (b *Kind) Ending(lang string, rec *kit.Record) string { return b.ending.endingText(lang, rec) }

// Sent stores the id of the turn message, /board's deeds message, an
// offer's or a deep link's (a
// slot with a key names one message, never reused).
func (b *Kind) Sent(r *kit.Record, name, key string, id int) bool {
	switch name {
	case "turn":
		if key == "" {
			Of(r).TurnMsg = id
			return true
		}
	case "auction":
		if a := Of(r).Auction; a != nil && key == strconv.Itoa(a.Seq) {
			a.Msg = id
			return true
		}
	case "deeds", "deedspic":
		if key == "" {
			Of(r).DeedsMsg, Of(r).DeedsPhoto = id, name == "deedspic"
			return true
		}
	case "composer":
		return composerSent(r, key, id) // trade_private.go
	case "link":
		user, err := strconv.ParseInt(key, 10, 64)
		if d := Of(r).Drafts[user]; err == nil && d != nil && d.Link == -1 {
			d.Link = id
			return true
		}
	case "offer":
		offer, err := strconv.Atoi(key)
		if err != nil {
			return false
		}
		for i := range Of(r).Offers {
			if Of(r).Offers[i].ID == offer {
				Of(r).Offers[i].Msg = id
				return true
			}
		}
	}
	return false
}
