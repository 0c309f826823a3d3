package engine

import "testing"

// TestEditionActionCoversHooks: every action that checkEdition handles, in
// every phase, passes the cheap test that guards the editions' hooks, so
// the guard changes no answer of check or perform.
func TestEditionActionCoversHooks(t *testing.T) {
	for _, id := range []string{Classic, Business, Lux} {
		g := newEditionGame(t, id, 2, nil)
		for ph := PhaseTurnStart; ph <= PhaseInspection; ph++ {
			g.Phase = ph
			for k := ActionKind(1); k < actionKinds; k++ {
				a := Action{Kind: k, Amount: 1}
				handled, _ := g.checkEdition(g.Current, a)
				if handled && !g.editionAction(a.Kind) {
					t.Errorf("%s: action %d in phase %d is the edition's but skips its hooks", id, k, ph)
				}
			}
		}
	}
}
