package dealai

import (
	"fmt"
	"sync"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Level is how well a computer seat plays. The zero value is Normal, so a
// seat stored before levels existed plays as it did.
type Level uint8

const (
	// Normal is the rule-based player of Decide.
	Normal Level = iota
	// Easy plays like a beginner: cards in the order they lie in its hand
	// (money to the bank first), no Double The Rent, its rent and debts
	// aimed at the next player rather than the richest, wilds left where
	// they were laid, a Just Say No kept for a Deal Breaker only.
	Easy
	// Hard looks ahead: it weighs its candidate moves by playing the game
	// to its end many times over from what it may see (search.go).
	Hard
	numLevels
)

var levelNames = [numLevels]string{Normal: "normal", Easy: "easy", Hard: "hard"}

// Levels lists the levels from the weakest.
func Levels() []Level { return []Level{Easy, Normal, Hard} }

func (l Level) String() string {
	if l < numLevels {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", uint8(l))
}

// ParseLevel reads a level's name (easy, normal, hard).
func ParseLevel(s string) (Level, error) {
	for l, name := range levelNames {
		if s == name {
			return Level(l), nil
		}
	}
	return Normal, fmt.Errorf("dealai: unknown level %q (easy, normal or hard)", s)
}

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
