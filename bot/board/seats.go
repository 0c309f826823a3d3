package board

import (
	"fmt"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// Computer seats (kit.Seat.Computer) are played by the engine's computer
// strategy (engine/ai). They move through the chat layer's clock like a
// deadline: when a computer has a decision, Pending says so (Computer),
// the chat's timer entry is set the pace's short pause ahead, and when it
// fires, Timeout applies the computer's one action in a change of its own
// — stored with the record and its timer, so a restart resumes the move
// once: the entry fires once, and the action moves the game on, which
// names a new decision. The strategy's memory (its offers, their
// cooldowns) is stored with the game (Record.Computer); its level is the
// seat's (kit.Seat.Level), set before each decision.
//
// A game where every person has left is ended (no game of computers alone
// keeps running): Pending names that as a computer's decision too.

// computerPending is what Pending reports when a computer seat acts next
// or the game is left to computers; false when a person decides.
func computerPending(r *kit.Record) (kit.Pending, bool) {
	g := Of(r).Game
	if g == nil || g.Phase == engine.PhaseGameOver || !hasComputer(r) {
		return kit.Pending{}, false
	}
	if !peoplePlay(r) {
		return kit.Pending{Decision: "c:end", Seat: -1, Turn: g.Turn, Computer: true}, true
	}
	seat, _, ok := computerMove(r)
	if !ok {
		return kit.Pending{}, false
	}
	// The game's version names the move: each one is a new decision.
	return kit.Pending{Decision: fmt.Sprintf("c:%d:%d", g.Version, seat), Seat: -1, Turn: g.Turn, Computer: true}, true
}

// hasComputer says whether any seat is a computer's.
func hasComputer(r *kit.Record) bool {
	for _, s := range r.Seats {
		if s.Computer {
			return true
		}
	}
	return false
}

// peoplePlay says whether a person still plays.
func peoplePlay(r *kit.Record) bool {
	for i, s := range r.Seats {
		if !s.Computer && Of(r).Game.Active(engine.PlayerID(i)) {
			return true
		}
	}
	return false
}

// isComputer says whether seat is an active computer seat of r's game.
func isComputer(r *kit.Record, p engine.PlayerID) bool {
	return p >= 0 && int(p) < len(r.Seats) && r.Seats[p].Computer && Of(r).Game.Active(p)
}

// computerMove is the next computer action: first an answer to an offer
// made to a computer, then a bid or a pass of a computer still in a running
// auction (in seat order after the leader), then the decision the game
// waits for if a computer's. It decides with a copy of the strategy, so
// the record's memory is unchanged; false when no computer has anything to
// do now.
func computerMove(r *kit.Record) (engine.PlayerID, engine.Action, bool) {
	g := Of(r).Game
	pl := ai.Player{}
	if Of(r).Computer != nil {
		pl = *Of(r).Computer
	}
	try := func(p engine.PlayerID) (engine.Action, bool) {
		if !isComputer(r, p) {
			return engine.Action{}, false
		}
		pl.Level = level.Level(r.Seats[p].Level)
		a, ok := pl.Decide(g, p)
		return a, ok && g.Check(p, a) == nil
	}
	for _, t := range g.Trades {
		if a, ok := try(t.To); ok {
			return t.To, a, true
		}
	}
	if g.Phase == engine.PhaseAuction && g.Auction != nil {
		a, n := g.Auction, len(g.Players)
		start := int(g.Current)
		if a.Leader != engine.NoOwner {
			start = int(a.Leader) + 1
		}
		for i := range n {
			q := engine.PlayerID((start + i) % n)
			if a.Passed[q] || q == a.Leader {
				continue
			}
			if act, ok := try(q); ok {
				return q, act, true
			}
		}
		return 0, engine.Action{}, false
	}
	if w := g.Waiting(); w >= 0 {
		if a, ok := try(w); ok {
			return w, a, true
		}
	}
	return 0, engine.Action{}, false
}

// withoutComputers drops the computer seats from seats (reminders mention
// people only).
func withoutComputers(r *kit.Record, seats []int) []int {
	out := seats[:0:0]
	for _, s := range seats {
		if s < 0 || s >= len(r.Seats) || !r.Seats[s].Computer {
			out = append(out, s)
		}
	}
	return out
}
