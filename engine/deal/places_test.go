package deal

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlacesJSON: the places are written as one short string, read back
// exactly (also from a Game passed by value), and bad strings are refused.
func TestPlacesJSON(t *testing.T) {
	g, _, err := New(Config{Players: 5, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	g.Places[red1] = Place{Zone: ZoneTable, Owner: 4, Color: Red}
	b, err := json.Marshal(*g)
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Places != g.Places {
		t.Fatal("places differ after a round trip")
	}
	if len(b) > 900 {
		t.Errorf("a new game takes %d bytes of JSON", len(b))
	}
	for _, bad := range []string{`"dx"`, `1`, `"` + strings.Repeat("q-0", DeckSize) + `"`, `"` + strings.Repeat("h90", DeckSize) + `"`} {
		var ps Places
		if err := json.Unmarshal([]byte(bad), &ps); err == nil {
			t.Errorf("%.20s… accepted", bad)
		}
	}
	g.Places[m1].Owner = 7
	if _, err := json.Marshal(g); err == nil {
		t.Error("an owner beyond the seats was written")
	}
}
