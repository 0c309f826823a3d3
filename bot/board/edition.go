package board

import (
	"fmt"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// What the editions other than the classic game add to the turn message:
// money in the edition's currency, the stake buttons of the business
// gamble square and the lux casino, the casino's reels, skipped turns,
// face-up Удача/Неудача cards and the business edition's buildings.

// money is an amount in the currency of rec's edition (the lux edition's
// hryvnias), formatted for lang by the locales.
func (b *texts) money(lang string, rec *kit.Record, amount int) string {
	return b.cat.MoneyOf(lang, rec.Edition, amount)
}

// moneyScale is how many of the edition's money units a classic dollar is
// worth (the lux edition counts in thousands): the steps of the trade
// composer and the rounding of stakes grow with it.
func moneyScale(rec *kit.Record) int { return EditionScale(engine.EditionByID(rec.Edition)) }

// EditionScale is moneyScale of an edition (1 for nil: records from before
// editions are classic).
func EditionScale(ed *engine.Edition) int {
	classic := engine.EditionByID(engine.Classic)
	if ed == nil || classic == nil || classic.Rules.StartingCash == 0 {
		return 1
	}
	return max(1, ed.Rules.StartingCash/classic.Rules.StartingCash)
}

// buildingIcons are the icons of one house and of a hotel by edition: the
// business edition's branches and corporations have their own.
var buildingIcons = map[string][2]string{
	engine.Business: {"🏪", "🏢"},
}

func buildingIcon(edition string, hotel bool) string {
	icons, ok := buildingIcons[edition]
	if !ok {
		icons = [2]string{"🏠", "🏨"}
	}
	if hotel {
		return icons[1]
	}
	return icons[0]
}

// deckName is the name of a deck of rec's edition: an edition with decks
// of its own names them deck_<edition>_<deck> (the business «Сюрприз»,
// the lux «Казна»); the classic names are deck_<deck>.
func (b *texts) deckName(lang string, rec *kit.Record, deck int) string {
	if rec.Edition != "" && rec.Edition != engine.Classic {
		id := fmt.Sprintf("deck_%s_%d", rec.Edition, deck)
		if s := b.cat.T(lang, id, nil); s != id {
			return s
		}
	}
	return b.cat.T(lang, fmt.Sprintf("deck_%d", deck), nil)
}

// editionEventData adds what the editions' events show to an event line's
// data: why a turn is skipped, a reel's symbol, the casino's combination.
func (b *texts) editionEventData(lang string, rec *kit.Record, e engine.Event, data map[string]any) {
	switch e.Kind {
	case engine.EvWillSkip, engine.EvTurnSkipped:
		data["Reason"] = b.cat.T(lang, fmt.Sprintf("skip_reason_%d", e.Amount), nil)
	case engine.EvReelStopped:
		data["Reel"] = e.Deck + 1
		data["D1"] = e.Amount
		data["Symbol"] = b.symbol(lang, rec, e.Card)
		data["Reels"] = reelLine([]engine.Event{e})
	case engine.EvCasinoWon, engine.EvCasinoPush, engine.EvCasinoLost:
		data["Symbol"] = b.symbol(lang, rec, e.Card)
	}
}

func (b *texts) symbol(lang string, rec *kit.Record, s int) string {
	return b.cat.T(lang, fmt.Sprintf("symbol_%s_%d", rec.Edition, s), nil)
}

// reelLine draws the casino's three reels as far as they have stopped in
// evs (the last spin's): "⭐ | 🔔 | ▫️".
func reelLine(evs []engine.Event) string {
	var reels [3]string
	shown := false
	for _, e := range evs {
		switch e.Kind {
		case engine.EvCasinoOffered:
			reels, shown = [3]string{}, false
		case engine.EvReelStopped:
			if e.Deck >= 0 && e.Deck < 3 && e.Card >= 0 && e.Card < len(symbolIcons) {
				reels[e.Deck], shown = symbolIcons[e.Card], true
			}
		}
	}
	if !shown {
		return ""
	}
	for i, r := range reels {
		if r == "" {
			reels[i] = "▫️"
		}
	}
	return strings.Join(reels[:], " | ")
}

// symbolIcons are the reels' symbols as drawn (engine.SymbolStar…).
var symbolIcons = []string{"⭐", "7️⃣", "🔔", "🍒", "🍋"}

// playerMarks are a seat's marks in the players' table: turns it will
// skip, face-up cards it holds.
func playerMarks(pl *engine.Player) string {
	var s string
	for _, n := range pl.Skips {
		if n > 0 {
			s += " 💤"
			break
		}
	}
	s += strings.Repeat(" 🍀", int(pl.Luck)) + strings.Repeat(" 🌧", int(pl.Misfortune))
	return s
}

// editionPrompt says what the editions' own decisions wait for; "" for
// the classic phases.
func (b *texts) editionPrompt(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	cur := kit.SeatName(rec, g.Current)
	switch g.Phase {
	case engine.PhaseJailChoice:
		return b.cat.T(lang, "prompt_jail_choice", map[string]any{"Player": cur, "Amount": b.money(lang, rec, g.Rules.JailFine)})
	case engine.PhaseGamble:
		data := map[string]any{"Player": cur, "Max": b.money(lang, rec, g.MaxStake(g.Current)), "Jackpot": b.money(lang, rec, g.Jackpot)}
		if g.EditionData().Squares[g.Players[g.Current].Pos].Kind == engine.SquareCasino {
			return b.cat.T(lang, "prompt_casino", data)
		}
		return b.cat.T(lang, "prompt_gamble", data)
	case engine.PhaseInspection:
		return b.cat.T(lang, "prompt_inspection", map[string]any{"Player": cur})
	}
	return ""
}

// stakeFractions are the stake buttons, in percent of the most one may
// stake (the cash, or the chat's cap).
var stakeFractions = []int{10, 25, 50, 100}

// Stakes are the amounts the stake buttons offer for a most of most,
// rounded down to the edition's money unit (the lux edition's smallest
// banknote, below which the engine takes no stake), without repeats.
func Stakes(most, unit int) []int {
	unit = max(1, unit)
	var out []int
	for _, pct := range stakeFractions {
		v := most * pct / 100
		v -= v % unit
		if v < unit || len(out) > 0 && out[len(out)-1] >= v {
			continue
		}
		out = append(out, v)
	}
	return out
}

// stakeRows are the buttons of a stake on the gamble square or the
// casino: fractions of what may be staked, and no stake.
func (b *turns) stakeRows(k *kit.Keyboard, lang string, rec *kit.Record) {
	g := Of(rec).Game
	var bs []kit.Button
	for _, v := range Stakes(g.MaxStake(g.Current), moneyScale(rec)) {
		bs = append(bs, k.Btn(b.cat.T(lang, "btn_stake", map[string]any{"Amount": b.text.money(lang, rec, v)}), OpStake, v))
	}
	for i := 0; i < len(bs); i += 2 {
		k.Row(bs[i:min(i+2, len(bs))]...)
	}
	k.Row(k.Btn(b.cat.T(lang, "btn_no_stake", nil), OpNoStake, 0))
}
