package locales

import (
	"regexp"
	"strings"
	"testing"
)

// A name inserted right after a word: a person's, a card's, a square's or a
// set's. Russian and Ukrainian would have to decline the name there
// ("платит игроку Дмитрию", "с помощью «Вынужденной сделки»"), which a
// template cannot do; issue #27, item 8.
var wordBeforeName = regexp.MustCompile(`(\p{L}+)[ \x{00a0}]*«?\{\{\.(Player|Other|Players|Card|Square|Set|Start|Name)\}\}`)

// The words after which a name keeps its nominative form: a generic noun
// in front of a quoted name («карту „X“», «на поле „X“») and verbs that
// the name follows as their subject («Побеждает X», «Сейчас ходит X»).
// ("поля" is the genitive in both languages.)
var nominativeAfter = map[string]bool{
	// ru
	"карту": true, "карта": true, "картой": true, "участок": true, "участка": true, "участке": true, "поле": true, "поля": true,
	"набор": true, "только": true, "побеждает": true, "ходит": true, "начинает": true, "решит": true,
	"пользуется": true, "платит": true,
	// uk
	"картку": true, "картка": true, "карткою": true, "ділянку": true, "ділянки": true, "ділянці": true, "полі": true,
	"набір": true, "лише": true, "тільки": true, "перемагає": true, "ходить": true, "починає": true, "вирішить": true,
	"користується": true, "платить": true,
}

// TestNamesKeepTheirCase: in ru and uk, a name is never inserted where it
// would have to change its case: it follows a colon, a dash, an arrow, the
// start of the line, or one of the words in nominativeAfter.
func TestNamesKeepTheirCase(t *testing.T) {
	eachText(t, []string{"ru", "uk"}, func(where, src string) {
		for _, m := range wordBeforeName.FindAllStringSubmatch(src, -1) {
			if w := strings.ToLower(m[1]); w != "n" && !nominativeAfter[w] { // "n": a "\n" in the source
				t.Errorf("%s: %q would need the name declined", where, m[0])
			}
		}
	})
}

// The check catches the artefacts issue #27 quoted.
func TestNamesKeepTheirCaseCatches(t *testing.T) {
	for _, bad := range []string{"предлагает игроку {{.Other}} сделку", "с помощью «{{.Card}}»", "🔁 Отдать {{.Card}}",
		"кладёт в банк «{{.Card}}»", "платить гравцеві {{.Other}}", "Голосування за виключення {{.Player}}"} {
		m := wordBeforeName.FindStringSubmatch(bad)
		if m == nil || nominativeAfter[strings.ToLower(m[1])] {
			t.Errorf("%q goes unnoticed", bad)
		}
	}
}
