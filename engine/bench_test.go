package engine_test

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

// benchCap is the turn cap of benchmark games: a game that reaches it is
// replaced by a new one, as the simulator does.
const benchCap = 1000

// benchTurns plays player-turns with computer players: one op is one
// player-turn (every action from the turn's start to the next player's).
// New games are made with the timer stopped, so the figures are those of
// the simulation path alone: Apply, the settle loop and the decisions.
func benchTurns(b *testing.B, players int, jail ai.JailStrategy) {
	pl := &ai.Player{Jail: jail}
	seats := make([]*ai.Player, players)
	for i := range seats {
		seats[i] = pl
	}
	seed := uint64(1)
	newGame := func() *engine.Game {
		g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: players, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		seed++
		*pl = ai.Player{Jail: jail} // a Player remembers its offers: one per game
		return g
	}
	g := newGame()
	steps := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if g.Phase == engine.PhaseGameOver || g.Turn > benchCap {
			b.StopTimer()
			g = newGame()
			b.StartTimer()
		}
		turn := g.Turn
		for g.Turn == turn && g.Phase != engine.PhaseGameOver {
			if _, err := ai.Step(g, seats); err != nil {
				b.Fatal(err)
			}
			steps++
		}
	}
	b.StopTimer()
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "turns/s")
	}
	b.ReportMetric(float64(steps)/float64(b.N), "actions/turn")
}

// BenchmarkTurn is a player-turn of four computer players (short jail
// strategy): the target is at least 2 500 000 turns/s on one core and
// 0 allocs/op.
func BenchmarkTurn(b *testing.B) { benchTurns(b, 4, ai.JailShort) }

// BenchmarkTurnLongJail is the same with the long jail strategy.
func BenchmarkTurnLongJail(b *testing.B) { benchTurns(b, 4, ai.JailLong) }

// BenchmarkTurn2Players and BenchmarkTurn6Players vary the table size.
func BenchmarkTurn2Players(b *testing.B) { benchTurns(b, 2, ai.JailShort) }
func BenchmarkTurn6Players(b *testing.B) { benchTurns(b, 6, ai.JailShort) }

// BenchmarkGame plays whole games (to the end or the turn cap), game
// creation included: one op is one game.
func BenchmarkGame(b *testing.B) {
	pl := &ai.Player{}
	seats := []*ai.Player{pl, pl, pl, pl}
	turns := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 4, Seed: uint64(i + 1)})
		if err != nil {
			b.Fatal(err)
		}
		*pl = ai.Player{} // a Player remembers its offers: one per game
		for g.Phase != engine.PhaseGameOver && g.Turn <= benchCap {
			if _, err := ai.Step(g, seats); err != nil {
				b.Fatal(err)
			}
		}
		turns += g.Turn
	}
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(turns)/s, "turns/s")
	}
}

// BenchmarkLegal lists the current player's legal actions into a reused
// buffer, as the bot does to draw its buttons.
func BenchmarkLegal(b *testing.B) {
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]engine.Action, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = g.AppendLegal(buf[:0], g.Current)
	}
}
