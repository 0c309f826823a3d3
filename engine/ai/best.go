package ai

import (
	"math/bits"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// This file holds the choices that manage and raise make among many
// squares, and the small helpers they share: they read the engine's index
// of holdings and ask Check about the best candidate first.

// bestBuild is where p builds next, -1 for nowhere: evenly, the fewest
// buildings first, the cheapest house among those, the first on the board
// among those, keeping the reserve; among the squares Check accepts when
// checked, else among those it could accept (squares it would refuse
// anyway — not a whole set, a mortgaged set, uneven building, a building
// the bank has none of — are left out before it).
func bestBuild(g *engine.Game, ed *engine.Edition, p engine.PlayerID, cash, reserve int, checked bool) int {
	best, bestB, bestCost := -1, int8(0), 0
	for sets := g.CompleteSetMask(p); sets != 0; sets &= sets - 1 {
		sqs := ed.Group(bits.TrailingZeros64(sets))
		lo, mortgagedSet := setLevel(g, sqs)
		if mortgagedSet || lo == engine.Hotel { // a hotel on every deed: the usual set of a long game
			continue
		}
		for _, sq := range sqs {
			pr := &g.Props[sq]
			s := &ed.Squares[sq]
			if pr.Buildings >= engine.Hotel || cash-s.HouseCost < reserve || g.Rules.EvenBuilding && pr.Buildings > lo {
				continue
			}
			if pr.Buildings == engine.Hotel-1 && g.Hotels == 0 || pr.Buildings < engine.Hotel-1 && g.Houses == 0 {
				continue // the bank has none of the building it would take
			}
			if best >= 0 && (pr.Buildings > bestB || pr.Buildings == bestB && (s.HouseCost > bestCost || s.HouseCost == bestCost && sq > best)) {
				continue
			}
			if checked && g.Check(p, engine.Action{Kind: engine.ActBuild, Square: sq}) != nil {
				continue
			}
			best, bestB, bestCost = sq, pr.Buildings, s.HouseCost
		}
	}
	return best
}

// ownsGroup reports whether p owns every deed of group (the engine's
// index answers).
func ownsGroup(g *engine.Game, ed *engine.Edition, p engine.PlayerID, group int) bool {
	return g.OwnsSet(p, group)
}

// inMask reports whether group gi's bit is set in a mask of groups (see
// engine's CompleteSetMask).
func inMask(mask uint64, gi int) bool { return gi >= 0 && gi < 64 && mask>>uint(gi)&1 != 0 }

// setLevel is the fewest buildings on a square of the set sqs, and
// whether a deed of it is mortgaged.
func setLevel(g *engine.Game, sqs []int) (lo int8, mortgaged bool) {
	lo = engine.Hotel
	for _, sq := range sqs {
		pr := &g.Props[sq]
		lo = min(lo, pr.Buildings)
		mortgaged = mortgaged || pr.Mortgaged
	}
	return lo, mortgaged
}

// reserveMemo keeps the reserve computed within one decision, when the
// game cannot change.
type reserveMemo struct {
	value int
	done  bool
}

func (m *reserveMemo) get(pl *Player, g *engine.Game, ed *engine.Edition, p engine.PlayerID) int {
	if !m.done {
		m.value, m.done = pl.reserve(g, ed, p), true
	}
	return m.value
}

// bestMortgage is the deed p mortgages next, -1 for none: key 0 for deeds
// outside complete sets, 1 for deeds of complete sets; the cheapest within
// a key, the first on the board among those; among the deeds Check accepts
// when checked, else among p's unmortgaged deeds.
func bestMortgage(g *engine.Game, ed *engine.Edition, p engine.PlayerID, checked bool) int {
	best, bestKey, bestPrice := -1, 0, 0
	sets := g.CompleteSetMask(p)
	for free := g.DeedMask(p) &^ g.MortgagedMask(p); free != 0; free &= free - 1 {
		sq := bits.TrailingZeros64(free)
		s := &ed.Squares[sq]
		key := 0
		if s.Kind == engine.SquareStreet && inMask(sets, s.Group) {
			key = 1
		}
		if best >= 0 && (key > bestKey || key == bestKey && (s.Price > bestPrice || s.Price == bestPrice && sq > best)) {
			continue
		}
		if checked && g.Check(p, engine.Action{Kind: engine.ActMortgage, Square: sq}) != nil {
			continue
		}
		best, bestKey, bestPrice = sq, key, s.Price
	}
	return best
}
