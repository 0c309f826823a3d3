package ai

import (
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// The levels (Player.Level). Normal is the strategy of doc.go, decided by
// decide's own path, untouched: its games are pinned by the fingerprints.
// Easy and hard take decide's path too, turning off to the functions
// below where a level plays differently, which reuse normal's pieces with
// their own settings:
//
//   - Easy is timid and trusting, as a beginner is: it keeps twice the
//     reserve before buying, bidding and building (so it builds late),
//     bids at most three quarters of a plain deed's price and pays no
//     premium to block a set, never proposes a trade, accepts a trade
//     with half the margin normal wants (fair-ish ones), skips the
//     business Шанс and leaves jail at once.
//   - Hard (hard.go) buys and builds boldly, mortgaging loose deeds to
//     reach three houses, bids in the smallest steps, stays in jail once
//     the board is built up, and looks ahead by rollouts (rollout.go) to
//     answer and to choose trades.
//
// No level hands a person a complete set for less than it is worth to the
// computer (setGuard), whatever the cash it is short of, nor bids beyond
// its own valuation (see exploit_test.go).

// levelReserve is the cash p keeps back at p's level: twice normal's for
// easy, half of it for hard (plus, in the lux edition, the tax inspection
// would charge now: hard does not let a stop there force a mortgage).
func (pl *Player) levelReserve(g *engine.Game, ed *engine.Edition, p engine.PlayerID) int {
	r := pl.reserve(g, ed, p)
	switch pl.Level {
	case level.Easy:
		return 2 * r
	case level.Hard:
		r /= 2
		if ed.Inspection.Base > 0 {
			r += g.InspectionDue(p) / 2
		}
	}
	return r
}

// turnStartLevel is turnStart at p's level.
func (pl *Player) turnStartLevel(g *engine.Game, p engine.PlayerID) choice {
	if a, ok := pl.manageLevel(g, p); ok {
		return a
	}
	if pl.Level == level.Hard {
		if a, ok := pl.proposeHard(g, p); ok {
			return a
		}
		// Nothing the rollouts find worth it: the plain offer normal
		// would make. Offers keep deals moving; a table where the others
		// trade sets among themselves while hard waits is lost.
		var memo reserveMemo
		if a, ok := pl.propose(g, p, &memo); ok {
			return a
		}
		if a, ok := pl.proposeBuilding(g, p); ok {
			return a
		}
	}
	me := &g.Players[p]
	if me.InJail && pl.leavesJail(g, p) {
		if me.JailCards[engine.DeckChance] || me.JailCards[engine.DeckChest] {
			return choice{kind: engine.ActUseJailCard}
		}
		if me.Cash >= g.Rules.JailFine {
			return choice{kind: engine.ActPayJailFine}
		}
	}
	return choice{kind: engine.ActRoll}
}

// leavesJail: easy leaves at once; hard leaves while deeds are for sale
// and no opponent has built (a turn in jail is then a lost chance to buy),
// and stays to roll for doubles once the board charges rent worth
// avoiding.
func (pl *Player) leavesJail(g *engine.Game, p engine.PlayerID) bool {
	if pl.Level != level.Hard {
		return pl.Jail == JailShort || pl.Level == level.Easy
	}
	ed := g.EditionData()
	return forSale(g) && pl.reserve(g, ed, p) == pl.baseReserve(g)
}

// buyLevel is buyDecision at p's level.
// Easy does not buy to block.
func (pl *Player) buyLevel(g *engine.Game, p engine.PlayerID) choice {
	return pl.buy(g, p, pl.Level == level.Hard, (*Player).levelReserve)
}

// bidLevel is bid at p's level: easy values a plain deed at three
// quarters of its price and nothing for blocking; hard values as normal
// does but raises by the smallest step, so that a person bidding it up
// and dropping out gains it nothing but the last step.
func (pl *Player) bidLevel(g *engine.Game, p engine.PlayerID) choice {
	ed := g.EditionData()
	reserve := pl.levelReserve(g, ed, p)
	value := pl.auctionValue(g, ed, p)
	if a := g.Auction; pl.Level == level.Hard && a.Building == 0 {
		if _, special := valuation(g, ed, p, a.Square); special {
			reserve /= 2
		}
	}
	raiseBy := 0 // hard: the least step
	if pl.Level == level.Easy {
		raiseBy = 10
	}
	return bidUpTo(g, value, g.Players[p].Cash-reserve, raiseBy)
}

// auctionValue is the most p pays for what is at auction, at p's level.
func (pl *Player) auctionValue(g *engine.Game, ed *engine.Edition, p engine.PlayerID) int {
	a := g.Auction
	if a.Building > 0 {
		if pl.Level == level.Easy {
			return ed.Squares[a.Square].HouseCost
		}
		return 2 * ed.Squares[a.Square].HouseCost
	}
	v, _ := valuation(g, ed, p, a.Square)
	if pl.Level != level.Easy {
		return v
	}
	s := &ed.Squares[a.Square]
	if _, _, completes, _ := groupStake(g, ed, p, a.Square); completes {
		return 3 * s.Price / 2
	}
	return 3 * s.Price / 4
}

// manageLevel is manage at p's level: easy builds only with twice the
// reserve and a margin more in hand; hard builds down to half the reserve
// and mortgages loose deeds to bring a set to three houses (hard.go).
func (pl *Player) manageLevel(g *engine.Game, p engine.PlayerID) (choice, bool) {
	ed := g.EditionData()
	var memo reserveMemo
	memo.value, memo.done = pl.levelReserve(g, ed, p), true
	if pl.Level == level.Easy {
		memo.value += richMargin * moneyUnit(g)
	}
	if a, ok := pl.manage(g, p, &memo); ok {
		return a, true
	}
	if pl.Level == level.Hard {
		return pl.mortgageToBuild(g, ed, p, memo.value)
	}
	return choice{}, false
}

// editionLevel is editionDecision at p's level.
func (pl *Player) editionLevel(g *engine.Game, p engine.PlayerID) choice {
	switch {
	case g.Phase == engine.PhaseJailChoice:
		if pl.Level == level.Easy {
			if g.Players[p].Cash >= g.Rules.JailFine {
				return choice{kind: engine.ActPayJailFine}
			}
			return choice{kind: engine.ActStayInJail}
		}
		return pl.jailChoiceHard(g, p)
	case g.Phase == engine.PhaseInspection:
		return choice{kind: engine.ActRoll}
	case atCasino(g, p):
		if pl.Level == level.Easy {
			return pl.casinoStake(g, p) // a person's flutter
		}
		return pl.casinoHard(g, p)
	}
	if pl.Level == level.Easy {
		return choice{kind: engine.ActNoStake}
	}
	return pl.gambleHard(g, p)
}
