// Package stats keeps the players' statistics: what /stats and /top show.
//
// What is counted (PlayerStats), per chat and per person over all chats,
// in storage's stats buckets: a game counts when it started (a cancelled
// lobby does not) and ends in any way — game over, /endgame, or archiving
// an abandoned game. The primary kind's games (the board's) fill the
// games, wins, bankruptcies, best net worth and the colour sets behind the
// favourite set, and only they rank in /top; every other kind's games
// (Monopoly Deal) count games and wins apart, in PlayerStats.Kinds, one
// line each in /stats.
//
// How a kind's results enter: when the chat layer removes a started game
// it calls Stats.GameEnd in the same transaction; GameEnd asks the kinds
// (Kinds, implemented by package bot over its registry) for each seat's
// kit.SeatResult and adds it to the seat's person. Statistics never ask
// Telegram anything and change no chat: the chat layer reads them (Load,
// Top) and sends what Render and RenderTop write.
package stats
