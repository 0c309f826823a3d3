package dealai

import (
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/rng"
)

// The hard level's search: determinized Monte Carlo over the engine. For a
// decision with more than one sensible move it lists candidate moves
// (Normal's own choice first), deals the cards it cannot see — the draw
// pile and the other hands, whose sizes are public — at random a number of
// times (worlds), and plays each candidate in each world to the game's end
// with Normal players in every seat. The candidate that wins most often is
// played; Normal's choice keeps a small head start, so noise alone does not
// replace it. Every candidate meets the same worlds, which makes their
// comparison fairer than the number of games suggests.
//
// The worlds are dealt from a generator seeded by what the seat sees (the
// game's version, the turn and its own hand), never from the game's own
// generator or the hidden cards: two games that look the same to the seat
// get the same decision, and the decision replays exactly.
// budget sizes a search.
type budget struct {
	// worlds is how many deals of the unseen cards a decision plays out:
	// every candidate meets the first screen of them, Normal's choice and
	// the best finalists meet all of them.
	worlds, screen, finalists int
	// candidates bounds the moves weighed in one decision.
	candidates int
	// turns bounds a rollout's length in player-turns beyond the decision
	// (Deal games between computers last 13–30 turns); a game still going
	// then counts half a win.
	turns int
	// margin is how many more worlds (net, of worlds) an alternative must
	// win than Normal's choice, in the same worlds, to replace it: the
	// search departs from Normal only on evidence.
	margin int
	// steps bounds the engine steps of one decision's rollouts, so that a
	// decision stays well under 50 ms (a step, a decision and its Apply,
	// takes about 1.3 µs): the screening stops, candidates not screened
	// are dropped, and a finalist not played out loses.
	steps int
}

var defaultBudget = budget{worlds: 32, screen: 8, finalists: 2, candidates: 10, turns: 40, margin: 3, steps: 15000}

const maxWorlds = 64

type searcher struct {
	budget
	used   int // engine steps of this decision's rollouts
	games  [maxWorlds]deal.Game
	sim    deal.Game
	cands  []deal.Action
	result [][maxWorlds]int8 // per candidate and world: its rollout's score, -1 unplayed or refused
	order  []int
	unseen []uint8
}

func newSearcher() *searcher {
	return &searcher{
		budget: defaultBudget,
		cands:  make([]deal.Action, 0, 64),
		result: make([][maxWorlds]int8, 64),
		order:  make([]int, 0, 64),
		unseen: make([]uint8, 0, deal.DeckSize),
	}
}

func (sr *searcher) decide(g *deal.Game, p deal.PlayerID) deal.Action {
	base := Decide(g, p)
	if !g.Waits(p) {
		return base
	}
	var s seat
	s.look(g, p)
	sr.cands = s.candidates(sr.cands[:0], base, sr.candidates)
	sr.used = 0
	n := len(sr.cands)
	if n <= 1 {
		return base
	}
	r := rng.RNG{State: publicSeed(g, p, s.hand)}
	for k := range sr.worlds {
		sr.determinize(&sr.games[k], g, p, &r)
	}
	sr.order = sr.order[:0]
	for i := range n {
		for k := range sr.result[i] {
			sr.result[i][k] = -1
		}
		sr.order = append(sr.order, i)
	}
	// Screen every candidate on a few worlds; then Normal's choice and the
	// best finalists play all of them.
	for i := range n {
		sr.rollouts(i, p, 0, sr.screen)
	}
	o := sr.order[1:]             // alternatives, best screened first
	for a := 1; a < len(o); a++ { // insertion sort: no allocation
		for b := a; b > 0 && sr.sum(o[b], sr.screen) > sr.sum(o[b-1], sr.screen); b-- {
			o[b], o[b-1] = o[b-1], o[b]
		}
	}
	sr.rollouts(0, p, sr.screen, sr.worlds)
	best, bestNet := 0, sr.margin*2-1
	for _, i := range o[:min(sr.finalists, len(o))] {
		sr.rollouts(i, p, sr.screen, sr.worlds)
		net := 0
		for k := range sr.worlds {
			if sr.result[i][k] < 0 {
				net = -1 << 30
				break
			}
			net += int(sr.result[i][k]) - int(sr.result[0][k])
		}
		if net > bestNet {
			best, bestNet = i, net
		}
	}
	return sr.cands[best]
}

// sum is candidate i's score over the first worlds (refused: lowest).
func (sr *searcher) sum(i, worlds int) int {
	s := 0
	for k := range worlds {
		if sr.result[i][k] < 0 {
			return -1 << 30
		}
		s += int(sr.result[i][k])
	}
	return s
}

// rollouts plays candidate i in worlds [from, to), recording its scores;
// a candidate the engine refuses in a world, or left when the steps run
// out (but for Normal's choice: it is always played out), stays unplayed.
func (sr *searcher) rollouts(i int, p deal.PlayerID, from, to int) {
	a := sr.cands[i]
	for k := from; k < to; k++ {
		if i != 0 && sr.used >= sr.steps {
			return
		}
		w := &sr.sim
		w.Reset(&sr.games[k])
		if _, err := w.Apply(p, a); err != nil {
			return
		}
		sr.result[i][k] = int8(sr.playOut(w, p))
	}
}

// playOut plays w to its end between Normal players and scores it for p:
// 2 for a win, 1 for a game still going after sr.turns, 0 for a loss.
func (sr *searcher) playOut(w *deal.Game, p deal.PlayerID) int {
	last := w.Turn + sr.turns
	for w.Phase != deal.PhaseGameOver {
		if w.Turn > last {
			return 1
		}
		if _, err := Step(w); err != nil {
			return 1 // cannot happen: Normal's decisions are legal
		}
		sr.used++
	}
	if w.Winner == p {
		return 2
	}
	return 0
}

// publicSeed derives the search's generator from what p sees.
func publicSeed(g *deal.Game, p deal.PlayerID, hand deal.CardSet) uint64 {
	r := rng.RNG{State: g.Version*0x9e3779b97f4a7c15 ^ uint64(g.Turn)<<20 ^ uint64(p)}
	r.State ^= r.Next() ^ hand[0]
	r.State ^= r.Next() ^ hand[1]
	return r.Next()
}

// determinize makes w a copy of g where the cards p cannot see — the draw
// pile and the other players' hands — are dealt anew at random, each hand
// keeping its size, with a generator of its own for later reshuffles.
func (sr *searcher) determinize(w, g *deal.Game, p deal.PlayerID, r *rng.RNG) {
	w.Reset(g)
	u := sr.unseen[:0]
	var hands [deal.MaxPlayers]int
	for i, pl := range g.Places { // in card order: the order of g.Deck stays unseen
		switch {
		case pl.Zone == deal.ZoneDeck:
			u = append(u, uint8(i))
		case pl.Zone == deal.ZoneHand && pl.Owner != p:
			u = append(u, uint8(i))
			hands[pl.Owner]++
		}
	}
	for i := len(u) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		u[i], u[j] = u[j], u[i]
	}
	k := 0
	for q := range deal.PlayerID(g.Seats) {
		for range hands[q] {
			w.Places[u[k]] = deal.Place{Zone: deal.ZoneHand, Owner: q}
			k++
		}
	}
	w.Deck = w.Deck[:0]
	for ; k < len(u); k++ {
		w.Places[u[k]] = deal.Place{Zone: deal.ZoneDeck, Owner: deal.Nobody}
		w.Deck = append(w.Deck, u[k])
	}
	w.RNG.State = r.Next()
	sr.unseen = u
}
