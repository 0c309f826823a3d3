package registry

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Kind is a kind of game the chat layer hosts: the board games (all
// editions, bot/board) and Monopoly Deal (bot/deal). The chat layer —
// records, lobby, settings, paces and deadlines, reminders, votes,
// outbox, statistics, restore, migration — knows a running game only
// through this interface (package bot names it bot.Kind), declared here
// with the registry that hosts the kinds. A kind lives in
// its own package: it keeps its state in the record (kit.Record; the
// board's is Record.Board), its rendering, keyboards and rules glue to
// itself, and asks the chat layer for what it needs through kit.Host.
//
// Every method that changes the game does it inside a change (c, a
// kit.Change): with no side effects, as a change may run more than once;
// what to show goes into c (Replies, Finalize, Show).
//
// A kind takes kit values in (kit.PressIn, kit.CommandIn) and gives
// effects in the change (kit.Change: texts, keyboards as kit.Markup,
// private slots); it holds no Telegram client. It is registered once, with
// its editions and buttons, in registered (kinds.go); its optional
// capabilities are found once, when a bot makes it (New).
type Kind interface {
	// Press handles a press of one of the kind's buttons, wherever it was
	// pressed: the group, a private chat (data naming the group), an
	// inline message. It takes the locks and makes the changes it needs.
	Press(ctx context.Context, updateID int, q kit.PressIn, p kit.Press)
	// Command handles a command of the kind's (it reports false for
	// others); the chat's lock is held.
	Command(ctx context.Context, updateID int, m kit.CommandIn) bool

	// Start starts the game of the lobby in c: its seats and options are
	// set. It reports a refusal as an alert in c.
	Start(c *kit.Change, lang string) bool
	// Pending is what the game waits for now, so that the chat layer sets
	// the deadline, sends reminders and counts missed turns.
	Pending(r *kit.Record) kit.Pending
	// Timeout acts on the pending decision's deadline; false if nothing
	// could be done.
	Timeout(c *kit.Change, lang string) bool
	// CanResign says whether seat may leave the game now; Resign makes it
	// leave (an absent player, a vote to kick).
	CanResign(r *kit.Record, seat int) bool
	Resign(c *kit.Change, lang string, seat int) bool
	// Expire acts on the kind's own moments that passed (Pending.Due), in
	// a change of its own; the chat's lock is held.
	Expire(ctx context.Context, chat int64)

	// Active says whether seat still plays (votes, /leave).
	Active(r *kit.Record, seat int) bool
	// Show queues the game's messages after a change (finish): the live
	// ones by slot (c.Show), or their final texts (c.Finalize) when the
	// game was removed, and the closing message of a game that ended.
	Show(c *kit.Change, lang string)
	// Reshow detaches the game's live messages, so the next Show sends them
	// anew at the bottom of the chat (the bot is back in it).
	Reshow(c *kit.Change, lang string)
	// Sent stores the id of the kind's message named name and key in its
	// slot (kit.GameSlot) and reports whether it did. (A slot without a key
	// is reused by the next message: the chat layer reports its id only
	// while the slot still names that message.)
	Sent(r *kit.Record, name, key string, id int) bool
	// Unshown says whether the game has messages that may never have been
	// sent (Restore shows them again); Repost posts those Show does not
	// (an open offer's), under the chat's lock.
	Unshown(r *kit.Record) bool
	Repost(chat int64, lang string, r *kit.Record)
	// Standings are the final table shown when a game ends; Results are
	// what each seat's statistics count.
	Standings(lang string, r *kit.Record) string
	Results(r *kit.Record) []kit.SeatResult
}
