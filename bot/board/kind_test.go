package board

import (
	"fmt"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestEndSets: complete sets count each; without one, the set with the
// most streets; ports and utilities never.
func TestEndSets(t *testing.T) {
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ed := g.EditionData()
	if got := endSets(g, 0); len(got) != 0 {
		t.Errorf("no deeds: %v", got)
	}
	var brown, dark, ports = -1, -1, -1
	for grp := 0; grp < ed.GroupCount(); grp++ {
		switch k := ed.Squares[ed.Group(grp)[0]].Kind; {
		case k == engine.SquareStreet && brown < 0:
			brown = grp
		case k == engine.SquareStreet:
			dark = grp
		case k == engine.SquarePort:
			ports = grp
		}
	}
	for _, sq := range ed.Group(ports) {
		g.Props[sq].Owner = 0
	}
	g.Props[ed.Group(brown)[0]].Owner = 0
	if got := endSets(g, 0); len(got) != 1 || got[0] != fmt.Sprintf("classic:%d", brown) {
		t.Errorf("one brown street and all ports: %v", got)
	}
	for _, sq := range ed.Group(dark) {
		g.Props[sq].Owner = 0
	}
	if got := endSets(g, 0); len(got) != 1 || got[0] != fmt.Sprintf("classic:%d", dark) {
		t.Errorf("the dark blue set: %v", got)
	}
}
