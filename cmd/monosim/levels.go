package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// Seating levels against each other (-seats hard,normal): the run's
// lineup lists one level per entry; with rotation (the default, -rotate)
// entry j sits in seat (j+i) mod n in game i, so over the games every
// entry moves first as often as every other and the order of play does
// not bias a head-to-head result. Wins are counted per entry as well as
// per seat. Both kinds of game (board and Deal) use these helpers: a
// game's player for seat s is lineup.At(s, i), and its winner's entry is
// lineup.Entry(winner, i).

// Lineup is the levels of a run's seats.
type Lineup struct {
	// Levels is one level per entry (the -seats list); nil: every seat
	// normal, unrotated (the simulator as it was).
	Levels []level.Level
	// Rotate moves every entry one seat on per game.
	Rotate bool
}

// parseLineup reads -seats for a game of players seats.
func parseLineup(seats string, players int, rotate bool) (Lineup, error) {
	if strings.TrimSpace(seats) == "" {
		return Lineup{}, nil
	}
	lv, err := level.ParseList(seats, players)
	if err != nil {
		return Lineup{}, err
	}
	return Lineup{Levels: lv, Rotate: rotate}, nil
}

// Mixed reports whether seats play at different levels or any not at
// normal: whether each seat wants its own player.
func (l Lineup) Mixed() bool {
	for _, v := range l.Levels {
		if v != level.Normal {
			return true
		}
	}
	return false
}

// Entry is the entry that sits in seat in game i.
func (l Lineup) Entry(seat, game int) int {
	n := len(l.Levels)
	if n == 0 || !l.Rotate {
		return seat
	}
	return ((seat-game)%n + n) % n
}

// At is the level of seat in game i.
func (l Lineup) At(seat, game int) level.Level {
	if len(l.Levels) == 0 {
		return level.Normal
	}
	return l.Levels[l.Entry(seat, game)]
}

// LevelWins is one entry's result: its level, wins in finished games and
// the win rate with its 95 % Wilson interval.
type LevelWins struct {
	Entry int     `json:"entry"`
	Level string  `json:"level"`
	Wins  int     `json:"wins"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// levelWins is each entry's result from wins per entry in finished games.
func levelWins(levels []level.Level, wins []int, finished int) []LevelWins {
	out := make([]LevelWins, len(levels))
	for i, lv := range levels {
		w := 0
		if i < len(wins) {
			w = wins[i]
		}
		out[i] = LevelWins{Entry: i, Level: lv.String(), Wins: w}
		if finished > 0 {
			out[i].Rate = float64(w) / float64(finished)
		}
		out[i].Low, out[i].High = winInterval(w, finished)
	}
	return out
}

// printLevelWins prints the entries' results, and for two entries the
// first one's share of the games the two decided between them.
func printLevelWins(w io.Writer, rows []LevelWins, rotated bool) {
	if len(rows) == 0 {
		return
	}
	how := "seats fixed"
	if rotated {
		how = "seats rotated every game"
	}
	fmt.Fprintf(w, "\nwins by level (finished games, 95 %% interval, %s):\n", how)
	for _, r := range rows {
		fmt.Fprintf(w, "  %d %-6s %8d  %5.1f %%  [%5.1f, %5.1f]  ±%.1f\n", r.Entry, r.Level, r.Wins, 100*r.Rate, 100*r.Low, 100*r.High, 100*(r.High-r.Low)/2)
	}
}
