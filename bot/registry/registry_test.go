package registry

import (
	"context"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// plainKind is a kind with none of the optional capabilities.
type plainKind struct {
	Kind // the rest of a kind: never called here
	name string
}

// richKind has settings, /rules sections and inline answers.
type richKind struct {
	Kind
	name string
}

func (k *richKind) Offer(string) kit.Offer                          { return kit.Offer{MinPlayers: len(k.name)} }
func (k *richKind) LobbyText(string, *kit.Record) string            { return k.name }
func (k *richKind) InlineQuery(context.Context, kit.InlineQueryIn)  {}
func (k *richKind) ChosenInline(context.Context, int, kit.ChosenIn) {}
func (k *richKind) RulesPage(string, int) (string, *kit.Markup, bool) {
	return k.name, nil, true
}

func plainEntry(name string) Entry {
	return Entry{Name: name, Editions: func() []string { return nil },
		Make: func(Deps) Kind { return &plainKind{name: name} }}
}

func richEntry(name string) Entry {
	return Entry{Name: name, Editions: func() []string { return nil },
		Make: func(Deps) Kind { return &richKind{name: name} }}
}

// panicsWith reports the panic fn raised, "" if none.
func panicsWith(fn func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ = r.(string)
		}
	}()
	fn()
	return ""
}

// TestRegistryRefusesAKindRegisteredTwice: two lines of the same name are
// a mistake the bot refuses at once, both where a bot makes its kinds and
// where the codec and /settings index them (and Register), instead of one kind silently
// hiding the other.
func TestRegistryRefusesAKindRegisteredTwice(t *testing.T) {
	t.Parallel()
	twice := []Entry{plainEntry("alpha"), richEntry("beta"), plainEntry("alpha")}
	if msg := panicsWith(func() { New(twice, Deps{}) }); !strings.Contains(msg, "alpha is registered twice") {
		t.Errorf("newRegistry: panic %q, want the kind registered twice named", msg)
	}
	if msg := panicsWith(func() { index(twice) }); !strings.Contains(msg, "alpha is registered twice") {
		t.Errorf("indexRegistry: panic %q, want the kind registered twice named", msg)
	}
	if msg := panicsWith(func() { New(twice[:2], Deps{}) }); msg != "" {
		t.Errorf("two kinds of different names: panic %q", msg)
	}
	before := len(Registered())
	if msg := panicsWith(func() { Register(Registered()[0]) }); !strings.Contains(msg, "registered twice") {
		t.Errorf("Register of a kind registered already: panic %q", msg)
	}
	if len(Registered()) != before || len(Order()) != before {
		t.Errorf("a refused Register changed the lines: %d, %v", len(Registered()), Order())
	}
}

// TestRegistryUnknownKindIsTheFirstRegistered: a record naming a kind the
// bot does not host (or none: records from before kinds) is played by the
// first registered kind, and settings asked of an unknown kind are the
// first's; looking an unknown name up finds nothing.
func TestRegistryUnknownKindIsTheFirstRegistered(t *testing.T) {
	t.Parallel()
	r := New([]Entry{richEntry("alpha"), richEntry("beta")}, Deps{})
	alpha, beta := r.Named("alpha"), r.Named("beta")
	if alpha == nil || beta == nil || alpha == beta {
		t.Fatalf("named: alpha %v, beta %v", alpha, beta)
	}
	if k := r.Named("gamma"); k != nil {
		t.Errorf("named(gamma) = %v, want nil", k)
	}
	for _, kind := range []string{"gamma", ""} {
		if k := r.Of(&kit.Record{Kind: kind}); k != alpha {
			t.Errorf("of(kind %q) = %v, want the first registered", kind, k)
		}
		if s := r.Settings(kind); s.LobbyText("en", nil) != "alpha" {
			t.Errorf("settings(%q) answered %q, want the first registered's", kind, s.LobbyText("en", nil))
		}
	}
	if k := r.Of(&kit.Record{Kind: "beta"}); k != beta {
		t.Errorf("of(beta) = %v", k)
	}
	if s := r.Settings("beta"); s.LobbyText("en", nil) != "beta" {
		t.Errorf("settings(beta) answered %q", s.LobbyText("en", nil))
	}
	if got := r.InOrder(); len(got) != 2 || got[0] != alpha || got[1] != beta {
		t.Errorf("inOrder = %v", got)
	}
}

// TestRegistryCapabilitiesFoundOnceInRegistrationOrder: each kind's
// capabilities are found when the registry is made and handed out as
// found (the same record every time); what only one kind answers (inline
// queries, /rules sections) goes to the first registered that can,
// whichever order the kinds come in; a kind without a capability has
// none, and a kind put in by hand is looked at when asked.
func TestRegistryCapabilitiesFoundOnceInRegistrationOrder(t *testing.T) {
	t.Parallel()
	for _, names := range [][]string{{"alpha", "beta"}, {"beta", "alpha"}} {
		r := New([]Entry{plainEntry("plain"), richEntry(names[0]), richEntry(names[1])}, Deps{})
		first := r.Named(names[0])
		if r.inline != first.(InlineKind) || r.pages != first.(RulesPager) {
			t.Errorf("%v: inline %v, pages %v, want both %s's", names, r.inline, r.pages, names[0])
		}
		if text, _, _ := r.pages.RulesPage("en", 0); text != names[0] {
			t.Errorf("%v: /rules sections from %q", names, text)
		}
		for _, name := range []string{"plain", "alpha", "beta"} {
			k := r.Named(name)
			c := r.Caps(k)
			if c == nil || c != r.found[k] || c != r.Caps(k) {
				t.Fatalf("%v: %s's capabilities are not the ones found at registration", names, name)
			}
			rich := name != "plain"
			if (c.Settings != nil) != rich || (c.Inline != nil) != rich || (c.Pages != nil) != rich {
				t.Errorf("%v: %s: %+v", names, name, c)
			}
			if c.Options != nil || c.Rules != nil || c.Moved != nil || c.Ending != nil || c.Sets != nil || c.Stats != nil {
				t.Errorf("%v: %s has a capability it does not implement: %+v", names, name, c)
			}
		}
		byHand := &richKind{name: "by hand"}
		if c := r.Caps(byHand); c == nil || c.Pages == nil || r.found[byHand] != nil {
			t.Errorf("%v: a kind put in by hand: %+v (recorded: %v)", names, c, r.found[byHand] != nil)
		}
	}
}

// inlineFake is a kind that answers inline queries, recording which of
// them got one.
type inlineFake struct {
	Kind // the rest of a kind: never called here
	name string
	got  *[]string
}

func (f *inlineFake) InlineQuery(_ context.Context, q kit.InlineQueryIn) {
	*f.got = append(*f.got, f.name+":"+q.ID)
}

func (f *inlineFake) ChosenInline(_ context.Context, _ int, r kit.ChosenIn) {
	*f.got = append(*f.got, f.name+":"+r.ResultID)
}

// TestInlineKindIsTheFirstRegistered: with two kinds that answer inline
// queries, the first registered answers every one, whatever the order
// maps are ranged in — and registering them the other way round makes
// the other one answer.
func TestInlineKindIsTheFirstRegistered(t *testing.T) {
	t.Parallel()
	var got []string
	entry := func(name string) Entry {
		return Entry{Name: name, Editions: func() []string { return nil },
			Make: func(Deps) Kind { return &inlineFake{name: name, got: &got} }}
	}
	for _, order := range [][]string{{"alpha", "beta"}, {"beta", "alpha"}} {
		got = nil
		for i := 0; i < 20; i++ { // a map ranged over would pick either
			r := New([]Entry{entry(order[0]), entry(order[1])}, Deps{})
			r.InlineQuery(context.Background(), kit.InlineQueryIn{ID: "q", From: &kit.Person{ID: 1}})
			r.ChosenInline(context.Background(), 1, kit.ChosenIn{ResultID: "r", From: &kit.Person{ID: 1}})
		}
		if len(got) != 40 {
			t.Fatalf("%v: %d answers, want 40", order, len(got))
		}
		for i, g := range got {
			want := order[0] + ":q"
			if i%2 == 1 {
				want = order[0] + ":r"
			}
			if g != want {
				t.Fatalf("%v: answer %d by %q, want %q", order, i, g, want)
			}
		}
	}
}
