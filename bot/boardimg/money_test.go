package boardimg

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestMoneyDrawable: every edition's amounts, in every language, are
// written on the picture as the chat writes them (the lux edition's with
// the hryvnia sign ₴, not a word), with letters the picture's fonts have.
func TestMoneyDrawable(t *testing.T) {
	cat := catalog(t)
	r := renderer(t, cat)
	for _, ed := range editions() {
		for _, lang := range locales.Languages {
			p, err := r.painter(newGame(t, ed), lang, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := p.money(-1500)
			if want := cat.MoneyOf(lang, ed, -1500); s != want {
				t.Errorf("%s/%s: the picture writes %q, the chat %q", ed, lang, s, want)
			}
			for _, c := range s {
				if !p.shaper.covered(c) && c != ' ' {
					t.Errorf("%s/%s: %q has %q, which no font of the picture has", ed, lang, s, c)
				}
			}
		}
	}
	p, err := r.painter(newGame(t, "lux"), "uk", nil)
	if err != nil {
		t.Fatal(err)
	}
	if line := p.shaper.shape(p.money(1500), legendText); line.runs[len(line.runs)-1].Face != p.shaper.signs {
		t.Errorf("%q: the hryvnia sign is not drawn from the font that has it", p.money(1500))
	}
}
