package engine

import "fmt"

// holdings indexes who owns what, per seat: the deeds owned in each group,
// the complete colour sets and the mortgaged deeds, as counts and as masks
// (a bit per group or per square: an edition has at most 64 squares, see
// Edition.prepare). The building checks (run for every seat on every
// build) and the computer players (several times a turn) read it, and
// visit the bits of a mask, instead of scanning the board.
//
// It is derived from Props: built on first use, so a decoded or cloned
// game builds its own, then kept up to date where a deed changes hands
// (setOwner) or is mortgaged (markMortgaged): engine code changes Owner
// and Mortgaged only through those two. CheckInvariants compares it with a
// scan. Code that edits Props by hand (tests setting up a position) calls
// Reindex afterwards.
type holdings struct {
	groups    int      // groups per seat in owned
	size      []uint8  // deeds of each group
	owned     []uint8  // deeds owned, by seat*groups + group
	sets      []uint8  // complete colour sets, by seat
	inSets    []uint8  // streets in complete colour sets, by seat
	setMask   []uint64 // complete colour sets as bits by group (below 64), by seat
	near      []uint8  // colour sets lacking one deed, by seat
	nearMask  []uint64 // colour sets lacking one deed as bits by group, by seat
	mortgaged []uint8  // mortgaged deeds, by seat
	deeds     []uint64 // deeds owned as bits by square, by seat
	pledged   []uint64 // mortgaged deeds as bits by square, by seat
}

// index returns the holdings, built from Props if they are not yet.
func (g *Game) index() *holdings {
	if g.hold.owned == nil {
		g.hold = g.countHoldings()
	}
	return &g.hold
}

// Reindex rebuilds the index of holdings from Props. Apply keeps it up to
// date; only code that changes owners or mortgages by hand needs it.
func (g *Game) Reindex() { g.hold = holdings{} }

// countHoldings scans the board.
func (g *Game) countHoldings() holdings { return g.countHoldingsIn(nil, nil) }

// countHoldingsIn is countHoldings with its counts and masks in counts
// and masks where they are large enough, so that checkHoldings, run after
// every step of the randomized tests, can keep them on its stack.
func (g *Game) countHoldingsIn(counts []uint8, masks []uint64) holdings {
	ed := g.EditionData()
	n, groups := len(g.Players), len(ed.groups)
	buf := reuse(counts, groups+n*(groups+4))
	h := holdings{groups: groups, size: buf[:groups:groups]}
	buf = buf[groups:]
	h.owned, buf = buf[:n*groups:n*groups], buf[n*groups:]
	h.sets, h.inSets, h.near, h.mortgaged = buf[:n:n], buf[n:2*n:2*n], buf[2*n:3*n:3*n], buf[3*n:]
	masks = reuse(masks, 4*n)
	h.setMask, h.nearMask = masks[:n:n], masks[n:2*n:2*n]
	h.deeds, h.pledged = masks[2*n:3*n:3*n], masks[3*n:]
	for gi, sqs := range ed.groups {
		h.size[gi] = uint8(len(sqs))
	}
	for sq := range g.Props {
		prop := &g.Props[sq]
		if prop.Owner < 0 || int(prop.Owner) >= n {
			continue
		}
		if gi := ed.Squares[sq].Group; gi >= 0 {
			h.owned[int(prop.Owner)*groups+gi]++
		}
		h.deeds[prop.Owner] |= squareBit(sq)
		if prop.Mortgaged {
			h.mortgaged[prop.Owner]++
			h.pledged[prop.Owner] |= squareBit(sq)
		}
	}
	for p := 0; p < n; p++ {
		for gi := range ed.groups {
			if !ed.colour[gi] {
				continue
			}
			switch size := len(ed.groups[gi]); int(h.owned[p*groups+gi]) {
			case size:
				h.sets[p]++
				h.inSets[p] += uint8(size)
				h.setMask[p] |= groupBit(gi)
			case size - 1:
				h.near[p]++
				h.nearMask[p] |= groupBit(gi)
			}
		}
	}
	return h
}

// reuse returns buf's first n elements zeroed, or a new slice if buf is
// shorter.
func reuse[T uint8 | uint64](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// colourSet reports whether group gi is a colour set (streets, which can be
// built on) rather than the ports or the utilities. A group's squares are
// all of one kind (TestGroupsOfOneKind).
func (e *Edition) colourSet(gi int) bool {
	sqs := e.groups[gi]
	return len(sqs) > 0 && e.Squares[sqs[0]].Kind == SquareStreet
}

// ColourSet reports whether group gi is a colour set (streets) rather than
// the ports or the utilities.
func (e *Edition) ColourSet(gi int) bool { return e.colour[gi] }

// MayBuildNow reports whether the turn and the bank's stock let p buy a
// building now at all (the house rules' timing and limit, a house or a
// hotel left in the bank); whether a given square can take one is
// Check's to say.
func (g *Game) MayBuildNow(p PlayerID) bool {
	return g.Phase != PhasePlaceBuilding && g.checkBuildTiming(p) == nil && (g.Houses > 0 || g.Hotels > 0)
}

// setHolders counts the players still in who own a whole colour set, and
// the streets of their whole sets.
func (g *Game) setHolders() (players, streets int) {
	h := g.index()
	for p := range g.Players {
		if h.sets[p] > 0 && !g.Players[p].Bankrupt {
			players++
			streets += int(h.inSets[p])
		}
	}
	return players, streets
}

// setOwner hands sq to a new owner (NoOwner: back to the bank), keeping
// the index.
func (g *Game) setOwner(sq int, to PlayerID) {
	prop := &g.Props[sq]
	if g.hold.owned != nil && prop.Owner != to {
		g.hold.move(g.ed, sq, prop.Owner, -1, prop.Mortgaged)
		g.hold.move(g.ed, sq, to, +1, prop.Mortgaged)
	}
	prop.Owner = to
}

// move adds d (±1) to p's count of sq's group, and of its mortgaged deeds.
func (h *holdings) move(ed *Edition, sq int, p PlayerID, d int, mortgaged bool) {
	if p < 0 {
		return
	}
	bit := squareBit(sq)
	if d > 0 {
		h.deeds[p] |= bit
	} else {
		h.deeds[p] &^= bit
	}
	if mortgaged {
		h.mortgaged[p] = uint8(int(h.mortgaged[p]) + d)
		h.pledged[p] ^= bit // set with the deed, cleared with it
	}
	gi := ed.Squares[sq].Group
	if gi < 0 {
		return
	}
	i := int(p)*h.groups + gi
	was := int(h.owned[i])
	h.owned[i] = uint8(was + d)
	if !ed.colour[gi] {
		return
	}
	size := len(ed.groups[gi])
	if was == size || was+d == size {
		h.sets[p] = uint8(int(h.sets[p]) + d)
		h.inSets[p] = uint8(int(h.inSets[p]) + d*size)
		h.setMask[p] ^= groupBit(gi)
	}
	switch {
	case was == size-1:
		h.near[p]--
		h.nearMask[p] &^= groupBit(gi)
	case was+d == size-1:
		h.near[p]++
		h.nearMask[p] |= groupBit(gi)
	}
}

// groupBit is group gi's bit in a mask of groups; groups from 64 on have
// none (TestGroupsOfOneKind checks that no edition has that many).
func groupBit(gi int) uint64 {
	if gi >= 64 {
		return 0
	}
	return 1 << gi
}

// squareBit is square sq's bit in a mask of squares.
func squareBit(sq int) uint64 { return 1 << uint(sq) }

// markMortgaged sets sq's mortgage, keeping the index.
func (g *Game) markMortgaged(sq int, m bool) {
	prop := &g.Props[sq]
	if g.hold.owned != nil && prop.Mortgaged != m && prop.Owner >= 0 {
		if m {
			g.hold.mortgaged[prop.Owner]++
			g.hold.pledged[prop.Owner] |= squareBit(sq)
		} else {
			g.hold.mortgaged[prop.Owner]--
			g.hold.pledged[prop.Owner] &^= squareBit(sq)
		}
	}
	prop.Mortgaged = m
}

// checkHoldings compares the index, if built, with a scan.
func (g *Game) checkHoldings() error {
	if g.hold.owned == nil {
		return nil
	}
	var counts [256]uint8 // enough for every edition today (about 10 groups, 6 seats); more goes to the heap
	var masks [4 * 16]uint64
	want := g.countHoldingsIn(counts[:0], masks[:0])
	for p := range g.Players {
		for gi := 0; gi < want.groups; gi++ {
			if got, w := g.hold.owned[p*want.groups+gi], want.owned[p*want.groups+gi]; got != w {
				return fmt.Errorf("index: player %d owns %d deeds of group %d, the board says %d", p, got, gi, w)
			}
		}
		if g.hold.sets[p] != want.sets[p] || g.hold.inSets[p] != want.inSets[p] || g.hold.setMask[p] != want.setMask[p] || g.hold.near[p] != want.near[p] ||
			g.hold.nearMask[p] != want.nearMask[p] || g.hold.mortgaged[p] != want.mortgaged[p] ||
			g.hold.deeds[p] != want.deeds[p] || g.hold.pledged[p] != want.pledged[p] {
			return fmt.Errorf("index: player %d has %d sets, %d lacking one and %d mortgages, the board says %d, %d and %d",
				p, g.hold.sets[p], g.hold.near[p], g.hold.mortgaged[p], want.sets[p], want.near[p], want.mortgaged[p])
		}
	}
	return nil
}

// The accessors below are small enough to be inlined where the computer
// players call them many times a turn: the index is read directly when it
// is built and p is a seat, and built (or p refused) by held otherwise.

// held builds the index if it is not yet and reports whether p is a seat.
func (g *Game) held(p PlayerID) bool {
	if uint(p) >= uint(len(g.Players)) {
		return false
	}
	g.index()
	return true
}

// OwnedInGroup is the number of deeds of group that p owns.
func (g *Game) OwnedInGroup(p PlayerID, group int) int {
	if h := &g.hold; uint(p) < uint(len(h.sets)) || g.held(p) {
		return int(h.owned[int(p)*h.groups+group])
	}
	return 0
}

// OwnsSet reports whether p owns every deed of group.
func (g *Game) OwnsSet(p PlayerID, group int) bool {
	if h := &g.hold; uint(p) < uint(len(h.sets)) || g.held(p) {
		return h.owned[int(p)*h.groups+group] == h.size[group]
	}
	return false
}

// GroupCounts is the number of deeds p owns in each group, indexed by
// group, for callers that look at every group (the computer players). It
// is the engine's own index, read only, and valid until the game changes.
func (g *Game) GroupCounts(p PlayerID) []uint8 {
	if h := &g.hold; uint(p) < uint(len(h.sets)) || g.held(p) {
		i := int(p) * h.groups
		return h.owned[i : i+h.groups : i+h.groups]
	}
	return nil
}

// CompleteSets is the number of colour sets (groups of streets) that p
// owns whole.
func (g *Game) CompleteSets(p PlayerID) int {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return int(g.hold.sets[p])
	}
	return 0
}

// CompleteSetMask has bit gi set for each colour set gi that p owns whole,
// for callers that visit them (the computer players).
func (g *Game) CompleteSetMask(p PlayerID) uint64 {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return g.hold.setMask[p]
	}
	return 0
}

// SetsLackingOne is the number of colour sets of which p owns all but
// one deed.
func (g *Game) SetsLackingOne(p PlayerID) int {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return int(g.hold.near[p])
	}
	return 0
}

// NearSetMask has bit gi set for each colour set gi of which p owns all
// but one deed, for callers that visit them (the computer players' trade
// offers).
func (g *Game) NearSetMask(p PlayerID) uint64 {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return g.hold.nearMask[p]
	}
	return 0
}

// DeedMask has bit sq set for each deed sq that p owns, for callers that
// visit them in board order instead of scanning the board.
func (g *Game) DeedMask(p PlayerID) uint64 {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return g.hold.deeds[p]
	}
	return 0
}

// MortgagedMask has bit sq set for each deed sq of p's that is mortgaged.
func (g *Game) MortgagedMask(p PlayerID) uint64 {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return g.hold.pledged[p]
	}
	return 0
}

// MortgagedDeeds is the number of p's deeds that are mortgaged.
func (g *Game) MortgagedDeeds(p PlayerID) int {
	if uint(p) < uint(len(g.hold.sets)) || g.held(p) {
		return int(g.hold.mortgaged[p])
	}
	return 0
}
