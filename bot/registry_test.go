package bot

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
func (k *richKind) LobbyText(string, *Record) string                { return k.name }
func (k *richKind) InlineQuery(context.Context, kit.InlineQueryIn)  {}
func (k *richKind) ChosenInline(context.Context, int, kit.ChosenIn) {}
func (k *richKind) RulesPage(string, int) (string, *kit.Markup, bool) {
	return k.name, nil, true
}

func plainEntry(name string) kindEntry {
	return kindEntry{name: name, editions: func() []string { return nil },
		make: func(kindDeps) Kind { return &plainKind{name: name} }}
}

func richEntry(name string) kindEntry {
	return kindEntry{name: name, editions: func() []string { return nil },
		make: func(kindDeps) Kind { return &richKind{name: name} }}
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
// a mistake the bot refuses at once, both where a Bot makes its kinds and
// where the codec and /settings index them, instead of one kind silently
// hiding the other.
func TestRegistryRefusesAKindRegisteredTwice(t *testing.T) {
	t.Parallel()
	twice := []kindEntry{plainEntry("alpha"), richEntry("beta"), plainEntry("alpha")}
	if msg := panicsWith(func() { newRegistry(twice, kindDeps{}) }); !strings.Contains(msg, "alpha is registered twice") {
		t.Errorf("newRegistry: panic %q, want the kind registered twice named", msg)
	}
	if msg := panicsWith(func() { indexRegistry(twice) }); !strings.Contains(msg, "alpha is registered twice") {
		t.Errorf("indexRegistry: panic %q, want the kind registered twice named", msg)
	}
	if msg := panicsWith(func() { newRegistry(twice[:2], kindDeps{}) }); msg != "" {
		t.Errorf("two kinds of different names: panic %q", msg)
	}
}

// TestRegistryUnknownKindIsTheFirstRegistered: a record naming a kind the
// bot does not host (or none: records from before kinds) is played by the
// first registered kind, and settings asked of an unknown kind are the
// first's; looking an unknown name up finds nothing.
func TestRegistryUnknownKindIsTheFirstRegistered(t *testing.T) {
	t.Parallel()
	r := newRegistry([]kindEntry{richEntry("alpha"), richEntry("beta")}, kindDeps{})
	alpha, beta := r.named("alpha"), r.named("beta")
	if alpha == nil || beta == nil || alpha == beta {
		t.Fatalf("named: alpha %v, beta %v", alpha, beta)
	}
	if k := r.named("gamma"); k != nil {
		t.Errorf("named(gamma) = %v, want nil", k)
	}
	for _, kind := range []string{"gamma", ""} {
		if k := r.of(&Record{Kind: kind}); k != alpha {
			t.Errorf("of(kind %q) = %v, want the first registered", kind, k)
		}
		if s := r.settings(kind); s.LobbyText("en", nil) != "alpha" {
			t.Errorf("settings(%q) answered %q, want the first registered's", kind, s.LobbyText("en", nil))
		}
	}
	if k := r.of(&Record{Kind: "beta"}); k != beta {
		t.Errorf("of(beta) = %v", k)
	}
	if s := r.settings("beta"); s.LobbyText("en", nil) != "beta" {
		t.Errorf("settings(beta) answered %q", s.LobbyText("en", nil))
	}
	if got := r.inOrder(); len(got) != 2 || got[0] != alpha || got[1] != beta {
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
		r := newRegistry([]kindEntry{plainEntry("plain"), richEntry(names[0]), richEntry(names[1])}, kindDeps{})
		first := r.named(names[0])
		if r.inline != first.(inlineKind) || r.pages != first.(rulesPager) {
			t.Errorf("%v: inline %v, pages %v, want both %s's", names, r.inline, r.pages, names[0])
		}
		if text, _, _ := r.pages.RulesPage("en", 0); text != names[0] {
			t.Errorf("%v: /rules sections from %q", names, text)
		}
		for _, name := range []string{"plain", "alpha", "beta"} {
			k := r.named(name)
			c := r.caps(k)
			if c == nil || c != r.found[k] || c != r.caps(k) {
				t.Fatalf("%v: %s's capabilities are not the ones found at registration", names, name)
			}
			rich := name != "plain"
			if (c.settings != nil) != rich || (c.inline != nil) != rich || (c.pages != nil) != rich {
				t.Errorf("%v: %s: %+v", names, name, c)
			}
			if c.options != nil || c.rules != nil || c.moved != nil || c.ending != nil || c.sets != nil || c.stats != nil {
				t.Errorf("%v: %s has a capability it does not implement: %+v", names, name, c)
			}
		}
		byHand := &richKind{name: "by hand"}
		if c := r.caps(byHand); c == nil || c.pages == nil || r.found[byHand] != nil {
			t.Errorf("%v: a kind put in by hand: %+v (recorded: %v)", names, c, r.found[byHand] != nil)
		}
	}
}
