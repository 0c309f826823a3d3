package main

import (
	"sort"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// stakeKind reads an event that settles a stake on a square (a gamble, a
// casino): the square (from the event, or the player's position in the
// game just after the action), what was staked and what was paid out
// (zero for a loss). An event that pays more on a stake already counted
// (a jackpot on top of a win) reads as a stake of zero. Expected, when set, is the edition's computed return
// per unit staked on the square, printed beside the measured one.
type stakeKind struct {
	read     func(g *engine.Game, e *engine.Event) (square, stake, payout int)
	expected func(ed *engine.Edition, square int) float64
}

// stakeKinds are the events that settle a stake, by kind. An edition
// whose engine events carry a stake and a payout registers its kind here
// (in an init function of its own file), and the report gains a section
// of stakes: nothing else in the simulator changes.
var stakeKinds = map[engine.EventKind]stakeKind{}

type stakeTally struct {
	kind           engine.EventKind // the kind that settled the first stake
	bets, wins     int64
	staked, payout int64
}

// stakeStats adds up the stakes settled per square.
type stakeStats struct {
	ed      *engine.Edition
	squares map[int]*stakeTally
	// kinds is stakeKinds as a table by event kind: event reads it for
	// every event of every game, where a map lookup took a sixth of a
	// simulation's time.
	kinds [1 << 8]stakeKind
}

func newStakeStats(ed *engine.Edition) *stakeStats {
	s := &stakeStats{ed: ed, squares: map[int]*stakeTally{}}
	for kind, k := range stakeKinds {
		s.kinds[kind] = k
	}
	return s
}

func (s *stakeStats) startGame(g *engine.Game) {}

func (s *stakeStats) endGame(g *engine.Game, turns int) {}

func (s *stakeStats) events(g *engine.Game, turn int, es []engine.Event) {
	for i := range es {
		if s.kinds[es[i].Kind].read != nil { // a stake settled: a few events a game
			s.event(g, turn, &es[i])
		}
	}
}

func (s *stakeStats) event(g *engine.Game, turn int, e *engine.Event) {
	k := &s.kinds[e.Kind]
	if k.read == nil {
		return
	}
	sq, stake, payout := k.read(g, e)
	t := s.squares[sq]
	if t == nil {
		t = &stakeTally{kind: e.Kind}
		s.squares[sq] = t
	}
	t.staked += int64(stake)
	t.payout += int64(payout)
	if stake > 0 {
		t.bets++
		if payout > stake {
			t.wins++
		}
	}
}

func (s *stakeStats) merge(other observer) {
	for sq, b := range other.(*stakeStats).squares {
		a := s.squares[sq]
		if a == nil {
			a = &stakeTally{kind: b.kind}
			s.squares[sq] = a
		}
		a.bets += b.bets
		a.wins += b.wins
		a.staked += b.staked
		a.payout += b.payout
	}
}

// StakeBalance is what the stakes on one square returned: Return is the
// measured payout per unit staked (1 = break-even), Expected the edition's
// computed one (0 when the edition does not say).
type StakeBalance struct {
	Square   int     `json:"square"`
	Name     string  `json:"name"`
	Bets     int64   `json:"bets"`
	Wins     int64   `json:"wins"` // bets paid out more than staked
	Staked   int64   `json:"staked"`
	Payout   int64   `json:"payout"`
	Return   float64 `json:"return"`
	Expected float64 `json:"expected,omitempty"`
}

func (s *stakeStats) balance() []StakeBalance {
	rows := make([]StakeBalance, 0, len(s.squares))
	for sq, t := range s.squares {
		b := StakeBalance{Square: sq, Bets: t.bets, Wins: t.wins, Staked: t.staked, Payout: t.payout}
		if t.staked > 0 {
			b.Return = float64(t.payout) / float64(t.staked)
		}
		if k := stakeKinds[t.kind]; k.expected != nil {
			b.Expected = k.expected(s.ed, sq)
		}
		rows = append(rows, b)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Square < rows[j].Square })
	return rows
}
