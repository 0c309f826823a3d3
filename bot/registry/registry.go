package registry

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Registry is the kinds a bot hosts, made once (New) from the lines of
// registered: each by name, with its capabilities found once, and the
// kinds chosen among them for what only one kind answers (inline queries,
// /rules sections). What the chat layer asks about kinds — the kind of a
// record, of a press, of an edition's settings — is asked of it.
type Registry struct {
	byName map[string]Kind
	order  []Kind                            // as registered: the first is the default kind (DefaultKind)
	ops    map[string]map[kit.Op]kit.OpShape // each kind's buttons, by its name
	found  map[Kind]*Capabilities            // each kind's capabilities, found when it was made
	inline InlineKind                        // the first registered kind that answers inline queries
	pages  RulesPager                        // the first registered kind with /rules sections
}

// New makes the kinds of entries in their order, with d, and finds their
// capabilities. A name registered twice is a mistake in the lines of
// registered: it panics rather than let one kind hide the other.
func New(entries []Entry, d Deps) *Registry {
	r := &Registry{byName: map[string]Kind{}, ops: map[string]map[kit.Op]kit.OpShape{}, found: map[Kind]*Capabilities{}}
	for _, e := range entries {
		if _, dup := r.byName[e.Name]; dup {
			panic("registry: the kind " + e.Name + " is registered twice")
		}
		k := e.Make(d)
		r.byName[e.Name], r.ops[e.Name] = k, e.Ops
		r.order = append(r.order, k)
		c := capabilitiesOf(k)
		r.found[k] = c
		if r.inline == nil && c.Inline != nil {
			r.inline = c.Inline
		}
		if r.pages == nil && c.Pages != nil {
			r.pages = c.Pages
		}
	}
	return r
}

// Put hosts k under name besides the registered kinds, its capabilities
// found now: a test's kind that no line registers (a kind whose code
// panics). Call it before the registry is used.
func (r *Registry) Put(name string, k Kind) {
	r.byName[name], r.found[k] = k, capabilitiesOf(k)
}

// Named is the kind called name (nil: none is).
func (r *Registry) Named(name string) Kind { return r.byName[name] }

// First is the default kind: the first registered (DefaultKind).
func (r *Registry) First() Kind { return r.order[0] }

// Of is the kind of rec's game: the default kind's for a record that
// names none or one this bot does not host.
func (r *Registry) Of(rec *kit.Record) Kind {
	if k, ok := r.byName[rec.Kind]; ok {
		return k
	}
	return r.First()
}

// Caps are k's capabilities, as found when it was made (a kind the
// registry did not make is looked at now).
func (r *Registry) Caps(k Kind) *Capabilities {
	if c, ok := r.found[k]; ok {
		return c
	}
	return capabilitiesOf(k)
}

// Pages is the kind whose /rules come in sections, which gets their
// presses (nil: none).
func (r *Registry) Pages() RulesPager { return r.pages }

// ForPress is the kind a press of a kind's op belongs to. While the op's
// letters name one kind's button only, the op tells; otherwise the game's
// record does (snapshot: the stored record of the group, the press's own
// chat if it names one, else chat).
func (r *Registry) ForPress(p kit.Press, chat int64, snapshot func(chat int64) (*kit.Record, error)) Kind {
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
			return r.Of(rec)
		}
	}
	return r.byName[owner]
}

// InOrder are the kinds in the order they are registered.
func (r *Registry) InOrder() []Kind { return r.order }

// Offer is what o's edition offers in /settings: the starting cash,
// stake caps and house rules only from a kind that keeps them in its part
// of the options (OptionsKind).
func (r *Registry) Offer(o *kit.ChatOptions) kit.Offer {
	ed := EditionOf(o)
	of := r.Settings(EditionKind(ed)).Offer(ed)
	if r.Options(o) == nil {
		of.Cash, of.StakeCaps, of.Rules = nil, nil, nil
	}
	return of
}

// Options is the kind of o's edition as its part of the options (nil: it
// has none).
func (r *Registry) Options(o *kit.ChatOptions) OptionsKind {
	if k := r.byName[EditionKind(EditionOf(o))]; k != nil {
		return r.Caps(k).Options
	}
	return nil
}

// Settings is the kind named name as settings see it (the default kind's
// for a kind that says nothing of its editions).
func (r *Registry) Settings(name string) SettingsKind {
	if k := r.byName[name]; k != nil {
		if s := r.Caps(k).Settings; s != nil {
			return s
		}
	}
	return r.Caps(r.First()).Settings
}

// SeatLimits are the fewest and most players rec's game takes.
func (r *Registry) SeatLimits(rec *kit.Record) (lo, hi int) {
	of := r.Settings(rec.Kind).Offer(RecordEdition(rec))
	return of.MinPlayers, of.MostPlayers(rec.Options)
}

// InlineQuery and ChosenInline go to the inline kind: the first
// registered kind that answers them, the same one every time (nothing if
// none does). They carry no chat: the kind finds the person's game itself.
func (r *Registry) InlineQuery(ctx context.Context, q kit.InlineQueryIn) {
	if r.inline != nil {
		r.inline.InlineQuery(ctx, q)
	}
}

func (r *Registry) ChosenInline(ctx context.Context, updateID int, c kit.ChosenIn) {
	if r.inline != nil {
		r.inline.ChosenInline(ctx, updateID, c)
	}
}
