package kit

import (
	"context"
)

// Host is what a kind of game needs from the chat layer that hosts it.
type Host interface {
	// Change is the one way a chat's state changes (group commit, the
	// record cache, the update applied once): fn changes c and has no side
	// effects, since it may run more than once. The caller holds the
	// chat's lock.
	Change(chat int64, updateID int, fn func(c *Change) error) (*Change, error)
	// ChangeVia is Change for an update that arrived in another chat, via
	// (a person's private chat): its update id and settings are via's.
	ChangeVia(chat, via int64, updateID int, fn func(c *Change) error) (*Change, error)
	// PressChange is the change a press of a button on the game's messages
	// makes, checked against the game and its revision.
	PressChange(chat int64, updateID int, q PressIn, p Press, fn func(c *Change, lang string)) (*Change, error)
	// Finish shows a committed change in the chat; Answer answers the
	// press that made it.
	Finish(ctx context.Context, c *Change, err error)
	Answer(ctx context.Context, callbackID string, c *Change, err error)
	// AnswerPress answers a press with text of its own (a toast, or an
	// alert), outside any change: a button the kind cannot take.
	AnswerPress(ctx context.Context, callbackID, text string, alert bool)
	// AnswerInline answers an inline query, personal and never cached; a
	// non-empty privateText adds a button above the results that opens
	// the bot's private chat with /start privatePayload.
	AnswerInline(ctx context.Context, queryID string, results []InlineResult, privateText, privatePayload string)
	// RememberMessage stores what set changes (a sent message's id) in the
	// chat's record of game, without a new revision, if set reports a change.
	RememberMessage(chat int64, game uint64, set func(*Record) bool)
	// Lock takes a chat's lock and returns its release.
	Lock(chat int64) func()
	// ChatLang is a chat's language, else the person's; Settings a chat's
	// settings (a private chat's, too).
	ChatLang(chat int64, userLang string) string
	Settings(chat int64) Settings
	// Snapshot is a chat's stored record (nil if none), to read only.
	Snapshot(chat int64) (*Record, error)
	// LastGame is the chat's last started game that has ended, as it
	// ended (nil if none): /board after the game draws it.
	LastGame(chat int64) *Record
	// Seed seeds a new game.
	Seed() uint64
}

// Outbox queues what a chat should show, in order, within Telegram's
// limits (bot/outbox): Send a new message, Put a slot's message's content,
// Detach it with its final content.
type Outbox interface {
	Send(chat int64, text string, kb *Markup)
	Put(chat int64, slot string, known int, text string, kb *Markup)
	// Detach gives a slot's message its final content; the slot's next
	// message is a new one.
	Detach(chat int64, slot string, known int, text string, kb *Markup)
	// Remove deletes a slot's message (a notice that only mattered for a
	// moment) and forgets the slot; one never sent is not sent.
	Remove(chat int64, slot string, known int)
	// SendPhoto queues a picture; a photo is a send like a message.
	SendPhoto(chat int64, p Photo)
	// Notify queues a message to a person's private chat; if the bot may
	// not write there, it is dropped and nothing else changes.
	Notify(chat int64, text string)
}

// Pending is the decision a game waits for.
type Pending struct {
	// Decision names it; when the name changes a new deadline starts. ""
	// means the game waits for nothing (it is over).
	Decision string
	// Bid says the window is the pace's bid window (an auction's silence),
	// not its decision time; such a decision gets fewer reminders.
	Bid bool
	// Seat is the seat whose turn it is (-1: none): a timeout counts as
	// its missed turn (once per Turn), a kick vote is about it.
	Seat, Turn int
	// Remind are the seats a reminder mentions.
	Remind []int
	// Missed are the seats a timeout counts as a missed turn when more
	// than Seat miss it (Deal's targets answer at once); nil: Seat.
	Missed []int
	// Due is the kind's own next moment (an offer's expiry; 0: none).
	Due int64
	// Computer: a computer seat decides (or the game, left to computers
	// alone, ends): the window is the pace's short pause (ComputerPause),
	// nobody is reminded, and no seat misses a turn.
	Computer bool
}

// SeatResult is how a seat ended a game, for its player's statistics.
type SeatResult struct {
	Won, Bankrupt bool
	// Leader: first in the final ranking (Standings) and ahead of every
	// other seat, no tie. A game stopped by /endgame counts it as a win.
	Leader bool
	Worth  int
	// Sets are the keys of the colour sets the game counts for the seat.
	Sets []string
}

// OpRules is the chat layer's op for the buttons of a /rules message: it
// hands the press to the kind whose rules come in sections (the board's,
// bot's rulesPager), which says what its argument shows.
const OpRules Op = "rs"
