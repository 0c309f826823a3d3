package locales

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSquareNameStaysNominative: Russian and Ukrainian inflect names, and
// a square's name comes in as it is written («Варшава»), so no text puts
// it where the grammar wants another case — straight after a verb or a
// preposition ("не покупает «Варшава»"). A noun before it ("поле
// «Варшава»"), a colon or an arrow keep the name in the nominative.
func TestSquareNameStaysNominative(t *testing.T) {
	governs := map[string][]string{
		"ru": {"на", "за", "для", "в", "из", "по", "от", "покупает", "покупаете", "купить", "закладывает", "выкупает",
			"продаёт", "строит", "Владелец", "залогу"},
		"uk": {"на", "за", "для", "в", "у", "з", "із", "по", "від", "купує", "купуєте", "купити", "закладає", "викуповує",
			"продає", "будує", "Власник", "заставою"},
	}
	before := regexp.MustCompile(`(\S+) «\{\{\.Square\}\}»`)
	for lang, words := range governs {
		files, err := filepath.Glob("*." + lang + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(data), "\n") {
				for _, m := range before.FindAllStringSubmatch(line, -1) {
					for _, w := range words {
						if strings.EqualFold(m[1], w) {
							t.Errorf("%s: «{{.Square}}» after %q: %s", f, m[1], line)
						}
					}
				}
			}
		}
	}
}

// TestLuxNamesAsTheBook: the lux edition's companies carry the rule book's
// names, the same in every language (issue #26: «Залізнична компанія» was
// «Железная дорога» in Russian, and «Компанія мобільного зв'язку» was
// shown as a mobile operator).
func TestLuxNamesAsTheBook(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]string{
		"uk": {"sq_lux_5": "Залізнична компанія", "sq_lux_12": "Інтернет-компанія", "sq_lux_15": "Автомобільна компанія",
			"sq_lux_25": "Судноплавна компанія", "sq_lux_28": "Компанія мобільного зв'язку", "sq_lux_35": "Авіакомпанія"},
		"ru": {"sq_lux_5": "Железнодорожная компания", "sq_lux_12": "Интернет-компания", "sq_lux_15": "Автомобильная компания",
			"sq_lux_25": "Судоходная компания", "sq_lux_28": "Компания мобильной связи", "sq_lux_35": "Авиакомпания"},
		"en": {"sq_lux_5": "Railway Company", "sq_lux_12": "Internet Company", "sq_lux_15": "Road Haulage Company",
			"sq_lux_25": "Shipping Company", "sq_lux_28": "Mobile Communications Company", "sq_lux_35": "Airline"},
	}
	for lang, names := range want {
		for id, name := range names {
			if got := c.T(lang, id, nil); got != name {
				t.Errorf("%s %s = %q, want %q", lang, id, got, name)
			}
		}
	}
}
