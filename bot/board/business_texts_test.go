package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestBusinessJailReasonTwoDoubles: in the business edition the second
// double in a row sends a player to jail, and every language says two
// doubles, not the classic three; the classic game still says three.
func TestBusinessJailReasonTwoDoubles(t *testing.T) {
	b := turnKind(t)
	want := map[string][2]string{
		"ru": {"два дубля", "три дубля"}, "uk": {"два дублі", "три дублі"}, "en": {"two doubles", "three doubles"},
	}
	for _, ed := range []string{engine.Business, engine.Classic} {
		rec := gameRecord(t, ed, 2)
		g := rec.Game
		p := g.Current
		g.Scripted = []uint8{2, 2, 3, 3, 1, 1, 4, 4}
		var jailed *engine.Event
		for i := 0; i < 3 && jailed == nil; i++ {
			evs, err := g.Apply(p, engine.Action{Kind: engine.ActRoll})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Kind == engine.EvSentToJail {
					jailed = &e
				}
			}
			for g.Phase == engine.PhaseBuyDecision || g.Phase == engine.PhaseGamble || g.Phase == engine.PhaseAuction {
				if _, err := g.Apply(engine.System, engine.Action{Kind: engine.ActTimeout}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if jailed == nil || jailed.Amount != engine.JailByDoubles {
			t.Fatalf("%s: not jailed by doubles: %+v", ed, jailed)
		}
		for _, lang := range locales.Languages {
			line := b.EventLine(lang, rec, *jailed)
			good, bad := want[lang][0], want[lang][1]
			if ed == engine.Classic {
				good, bad = bad, good
			}
			if !strings.Contains(line, good) || strings.Contains(line, bad) {
				t.Errorf("%s %s: %q", ed, lang, line)
			}
		}
	}
}
