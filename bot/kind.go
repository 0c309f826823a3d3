package bot

import (
	"context"
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Kind is a kind of game the chat layer hosts: the board games (all
// editions, bot/board) now, a card game with private hands later. The chat
// layer — records, lobby, settings, paces and deadlines, reminders, votes,
// outbox, statistics, restore, migration — knows a running game only
// through this interface, declared here where it is used. A kind lives in
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
// its editions and buttons, in registry (bot/kinds.go), where its optional
// capabilities are found.
type Kind interface {
	// Press handles a press of one of the kind's buttons, wherever it was
	// pressed: the group, a private chat (data naming the group), an
	// inline message. It takes the locks and makes the changes it needs.
	Press(ctx context.Context, updateID int, q kit.PressIn, p Press)
	// Command handles a command of the kind's (it reports false for
	// others); the chat's lock is held.
	Command(ctx context.Context, updateID int, m kit.CommandIn) bool

	// Start starts the game of the lobby in c: its seats and options are
	// set. It reports a refusal as an alert in c.
	Start(c *chatState, lang string) bool
	// Pending is what the game waits for now, so that the chat layer sets
	// the deadline, sends reminders and counts missed turns.
	Pending(r *Record) Pending
	// Timeout acts on the pending decision's deadline; false if nothing
	// could be done.
	Timeout(c *chatState, lang string) bool
	// CanResign says whether seat may leave the game now; Resign makes it
	// leave (an absent player, a vote to kick).
	CanResign(r *Record, seat int) bool
	Resign(c *chatState, lang string, seat int) bool
	// Expire acts on the kind's own moments that passed (Pending.Due), in
	// a change of its own; the chat's lock is held.
	Expire(ctx context.Context, chat int64)

	// Active says whether seat still plays (votes, /leave).
	Active(r *Record, seat int) bool
	// Show queues the game's messages after a change (finish): the live
	// ones by slot (c.Show), or their final texts (c.Finalize) when the
	// game was removed, and the closing message of a game that ended.
	Show(c *chatState, lang string)
	// Reshow detaches the game's live messages, so the next Show sends them
	// anew at the bottom of the chat (the bot is back in it).
	Reshow(c *chatState, lang string)
	// Sent stores the id of the kind's message named name and key in its
	// slot (kit.GameSlot) and reports whether it did. (A slot without a key
	// is reused by the next message: the chat layer reports its id only
	// while the slot still names that message.)
	Sent(r *Record, name, key string, id int) bool
	// Unshown says whether the game has messages that may never have been
	// sent (Restore shows them again); Repost posts those Show does not
	// (an open offer's), under the chat's lock.
	Unshown(r *Record) bool
	Repost(chat int64, lang string, r *Record)
	// Standings are the final table shown when a game ends; Results are
	// what each seat's statistics count.
	Standings(lang string, r *Record) string
	Results(r *Record) []SeatResult
}

// Pending and SeatResult are kit's, shared with the kinds.
type (
	Pending    = kit.Pending
	SeatResult = kit.SeatResult
)

// kindOf is the kind of rec's game.
func (b *Bot) kindOf(rec *Record) Kind {
	if k, ok := b.kinds[rec.Kind]; ok {
		return k
	}
	return b.kinds[defaultKind()]
}

// Editions are every kind's editions, as /settings lists them: what a chat
// or the operator (MONOPOLY_EDITION) may choose.
func Editions() []string {
	var ids []string
	for _, name := range kindOrder {
		ids = append(ids, kindEditions[name]()...)
	}
	return ids
}

// editionKind is the kind that plays edition (the board's for one no kind
// has).
func editionKind(edition string) string {
	for _, name := range kindOrder {
		if slices.Contains(kindEditions[name](), edition) {
			return name
		}
	}
	return defaultKind()
}

// editionOf is the edition o chooses: its own if a kind has it, else the
// default edition (the operator's default is filled in by
// bot/settings's menu).
func editionOf(o *ChatOptions) string {
	if o != nil && o.Edition != "" && slices.Contains(Editions(), o.Edition) {
		return o.Edition
	}
	return defaultEdition()
}

// defaultKind is the kind of a record that names none (every record
// written before kinds) and of a chat that never chose an edition: the
// first in the registry (bot/kinds.go). defaultEdition is its first
// edition.
func defaultKind() string { return kindOrder[0] }

func defaultEdition() string { return kindEditions[defaultKind()]()[0] }

// offerOf is what o's edition offers in /settings: the starting cash,
// stake caps and house rules only from a kind that keeps them in its part
// of the options (optionsKind).
func (b *Bot) offerOf(o *ChatOptions) kit.Offer {
	ed := editionOf(o)
	of := b.settingsOf(editionKind(ed)).Offer(ed)
	if b.optionsOf(o) == nil {
		of.Cash, of.StakeCaps, of.Rules = nil, nil, nil
	}
	return of
}

// optionsOf is the kind of o's edition as its part of the options (nil:
// it has none).
func (b *Bot) optionsOf(o *ChatOptions) optionsKind {
	if k := b.kinds[editionKind(editionOf(o))]; k != nil {
		return b.capsOf(k).options
	}
	return nil
}

// settingsOf is the kind named name as settings see it (the default
// kind's for a kind that says nothing of its editions).
func (b *Bot) settingsOf(name string) settingsKind {
	if k := b.kinds[name]; k != nil {
		if s := b.capsOf(k).settings; s != nil {
			return s
		}
	}
	return b.capsOf(b.kinds[defaultKind()]).settings
}

// recordEdition is the edition of rec's game: the lobby's or game's own,
// else its options'.
func recordEdition(rec *Record) string {
	if rec.Edition != "" {
		return rec.Edition
	}
	return editionOf(rec.Options)
}

// seatLimits are the fewest and most players rec's game takes.
func (b *Bot) seatLimits(rec *Record) (lo, hi int) {
	of := b.settingsOf(rec.Kind).Offer(recordEdition(rec))
	return of.MinPlayers, of.MostPlayers(rec.Options)
}
