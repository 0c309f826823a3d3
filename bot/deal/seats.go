package deal

import (
	"fmt"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// Computer seats (kit.Seat.Computer, added in the lobby) are played by the
// engine's computer player (dealai), through the chat layer's clock as the
// board's are (bot/board/seats.go): when the game waits for a computer,
// Pending says so (Computer), the chat's timer entry is set the pace's
// short pause ahead, and when it fires Timeout makes the computer's one
// move in a change of its own — stored with the record and its timer, so a
// restart makes it once. The strategy keeps no memory: it decides from the
// computer's own view (its hand and the public table), at the seat's level
// chosen in the lobby (kit.Seat.Level: easy, normal or hard; the hard
// level's look-ahead deals the cards it cannot see at random, from a seed
// of that view), so nothing else is stored, and nothing of its hand is
// ever shown (it has no private chat).
//
// Answers come first: while an action's targets answer at once, the
// computers among them answer one by one, each after the pause; the people
// get the pace's deadline once no computer is left to answer.
//
// A game where no person plays any more ends (the decision "c:end").

// computerPending is what Pending reports when a computer seat moves next
// or the game is left to computers; false when people decide.
func computerPending(r *kit.Record) (kit.Pending, bool) {
	g := Of(r).Game
	computers, people := seatsLeft(r)
	if computers == 0 {
		return kit.Pending{}, false
	}
	if people == 0 {
		return kit.Pending{Decision: "c:end", Seat: -1, Turn: g.Turn, Computer: true}, true
	}
	seat, ok := computerDue(r)
	if !ok {
		return kit.Pending{}, false
	}
	// The game's version names the move: each one is a new decision.
	return kit.Pending{Decision: fmt.Sprintf("c:%d:%d", g.Version, seat), Seat: -1, Turn: g.Turn, Computer: true}, true
}

// seatsLeft counts the computer seats still in the game and the people.
func seatsLeft(r *kit.Record) (computers, people int) {
	for i, s := range r.Seats {
		switch {
		case !Of(r).Game.Active(deal.PlayerID(i)):
		case s.Computer:
			computers++
		default:
			people++
		}
	}
	return computers, people
}

func isComputer(r *kit.Record, p int) bool {
	return p >= 0 && p < len(r.Seats) && r.Seats[p].Computer
}

// computerDue is the first computer seat the game waits for.
func computerDue(r *kit.Record) (deal.PlayerID, bool) {
	for _, p := range waiting(Of(r).Game) {
		if isComputer(r, p) {
			return deal.PlayerID(p), true
		}
	}
	return 0, false
}

// people are the seats of persons among seats.
func people(r *kit.Record, seats []int) []int {
	var out []int
	for _, p := range seats {
		if !isComputer(r, p) {
			out = append(out, p)
		}
	}
	return out
}

// computerMove is the move of the computer seat the game waits for: the
// strategy's at the seat's level, or — should the engine refuse it — the
// first legal one, so a computer never holds the game up.
func computerMove(g *deal.Game, seat deal.PlayerID, lv level.Level) deal.Action {
	a := dealai.DecideLevel(g, seat, lv)
	if g.Check(seat, a) != nil {
		if legal := g.Legal(seat); len(legal) > 0 {
			a = legal[0]
		}
	}
	return a
}

// waiting are the seats the game waits for now.
func waiting(g *deal.Game) []int {
	var out []int
	for p := range deal.PlayerID(g.Seats) {
		if g.Waits(p) {
			out = append(out, int(p))
		}
	}
	return out
}
