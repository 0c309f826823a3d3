package ai

import (
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The hard level looks ahead by Monte Carlo rollouts: a decision's
// candidates are each applied to copies of the game, which normal players
// then play on for a horizon of player-turns with dice of their own, and
// the candidate whose copies leave the seat best off wins. The engine is
// deterministic and copies cheaply (a player-turn of normal players is a
// few hundred nanoseconds), so a few dozen rollouts of a hundred turns
// fit the budget of a decision (BenchmarkHardDecision reports its p99).
//
// A rollout never sees what a seat could not know: the copy's dice come
// from a generator of its own (not the game's, whose next numbers are
// the real future) and the cards left in the Chance and Community Chest
// decks are shuffled again. Its seeds derive from the game's version and
// the seat, so the same decision in the same game is the same decision —
// a replay or a simulation is still reproducible.

const (
	// rolloutCount is how many copies of the game each candidate is
	// played on. Candidates share the seeds of their copies (common
	// random numbers), so their difference is measured with much less
	// noise than either value alone.
	rolloutCount = 24
	// rolloutRounds is a rollout's horizon in rounds (a turn of every
	// seat): long enough for a set to be built on and pay.
	rolloutRounds = 40
	// rolloutSteps bounds a rollout's actions per seat (a long auction
	// or a bankruptcy takes many a turn).
	rolloutSteps = 40 * rolloutRounds
)

// outcome values the game g for seat p, in [0, 1]: 1 when p has won, 0
// when p is out, else p's share of the net worth of the players still in
// (what an early end by agreement ranks by), its complete colour sets
// counted once more at their price, since a set is worth more than its
// deeds until it has paid out.
func outcome(g *engine.Game, p engine.PlayerID) float64 {
	if g.Phase == engine.PhaseGameOver {
		if g.Winner == p {
			return 1
		}
		return 0
	}
	if !g.Active(p) {
		return 0
	}
	ed := g.EditionData()
	mine, all := 0, 0
	for q := range g.Players {
		id := engine.PlayerID(q)
		if !g.Active(id) {
			continue
		}
		w := max(0, g.NetWorth(id)) + setBonus(g, ed, id)
		all += w
		if id == p {
			mine = w
		}
	}
	if all <= 0 {
		return 0
	}
	return float64(mine) / float64(all)
}

// setBonus is the printed price of q's complete colour sets.
func setBonus(g *engine.Game, ed *engine.Edition, q engine.PlayerID) int {
	v := 0
	for sets := g.CompleteSetMask(q); sets != 0; sets &= sets - 1 {
		gi := 0
		for s := sets; s&1 == 0; s >>= 1 {
			gi++
		}
		v += groupTotal(ed, gi)
	}
	return v
}

// rollout plays a copy of g on with normal players for rolloutRounds
// rounds, after first applying first (when its Kind is not
// zero) as seat p, and returns outcome for p. seed seeds the copy's dice.
// A copy on which first is refused is worth -1.
func rollout(g *engine.Game, p engine.PlayerID, first *engine.Action, seed uint64, jail JailStrategy) float64 {
	c := g.Clone()
	c.Scripted = nil
	c.RNG = engine.RNG{State: seed}
	reshuffle(c)
	if first != nil {
		if _, err := c.Apply(p, *first); err != nil {
			return -1
		}
	}
	pl := Player{Jail: jail}
	var players [maxSeats]*Player
	for i := range c.Players {
		players[i] = &pl
	}
	end := c.Turn + rolloutRounds*len(c.Players)
	for step := 0; step < rolloutSteps*len(c.Players) && c.Phase != engine.PhaseGameOver && c.Turn < end; step++ {
		if _, err := Step(c, players[:len(c.Players)]); err != nil {
			break
		}
	}
	return outcome(c, p)
}

// maxSeats bounds the seats a rollout's player table holds.
const maxSeats = 8

// reshuffle shuffles the cards left in each deck of c with c's generator:
// the order of a deck is hidden from every player. The cards are put in
// order first, so the shuffle depends on which cards are left, not on
// where they lie.
func reshuffle(c *engine.Game) {
	for d := range c.Decks {
		dk := &c.Decks[d]
		n := len(dk.Order)
		if n == 0 || dk.Count <= 1 {
			continue
		}
		for i := 1; i < dk.Count; i++ { // insertion sort: a deck is small
			for j := i; j > 0; j-- {
				a, b := (dk.Head+j-1)%n, (dk.Head+j)%n
				if dk.Order[a] <= dk.Order[b] {
					break
				}
				dk.Order[a], dk.Order[b] = dk.Order[b], dk.Order[a]
			}
		}
		for i := dk.Count - 1; i > 0; i-- {
			j := c.RNG.Intn(i + 1)
			a, b := (dk.Head+i)%n, (dk.Head+j)%n
			dk.Order[a], dk.Order[b] = dk.Order[b], dk.Order[a]
		}
	}
}

// rolloutSeed is the seed of rollout i of a decision of p named by base
// (the game's version, or what names the decision).
func rolloutSeed(base uint64, p engine.PlayerID, i int) uint64 {
	z := base*0x9e3779b97f4a7c15 + uint64(p+1)<<40 + uint64(i+1)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// compare plays rolloutCount copies of g for each candidate (nil: no
// action, the game as it is) and returns each one's mean outcome for p;
// base names the decision in the copies' seeds.
func compare(g *engine.Game, p engine.PlayerID, jail JailStrategy, candidates []*engine.Action, out []float64, base uint64) []float64 {
	out = out[:0]
	for range candidates {
		out = append(out, 0)
	}
	if len(g.Players) > maxSeats {
		return out
	}
	for i := range rolloutCount {
		seed := rolloutSeed(base, p, i)
		for k, a := range candidates {
			out[k] += rollout(g, p, a, seed, jail)
		}
	}
	for k := range out {
		out[k] /= rolloutCount
	}
	return out
}
