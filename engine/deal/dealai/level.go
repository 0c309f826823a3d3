package dealai

import (
	"sync"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// Level is how well a computer seat plays (package engine/level, shared
// with the board's computer players). The zero value is Normal, so a seat
// stored before levels existed plays as it did.
type Level = level.Level

const (
	// Normal is the rule-based player of Decide.
	Normal = level.Normal
	// Easy plays like a beginner: cards in the order they lie in its hand
	// (money to the bank first), no Double The Rent, its rent and debts
	// aimed at the next player rather than the richest, wilds left where
	// they were laid, a Just Say No kept for a Deal Breaker only.
	Easy = level.Easy
	// Hard looks ahead: it weighs its candidate moves by playing the game
	// to its end many times over from what it may see (search.go).
	Hard = level.Hard
)

// Levels lists the levels from the weakest.
func Levels() []Level { return level.All[:] }

// ParseLevel reads a level's name (easy, normal, hard).
func ParseLevel(s string) (Level, error) { return level.Parse(s) }

// Player decides for computer seats of one level. It keeps the scratch
// space the hard level's search reuses, so a simulator's worker keeps one
// Player per level and allocates nothing per decision. A Player is not
// safe for concurrent use.
type Player struct {
	Level  Level
	search *searcher
}

// NewPlayer returns a player of level l.
func NewPlayer(l Level) *Player {
	pl := &Player{Level: l}
	if l == Hard {
		pl.search = newSearcher()
	}
	return pl
}

// Decide returns what seat p should do now at the player's level (as the
// package's Decide for Normal).
func (pl *Player) Decide(g *deal.Game, p deal.PlayerID) deal.Action {
	switch pl.Level {
	case Easy:
		return decideEasy(g, p)
	case Hard:
		if pl.search == nil {
			pl.search = newSearcher()
		}
		return pl.search.decide(g, p)
	}
	return Decide(g, p)
}

var hardPlayers = sync.Pool{New: func() any { return NewPlayer(Hard) }}

// DecideLevel is Decide at level l, for a caller making one decision now
// and then (the bot): the hard level's scratch space comes from a pool.
func DecideLevel(g *deal.Game, p deal.PlayerID, l Level) deal.Action {
	if l != Hard {
		return (&Player{Level: l}).Decide(g, p)
	}
	pl := hardPlayers.Get().(*Player)
	defer hardPlayers.Put(pl)
	return pl.Decide(g, p)
}
