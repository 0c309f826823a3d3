package registry

import (
	"log/slog"
	"slices"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// The kinds of game the bot hosts, registered here and nowhere else: each
// once, in order (the order of their editions in /settings, of the kinds a
// private /start is offered to, and of the choice of the inline kind), with
// its editions, its buttons' ops and how to make it. Adding a kind is one
// package implementing Kind (and any capabilities below it has) and one
// line in registered. A bot makes them once (New, over Registered).
var registered = []Entry{
	{board.Name, board.EditionIDs, board.Ops, func(d Deps) Kind {
		return board.New(d.Host, d.Out, d.Cat, board.Config{Now: d.Now, Username: d.Username, Logger: d.Logger, Defaults: d.Defaults})
	}},
	{deal.Name, deal.Editions, deal.Ops, func(d Deps) Kind {
		return deal.New(d.Host, d.Out, d.Cat, deal.Config{Now: d.Now, Username: d.Username, Logger: d.Logger})
	}},
}

// Entry is one registered kind: its name (Record.Kind), its editions, its
// buttons (Ops) and its constructor.
type Entry struct {
	Name     string
	Editions func() []string
	Ops      map[kit.Op]kit.OpShape
	Make     func(Deps) Kind
}

// Deps are what a kind is made with: the chat layer as kit.Host, the
// outbox, the texts, and of the bot's settings the clock, its @username,
// the logger and the operator's options. No kind holds the transport.
type Deps struct {
	Host     kit.Host
	Out      kit.Outbox
	Cat      *locales.Catalog
	Now      func() time.Time
	Username string
	Logger   *slog.Logger
	Defaults kit.ChatOptions
}

// kindOrder, kindEditions and kindOps are the registered kinds by name,
// for those that know no registry value: the codec (package bot's init)
// and /settings. They are package variables, set before any init runs.
var kindOrder, kindEditions, kindOps = index(registered)

func index(r []Entry) (order []string, editions map[string]func() []string, ops map[string]map[kit.Op]kit.OpShape) {
	editions, ops = map[string]func() []string{}, map[string]map[kit.Op]kit.OpShape{}
	for _, e := range r {
		if _, dup := editions[e.Name]; dup {
			panic("registry: the kind " + e.Name + " is registered twice")
		}
		order = append(order, e.Name)
		editions[e.Name], ops[e.Name] = e.Editions, e.Ops
	}
	return order, editions, ops
}

// Registered are the registered kinds' lines, in order: what New makes.
func Registered() []Entry { return slices.Clone(registered) }

// Register adds a kind's line after the others, for the tests of one test
// binary (bot.RegisterKind, before any bot is made); the bot itself never
// calls it. A name registered twice panics.
func Register(e Entry) {
	kindOrder, kindEditions, kindOps = index(append(slices.Clone(registered), e))
	registered = append(registered, e)
}

// Ops are each registered kind's buttons, by its name (the codec).
func Ops() map[string]map[kit.Op]kit.OpShape { return kindOps }

// Order are the registered kinds' names, in order.
func Order() []string { return slices.Clone(kindOrder) }

// Editions are every kind's editions, as /settings lists them: what a chat
// or the operator (MONOPOLY_EDITION) may choose.
func Editions() []string {
	var ids []string
	for _, name := range kindOrder {
		ids = append(ids, kindEditions[name]()...)
	}
	return ids
}

// EditionKind is the kind that plays edition (the default kind for one no
// kind has).
func EditionKind(edition string) string {
	for _, name := range kindOrder {
		if slices.Contains(kindEditions[name](), edition) {
			return name
		}
	}
	return DefaultKind()
}

// EditionOf is the edition o chooses: its own if a kind has it, else the
// default edition (the operator's default is filled in by bot/settings's
// menu).
func EditionOf(o *kit.ChatOptions) string {
	if o != nil && o.Edition != "" && slices.Contains(Editions(), o.Edition) {
		return o.Edition
	}
	return DefaultEdition()
}

// DefaultKind is the kind of a record that names none (every record
// written before kinds) and of a chat that never chose an edition: the
// first registered. DefaultEdition is its first edition.
func DefaultKind() string { return kindOrder[0] }

func DefaultEdition() string { return kindEditions[DefaultKind()]()[0] }

// RecordEdition is the edition of rec's game: the lobby's or game's own,
// else its options'.
func RecordEdition(rec *kit.Record) string {
	if rec.Edition != "" {
		return rec.Edition
	}
	return EditionOf(rec.Options)
}

// The board games and Monopoly Deal are kinds of game; both say what their
// editions offer in /settings, Deal answers inline queries.
var (
	_ Kind         = (*board.Kind)(nil)
	_ Kind         = (*deal.Kind)(nil)
	_ SettingsKind = (*board.Kind)(nil)
	_ SettingsKind = (*deal.Kind)(nil)
	_ OptionsKind  = (*board.Kind)(nil)
	_ OptionsKind  = (*deal.Kind)(nil)
	_ InlineKind   = (*deal.Kind)(nil)
	_ RulesKind    = (*deal.Kind)(nil)
	_ RulesKind    = (*board.Kind)(nil)
	_ RulesPager   = (*board.Kind)(nil)
	_ SetsKind     = (*board.Kind)(nil)
	_ StatsKind    = (*deal.Kind)(nil)
)
