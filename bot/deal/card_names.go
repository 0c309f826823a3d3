package deal

import (
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Cards and colours by name, as every text of Deal calls them.

func (k *texts) cardName(lang string, c int) string {
	if c < 0 || c >= deal.DeckSize {
		return ""
	}
	return k.t(lang, "deal_card_"+strconv.Itoa(int(deal.Cards[c].Kind)), nil)
}

// quotedName is a card's name inside «»: quotes within it become „“, as
// Ukrainian and Russian write quotes within quotes («Пройди „Старт“»).
func (k *texts) quotedName(lang string, c int) string {
	return innerQuotes.Replace(k.cardName(lang, c))
}

func (k *texts) colorName(lang string, c deal.Color) string {
	if c < 0 || c >= deal.NumColors {
		return ""
	}
	return k.t(lang, "deal_color_"+strconv.Itoa(int(c)), nil)
}

func (k *texts) cardNames(lang string, s deal.CardSet) string {
	var names []string
	for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
		names = append(names, k.cardName(lang, c))
	}
	return strings.Join(names, ", ")
}

var innerQuotes = strings.NewReplacer("«", "„", "»", "“")
