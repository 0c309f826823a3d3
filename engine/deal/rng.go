package deal

import "github.com/monopoly-tg/monopoly-bot/engine/rng"

// RNG is the game's generator (package rng, shared with the board engine),
// kept in the state so a seed plus the actions replays a game exactly.
type RNG = rng.RNG
