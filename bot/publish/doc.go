// Package publish shows a committed change in its chat. A change says what
// to show in its state (kit.Change: replies, live contents, finals,
// animation frames, private messages whose outcome the group follows,
// edits of messages posted through inline mode, closing messages);
// Finish turns that into calls of the outbox (bot/outbox) after the
// transaction, under the chat's lock, in the order a chat must see them:
// replies, the chat layer's own (the lobby, the kind's Show, closed votes
// and reminders: Host.Compose), finals before live contents, closing
// messages last — the last with the rematch button.
//
// It also owns what delivery needs of a change beyond that: the messages a
// change keeps in storage until Telegram accepts them (kept.go: Owed is
// commit.Options.Owed, Forget the outbox's OnKept, ResendKept a start's),
// the calls made apart from a change's lane once its lock is released
// (detach.go: Later, Detach, and the pause of a chat that refuses the bot,
// the outbox's OnForbidden), the message ids a sent message stores in its
// record (RememberMessage), and the one conversion of kit keyboards into
// Telegram's (Markup, KitOutbox: the outbox as the kinds call it).
//
// Which record field a slot's id belongs to stays in package bot
// (bot/slots.go): it reads votes, reminders, the lobby, the settings menu
// and every kind. Package bot answers Host (bot/publishhost.go) and keeps
// one entry point, (*Bot).finish.
package publish
