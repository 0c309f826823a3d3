// Package deal owns the rules of Monopoly Deal, the card game of rule book
// 003: the 106-card deck, a game's state and the only way to change it,
// Apply.
//
// It follows the board engine's principles: a game is a value that
// serializes to JSON, shuffled by a generator whose state is part of the
// game, so a seed plus the applied actions replays it exactly; Apply either
// succeeds and returns events or returns a sentinel error (errors.go) and
// changes nothing; Legal lists what a player may do now. There is no I/O,
// clock or text for people: cards, colours and events are numbers the bot
// names from locales/deal.*.toml.
//
// Unlike the board game, most of the state is hidden: hands and the order
// of the draw pile. Every Event says who may see it (Seen), and View builds
// what one player may know, so the bot never has to filter the state
// itself. Decisions that wait for players (play, discard; answer an
// action, pay — an action's targets all at once) are readable through
// Waits and the Pending action, and ActTimeout settles them with a cautious
// default, so the bot can put a deadline on each.
//
// RULES.md maps every rule, and every choice the rule book leaves open, to
// its tests.
package deal
