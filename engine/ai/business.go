package ai

import (
	"math/bits"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The decisions of the business edition (the jail square's fine and the
// gamble square's stake) and the entry to the lux edition's (lux.go).

// stakeStep rounds stakes down to tens, as a person would stake.
const stakeStep = 10

// editionDecision answers the editions' own decisions of the current
// player: the jail choice, the gamble, the casino and the tax inspection.
func (pl *Player) editionDecision(g *engine.Game, p engine.PlayerID) choice {
	switch {
	case g.Phase == engine.PhaseJailChoice:
		return pl.jailChoice(g, p)
	case g.Phase == engine.PhaseInspection:
		return choice{kind: engine.ActRoll}
	case atCasino(g, p):
		return pl.casinoStake(g, p)
	}
	if s := pl.stake(g, p); s > 0 {
		return choice{kind: engine.ActStake, arg: s}
	}
	return choice{kind: engine.ActNoStake}
}

// jailChoice pays the fine while businesses are still for sale and the
// reserve allows it (a lost turn is a lost chance to buy); once the board
// is sold out a skipped turn is a turn without rent to pay, so the player
// stays, as JailLong does from the start.
func (pl *Player) jailChoice(g *engine.Game, p engine.PlayerID) choice {
	stay := choice{kind: engine.ActStayInJail}
	if pl.Jail == JailLong || !forSale(g) {
		return stay
	}
	ed := g.EditionData()
	if g.Players[p].Cash-g.Rules.JailFine < pl.reserve(g, ed, p) {
		return stay
	}
	return choice{kind: engine.ActPayJailFine}
}

// forSale reports whether any deed is unowned.
func forSale(g *engine.Game) bool {
	ed := g.EditionData()
	for sq := range g.Props {
		if g.Props[sq].Owner == engine.NoOwner && ed.Squares[sq].Ownable() {
			return true
		}
	}
	return false
}

// stake is a tenth of the cash above the reserve, in tens, within the
// engine's limit: the gamble returns a sixth of the stake on average, and
// a tenth of the free cash is about half the Kelly stake for its odds
// (lose all, gain half, or double, a third each; Kelly ≈ 0.21), which
// keeps a bad die from costing the next rent.
func (pl *Player) stake(g *engine.Game, p engine.PlayerID) int {
	ed := g.EditionData()
	free := g.Players[p].Cash - pl.reserve(g, ed, p)
	s := min(free/10, g.MaxStake(p))
	return s - s%stakeStep
}

// mayNotOffer reports whether p has an offer open or made one this turn:
// one open offer at a time, one a turn.
func (pl *Player) mayNotOffer(g *engine.Game, p engine.PlayerID) bool {
	for i := range g.Trades {
		if g.Trades[i].From == p {
			return true
		}
	}
	return pl.offeredThisTurn(g, p)
}

// soldBuildingValue is what a building bought from p in trade t costs p:
// three times its price, since the bank has none left to replace it and it
// raises the buyer's rents.
func soldBuildingValue(g *engine.Game, ed *engine.Edition, t *engine.Trade) int {
	kind := g.TradedBuilding(t)
	if kind == 0 {
		return 0
	}
	if wantsBuilding(g, ed, t.To, kind) {
		return notForSale
	}
	return 3 * ed.Squares[t.TakeBuilding].HouseCost
}

// notForSale values a building its owner would only have to buy back.
const notForSale = 1 << 30

// wantsBuilding reports whether p has a whole unmortgaged set that could
// take a building of kind now (1 a branch, engine.Hotel a corporation):
// p is short of the same building, so it does not sell one.
func wantsBuilding(g *engine.Game, ed *engine.Edition, p engine.PlayerID, kind int) bool {
	for gi := 0; gi < ed.GroupCount(); gi++ {
		sqs := ed.Group(gi)
		if ed.Squares[sqs[0]].Kind != engine.SquareStreet || !ownsGroup(g, ed, p, gi) {
			continue
		}
		lo, mortgaged := int8(engine.Hotel), false
		for _, sq := range sqs {
			lo = min(lo, g.Props[sq].Buildings)
			mortgaged = mortgaged || g.Props[sq].Mortgaged
		}
		switch {
		case mortgaged:
		case kind == engine.Hotel && lo == engine.Hotel-1,
			kind == 1 && lo < engine.Hotel-1:
			return true
		}
	}
	return false
}

// proposeBuilding: when the bank has none of the building p could put on
// one of its sets now, p offers to buy one from an opponent's fullest
// deed, for the least cash the owner's own valuation accepts (three times
// the building's price and the margin every trade needs), the cheapest
// such offer, if p keeps its reserve. As with deed offers: one open offer
// at a time, one a turn, and not the same seller's deed again within the
// cooldown.
func (pl *Player) proposeBuilding(g *engine.Game, p engine.PlayerID) (choice, bool) {
	if !g.Rules.NoBuildingAuctions || g.Houses > 0 && g.Hotels > 0 || len(g.Props) > maxSquares {
		return choice{}, false
	}
	if pl.mayNotOffer(g, p) {
		return choice{}, false
	}
	ed := g.EditionData()
	limit := g.Players[p].Cash - pl.reserve(g, ed, p)
	var best engine.Trade
	bestPrice := 0
	for deeds := g.DeedMask(p); deeds != 0; deeds &= deeds - 1 {
		dst := bits.TrailingZeros64(deeds)
		if err := g.Check(p, engine.Action{Kind: engine.ActBuild, Square: dst}); err != engine.ErrNoHousesLeft && err != engine.ErrNoHotelsLeft {
			continue
		}
		for src := range g.Props {
			to := g.Props[src].Owner
			if to < 0 || to == p || g.Props[src].Buildings == 0 || pl.offeredRecently(g, p, to, src) {
				continue
			}
			t := engine.Trade{From: p, To: to, TakeBuilding: src, PlaceOn: dst}
			if g.TradedBuilding(&t) == 0 {
				continue
			}
			if price, ok := offerPrice(g, &t); ok && price <= limit && (bestPrice == 0 || price < bestPrice) {
				best, bestPrice = t, price
			}
		}
	}
	if bestPrice == 0 {
		return choice{}, false
	}
	offer := best
	offer.GiveCash = bestPrice
	c := choice{kind: engine.ActProposeTrade, trade: &offer}
	if g.Check(p, c.action()) != nil {
		return choice{}, false
	}
	// The offer memory keys offers by the deed asked for: here the
	// seller's deed the building comes off.
	memo := offer
	memo.TakeDeeds = []int{offer.TakeBuilding}
	pl.remember(g, p, &memo)
	return c, true
}
