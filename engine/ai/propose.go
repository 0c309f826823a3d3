package ai

import (
	"math/bits"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// offerMemory is how many of its own trade offers a Player remembers.
const offerMemory = 16

// offerCooldownRounds is how many rounds (a turn of every seat) a player
// waits before offering the same deal again: the same deed asked of the
// same owner, whatever the price.
const offerCooldownRounds = 10

// offerMemo is one trade offer a Player decided on.
type offerMemo struct {
	used  bool
	from  engine.PlayerID
	to    engine.PlayerID
	deed  int // the deed asked for
	turn  int // g.Turn when it was decided
	trade int // g.NextTrade when it was decided: the offer took a later ID
}

// made reports whether the offer was applied: a trade was proposed in the
// game after the decision (a decision that was never applied leaves
// NextTrade as it was), and the game has not gone back before it.
func (m *offerMemo) made(g *engine.Game) bool {
	return m.used && g.NextTrade > m.trade && g.Turn >= m.turn
}

// remember records p's decision to offer t, replacing an unapplied record
// of the same decision, else the oldest record.
func (pl *Player) remember(g *engine.Game, p engine.PlayerID, t *engine.Trade) {
	m := offerMemo{used: true, from: p, to: t.To, deed: t.TakeDeeds[0], turn: g.Turn, trade: g.NextTrade}
	defer pl.summarize()
	oldest := 0
	for i := range pl.offers {
		o := &pl.offers[i]
		if o.used && !o.made(g) && o.from == p && o.to == m.to && o.deed == m.deed {
			*o = m
			return
		}
		if !o.used || pl.offers[oldest].used && o.turn < pl.offers[oldest].turn {
			oldest = i
		}
	}
	pl.offers[oldest] = m
}

// summarize sets what the memory's quick answers read: the deeds asked
// for (those below 64, as bits) and the latest turn of an offer.
func (pl *Player) summarize() {
	pl.asked, pl.latest = 0, 0
	for i := range pl.offers {
		if o := &pl.offers[i]; o.used {
			pl.asked |= deedBit(o.deed)
			pl.latest = max(pl.latest, o.turn)
		}
	}
}

// deedBit is deed's bit in Player.asked; deeds from 64 on share the top
// bit, so that a deed's bit being clear still means it was never asked.
func deedBit(deed int) uint64 { return 1 << uint(min(max(deed, 0), 63)) }

// offeredThisTurn reports whether p has already made an offer in this
// player-turn.
func (pl *Player) offeredThisTurn(g *engine.Game, p engine.PlayerID) bool {
	if pl.latest < g.Turn { // no offer this turn: most turns
		return false
	}
	for i := range pl.offers {
		if o := &pl.offers[i]; o.turn == g.Turn && o.from == p && o.made(g) { // the turn first: it rules out most
			return true
		}
	}
	return false
}

// offeredRecently reports whether p asked seat to for deed within the
// cooldown.
func (pl *Player) offeredRecently(g *engine.Game, p, to engine.PlayerID, deed int) bool {
	if pl.asked&deedBit(deed) == 0 { // never asked for: most deeds
		return false
	}
	cooldown := offerCooldownRounds * len(g.Players)
	for i := range pl.offers {
		if o := &pl.offers[i]; o.deed == deed && o.to == to && o.from == p && o.made(g) && g.Turn-o.turn < cooldown { // the deed first: it rules out most
			return true
		}
	}
	return false
}

// propose returns a trade offer for p to make now, if a good one exists:
// the one deed that p lacks for a colour set, asked of its owner for cash,
// or for cash and a deed that completes one of the owner's sets no richer
// than the set p completes. The price is the least the owner's own
// valuation (tradeWorth) accepts, rounded up to ten; p offers it only if
// the price is at most twice the set's printed value and p keeps its
// reserve plus the cost of a house on every deed of the set (a set it
// cannot build on is not worth the cash). At most one open offer per
// player, one offer a turn, and the same deal not again within the
// cooldown.
func (pl *Player) propose(g *engine.Game, p engine.PlayerID, memo *reserveMemo) (choice, bool) {
	if g.SetsLackingOne(p) == 0 || len(g.Props) > maxSquares || g.Players[p].Cash <= pl.baseReserve(g) || g.ActiveCount() < 2 {
		return choice{}, false
	}
	for i := range g.Trades {
		if g.Trades[i].From == p {
			return choice{}, false
		}
	}
	// A cheap pass first: most turns p lacks no set by exactly one deed
	// that its owner may trade, and nothing else needs computing.
	ed := g.EditionData()
	var wanted [maxSquares]int8 // a group's missing deed, per candidate (squares and groups fit int8)
	var groups [maxSquares]int8
	n := 0
	for near := g.NearSetMask(p); near != 0 && n < len(wanted); near &= near - 1 {
		gi := bits.TrailingZeros64(near)
		sqs := ed.Group(gi)
		if len(sqs) < 2 {
			continue
		}
		missing := -1
		for _, sq := range sqs {
			if g.Props[sq].Owner == p {
				continue
			}
			if missing != -1 {
				missing = -2
				break
			}
			missing = sq
		}
		if missing < 0 {
			continue
		}
		if to := g.Props[missing].Owner; to < 0 || !g.Tradable(to, missing) || pl.offeredRecently(g, p, to, missing) {
			continue
		}
		wanted[n], groups[n] = int8(missing), int8(gi)
		n++
	}
	if n == 0 || pl.offeredThisTurn(g, p) {
		return choice{}, false
	}
	cash := g.Players[p].Cash
	reserve := memo.get(pl, g, ed, p)
	if cash <= reserve {
		return choice{}, false
	}
	var (
		bestTo           engine.PlayerID
		bestTake         int
		bestGive         = -1 // no deed given
		bestPrice        int
		bestScore        int
		found            bool
		takeBuf, giveBuf [1]int
	)
	for i := 0; i < n; i++ {
		missing, gi := int(wanted[i]), int(groups[i])
		to := g.Props[missing].Owner
		total := groupTotal(ed, gi)
		s := &ed.Squares[missing]
		budget := cash - reserve - len(ed.Group(gi))*s.HouseCost
		if g.Props[missing].Mortgaged {
			budget -= (s.Mortgage*g.Rules.MortgageInterest + 99) / 100
		}
		limit := min(budget, 2*total)
		if limit < 0 {
			continue
		}
		takeBuf[0] = missing
		t := engine.Trade{From: p, To: to, TakeDeeds: takeBuf[:]}
		if price, ok := offerPrice(g, &t); ok && price <= limit && price > 0 {
			if score := total - price; !found || score > bestScore {
				bestTo, bestTake, bestGive, bestPrice, bestScore, found = to, missing, -1, price, score, true
			}
		}
		// A swap: a deed of p's that completes a set of the owner's, no
		// richer than this one, tried in board order.
		for swaps := swapDeeds(g, ed, p, to, gi); swaps != 0; swaps &= swaps - 1 {
			sq := bits.TrailingZeros64(swaps)
			theirs := ed.Squares[sq].Group
			if groupTotal(ed, theirs) > total || !g.Tradable(p, sq) {
				continue
			}
			giveBuf[0] = sq
			t.GiveDeeds = giveBuf[:]
			price, ok := offerPrice(g, &t)
			t.GiveDeeds = nil
			if !ok || price > limit {
				continue
			}
			if score := total - price - groupTotal(ed, theirs)/2; !found || score > bestScore {
				bestTo, bestTake, bestGive, bestPrice, bestScore, found = to, missing, sq, price, score, true
			}
		}
	}
	if !found {
		return choice{}, false
	}
	// Only now the offer itself, which the engine keeps a copy of.
	best := &engine.Trade{From: p, To: bestTo, TakeDeeds: []int{bestTake}, GiveCash: bestPrice}
	if bestGive >= 0 {
		best.GiveDeeds = []int{bestGive}
	}
	c := choice{kind: engine.ActProposeTrade, trade: best}
	if !tradeWorth(g, bestTo, best) || g.Check(p, c.action()) != nil {
		return choice{}, false
	}
	pl.remember(g, p, best)
	return c, true
}

// swapDeeds is a bit per square (the board has at most maxSquares) for
// each deed of p's that completes a colour set of to's other than group
// gi: the one deed that to lacks of a set, if p owns it.
func swapDeeds(g *engine.Game, ed *engine.Edition, p, to engine.PlayerID, gi int) uint64 {
	var deeds uint64
	mine := g.GroupCounts(p)
	for near := g.NearSetMask(to) &^ (1 << uint(gi)); near != 0; near &= near - 1 {
		theirs := bits.TrailingZeros64(near)
		if mine[theirs] == 0 {
			continue
		}
		for _, sq := range ed.Group(theirs) {
			if g.Props[sq].Owner == p {
				deeds |= 1 << uint(sq)
			}
		}
	}
	return deeds
}

// offerPrice is the least cash, a multiple of ten, that t's counterparty
// accepts on top of t's deeds (t.GiveCash is ignored); false when it
// would accept at no price.
func offerPrice(g *engine.Game, t *engine.Trade) (int, bool) {
	t.GiveCash = 0
	gain, need, ok := tradeGain(g, t.To, t)
	if !ok {
		return 0, false
	}
	price := max(0, need-gain+1)
	step := max(10, g.Note()) // in tens, or the edition's whole banknotes
	return (price + step - 1) / step * step, true
}

func groupTotal(ed *engine.Edition, group int) int {
	total := 0
	for _, sq := range ed.Group(group) {
		total += ed.Squares[sq].Price
	}
	return total
}
