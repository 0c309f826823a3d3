// Package bot hosts games in Telegram group chats.
//
// It is two layers in one package, told apart by file name:
//
//   - The chat layer (every file not named board_*): polling glue
//     (app.go), the one way a chat's state changes (bot.go: change and
//     changeVia, group commit, the record cache), records (record.go), the
//     lobby and the press router (callbacks.go, callback.go: the one
//     callback codec), commands, the settings menu, paces, deadlines,
//     reminders and missed turns (deadline.go), pause, resume and kick
//     votes (pause.go), the outbox and message slots (outbox.go,
//     slots.go, publish.go), statistics, restore, migration and backups.
//     It knows a running game only through the Kind interface (kind.go).
//   - The board games (board_*.go): every edition of the board engine as
//     one Kind (boardKind): its buttons (board_ops.go), play, rendering,
//     keyboards, history and trades (composed in a private chat, offered
//     in the group).
//
// docs/ARCHITECTURE.md describes how they fit together and how to add a
// kind of game.
package bot
