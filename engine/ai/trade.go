package ai

import (
	"math/bits"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// jailCardValue is what a get-out-of-jail card is worth in a trade: the
// fine it saves.
const jailCardValue = 50

// maxSquares bounds the boards the trade evaluation handles without
// allocating; larger boards make computer players decline every trade.
const maxSquares = 64

// answerTrade answers the first offer made to p that can be answered now:
// accept a good offer (when accepting is allowed now), reject a bad one.
func (pl *Player) answerTrade(g *engine.Game, p engine.PlayerID) (choice, bool) {
	for i := range g.Trades {
		t := &g.Trades[i]
		if t.To != p {
			continue
		}
		if pl.Level == level.Normal && tradeWorth(g, p, t) || pl.Level != level.Normal && pl.tradeWorthLevel(g, p, t) {
			c := choice{kind: engine.ActAcceptTrade, arg: t.ID}
			if g.Check(p, c.action()) == nil {
				return c, true
			}
			continue // not now (an auction runs): answer it later
		}
		return choice{kind: engine.ActRejectTrade, arg: t.ID}, true
	}
	return choice{}, false
}

// tradeWorth reports whether p, the counterparty of t, should accept it:
// the holdings value after the trade (cash, deeds, sets completed for p
// or for the proposer) must exceed the value before by a clear margin.
func tradeWorth(g *engine.Game, p engine.PlayerID, t *engine.Trade) bool {
	gain, need, ok := tradeGain(g, p, t)
	return ok && gain > need
}

// tradeGain is tradeWorth's measure: what t gains p, the counterparty,
// and the margin the gain must exceed; ok is false when p cannot take
// the trade at all (a board too large, or the interest on received
// mortgages would exceed p's cash). GiveCash adds to the gain one for
// one and leaves the margin alone.
func tradeGain(g *engine.Game, p engine.PlayerID, t *engine.Trade) (gain, need int, ok bool) {
	ed := g.EditionData()
	n := len(g.Props)
	if n > maxSquares || t.To != p {
		return 0, 0, false
	}
	// Only the groups of the deeds traded change value: the others are
	// left out of both sides of the difference. owners holds the owners of
	// those groups' squares (there are fewer groups than squares, so a
	// bit per group fits).
	var owners [maxSquares]engine.PlayerID
	var touched uint64
	before, after := 0, 0
	for _, deeds := range [2][]int{t.GiveDeeds, t.TakeDeeds} {
		for _, sq := range deeds {
			if gi := ed.Squares[sq].Group; gi >= 0 && touched&(1<<gi) == 0 {
				touched |= 1 << gi
				for _, s := range ed.Group(gi) {
					owners[s] = g.Props[s].Owner
				}
				before += groupValue(g, ed, p, owners[:n], gi)
			}
		}
	}
	interest := 0
	for _, sq := range t.GiveDeeds {
		owners[sq] = p
		if g.Props[sq].Mortgaged {
			m := ed.Squares[sq].Mortgage
			interest += (m*g.Rules.MortgageInterest + 99) / 100
		}
	}
	// A debt credited (the proposer pays its debt to p in property) is
	// cash p gives up.
	sold := soldBuildingValue(g, ed, t)
	card := jailCardValue * moneyUnit(g)
	gross := t.TakeCash + t.Debt + sold + card*len(t.TakeCards)
	for _, sq := range t.TakeDeeds {
		owners[sq] = t.From
		gross += ed.Squares[sq].Price
	}
	for ; touched != 0; touched &= touched - 1 {
		after += groupValue(g, ed, p, owners[:n], bits.TrailingZeros64(touched))
	}
	cashAfter := g.Players[p].Cash + t.GiveCash - t.TakeCash
	if cashAfter < interest {
		return 0, 0, false // the interest on received mortgages would be a debt
	}
	gain = after - before + t.GiveCash - t.TakeCash - t.Debt - sold - interest +
		card*(len(t.GiveCards)-len(t.TakeCards))
	return gain, max(50, gross/4), true
}

// groupValue values p's deeds of group gi under the ownership owners: each
// deed at its price (less what lifting its mortgage costs), a complete
// colour set of p's at twice its price, ports and utilities more the more
// of them p holds, and a complete colour set of an opponent as a threat
// worth minus its price.
func groupValue(g *engine.Game, ed *engine.Edition, p engine.PlayerID, owners []engine.PlayerID, gi int) int {
	sqs := ed.Group(gi)
	if len(sqs) == 0 {
		return 0
	}
	mine, mineValue, total := 0, 0, 0
	sole := owners[sqs[0]]
	for _, sq := range sqs {
		s := &ed.Squares[sq]
		total += s.Price
		if owners[sq] != sole {
			sole = engine.NoOwner
		}
		if owners[sq] != p {
			continue
		}
		mine++
		value := s.Price
		if g.Props[sq].Mortgaged {
			value -= s.Mortgage + (s.Mortgage*g.Rules.MortgageInterest+99)/100
		}
		mineValue += value
	}
	if ed.Squares[sqs[0]].Kind != engine.SquareStreet {
		if mine > 1 {
			mineValue += mineValue * (mine - 1) / 2
		}
		return mineValue
	}
	switch sole {
	case p:
		return mineValue + total
	case engine.NoOwner:
		return mineValue
	}
	return mineValue - total
}
