// Package chattest holds end-to-end tests of the chat layer (package bot)
// that need a running game but not a particular one, played on the fake
// kind (bot/bottest/fakekind) through the whole bot and the fake Bot API:
// the lobby, deadline reminders, timeouts, kicks and the archive, votes,
// statistics and the rematch; delivery's faults (429, 403, a deleted or
// uneditable message, a group's migration to a supergroup and a restart
// after it), junk input, the press throttle, redelivered updates, a
// broken record, and the language a group keeps for the menus it shares.
//
// They are a test binary of their own because the fake kind is
// registered process-wide (bot.RegisterKind, in TestMain): the chat
// layer's own tests keep seeing the real kinds only. The package has no
// code besides its tests. What a board's part of a chat-layer behaviour
// needs (its turn message, whose turn a vote is about, its trade
// composer) stays in package bot's tests.
package chattest
