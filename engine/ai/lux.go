package ai

import "github.com/monopoly-tg/monopoly-bot/engine"

// The lux edition's decisions: the casino's stake (the tax inspection's
// roll has no choice in it, and its jail is the classic one), and the money
// unit that scales the player's cash thresholds to an edition whose money
// is in thousands.

// moneyUnit is how many of the edition's money units make one of the
// classic game's: 1 there, 1 000 in the lux edition. The reserve, the
// margin before lifting mortgages and a jail card's trade value are
// classic amounts times this.
func moneyUnit(g *engine.Game) int {
	return max(1, g.EditionData().Rules.StartingCash/1500)
}

// atCasino reports whether p's pending stake is the lux casino's.
func atCasino(g *engine.Game, p engine.PlayerID) bool {
	return g.EditionData().Squares[g.Players[p].Pos].Kind == engine.SquareCasino
}

// casinoStake is a fiftieth of the cash above the reserve, in whole
// thousands (the smallest banknote the rule book's bank counts in), or
// nothing. The casino returns about 90 % of a stake (LUX.md), so any stake
// loses on average: a small one is a person's flutter, and its expected
// cost, a fifth of a percent of the free cash, never decides a game.
func (pl *Player) casinoStake(g *engine.Game, p engine.PlayerID) choice {
	return pl.casinoShare(g, p, 50)
}

// casinoShare stakes a part'th of the cash above the reserve, in whole
// thousands, or nothing.
func (pl *Player) casinoShare(g *engine.Game, p engine.PlayerID, part int) choice {
	ed := g.EditionData()
	step := moneyUnit(g)
	s := min((g.Players[p].Cash-pl.reserve(g, ed, p))/part, g.MaxStake(p))
	if s -= s % step; s < step {
		return choice{kind: engine.ActNoStake}
	}
	return choice{kind: engine.ActStake, arg: s}
}
