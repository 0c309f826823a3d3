package engine_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestLuxTexts: every square, set, card and reel symbol of the lux edition
// has its words in every language (locales/lux.*.toml), with the currency
// the bot writes its amounts in; a card's text names the amounts (in ₴)
// and the square the engine's card goes to, and no other number.
func TestLuxTexts(t *testing.T) {
	c, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	ed := engine.EditionByID(engine.Lux)
	ids := []string{"edition_lux", "currency_lux", "deck_lux_0", "deck_lux_1", fmt.Sprintf("jail_reason_%d", engine.JailByStopping)}
	for sq := range ed.Squares {
		ids = append(ids, fmt.Sprintf("sq_lux_%d", sq))
	}
	for g := 0; g < ed.GroupCount(); g++ {
		ids = append(ids, fmt.Sprintf("group_lux_%d", g), fmt.Sprintf("group_emoji_lux_%d", g))
	}
	for s := range engine.CasinoThree {
		ids = append(ids, fmt.Sprintf("symbol_lux_%d", s))
	}
	for _, lang := range locales.Languages {
		for _, id := range ids {
			if got := c.T(lang, id, nil); got == id || strings.TrimSpace(got) == "" {
				t.Errorf("%s: no text for %s", lang, id)
			}
		}
		sign := c.T(lang, "currency_lux", nil)
		money := func(amount int) string { return strings.Replace(c.Money(lang, amount), "$", sign, 1) }
		if got := c.T(lang, "money_lux", map[string]any{"N": "7"}); !strings.Contains(got, "7") || !strings.Contains(got, sign) {
			t.Errorf("%s money_lux = %q", lang, got)
		}
		for d, deck := range ed.Decks {
			for i, card := range deck {
				id := fmt.Sprintf("card_lux_%d_%d", d, i)
				text := c.T(lang, id, nil)
				if text == id {
					t.Errorf("%s: no text for %s", lang, id)
					continue
				}
				var want []string
				switch card.Kind {
				case engine.CardAdvance:
					// The name's first letters: Ukrainian and Russian inflect
					// it (Київ → Києва, інспекція → інспекції).
					name := []rune(strings.ToLower(c.T(lang, fmt.Sprintf("sq_lux_%d", card.Target), nil)))
					if !strings.Contains(strings.ToLower(text), string(name[:min(4, len(name)-2)])) {
						t.Errorf("%s %s: %q does not name square %d", lang, id, text, card.Target)
					}
				case engine.CardBack:
					want = append(want, strconv.Itoa(card.Amount))
				case engine.CardCollect, engine.CardPay, engine.CardPayEach, engine.CardCollectEach:
					want = append(want, money(card.Amount))
				case engine.CardRepairs:
					want = append(want, money(card.Amount), money(card.PerHotel))
				}
				checkCardText(t, lang, id, text, want)
			}
		}
	}
}

// number is a number as the locales write amounts: digits grouped by
// no-break spaces or commas.
var number = regexp.MustCompile(`\d[\d\x{00A0},]*`)

// checkCardText checks that a card's text contains every string of want
// (amounts, counts, names) and no number that none of them contains.
func checkCardText(t *testing.T, lang, id, text string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s %s: %q does not contain %q", lang, id, text, w)
		}
	}
	for _, n := range number.FindAllString(text, -1) {
		n = strings.TrimRight(n, "\u00a0,")
		ok := false
		for _, w := range want {
			ok = ok || strings.Contains(w, n)
		}
		if !ok {
			t.Errorf("%s %s: number %q is not the engine's", lang, id, n)
		}
	}
}
