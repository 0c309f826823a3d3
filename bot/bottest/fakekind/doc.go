// Package fakekind is a tiny kind of game for the chat layer's tests:
// two seats, one decision — the first seat presses 🏆 and wins, or ⏭ to
// go on (a move that changes nothing but the record's revision, for the
// tests that need the game to go on after a press). The chat
// layer's lobby, deadlines and reminders, votes, statistics and rematch
// run on it as on any kind, without a board or a card game in the way.
//
// Only tests use it, registered with bot.RegisterKind before any bot
// starts (bot/chattest). Its texts are plain English: no player ever sees
// this kind. Its state (State) is only its table message's id, stored
// as a real kind stores its messages' so that a restart edits the table
// in place; the game is the seats: the seat whose last applied press is
// its 🏆 won (kit.Seat.Pressed).
package fakekind
