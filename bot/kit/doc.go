// Package kit is what the chat layer (package bot) and the kinds of game
// it hosts (bot/board, …) share: the record a chat stores (its envelope
// and each kind's state), the chat's settings, options (each kind's own
// part kept as stored members only the kind decodes), paces and clock,
// the change in progress (Change: what a change reads, changes, answers,
// shows and logs), the callback codec (Press, ops and their shapes), the
// host's services a kind calls (Host, Outbox), what a kind
// receives and gives as plain values, never a transport's types (input.go:
// PressIn, CommandIn, Person, inline queries and results; keyboard.go:
// Markup, Button), and helpers for texts and keyboards (escaping,
// mentions, seat names, Keyboard, slots),
// and the wording of answers for the person who pressed (answer.go,
// stale.go).
// It holds no logic of a chat's or a game's own, and imports no kind and
// no engine.
package kit
