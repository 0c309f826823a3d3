// Package chattest holds end-to-end tests of the chat layer (package bot)
// that need a running game but not a particular one: the lobby, deadline
// reminders, votes, statistics and the rematch, played on the fake kind
// (bot/bottest/fakekind) through the whole bot and the fake Bot API.
//
// They are a test binary of their own because the fake kind is
// registered process-wide (bot.RegisterKind, in TestMain): the chat
// layer's own tests keep seeing the real kinds only. The package has no
// code besides its tests.
package chattest
