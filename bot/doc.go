// Package bot is the chat layer: it hosts games in Telegram group chats.
//
// It owns the polling glue (app.go), the one way a chat's state changes
// (bot.go: change and changeVia, group commit, the record cache), the
// glue to the lobby (lobby.go; the lobby, its computer seats and its timers
// are bot/lobby), the 🔔 list of people to tell of the next one
// (lobby_notify.go, bell: the press and the private messages; the list is
// bot/lobby's), refusals
// that say why in the presser's language (refusals.go), and the press router
// (callbacks.go; callback.go names the host's
// buttons and routes every other one to its game's kind), the commands
// (commands.go, the type commands), the
// settings menu (settings*.go: built from what each kind's editions offer,
// one live menu, the time zone), the host of the deadlines (deadline.go; the
// pace, reminders, missed turns and kicks are bot/timers), the commands and
// presses of pause, resume and kick votes (pause.go, voteCommands; the votes are bot/votes,
// reached through votes.go), the ids of sent messages stored where they
// belong (slots.go), the host of showing a committed change (publishhost.go:
// finish, the new messages kept across a kill, a private message's outcome
// followed and the calls after a change are bot/publish; their delivery is
// bot/outbox), the host of private messages only to people who can receive
// them (reach.go; who can be written to is bot/reach, whose guard wraps the
// Messenger), the press throttle (presses.go, throttle.go), the
// glue to the players' statistics (stats.go; they are bot/stats), the press of a rematch after a game
// (rematch.go; the rematch's lobby is bot/lobby's), restore (restore.go),
// the host of a migration to a supergroup (migrate.go; the move and the
// show are bot/migrate) and backups. It knows a running game only through the Kind
// interface and the kinds it hosts through their registry (bot/registry:
// made once in New from the registered lines, with each kind's
// capabilities; kind.go names Kind here, and inline queries, inline.go,
// go to the registry); the board games are bot/board, what both sides
// share is bot/kit, and everything sent goes through bot/outbox.
//
// docs/ARCHITECTURE.md describes how they fit together and how to add a
// kind of game.
package bot
