package locales

import (
	"fmt"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestDealNames: every Monopoly Deal card kind and colour has a name in
// every language, and no name is left over; property cards bear street
// names of the classic board; the Ukrainian names the rule book fixes
// are used.
func TestDealNames(t *testing.T) {
	for _, lang := range Languages {
		m := rawFile(t, lang)
		name := func(id string) string {
			s, _ := m[id].(string)
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: %s has no name", lang, id)
			}
			return s
		}
		for c := range deal.NumColors {
			name(fmt.Sprintf("deal_color_%d", c))
		}
		streets := map[string]bool{}
		for sq := range 40 {
			if s, ok := m[fmt.Sprintf("sq_classic_%d", sq)].(string); ok {
				streets[s] = true
			}
		}
		for i, card := range deal.Cards {
			n := name(fmt.Sprintf("deal_card_%d", card.Kind))
			if card.Type == deal.TypeProperty && !streets[n] && !(lang == "uk" && card.Colors[0] == deal.Utility) {
				t.Errorf("%s: property card %d is named %q, not a classic square", lang, i, n)
			}
		}
		for id := range m {
			var k int
			if _, err := fmt.Sscanf(id, "deal_card_%d", &k); err == nil && (k < 0 || k >= deal.NumKinds) {
				t.Errorf("%s: %s names no card kind", lang, id)
			}
		}
	}
	uk := rawFile(t, "uk")
	fixed := map[string]bool{}
	for id, v := range uk {
		if s, ok := v.(string); ok && strings.HasPrefix(id, "deal_") {
			fixed[s] = true
		}
	}
	for _, want := range []string{"Транспортні компанії", "Інтернет Компанія", "Компанія мобільного зв'язку"} {
		if !fixed[want] {
			t.Errorf("uk: the rule book's %q is missing", want)
		}
	}
	if !strings.HasPrefix(uk[fmt.Sprintf("deal_card_%d", deal.Cards[deal.FirstWild].Kind)].(string), "Універсальна картка Власності") {
		t.Error("uk: a wild is not an «Універсальна картка Власності»")
	}
}
