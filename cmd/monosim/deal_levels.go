package main

import (
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
)

// dealSeats are one worker's Deal computer players for -seats: a Player
// per level (the hard level keeps its search's scratch space), which
// seat s takes in game i by the lineup.
type dealSeats struct {
	lineup  Lineup
	players [3]*dealai.Player // by level
}

// newDealSeats returns the players of lineup, or nil when every seat is
// normal (the simulator as it always played).
func newDealSeats(lineup Lineup) *dealSeats {
	if !lineup.Mixed() {
		return nil
	}
	s := &dealSeats{lineup: lineup}
	for l := range s.players {
		s.players[l] = dealai.NewPlayer(dealai.Level(l))
	}
	return s
}

// player is the player of seat p in game i.
func (s *dealSeats) player(i int, p deal.PlayerID) *dealai.Player {
	return s.players[s.lineup.At(int(p), i)]
}
