// Package engine owns the rules of the Monopoly-family games the bot hosts.
//
// A game is a value (Game) that changes only through Apply. The engine does
// no I/O, reads no clock and holds no text meant for people: squares, cards
// and events are identified by numbers that the bot turns into localized
// words. Randomness comes from a generator whose state is part of the Game,
// so a seed plus the list of applied actions replays a game exactly.
//
// An index of holdings per seat (holdings.go: deeds per group, whole colour
// sets and sets lacking one deed as counts and masks of groups, the deeds
// and the mortgaged deeds as masks of squares) is kept where deeds change
// hands, so that the building checks and the computer players ask "does p
// own the set" or visit p's deeds without scanning the board;
// CheckInvariants compares it with a scan.
//
// Legal lists what a player may do now; the bot draws its buttons from it,
// so a button never offers what Apply would refuse. Apply either succeeds
// and returns the events that describe what happened, or returns a sentinel
// error (see errors.go) and leaves the game untouched.
//
// Editions (board, decks, prices, rule options) are data, see edition.go:
// classic.go (rules and tests in RULES.md), business.go (BUSINESS.md) and
// lux.go (LUX.md), whose new squares and cards are small hooks behind
// Rules flags (skip.go, gamble.go, fortune.go, buildingtrade.go, casino.go,
// inspection.go, hotels.go, editionrules.go).
//
// json.go writes a game and its events as encoding/json does, byte for byte,
// without reflection: the bot stores the game with every change
// (jsonfill fills values at random for the tests that compare it).
package engine
