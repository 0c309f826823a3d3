package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestLandingOnStartNamesItOnce: a move that ends on the start square
// itself ("Вперёд" in lux, a Chance card's "advance to Go") earns the
// salary there; the line names the square once, not "→ «Вперёд» +200 000 ₴
// → «Вперёд»" (issue #27, item 8), with the roll and without.
func TestLandingOnStartNamesItOnce(t *testing.T) {
	b := turnKind(t)
	for _, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		rec := gameRecord(t, ed, 2)
		moved := []engine.Event{{Kind: engine.EvMoved, Player: 0, From: 33, Square: 0},
			{Kind: engine.EvPassedStart, Player: 0, Amount: 200}, {Kind: engine.EvLanded, Player: 0, Square: 0}}
		for _, rolled := range []bool{true, false} {
			Of(rec).Turn = []engine.Event{{Kind: engine.EvTurnStarted, Player: 0, Amount: 9}}
			if rolled {
				Of(rec).Turn = append(Of(rec).Turn, engine.Event{Kind: engine.EvRolled, Player: 0, Dice: [2]int{3, 4}})
			}
			Of(rec).Turn = append(Of(rec).Turn, moved...)
			for _, lang := range locales.Languages {
				got := strings.Join(b.text.turnLines(lang, rec), "\n")
				start, salary := b.text.squareName(lang, rec, 0), b.text.money(lang, rec, 200)
				if strings.Count(got, start) != 1 || strings.Count(got, salary) != 1 {
					t.Errorf("%s %s rolled=%v: %q should name %q and %q once each", ed, lang, rolled, got, start, salary)
				}
			}
		}
	}
}
