package ai

import (
	"math/bits"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// The hard level's own decisions (level.go has the overview).

// ponderRounds is how many rounds hard waits before it looks for a trade
// to propose again after a look found none worth making: the rollouts
// cost a few milliseconds, and the board rarely changes enough in fewer.
const ponderRounds = 3

// maxProposals bounds the trades hard compares by rollouts in one look.
const maxProposals = 4

// lookMargin is how much better, as a share of the net worth, the
// rollouts must find a trade than no trade before hard makes or accepts
// it: their noise is about this size.
const lookMargin = 0.01

// jailChoiceHard is the business jail square's choice: pay to leave while
// deeds are for sale and hard's reserve allows, else skip the turn.
func (pl *Player) jailChoiceHard(g *engine.Game, p engine.PlayerID) choice {
	ed := g.EditionData()
	if !forSale(g) || g.Players[p].Cash-g.Rules.JailFine < pl.levelReserve(g, ed, p) {
		return choice{kind: engine.ActStayInJail}
	}
	return choice{kind: engine.ActPayJailFine}
}

// gambleHard stakes on the business Шанс: it returns about 1.17 per unit,
// so a stake pays on average, but a third of the time it is lost. Hard
// stakes half the Kelly fraction (about a tenth) of the cash above the
// full reserve — the rents the opponents' buildings charge included — so
// a bad die never costs the next rent: the risk of ruin stays where it
// was without the bet.
func (pl *Player) gambleHard(g *engine.Game, p engine.PlayerID) choice {
	if s := pl.stake(g, p); s > 0 {
		return choice{kind: engine.ActStake, arg: s}
	}
	return choice{kind: engine.ActNoStake}
}

// casinoHard: the lux casino returns about 0.9 per unit staked, jackpot
// included, so a stake loses on average and hard stakes nothing — unless
// it is losing anyway (its share of the net worth under half an equal
// share), when only variance can turn the game: then a tenth of the cash
// above its reserve, in thousands.
func (pl *Player) casinoHard(g *engine.Game, p engine.PlayerID) choice {
	if outcome(g, p)*float64(g.ActiveCount()) >= 0.5 {
		return choice{kind: engine.ActNoStake}
	}
	return pl.casinoShare(g, p, 10)
}

// mortgageToBuild mortgages p's cheapest deed outside its complete sets
// when that pays for a house on a set with fewer than three houses on a
// deed (the third house is where rents jump): hard turns idle deeds into
// rent.
func (pl *Player) mortgageToBuild(g *engine.Game, ed *engine.Edition, p engine.PlayerID, reserve int) (choice, bool) {
	if g.CompleteSets(p) == 0 || !g.MayBuildNow(p) || g.Houses == 0 {
		return choice{}, false
	}
	loose := bestMortgage(g, ed, p, false)
	if loose < 0 {
		return choice{}, false
	}
	if s := &ed.Squares[loose]; s.Kind == engine.SquareStreet && inMask(g.CompleteSetMask(p), s.Group) {
		return choice{}, false // only set deeds left
	}
	cash := g.Players[p].Cash
	target := bestBuild(g, ed, p, cash+ed.Squares[loose].Mortgage, reserve, false)
	if target < 0 || g.Props[target].Buildings >= 3 || cash-ed.Squares[target].HouseCost >= reserve {
		return choice{}, false
	}
	if g.Check(p, engine.Action{Kind: engine.ActMortgage, Square: loose}) != nil {
		return choice{}, false
	}
	return choice{kind: engine.ActMortgage, arg: loose}, true
}

// tradeWorthLevel is tradeWorth at easy's and hard's levels. Both refuse
// what setGuard refuses. Easy then wants half normal's margin; hard
// wants normal's margin and its rollouts to find accepting better than
// refusing (seeded by the turn and the offer, so the same offer repeated
// gets the same answer, and a person cannot fish for a lucky one).
func (pl *Player) tradeWorthLevel(g *engine.Game, p engine.PlayerID, t *engine.Trade) bool {
	gain, need, ok := tradeGain(g, p, t)
	if !ok || !setGuard(g, p, t, pl.Level) {
		return false
	}
	if pl.Level == level.Easy {
		return gain > need/2
	}
	if gain <= 0 {
		return false
	}
	accept := engine.Action{Kind: engine.ActAcceptTrade, TradeID: t.ID}
	if g.Check(p, accept) != nil {
		return true // not now: answered when it can be, by the same rule
	}
	// Refusing is played out too: left open, the offer would be
	// answered by the rollouts' normal players.
	reject := engine.Action{Kind: engine.ActRejectTrade, TradeID: t.ID}
	var buf [2]float64
	v := compare(g, p, pl.Jail, []*engine.Action{&reject, &accept}, buf[:0], tradeSeed(g, t))
	return v[1] > v[0]+lookMargin
}

// tradeSeed names an offer for the rollouts' seeds: its terms and the
// turn, not its id.
func tradeSeed(g *engine.Game, t *engine.Trade) uint64 {
	h := uint64(g.Turn)*0x100000001b3 ^ uint64(t.From)<<8 ^ uint64(t.To)
	mix := func(v int) { h = (h ^ uint64(v)) * 0x100000001b3 }
	mix(t.GiveCash)
	mix(t.TakeCash)
	mix(t.Debt)
	for _, s := range [...][]int{t.GiveDeeds, t.TakeDeeds, t.GiveCards, t.TakeCards} {
		mix(-1)
		for _, v := range s {
			mix(v)
		}
	}
	return h
}

// setWorth is what a complete colour set in an opponent's hands is worth
// to a computer, as a loss: its printed price, on top of its deeds' (as
// normal's valuation, groupValue, has always counted it). Hard looks
// further (its rollouts), but never accepts for less.
func setWorth(ed *engine.Edition, gi int, _ level.Level) int {
	return groupTotal(ed, gi)
}

// setGuard reports whether trade t, offered to p, gives p at least what
// it gives away when it completes a colour set for the proposer: the cash
// and deeds p receives, and any set the trade completes for p, must be
// worth the deeds and cash p gives plus the set it hands over (setWorth).
// A trade that completes no set for the proposer passes.
func setGuard(g *engine.Game, p engine.PlayerID, t *engine.Trade, lv level.Level) bool {
	ed := g.EditionData()
	threat := completedBy(g, ed, t.From, t.TakeDeeds, t.GiveDeeds, lv)
	if threat == 0 {
		return true
	}
	received := t.GiveCash + completedBy(g, ed, p, t.GiveDeeds, t.TakeDeeds, lv)
	for _, sq := range t.GiveDeeds {
		received += ed.Squares[sq].Price
	}
	given := t.TakeCash + t.Debt + threat
	for _, sq := range t.TakeDeeds {
		given += ed.Squares[sq].Price
	}
	return received >= given
}

// completedBy is the setWorth of the colour sets q holds whole once it
// gains the deeds gets and loses the deeds loses, and did not before.
func completedBy(g *engine.Game, ed *engine.Edition, q engine.PlayerID, gets, loses []int, lv level.Level) int {
	var seen uint64
	w := 0
	for _, sq := range gets {
		s := &ed.Squares[sq]
		gi := s.Group
		if s.Kind != engine.SquareStreet || gi < 0 || gi >= 64 || seen&(1<<gi) != 0 {
			continue
		}
		seen |= 1 << gi
		if g.OwnsSet(q, gi) {
			continue
		}
		whole := true
		for _, x := range ed.Group(gi) {
			if !(g.Props[x].Owner == q && !contains(loses, x) || contains(gets, x)) {
				whole = false
				break
			}
		}
		if whole {
			w += setWorth(ed, gi, lv)
		}
	}
	return w
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// proposeHard looks for a trade worth proposing: the deeds that complete
// one of hard's sets, asked of their owner for the least cash the owner's
// valuation accepts, or for a deed of hard's that completes a set of the
// owner's (any of them: the rollouts judge which sets are worth more) and
// cash. Up to maxProposals candidates, the cheapest first, are each played
// on by rollouts as if accepted, against no trade; the best one is
// proposed when it beats no trade by lookMargin. The limits of normal's
// offers hold: one open offer, one a turn, a deal not again within the
// cooldown; and a look that finds nothing is not repeated for
// ponderRounds rounds.
func (pl *Player) proposeHard(g *engine.Game, p engine.PlayerID) (choice, bool) {
	if g.SetsLackingOne(p) == 0 || len(g.Props) > maxSquares || g.ActiveCount() < 2 || int(p) >= len(pl.pondered) {
		return choice{}, false
	}
	if pl.pondered[p] > 0 && g.Turn-pl.pondered[p] < ponderRounds*len(g.Players) {
		return choice{}, false
	}
	if pl.mayNotOffer(g, p) {
		return choice{}, false
	}
	ed := g.EditionData()
	budget := g.Players[p].Cash - pl.levelReserve(g, ed, p)
	var cands [maxProposals]engine.Trade
	n := 0
	add := func(t engine.Trade) {
		price, ok := offerPrice(g, &t)
		if !ok || price > budget || price > 3*groupTotal(ed, ed.Squares[t.TakeDeeds[0]].Group) {
			return
		}
		t.GiveCash = price
		if n < len(cands) {
			cands[n] = t
			n++
			return
		}
		worst := 0
		for i := range cands {
			if cands[i].GiveCash > cands[worst].GiveCash {
				worst = i
			}
		}
		if price < cands[worst].GiveCash {
			cands[worst] = t
		}
	}
	for near := g.NearSetMask(p); near != 0; near &= near - 1 {
		gi := bits.TrailingZeros64(near)
		sqs := ed.Group(gi)
		if len(sqs) < 2 || ed.Squares[sqs[0]].Kind != engine.SquareStreet {
			continue
		}
		missing := -1
		for _, sq := range sqs {
			if g.Props[sq].Owner != p {
				missing = sq
			}
		}
		to := g.Props[missing].Owner
		if to < 0 || !g.Tradable(to, missing) || pl.offeredRecently(g, p, to, missing) {
			continue
		}
		add(engine.Trade{From: p, To: to, TakeDeeds: []int{missing}})
		if sq := looseDeed(g, ed, p, to); sq >= 0 {
			add(engine.Trade{From: p, To: to, TakeDeeds: []int{missing}, GiveDeeds: []int{sq}})
		}
		for swaps := swapDeeds(g, ed, p, to, gi); swaps != 0; swaps &= swaps - 1 {
			if sq := bits.TrailingZeros64(swaps); g.Tradable(p, sq) {
				add(engine.Trade{From: p, To: to, TakeDeeds: []int{missing}, GiveDeeds: []int{sq}})
			}
		}
	}
	pl.pondered[p] = g.Turn
	if n == 0 {
		return choice{}, false
	}
	seqs := make([]*engine.Trade, n)
	for i := range n {
		seqs[i] = &cands[i]
	}
	vals := compareTrades(g, p, pl.Jail, seqs)
	best := -1
	for i, v := range vals[1:] {
		if v > vals[0]+lookMargin && (best < 0 || v > vals[best+1]) {
			best = i
		}
	}
	if best < 0 {
		return choice{}, false
	}
	offer := cands[best]
	c := choice{kind: engine.ActProposeTrade, trade: &offer}
	if g.Check(p, c.action()) != nil {
		return choice{}, false
	}
	pl.pondered[p] = 0 // a trade made: look again next turn
	pl.remember(g, p, &offer)
	return c, true
}

// compareTrades is compare for trade offers of p's, each played on as if
// its counterparty accepted it at once; index 0 of the result is no trade.
func compareTrades(g *engine.Game, p engine.PlayerID, jail JailStrategy, offers []*engine.Trade) []float64 {
	out := make([]float64, len(offers)+1)
	if len(g.Players) > maxSeats {
		return out
	}
	for i := range rolloutCount {
		seed := rolloutSeed(uint64(g.Version), p, i)
		out[0] += rollout(g, p, nil, seed, jail)
		for k, t := range offers {
			out[k+1] += rolloutTrade(g, p, t, seed, jail)
		}
	}
	for k := range out {
		out[k] /= rolloutCount
	}
	return out
}

// rolloutTrade is rollout after p proposes t and its counterparty accepts
// it; a trade the engine refuses is worth -1.
func rolloutTrade(g *engine.Game, p engine.PlayerID, t *engine.Trade, seed uint64, jail JailStrategy) float64 {
	c := g.Clone()
	if _, err := c.Apply(p, engine.Action{Kind: engine.ActProposeTrade, Trade: t}); err != nil {
		return -1
	}
	id := c.NextTrade // the offer's id (engine/trade.go)
	if _, err := c.Apply(t.To, engine.Action{Kind: engine.ActAcceptTrade, TradeID: id}); err != nil {
		return -1
	}
	return rollout(c, p, nil, seed, jail)
}

// looseDeed is the dearest unmortgaged street deed p can spare for to:
// the only one p holds of its group, of a group that to does not lack
// one deed of (it completes no set of to's). Normal's valuation takes a
// deed at its price, while to p it is a deed it cannot build on: paying
// with it keeps p's cash for houses.
func looseDeed(g *engine.Game, ed *engine.Edition, p, to engine.PlayerID) int {
	best, bestPrice := -1, 0
	mine := g.GroupCounts(p)
	for deeds := g.DeedMask(p) &^ g.MortgagedMask(p); deeds != 0; deeds &= deeds - 1 {
		sq := bits.TrailingZeros64(deeds)
		s := &ed.Squares[sq]
		if s.Kind != engine.SquareStreet || mine[s.Group] != 1 || inMask(g.NearSetMask(to), s.Group) || !g.Tradable(p, sq) {
			continue
		}
		if s.Price > bestPrice {
			best, bestPrice = sq, s.Price
		}
	}
	return best
}
