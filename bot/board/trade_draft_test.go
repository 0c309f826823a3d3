package board

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestDraftRefusalsSayWhy: choosing oneself, a seat that is not there or
// one that went bankrupt as the counterparty — and any press in a draft
// whose counterparty has gone since — is refused because that player is
// not in the game, not as a stale button.
func TestDraftRefusalsSayWhy(t *testing.T) {
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Players[2].Bankrupt = true
	for _, arg := range []int{0, 2, 5} {
		d := newDraft(g, 0)
		if id := applyDraftOp(g, d, 0, kit.Press{Op: OpTrTo, Arg: arg}); id != "composer_gone_player" {
			t.Errorf("choosing seat %d: %q", arg, id)
		}
	}
	d := newDraft(g, 0)
	if id := applyDraftOp(g, d, 0, kit.Press{Op: OpTrTo, Arg: 1}); id != "" {
		t.Fatalf("choosing seat 1: %q", id)
	}
	g.Players[1].Bankrupt = true
	if id := applyDraftOp(g, d, 0, kit.Press{Op: OpTrMode, Arg: EditGive}); id != "composer_gone_player" {
		t.Errorf("a press after the counterparty went bankrupt: %q", id)
	}
}
