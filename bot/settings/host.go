package settings

import (
	"context"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Host is what the settings menu asks of the chat layer.
type Host interface {
	// Now is the clock's time (a time zone's local time on its button).
	Now() time.Time
	// Editions are every kind's editions, as the menu lists them, the
	// default edition first; EditionOf is the edition o chooses (the
	// default one for none or an unknown one); Kind the kind that plays
	// an edition; OperatorEdition the operator's default edition
	// (MONOPOLY_EDITION, "" for none).
	Editions() []string
	EditionOf(o *kit.ChatOptions) string
	Kind(edition string) string
	OperatorEdition() string
	// Offer is what o's edition offers in the menu (nothing of the
	// starting cash, stake caps and house rules from a kind without its
	// own part of the options); Options is that part (nil: it has none).
	Offer(o *kit.ChatOptions) kit.Offer
	Options(o *kit.ChatOptions) Options
	// Rules is what /rules shows for edition (false: its kind shows
	// nothing); RulesPage is the section a /rules button names (false: no
	// kind made it).
	Rules(lang, edition string) (string, *kit.Markup, bool)
	RulesPage(lang string, arg int) (string, *kit.Markup, bool)

	// Lock takes a chat's lock and returns its release; Change is the one
	// way a chat's state changes (fn may run more than once: no side
	// effects); the caller holds the lock.
	Lock(chat int64) func()
	Change(chat int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error)
	// Answer answers a press with what its change says; AnswerPress with
	// a text of its own, outside any change. Finish shows a committed
	// change in the chat (callbackID: the press that made it).
	Answer(ctx context.Context, callbackID string, c *kit.Change, err error)
	AnswerPress(ctx context.Context, callbackID, text string, alert bool)
	Finish(ctx context.Context, c *kit.Change, err error, callbackID string)
	// ChatLang is a chat's language, else the person's; IsAdmin says
	// whether user is an admin of chat.
	ChatLang(chat int64, userLang string) string
	IsAdmin(ctx context.Context, chat, user int64) bool
}

// Options is a kind's own part of the chat's options
// (kit.ChatOptions.Part): what the options choose of its offer, the
// changes a press makes — the starting cash, the stake cap, a house rule
// toggled, each one the offer lists —, a house rule's name and an amount
// in the edition's money.
type Options interface {
	Chosen(o *kit.ChatOptions) kit.Chosen
	SetCash(o *kit.ChatOptions, amount int)
	SetStakeCap(o *kit.ChatOptions, amount int)
	ToggleRule(o *kit.ChatOptions, id string)
	RuleName(lang string, o *kit.ChatOptions, id string) string
	Money(lang string, o *kit.ChatOptions, amount int) string
}

// Outbox is the part of the outbox (bot/outbox) the menu's messages use.
type Outbox interface {
	Put(chat int64, slot string, known int, text string, kb *kit.Markup)
	Remove(chat int64, slot string, known int)
	// Holds says whether slot's message is still id (no newer message
	// detached it).
	Holds(chat int64, slot string, id int) bool
}

// Menu is a chat's settings menu and /rules.
type Menu struct {
	cat  *locales.Catalog
	out  Outbox
	host Host
}

// New is the menu written with cat, sent through out, over host.
func New(cat *locales.Catalog, out Outbox, host Host) *Menu {
	return &Menu{cat: cat, out: out, host: host}
}
