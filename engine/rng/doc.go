// Package rng owns the random generator both game engines keep inside their
// state: a splitmix64 whose whole state is one exported word, so a game
// serializes and replays exactly on every platform and Go version.
package rng
