package bot

import (
	"context"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

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
	entry := func(name string) kindEntry {
		return kindEntry{name: name, editions: func() []string { return nil },
			make: func(kindDeps) Kind { return &inlineFake{name: name, got: &got} }}
	}
	for _, order := range [][]string{{"alpha", "beta"}, {"beta", "alpha"}} {
		got = nil
		for i := 0; i < 20; i++ { // a map ranged over would pick either
			r := newRegistry([]kindEntry{entry(order[0]), entry(order[1])}, kindDeps{})
			r.onInlineQuery(context.Background(), &tgbotapi.InlineQuery{ID: "q", From: &tgbotapi.User{ID: 1}})
			r.onChosenInline(context.Background(), 1, &tgbotapi.ChosenInlineResult{ResultID: "r", From: &tgbotapi.User{ID: 1}})
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

// TestKindCapabilitiesFoundAtRegistration: each kind's optional
// capabilities are found once, when it is registered, and are the ones it
// has.
func TestKindCapabilitiesFoundAtRegistration(t *testing.T) {
	t.Parallel()
	b, _ := newBareBot(t, Config{})
	bk, dk := b.kinds.named(board.Name), b.kinds.named(deal.Name)
	bc, dc := b.kinds.found[bk], b.kinds.found[dk]
	if bc == nil || dc == nil {
		t.Fatal("a registered kind has no capabilities recorded")
	}
	if bc.settings == nil || bc.sets == nil || bc.ending == nil || bc.moved == nil || bc.inline != nil || bc.rules == nil || bc.pages == nil {
		t.Errorf("board: %+v", bc)
	}
	if dc.settings == nil || dc.inline == nil || dc.rules == nil || dc.stats == nil || dc.sets != nil || dc.pages != nil {
		t.Errorf("deal: %+v", dc)
	}
	if b.kinds.pages != bc.pages {
		t.Error("/rules sections are not the board's, the only kind that has them")
	}
	if b.kinds.inline != dc.inline {
		t.Error("the inline kind is not Deal, the only one that answers inline queries")
	}
	if len(kindOrder) != len(registered) || kindOrder[0] != board.Name || kindOrder[1] != deal.Name {
		t.Errorf("kindOrder %v", kindOrder)
	}
	for _, e := range registered {
		if kindOps[e.name] == nil || kindEditions[e.name] == nil {
			t.Errorf("%s: ops or editions not indexed", e.name)
		}
	}
}
