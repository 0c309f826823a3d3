package ai

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// JailStrategy is how a computer player leaves jail.
type JailStrategy uint8

const (
	// JailShort leaves at the first chance: a jail card if held, else the
	// fine before rolling (when the cash is there), else a roll.
	JailShort JailStrategy = iota
	// JailLong stays and rolls for doubles as long as the rules allow; after
	// the last failed try the engine charges the fine.
	JailLong
)

// String returns "short" or "long".
func (s JailStrategy) String() string {
	switch s {
	case JailShort:
		return "short"
	case JailLong:
		return "long"
	}
	return fmt.Sprintf("JailStrategy(%d)", uint8(s))
}

// ParseJailStrategy reads "short" or "long".
func ParseJailStrategy(s string) (JailStrategy, error) {
	switch s {
	case "short":
		return JailShort, nil
	case "long":
		return JailLong, nil
	}
	return 0, fmt.Errorf("ai: unknown jail strategy %q (want short or long)", s)
}

// DefaultReserve is the cash a Player keeps back before any opponent has
// built, when Player.Reserve is zero.
const DefaultReserve = 100

// richMargin is how much more than the reserve a player must hold before
// lifting a mortgage that does not restore a complete set.
const richMargin = 300

// Player is a computer player's strategy. The zero value is a usable
// player with the short jail strategy and the default reserve. A Player
// remembers the trade offers it decided on (so that a rejected deal is not
// offered again at once), so it belongs to one game: it may play several
// seats of that game, but a new game wants a new Player, and goroutines
// must not share one.
type Player struct {
	Jail JailStrategy
	// Reserve is the base cash kept back when buying, bidding and building;
	// the opponents' built-up rents are added to it. Zero means
	// DefaultReserve; a negative value means no base reserve.
	Reserve int
	// Level is how strongly the player plays (level.Normal, the zero
	// value, is the strategy described in doc.go; level.go). It is a
	// setting of the seat, not memory: the bot sets it from the seat's
	// level before each decision, and MarshalJSON does not store it.
	Level level.Level

	// offers remembers the trade offers the player decided on, per seat,
	// so that a rejected deal is not offered again at once.
	offers [offerMemory]offerMemo
	// asked and latest summarize offers for the quick answers of
	// offeredRecently and offeredThisTurn (see summarize).
	asked  uint64
	latest int
	// pondered is, per seat, the turn of hard's last look for a trade to
	// propose that found none (0: none pending; hard.go).
	pondered [maxSeats]int
}

// Decide returns the action seat p should take now, and false when p has
// nothing to do (it is not p's decision, or p leads the running auction).
// Every returned action passes g.Check(p, a). Decide does not change g.
func (pl *Player) Decide(g *engine.Game, p engine.PlayerID) (engine.Action, bool) {
	c, ok := pl.decide(g, p)
	return c.action(), ok
}

// decide is Decide's decision as a choice.
func (pl *Player) decide(g *engine.Game, p engine.PlayerID) (choice, bool) {
	if g.Phase == engine.PhaseGameOver || !g.Active(p) {
		return choice{}, false
	}
	if len(g.Trades) > 0 {
		if a, ok := pl.answerTrade(g, p); ok {
			return a, true
		}
	}
	if g.Rules.EarlyEndByAgreement && !g.Players[p].VotedEnd && othersVoted(g, p) {
		return choice{kind: engine.ActVoteEnd}, true
	}
	// Easy and hard decide through level.go where their play differs.
	leveled := pl.Level != level.Normal
	switch g.Phase {
	case engine.PhaseAuction:
		if a := g.Auction; a.Passed[p] || a.Leader == p {
			return choice{}, false // out of it, or leading: nothing to bid
		}
		if leveled {
			return pl.bidLevel(g, p), true
		}
		return pl.bid(g, p), true
	case engine.PhasePlaceBuilding:
		if p == g.Placing {
			return pl.place(g, p)
		}
	case engine.PhaseDebt:
		if g.Debts[0].Debtor == p {
			return pl.raise(g, p)
		}
	case engine.PhaseTurnStart:
		if p == g.Current && leveled {
			return pl.turnStartLevel(g, p), true
		}
		if p == g.Current {
			return pl.turnStart(g, p), true
		}
	case engine.PhaseBuyDecision:
		if p == g.Current && leveled {
			return pl.buyLevel(g, p), true
		}
		if p == g.Current {
			return pl.buyDecision(g, p), true
		}
	case engine.PhaseJailChoice, engine.PhaseGamble, engine.PhaseInspection:
		if p == g.Current && leveled {
			return pl.editionLevel(g, p), true
		}
		if p == g.Current {
			return pl.editionDecision(g, p), true
		}
	case engine.PhaseTurnEnd:
		if p == g.Current {
			if g.RollAgain {
				return choice{kind: engine.ActRoll}, true
			}
			if !g.Rules.BuildBeforeRollOnly && leveled {
				if a, ok := pl.manageLevel(g, p); ok {
					return a, true
				}
			} else if !g.Rules.BuildBeforeRollOnly {
				if a, ok := pl.manage(g, p, &reserveMemo{}); ok {
					return a, true
				}
			}
			return choice{kind: engine.ActEndTurn}, true
		}
	}
	return choice{}, false
}

// othersVoted reports whether every other player still in has voted to end
// the game (and there is at least one).
func othersVoted(g *engine.Game, p engine.PlayerID) bool {
	n := 0
	for i := range g.Players {
		q := &g.Players[i]
		if engine.PlayerID(i) == p || q.Bankrupt {
			continue
		}
		if !q.VotedEnd {
			return false
		}
		n++
	}
	return n > 0
}

func (pl *Player) baseReserve(g *engine.Game) int {
	switch {
	case pl.Reserve == 0:
		return DefaultReserve * moneyUnit(g)
	case pl.Reserve < 0:
		return 0
	}
	return pl.Reserve
}

// reserve is the cash p keeps back: the base reserve plus a sixth of the
// rents the opponents' built-up properties charge now (about what one lap
// of the board costs), at most the highest of those rents.
func (pl *Player) reserve(g *engine.Game, ed *engine.Edition, p engine.PlayerID) int {
	if g.Houses == ed.Houses && g.Hotels == ed.Hotels {
		return pl.baseReserve(g) // most of the game: nothing is built
	}
	// Buildings stand only on whole colour sets: the opponents' are all
	// there is to look at.
	var theirs uint64
	for q := range g.Players {
		if engine.PlayerID(q) != p {
			theirs |= g.CompleteSetMask(engine.PlayerID(q))
		}
	}
	sum, top := 0, 0
	for ; theirs != 0; theirs &= theirs - 1 {
		for _, sq := range ed.Group(bits.TrailingZeros64(theirs)) {
			if b := g.Props[sq].Buildings; b > 0 {
				r := ed.Squares[sq].Rent[b]
				sum += r
				top = max(top, r)
			}
		}
	}
	return pl.baseReserve(g) + min(top, sum/6)
}

// turnStart: lift mortgages of complete sets, build, lift other mortgages
// when rich, then leave jail or roll.
func (pl *Player) turnStart(g *engine.Game, p engine.PlayerID) choice {
	var memo reserveMemo // manage and propose both want the reserve
	if a, ok := pl.manage(g, p, &memo); ok {
		return a
	}
	if a, ok := pl.propose(g, p, &memo); ok {
		return a
	}
	if a, ok := pl.proposeBuilding(g, p); ok {
		return a
	}
	me := &g.Players[p]
	if me.InJail && pl.Jail == JailShort {
		if me.JailCards[engine.DeckChance] || me.JailCards[engine.DeckChest] {
			return choice{kind: engine.ActUseJailCard}
		}
		if me.Cash >= g.Rules.JailFine {
			return choice{kind: engine.ActPayJailFine}
		}
	}
	return choice{kind: engine.ActRoll}
}

// manage lifts mortgages and builds where that is allowed now and the
// reserve permits.
func (pl *Player) manage(g *engine.Game, p engine.PlayerID, memo *reserveMemo) (choice, bool) {
	// Most of the time there is nothing to manage: nothing mortgaged, no
	// set to build on now, or no cash above the reserve (every cost is at
	// least zero).
	mortgaged := g.MortgagedDeeds(p) > 0
	build := g.CompleteSets(p) > 0 && g.MayBuildNow(p)
	cash := g.Players[p].Cash
	if !mortgaged && !build || cash < pl.baseReserve(g) {
		return choice{}, false
	}
	ed := g.EditionData()
	reserve := memo.get(pl, g, ed, p)
	// Mortgages to lift, found in one pass over p's mortgaged deeds:
	// inSet (of a complete colour set: lifting it lets the set be built on
	// again and restores the double rent), other (any, when rich); the
	// cheapest first, the first on the board among those.
	inSet, inSetCost, other, otherCost := -1, 0, -1, 0
	if mortgaged && cash >= reserve {
		sets := g.CompleteSetMask(p)
		rich := reserve + richMargin*moneyUnit(g)
		for pledged := g.MortgagedMask(p); pledged != 0; pledged &= pledged - 1 {
			sq := bits.TrailingZeros64(pledged)
			cost := g.UnmortgageCost(sq)
			if cash-cost >= rich && (other < 0 || cost < otherCost || cost == otherCost && sq < other) {
				other, otherCost = sq, cost
			}
			if s := &ed.Squares[sq]; s.Kind != engine.SquareStreet || !inMask(sets, s.Group) {
				continue
			}
			if cash-cost >= reserve && (inSet < 0 || cost < inSetCost || cost == inSetCost && sq < inSet) {
				inSet, inSetCost = sq, cost
			}
		}
		if inSet >= 0 && g.Check(p, engine.Action{Kind: engine.ActUnmortgage, Square: inSet}) == nil {
			return choice{kind: engine.ActUnmortgage, arg: inSet}, true
		}
	}
	if build {
		// The best square among those Check could accept is nearly always
		// accepted: ask Check about it alone first, and about every better
		// square in turn only when it is refused.
		best := bestBuild(g, ed, p, cash, reserve, false)
		if best >= 0 && g.Check(p, engine.Action{Kind: engine.ActBuild, Square: best}) != nil {
			best = bestBuild(g, ed, p, cash, reserve, true)
		}
		if best >= 0 {
			return choice{kind: engine.ActBuild, arg: best}, true
		}
	}
	if other >= 0 && g.Check(p, engine.Action{Kind: engine.ActUnmortgage, Square: other}) == nil {
		return choice{kind: engine.ActUnmortgage, arg: other}, true
	}
	return choice{}, false
}

// groupStake describes who holds the other deeds of sq's group: how many p
// owns, and whether a single opponent owns all the others.
func groupStake(g *engine.Game, ed *engine.Edition, p engine.PlayerID, sq int) (mine, size int, completes, blocks bool) {
	group := ed.Group(ed.Squares[sq].Group)
	size = len(group)
	other, others := engine.NoOwner, 0
	for _, s := range group {
		if s == sq {
			continue
		}
		switch o := g.Props[s].Owner; {
		case o == p:
			mine++
		case o == engine.NoOwner:
		case other == engine.NoOwner || other == o:
			other = o
			others++
		default:
			others = -size // two different opponents: nothing to block
		}
	}
	return mine, size, mine == size-1, others == size-1 && size > 1
}

func (pl *Player) buyDecision(g *engine.Game, p engine.PlayerID) choice {
	return pl.buy(g, p, true, (*Player).reserve)
}

// buy is whether p buys the deed p stands on: when p can pay and it
// completes a set, or blocks one where blocking counts, or p keeps the
// reserve in hand after paying.
func (pl *Player) buy(g *engine.Game, p engine.PlayerID, blocking bool,
	reserve func(*Player, *engine.Game, *engine.Edition, engine.PlayerID) int) choice {
	ed := g.EditionData()
	me := &g.Players[p]
	sq := me.Pos
	price := ed.Squares[sq].Price
	if me.Cash < price {
		return choice{kind: engine.ActDecline}
	}
	if _, _, completes, blocks := groupStake(g, ed, p, sq); completes || blocks && blocking {
		return choice{kind: engine.ActBuy}
	}
	if me.Cash-price >= reserve(pl, g, ed, p) {
		return choice{kind: engine.ActBuy}
	}
	return choice{kind: engine.ActDecline}
}

// valuation is what deed sq is worth to p at auction, and whether it is a
// deed worth dipping into the reserve for (it completes or blocks a set).
func valuation(g *engine.Game, ed *engine.Edition, p engine.PlayerID, sq int) (int, bool) {
	s := &ed.Squares[sq]
	mine, _, completes, blocks := groupStake(g, ed, p, sq)
	switch {
	case completes:
		return 2 * s.Price, true
	case blocks:
		return 3 * s.Price / 2, true
	case s.Kind != engine.SquareStreet:
		return s.Price + s.Price*mine/2, false
	}
	return s.Price, false
}

// bid is p's bid at the auction p is still in and does not lead.
func (pl *Player) bid(g *engine.Game, p engine.PlayerID) choice {
	a := g.Auction
	ed := g.EditionData()
	reserve := pl.reserve(g, ed, p)
	var value int
	if a.Building > 0 {
		value = 2 * ed.Squares[a.Square].HouseCost
	} else {
		v, special := valuation(g, ed, p, a.Square)
		value = v
		if special {
			reserve /= 2
		}
	}
	return bidUpTo(g, value, g.Players[p].Cash-reserve, 20)
}

// bidUpTo is the bid at g's auction worth at most value, with spare cash
// to spend: a pass when even the least bid is more; an opening of half of
// value, or a raise by a raiseBy-th of it (at least 1); with raiseBy 0
// always the least bid. Whole banknotes: MinBid is one (lux), and so is
// the limit it stays within.
func bidUpTo(g *engine.Game, value, spare, raiseBy int) choice {
	a := g.Auction
	limit := min(value, spare)
	minBid := a.MinBid()
	if limit < minBid {
		return choice{kind: engine.ActPass}
	}
	amount := minBid
	switch {
	case raiseBy == 0:
	case a.Leader == engine.NoOwner:
		amount = max(minBid, value/2)
	default:
		amount = max(minBid, a.High+max(1, value/raiseBy))
	}
	amount = min(amount, limit)
	amount -= amount % g.Note()
	return choice{kind: engine.ActBid, arg: amount}
}

// place chooses where a building won at auction goes.
func (pl *Player) place(g *engine.Game, p engine.PlayerID) (choice, bool) {
	best, bestB := -1, int8(0)
	for deeds := g.DeedMask(p); deeds != 0; deeds &= deeds - 1 {
		sq := bits.TrailingZeros64(deeds)
		pr := &g.Props[sq]
		if best >= 0 && pr.Buildings >= bestB {
			continue
		}
		if g.Check(p, engine.Action{Kind: engine.ActBuild, Square: sq}) == nil {
			best, bestB = sq, pr.Buildings
		}
	}
	if best < 0 {
		return choice{}, false
	}
	return choice{kind: engine.ActBuild, arg: best}, true
}

// raise pays the first debt, raising the cash first: mortgages outside
// complete sets (cheapest first), then mortgages of unbuilt sets, then
// buildings from the cheapest set; bankruptcy only when the engine allows.
func (pl *Player) raise(g *engine.Game, p engine.PlayerID) (choice, bool) {
	if g.Players[p].Cash >= g.Debts[0].Amount {
		return choice{kind: engine.ActPayDebt}, true
	}
	if g.Check(p, engine.Action{Kind: engine.ActBankrupt}) == nil {
		return choice{kind: engine.ActBankrupt}, true
	}
	ed := g.EditionData()
	// As in manage, Check is asked about the best deed first, and about
	// each better one only when it refuses.
	best := bestMortgage(g, ed, p, false)
	if best >= 0 && g.Check(p, engine.Action{Kind: engine.ActMortgage, Square: best}) != nil {
		best = bestMortgage(g, ed, p, true)
	}
	if best >= 0 {
		return choice{kind: engine.ActMortgage, arg: best}, true
	}
	// Sell buildings: from the cheapest houses, one at a time (the engine
	// enforces even selling); a whole set when a hotel cannot be broken up.
	best, bestCost := -1, 0
	set := -1
	for deeds := g.DeedMask(p); deeds != 0; deeds &= deeds - 1 {
		sq := bits.TrailingZeros64(deeds)
		pr := &g.Props[sq]
		if pr.Buildings == 0 {
			continue
		}
		cost := ed.Squares[sq].HouseCost
		if set < 0 {
			set = sq
		}
		if best >= 0 && cost >= bestCost {
			continue
		}
		if g.Check(p, engine.Action{Kind: engine.ActSellBuilding, Square: sq}) == nil {
			best, bestCost = sq, cost
		}
	}
	if best >= 0 {
		return choice{kind: engine.ActSellBuilding, arg: best}, true
	}
	if set >= 0 && g.Check(p, engine.Action{Kind: engine.ActSellSet, Square: set}) == nil {
		return choice{kind: engine.ActSellSet, arg: set}, true
	}
	// Nothing left to raise: the engine's own check decides.
	if g.Check(p, engine.Action{Kind: engine.ActPayDebt}) == nil {
		return choice{kind: engine.ActPayDebt}, true
	}
	return choice{}, false
}

// ErrNoPlayer is returned by Step when the game waits for a seat that has
// no computer player.
var ErrNoPlayer = errors.New("ai: the game waits for a seat without a computer player")

// ErrStuck is returned by Step when the computer player the game waits for
// finds nothing to do (a bug: it should never happen).
var ErrStuck = errors.New("ai: the computer player has no decision")

// Step applies one decision of whoever the game waits for: during an
// auction the next bidder still in, in seat order after the leader; first
// of all, the answer to a trade offered to a computer player. players is
// indexed by seat; nil entries are seats without a computer player. It
// returns Apply's events (reused by the next Apply).
func Step(g *engine.Game, players []*Player) ([]engine.Event, error) {
	if g.Phase == engine.PhaseGameOver {
		return nil, engine.ErrGameOver
	}
	for i := range g.Trades {
		to := g.Trades[i].To
		if int(to) >= len(players) || players[to] == nil {
			continue
		}
		if c, ok := players[to].answerTrade(g, to); ok {
			return g.Apply(to, c.action())
		}
	}
	if g.Phase == engine.PhaseAuction {
		a := g.Auction
		n := len(g.Players)
		start := int(g.Current)
		if a.Leader != engine.NoOwner {
			start = int(a.Leader) + 1
		}
		for i := 0; i < n; i++ {
			q := engine.PlayerID((start + i) % n)
			if a.Passed[q] || q == a.Leader {
				continue
			}
			if int(q) >= len(players) || players[q] == nil {
				return nil, ErrNoPlayer
			}
			if c, ok := players[q].decide(g, q); ok {
				return g.Apply(q, c.action())
			}
		}
		return nil, ErrStuck
	}
	p := g.Waiting()
	if p < 0 || int(p) >= len(players) || players[p] == nil {
		return nil, ErrNoPlayer
	}
	c, ok := players[p].decide(g, p)
	if !ok {
		return nil, ErrStuck
	}
	return g.Apply(p, c.action())
}
