package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
)

// dealSeats are one worker's computer players for -seats: a Player per
// entry of the list (the hard level keeps its search's scratch space).
type dealSeats struct {
	players []*dealai.Player
}

func newDealSeats(levels []dealai.Level) *dealSeats {
	if levels == nil {
		return nil
	}
	s := &dealSeats{}
	for _, l := range levels {
		s.players = append(s.players, dealai.NewPlayer(l))
	}
	return s
}

// entry is the -seats entry seat p plays in game i: the list turned by i
// places, so that every entry plays every seat equally often.
func (s *dealSeats) entry(i int, p deal.PlayerID) int {
	return (int(p) + i) % len(s.players)
}

func (s *dealSeats) player(i int, p deal.PlayerID) *dealai.Player {
	return s.players[s.entry(i, p)]
}

// parseDealLevels reads -seats for Deal: comma-separated levels, one per
// seat ("" is every seat normal, nil); players > 0 is the -players given.
func parseDealLevels(list string, players int) ([]dealai.Level, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var levels []dealai.Level
	for _, name := range strings.Split(list, ",") {
		l, err := dealai.ParseLevel(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		levels = append(levels, l)
	}
	if players > 0 && len(levels) != players {
		return nil, fmt.Errorf("-seats names %d levels for %d players", len(levels), players)
	}
	return levels, nil
}

func summarizeLevels(r *DealResult, levels []dealai.Level, wins []atomic.Int64) {
	if levels == nil {
		return
	}
	for i, l := range levels {
		w := int(wins[i].Load())
		r.Levels = append(r.Levels, l.String())
		r.LevelWins = append(r.LevelWins, w)
		rate, ci := 0.0, [2]float64{0, 1}
		if r.Finished > 0 {
			rate = float64(w) / float64(r.Finished)
			ci[0], ci[1] = winInterval(w, r.Finished)
		}
		r.LevelWinRate = append(r.LevelWinRate, rate)
		r.LevelWinCI = append(r.LevelWinCI, ci)
	}
}

func printDealLevels(w io.Writer, r *DealResult) {
	if r.Levels == nil {
		return
	}
	fmt.Fprintf(w, "\nwins by level (-seats, seats turned each game; finished games, 95 %% interval):\n")
	for i, l := range r.Levels {
		fmt.Fprintf(w, "  %d. %-6s  %8d  %5.1f %%  [%4.1f, %4.1f]  ±%.1f\n", i+1, l, r.LevelWins[i], 100*r.LevelWinRate[i],
			100*r.LevelWinCI[i][0], 100*r.LevelWinCI[i][1], 50*(r.LevelWinCI[i][1]-r.LevelWinCI[i][0]))
	}
}
