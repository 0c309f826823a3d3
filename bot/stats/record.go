package stats

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// PlayerStats is one person's record, kept per chat and over all chats
// (storage/stats.go).
//
// A game counts when it started (a cancelled lobby does not) and ends in
// any way: game over, /endgame, or archiving an abandoned game. Won counts
// a winner the engine declared (the last player standing, three sets in
// Deal, or the leader of a game ended by agreement) and the leader of a
// game stopped by /endgame (SeatResult.Leader: first in its ranking, with
// no tie), as its players expect; an archived abandoned game has no
// winner. Bankrupt counts games the person ended bankrupt, resignations
// included. BestWorth is the highest net worth at a game's end.
//
// The favourite colour set: at each game's end, every colour set (streets
// only, not ports or utilities) a person owns completely counts once; a
// person who owns no complete set but some streets counts the set of which
// they own the most streets (ties: the dearer set). The favourite is the set
// counted most often (ties: the dearer set). Sets are keyed
// "<edition>:<group>", so later editions keep their own colours.
type PlayerStats struct {
	Name      string         `json:"name,omitempty"` // as last seen, for /top
	Played    int            `json:"played"`
	Won       int            `json:"won"`
	Bankrupt  int            `json:"bankrupt"`
	BestWorth int            `json:"best_worth"`
	Sets      map[string]int `json:"sets,omitempty"`
	// Kinds count the games of other kinds than the primary one (Monopoly
	// Deal), apart: the fields above, /top and the favourite set are the
	// primary kind's (the board games').
	Kinds map[string]*KindStats `json:"kinds,omitempty"`
}

// KindStats are a person's games and wins of one kind of game.
type KindStats struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

// addKind counts a game of a kind other than the primary one.
func (s *PlayerStats) addKind(name, kind string, r kit.SeatResult) {
	s.Name = name
	if s.Kinds == nil {
		s.Kinds = map[string]*KindStats{}
	}
	k := s.Kinds[kind]
	if k == nil {
		k = &KindStats{}
		s.Kinds[kind] = k
	}
	k.Played++
	if r.Won {
		k.Won++
	}
}

func (s *PlayerStats) add(name string, r kit.SeatResult) {
	s.Name = name
	s.Played++
	if r.Won {
		s.Won++
	}
	if r.Bankrupt {
		s.Bankrupt++
	}
	s.BestWorth = max(s.BestWorth, r.Worth)
	for _, k := range r.Sets {
		if s.Sets == nil {
			s.Sets = map[string]int{}
		}
		s.Sets[k]++
	}
}

// Favourite returns the edition and group of the favourite colour set.
func (s *PlayerStats) Favourite() (edition string, group int, ok bool) {
	best, bestN := "", 0
	for k, n := range s.Sets {
		if n > bestN || n == bestN && setLess(best, k) {
			best, bestN = k, n
		}
	}
	ed, g, found := strings.Cut(best, ":")
	grp, err := strconv.Atoi(g)
	if !found || err != nil {
		return "", 0, false
	}
	return ed, grp, true
}

// setLess orders set keys so the dearer set (higher group, later on the
// board) wins a tie, deterministically.
func setLess(a, b string) bool {
	ea, ga, _ := strings.Cut(a, ":")
	eb, gb, _ := strings.Cut(b, ":")
	na, _ := strconv.Atoi(ga)
	nb, _ := strconv.Atoi(gb)
	return cmp.Or(cmp.Compare(ea, eb), cmp.Compare(na, nb)) < 0
}

// Load reads a person's statistics in a chat and overall, and whether each
// was stored and readable.
func Load(tx *storage.Tx, chat, user int64) (here, all PlayerStats, okHere, okAll bool) {
	if data, ok := tx.ChatStats(chat, user); ok {
		okHere = json.Unmarshal(data, &here) == nil
	}
	if data, ok := tx.UserStats(user); ok {
		okAll = json.Unmarshal(data, &all) == nil
	}
	return
}

// topSize is how many people /top lists.
const topSize = 10

// Ranked is one line of a chat's leaderboard.
type Ranked struct {
	User int64
	PlayerStats
}

// Top is the chat's leaderboard: most wins, then the best net worth, then
// the most games, then the user id (stable).
func Top(tx *storage.Tx, chat int64) []Ranked {
	var all []Ranked
	_ = tx.ForEachChatStats(chat, func(user int64, data []byte) error {
		var s PlayerStats
		if json.Unmarshal(data, &s) == nil && s.Played > 0 {
			all = append(all, Ranked{user, s})
		}
		return nil
	})
	slices.SortFunc(all, func(a, b Ranked) int {
		return cmp.Or(-cmp.Compare(a.Won, b.Won), -cmp.Compare(a.BestWorth, b.BestWorth),
			-cmp.Compare(a.Played, b.Played), cmp.Compare(a.User, b.User))
	})
	return all[:min(len(all), topSize)]
}
