package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
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
		g := Of(rec).Game
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
			line := b.text.eventLine(lang, rec, *jailed)
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

// TestBusinessCentreCards: the two Удача and two Неудача cards lie face up
// in the centre from the first turn; the turn message and /board say how
// many of each are left, and /board who holds which. Scripted: seat 0
// rolls onto a Сюрприз square with an Удача card on top of the pile.
func TestBusinessCentreCards(t *testing.T) {
	b := turnKind(t)
	rec := gameRecord(t, engine.Business, 3)
	g := Of(rec).Game
	ed := g.EditionData()
	luck := -1
	for i, c := range ed.Decks[engine.DeckChance] {
		if c.Kind == engine.CardLuck {
			luck = i
			break
		}
	}
	dk := &g.Decks[engine.DeckChance]
	for i := range dk.Order {
		if int(dk.Order[i]) == luck {
			dk.Order[i], dk.Order[dk.Head] = dk.Order[dk.Head], dk.Order[i]
		}
	}
	p := g.Current
	surprise := -1
	for sq, s := range ed.Squares {
		if s.Kind == engine.SquareChance && sq >= g.Players[p].Pos+2 && sq <= g.Players[p].Pos+12 {
			surprise = sq
			break
		}
	}
	steps := surprise - g.Players[p].Pos
	g.Scripted = []uint8{uint8(min(6, steps-1)), uint8(steps - min(6, steps-1))}
	evs, err := g.Apply(p, engine.Action{Kind: engine.ActRoll})
	if err != nil {
		t.Fatal(err)
	}
	Of(rec).Turn = append(Of(rec).Turn, evs...)
	if g.Players[p].Luck != 1 {
		t.Fatalf("seat %d holds %d Удача after %v", p, g.Players[p].Luck, evs)
	}
	for _, lang := range locales.Languages {
		centre := b.cat.T(lang, "centre_fortunes", map[string]any{"Luck": 1, "Misfortune": 2})
		if text := b.text.renderTurn(lang, rec); !strings.Contains(text, centre) {
			t.Errorf("%s: the turn message lacks %q:\n%s", lang, centre, text)
		}
		board := b.text.renderBoard(lang, rec)
		held := b.cat.T(lang, "centre_held", map[string]any{"Held": "🍀 " + kit.SeatName(rec, p)})
		if !strings.Contains(board, centre) || !strings.Contains(board, held) {
			t.Errorf("%s: /board lacks %q or %q:\n%s", lang, centre, held, board)
		}
	}
	// The classic game has no such cards and no such line.
	classic := gameRecord(t, engine.Classic, 3)
	if board := b.text.renderBoard("en", classic); strings.Contains(board, "🎴") {
		t.Errorf("the classic /board shows centre cards:\n%s", board)
	}
}
