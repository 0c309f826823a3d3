package boardimg

import (
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestMoneyDrawable: every edition's amounts, in every language, are
// written with letters the picture's font has (the hryvnia sign is not
// one of them), in the edition's currency.
func TestMoneyDrawable(t *testing.T) {
	cat := catalog(t)
	r := renderer(t, cat)
	var buf sfnt.Buffer
	for _, ed := range editions() {
		for _, lang := range locales.Languages {
			p, err := r.painter(newGame(t, ed), lang, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := p.money(-1500)
			for _, c := range s {
				if i, err := r.medium.GlyphIndex(&buf, c); err != nil || i == 0 {
					t.Errorf("%s/%s: %q has %q, which the font cannot draw", ed, lang, s, c)
				}
			}
			if !strings.Contains(s, "500") {
				t.Errorf("%s/%s: %q has no amount", ed, lang, s)
			}
			unit := "$"
			if engine.EditionByID(ed).ID == "lux" {
				unit = map[string]string{"en": "UAH", "ru": "грн", "uk": "грн"}[lang]
			}
			if !strings.Contains(s, unit) {
				t.Errorf("%s/%s: %q is not in %s", ed, lang, s, unit)
			}
		}
	}
}
