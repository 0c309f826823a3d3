package engine

import "github.com/monopoly-tg/monopoly-bot/engine/rng"

// RNG is the game's generator (package rng), kept in the state so a seed
// plus the applied actions replays a game exactly.
type RNG = rng.RNG
