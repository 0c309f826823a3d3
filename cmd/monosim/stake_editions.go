package main

import "github.com/monopoly-tg/monopoly-bot/engine"

// The stakes of the business edition's gamble squares and of the lux
// edition's casino, read from their events: the square is where the player
// stands when the stake is settled.
func init() {
	at := func(g *engine.Game, e *engine.Event) int { return g.Players[e.Player].Pos }
	gamble := stakeKind{
		read: func(g *engine.Game, e *engine.Event) (int, int, int) {
			if e.Kind == engine.EvGambleLost {
				return at(g, e), e.Amount, 0
			}
			return at(g, e), e.Amount, e.Amount + e.Cost
		},
		// The mean of what a stake brings back over the six faces of the die.
		expected: func(*engine.Edition, int) float64 {
			const stake = 1000
			back := 0
			for die := 1; die <= 6; die++ {
				back += stake + engine.GambleGain(stake, die)
			}
			return float64(back) / 6 / stake
		},
	}
	stakeKinds[engine.EvGambleLost] = gamble
	stakeKinds[engine.EvGambleWon] = gamble
	casino := stakeKind{
		read: func(g *engine.Game, e *engine.Event) (int, int, int) {
			switch e.Kind {
			case engine.EvCasinoLost:
				return at(g, e), e.Amount, 0
			case engine.EvCasinoPush:
				return at(g, e), e.Amount, e.Amount
			case engine.EvCasinoWon:
				return at(g, e), e.Amount, e.Amount + e.Cost
			}
			return at(g, e), 0, e.Amount // the jackpot, on top of the win just counted
		},
		// Without the jackpot, which the measured return includes.
		expected: func(*engine.Edition, int) float64 { return engine.CasinoReturn() },
	}
	for _, k := range []engine.EventKind{engine.EvCasinoLost, engine.EvCasinoPush, engine.EvCasinoWon, engine.EvCasinoJackpot} {
		stakeKinds[k] = casino
	}
}
