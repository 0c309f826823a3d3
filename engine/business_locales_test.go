package engine_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestBusinessTexts: every square, set and card of the business edition
// has its words in every language (locales/business.*.toml), and a card's
// text names the amounts and the target square the engine's card has.
func TestBusinessTexts(t *testing.T) {
	c, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	ed := engine.EditionByID(engine.Business)
	var ids []string
	for sq := range ed.Squares {
		ids = append(ids, fmt.Sprintf("sq_business_%d", sq))
	}
	for g := 0; g < ed.GroupCount(); g++ {
		ids = append(ids, fmt.Sprintf("group_business_%d", g), fmt.Sprintf("group_emoji_business_%d", g))
	}
	for r := 0; r < 3; r++ {
		ids = append(ids, fmt.Sprintf("skip_reason_%d", r))
	}
	ids = append(ids, "edition_business", "currency_business", "deck_business_0", fmt.Sprintf("jail_reason_%d", engine.JailByStopping))
	for _, lang := range locales.Languages {
		for _, id := range ids {
			if got := c.T(lang, id, nil); got == id || strings.TrimSpace(got) == "" {
				t.Errorf("%s: no text for %s", lang, id)
			}
		}
		for i, card := range ed.Decks[engine.DeckChance] {
			id := fmt.Sprintf("card_business_0_%d", i)
			text := c.T(lang, id, nil)
			var want []string
			switch card.Kind {
			case engine.CardAdvance:
				name := []rune(c.T(lang, fmt.Sprintf("sq_business_%d", card.Target), nil))
				want = append(want, string(name[:len(name)-1])) // the stem: Russian and Ukrainian inflect it
			case engine.CardBack:
				want = append(want, strconv.Itoa(card.Amount))
			case engine.CardCollect, engine.CardPay, engine.CardPayEach, engine.CardCollectEach:
				want = append(want, c.MoneyOf(lang, engine.Business, card.Amount))
			case engine.CardRepairs:
				want = append(want, c.MoneyOf(lang, engine.Business, card.Amount), c.MoneyOf(lang, engine.Business, card.PerHotel))
			}
			checkCardText(t, lang, id, text, want)
			if id == text {
				t.Errorf("%s: no text for %s", lang, id)
			}
		}
	}
}
