// Package level names how strongly a computer seat plays: easy, normal or
// hard. It is shared by every kind's computer players (engine/ai for the
// board editions, engine/deal/dealai for Monopoly Deal), by the bot's
// seats (kit.Seat.Level, chosen in the lobby) and by the simulator
// (cmd/monosim -seats), so it depends on nothing.
//
// Normal is the zero value: a seat stored before levels existed, or a
// simulator seat left unnamed, plays as the computer players always did.
package level
