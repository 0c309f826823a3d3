package bot

import (
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// registry is the kinds a Bot hosts, made once in New from the lines of
// registered (bot/kinds.go): each by name, with its capabilities found
// once, and the kinds chosen among them for what only one kind answers
// (inline queries, /rules sections). What the chat layer asks about kinds
// — the kind of a record, of a press, of an edition's settings — is asked
// of it; it knows no Bot, so it sits below everything that asks.
type registry struct {
	byName map[string]Kind
	order  []Kind                            // as registered: the first is the default kind (defaultKind)
	ops    map[string]map[kit.Op]kit.OpShape // each kind's buttons, by its name
	found  map[Kind]*capabilities            // each kind's capabilities, found when it was made
	inline inlineKind                        // the first registered kind that answers inline queries (bot/inline.go)
	pages  rulesPager                        // the first registered kind with /rules sections
}

// newRegistry makes the kinds of entries in their order, with d, and finds
// their capabilities. A name registered twice is a mistake in the lines
// of registered: it panics rather than let one kind hide the other.
func newRegistry(entries []kindEntry, d kindDeps) *registry {
	r := &registry{byName: map[string]Kind{}, ops: map[string]map[kit.Op]kit.OpShape{}, found: map[Kind]*capabilities{}}
	for _, e := range entries {
		if _, dup := r.byName[e.name]; dup {
			panic("bot: the kind " + e.name + " is registered twice")
		}
		k := e.make(d)
		r.byName[e.name], r.ops[e.name] = k, e.ops
		r.order = append(r.order, k)
		c := capabilitiesOf(k)
		r.found[k] = c
		if r.inline == nil && c.inline != nil {
			r.inline = c.inline
		}
		if r.pages == nil && c.pages != nil {
			r.pages = c.pages
		}
	}
	return r
}

// named is the kind called name (nil: none is).
func (r *registry) named(name string) Kind { return r.byName[name] }

// first is the default kind: the first registered (defaultKind).
func (r *registry) first() Kind { return r.order[0] }

// of is the kind of rec's game: the default kind's for a record that
// names none or one this bot does not host.
func (r *registry) of(rec *Record) Kind {
	if k, ok := r.byName[rec.Kind]; ok {
		return k
	}
	return r.first()
}

// caps are k's capabilities (a kind a test put in by hand is looked at
// now).
func (r *registry) caps(k Kind) *capabilities {
	if c, ok := r.found[k]; ok {
		return c
	}
	return capabilitiesOf(k)
}

// forPress is the kind a press of a kind's op belongs to. While the op's
// letters name one kind's button only, the op tells; otherwise the game's
// record does (snapshot: the stored record of the group, the press's own
// chat if it names one, else chat).
func (r *registry) forPress(p kit.Press, chat int64, snapshot func(chat int64) (*Record, error)) Kind {
	var owner string
	owners := 0
	for name, ops := range r.ops {
		if _, ok := ops[p.Op]; ok {
			owner, owners = name, owners+1
		}
	}
	if owners > 1 {
		if p.Chat != 0 {
			chat = p.Chat
		}
		if rec, err := snapshot(chat); err == nil && rec != nil {
			return r.of(rec)
		}
	}
	return r.byName[owner]
}

// inOrder are the kinds in the order they are registered.
func (r *registry) inOrder() []Kind { return r.order }

// offer is what o's edition offers in /settings: the starting cash,
// stake caps and house rules only from a kind that keeps them in its part
// of the options (optionsKind).
func (r *registry) offer(o *ChatOptions) kit.Offer {
	ed := editionOf(o)
	of := r.settings(editionKind(ed)).Offer(ed)
	if r.options(o) == nil {
		of.Cash, of.StakeCaps, of.Rules = nil, nil, nil
	}
	return of
}

// options is the kind of o's edition as its part of the options (nil: it
// has none).
func (r *registry) options(o *ChatOptions) optionsKind {
	if k := r.byName[editionKind(editionOf(o))]; k != nil {
		return r.caps(k).options
	}
	return nil
}

// settings is the kind named name as settings see it (the default kind's
// for a kind that says nothing of its editions).
func (r *registry) settings(name string) settingsKind {
	if k := r.byName[name]; k != nil {
		if s := r.caps(k).settings; s != nil {
			return s
		}
	}
	return r.caps(r.first()).settings
}

// seatLimits are the fewest and most players rec's game takes.
func (r *registry) seatLimits(rec *Record) (lo, hi int) {
	of := r.settings(rec.Kind).Offer(recordEdition(rec))
	return of.MinPlayers, of.MostPlayers(rec.Options)
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
// withDefaultEdition).
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

// recordEdition is the edition of rec's game: the lobby's or game's own,
// else its options'.
func recordEdition(rec *Record) string {
	if rec.Edition != "" {
		return rec.Edition
	}
	return editionOf(rec.Options)
}
