package ai

import "github.com/monopoly-tg/monopoly-bot/engine"

// The decisions of the business edition: the jail square's fine and the
// gamble square's stake.

// stakeStep rounds stakes down to tens, as a person would stake.
const stakeStep = 10

// editionDecision answers the business edition's decisions of the current
// player: the jail choice and the gamble.
func (pl *Player) editionDecision(g *engine.Game, p engine.PlayerID) engine.Action {
	if g.Phase == engine.PhaseJailChoice {
		return pl.jailChoice(g, p)
	}
	if s := pl.stake(g, p); s > 0 {
		return engine.Action{Kind: engine.ActStake, Amount: s}
	}
	return engine.Action{Kind: engine.ActNoStake}
}

// jailChoice pays the fine while businesses are still for sale and the
// reserve allows it (a lost turn is a lost chance to buy); once the board
// is sold out a skipped turn is a turn without rent to pay, so the player
// stays, as JailLong does from the start.
func (pl *Player) jailChoice(g *engine.Game, p engine.PlayerID) engine.Action {
	stay := engine.Action{Kind: engine.ActStayInJail}
	if pl.Jail == JailLong || !forSale(g) {
		return stay
	}
	ed := g.EditionData()
	if g.Players[p].Cash-g.Rules.JailFine < pl.reserve(g, ed, p) {
		return stay
	}
	return engine.Action{Kind: engine.ActPayJailFine}
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

// soldBuildingValue is what a building bought from p in trade t costs p:
// three times its price, since the bank has none left to replace it and it
// raises the buyer's rents. A computer player never proposes such a
// purchase; it sells one only for that much.
func soldBuildingValue(g *engine.Game, ed *engine.Edition, t *engine.Trade) int {
	if g.TradedBuilding(t) == 0 {
		return 0
	}
	return 3 * ed.Squares[t.TakeBuilding].HouseCost
}
