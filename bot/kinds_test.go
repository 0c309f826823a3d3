package bot

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
)

// TestKindCapabilitiesFoundAtRegistration: each kind's optional
// capabilities are found once, when it is registered, and are the ones it
// has.
func TestKindCapabilitiesFoundAtRegistration(t *testing.T) {
	t.Parallel()
	b, _ := newBareBot(t, Config{})
	bk, dk := b.kinds.Named(board.Name), b.kinds.Named(deal.Name)
	bc, dc := b.kinds.Caps(bk), b.kinds.Caps(dk)
	if bc == nil || dc == nil || bc != b.kinds.Caps(bk) || dc != b.kinds.Caps(dk) {
		t.Fatal("a registered kind has no capabilities recorded")
	}
	if bc.Settings == nil || bc.Sets == nil || bc.Ending == nil || bc.Moved == nil || bc.Inline != nil || bc.Rules == nil || bc.Pages == nil {
		t.Errorf("board: %+v", bc)
	}
	if dc.Settings == nil || dc.Inline == nil || dc.Rules == nil || dc.Stats == nil || dc.Sets != nil || dc.Pages != nil {
		t.Errorf("deal: %+v", dc)
	}
	if b.kinds.Pages() != bc.Pages {
		t.Error("/rules sections are not the board's, the only kind that has them")
	}
	if order := registry.Order(); len(order) != len(registry.Registered()) || order[0] != board.Name || order[1] != deal.Name {
		t.Errorf("kinds in order %v", order)
	}
	for _, e := range registry.Registered() {
		if registry.Ops()[e.Name] == nil || b.kinds.Named(e.Name) == nil {
			t.Errorf("%s: ops not indexed or kind not made", e.Name)
		}
	}
}
