package deal

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// The shortest and the longest names a seat may have (Telegram allows 64
// characters in a first name).
var grammarNames = [][2]string{
	{"Я", "Ö"},
	{"Анна-Мария Александровна Константинопольская-Вальденбургская фон", "Bartholomew-Maximilian Featherstonehaugh-Cholmondeley of Kent"},
}

// Words after which a name or a card's name would have to change its
// case (or its English preposition would need an object form) — the
// template artefacts of issue #27, item 8: "платит игроку 🔴 Дмитрий",
// "с помощью «Вынужденная сделка»", "у 🔵 Alice".
var inflectingWord = regexp.MustCompile(`(?i)(^|[\s(])(игроку|игрока|гравцеві|гравця|от|у|в|від|для|с|з|із|помощью|допомогою|отдать|віддати|кладёт в банк|кладе в банк|банк|против|проти)\s*«?$`)

// TestEventGrammarHoldsForAnyName renders every public Deal event with the
// shortest and the longest names and every card, in every language, and
// checks the line shows no template: nothing unrendered, a name or card
// name never right after a word that would need another case, a money
// card's value said once, a payment over the debt not called "2М of 1М",
// and the cards drawn or to discard counted in the language's plural form.
func TestEventGrammarHoldsForAnyName(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	kinds := []deal.EventKind{deal.EvBanked, deal.EvPlaced, deal.EvRecolored, deal.EvPlayed, deal.EvBuilt, deal.EvSaidNo,
		deal.EvAccepted, deal.EvConceded, deal.EvTook, deal.EvBuildingsLost, deal.EvDiscarded, deal.EvTurnEnded, deal.EvWon}
	check := func(lang, line string, e deal.Event) {
		t.Helper()
		if line == "" {
			t.Fatalf("%s: event %+v renders nothing", lang, e)
		}
		for _, bad := range []string{"<no value>", "{{", "%!", "deal_ev_", "  ", " ,", " :"} {
			if strings.Contains(line, bad) {
				t.Errorf("%s: %q shows %q", lang, line, bad)
			}
		}
		names := []string{seatName(rec, e.Player), seatName(rec, e.Other)}
		if e.Card >= 0 && !(e.Kind == deal.EvBanked && deal.Cards[e.Card].Type == deal.TypeMoney) { // an amount, not a name
			names = append(names, k.text.quotedName(lang, e.Card))
		}
		for _, name := range names {
			if i := strings.Index(line, name); name != "" && i >= 0 && inflectingWord.MatchString(line[:i]) {
				t.Errorf("%s: %q puts %q where it would have to change its case", lang, line, name)
			}
		}
	}
	for _, names := range grammarNames {
		rec.Seats[0].Name, rec.Seats[1].Name = names[0], names[1]
		for _, lang := range locales.Languages {
			m := map[string]string{"ru": "М", "uk": "М", "en": "M"}[lang]
			for _, kind := range kinds {
				for c := range deal.DeckSize {
					e := deal.Event{Kind: kind, Player: 0, Other: 1, Card: c, Color: deal.Red, Amount: 3, Seen: deal.Everyone}
					if kind != deal.EvPlayed && kind != deal.EvSaidNo && kind != deal.EvAccepted && kind != deal.EvConceded && kind != deal.EvTook {
						e.Other = deal.Nobody
					}
					line := k.text.eventLine(lang, rec, e)
					check(lang, line, e)
					if kind == deal.EvBanked && deal.Cards[c].Type == deal.TypeMoney {
						if v := fmt.Sprintf("%d%s", deal.Cards[c].Value, m); strings.Count(line, v) != 1 {
							t.Errorf("%s: banking a money card reads %q: its value %s should be said once", lang, line, v)
						}
					}
				}
			}
			for _, pay := range [][2]int{{2, 1}, {3, 3}, {1, 4}} {
				e := deal.Event{Kind: deal.EvPaid, Player: 0, Other: 1, Card: -1, Amount: pay[0], Owed: pay[1], Seen: deal.Everyone}
				e.Cards = e.Cards.Add(0)
				line := k.text.eventLine(lang, rec, e)
				check(lang, line, e)
				of := map[string]string{"ru": " из ", "uk": " із ", "en": " of "}[lang]
				said := fmt.Sprintf("%d%s%s%d%s", pay[0], m, of, pay[1], m)
				if strings.Contains(line, said) != (pay[0] < pay[1]) {
					t.Errorf("%s: paying %d for a debt of %d reads %q", lang, pay[0], pay[1], line)
				}
				if pay[0] == pay[1] && strings.Count(line, fmt.Sprintf("%d%s", pay[0], m)) != 1 {
					t.Errorf("%s: paying the debt exactly reads %q: say the amount once", lang, line)
				}
			}
			want := map[string]map[int]string{
				"ru": {1: "+1 карта ", 2: "+2 карты ", 5: "+5 карт ", 21: "+21 карта "},
				"uk": {1: "+1 картка ", 2: "+2 картки ", 5: "+5 карток ", 21: "+21 картка "},
				"en": {1: "+1 card ", 2: "+2 cards ", 5: "+5 cards ", 21: "+21 cards "},
			}[lang]
			extra := map[string]map[int]string{
				"ru": {1: "1 лишнюю карту", 2: "2 лишние карты", 5: "5 лишних карт", 21: "21 лишнюю карту"},
				"uk": {1: "1 зайву картку", 2: "2 зайві картки", 5: "5 зайвих карток", 21: "21 зайву картку"},
				"en": {1: "1 card too many", 2: "2 cards too many", 5: "5 cards too many", 21: "21 cards too many"},
			}[lang]
			for n, tail := range want {
				e := deal.Event{Kind: deal.EvDrewCount, Player: 0, Other: deal.Nobody, Card: -1, Amount: n, Seen: deal.Everyone}
				line := k.text.eventLine(lang, rec, e)
				check(lang, line, e)
				if !strings.Contains(line, tail) {
					t.Errorf("%s: drawing %d reads %q, want %q", lang, n, line, tail)
				}
				e.Kind = deal.EvMustDiscard
				line = k.text.eventLine(lang, rec, e)
				check(lang, line, e)
				if !strings.Contains(line, extra[n]) {
					t.Errorf("%s: %d to discard reads %q, want %q", lang, n, line, extra[n])
				}
			}
		}
	}
}
