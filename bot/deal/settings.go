package deal

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Editions: Monopoly Deal is one edition a chat can choose in /settings
// (or /newgame deal, or the operator's default).
func Editions() []string { return []string{Name} }

// Offer: a Deal game takes 2 to 5 players and has none of the board's
// settings (starting cash, stake cap, an auction's bid window); its one
// house rule is HouseRules'.
func (k *Kind) Offer(string) kit.Offer {
	lo, hi := k.Seats()
	return kit.Offer{MinPlayers: lo, MaxPlayers: hi, Rules: HouseRules}
}

// HouseRules are Deal's switches on the settings' house rules page. The
// book counts every card played on one's turn among its 3 plays, a Just
// Say No too; a chat may make that one free (deal.Rules.SayNoCostsPlay
// off). The option is Deal's part of the chat's options (Options), off by
// default: the book's rule.
var HouseRules = []kit.HouseRule{{ID: sayNoFree}}

const sayNoFree = "deal_say_no_free"

// Options are Deal's own part of a chat's options (kit.ChatOptions.Part),
// stored as "deal_say_no_free" after the absent players' settings, where
// it always was. A chat keeps it across editions.
type Options struct {
	// SayNoFree: a Just Say No played on one's own turn is not one of its
	// 3 plays (by the book it is).
	SayNoFree bool `json:"deal_say_no_free,omitempty"`
}

func init() {
	kit.RegisterOptions(kit.OptionsPart{Kind: Name, After: "archive_after", New: func() any { return new(Options) }, Keys: []string{sayNoFree}})
}

// OptionsIn is Deal's part of o (the zero value: the book's rules).
func OptionsIn(o *kit.ChatOptions) Options {
	var p Options
	o.Part(Name, &p)
	return p
}

// SetOptions makes p Deal's part of o.
func SetOptions(o *kit.ChatOptions, p Options) {
	if err := o.SetPart(Name, p); err != nil {
		panic(err) // registered in init; a bool always encodes
	}
}

// rulesOf are the engine's rules of a game started with options o.
func rulesOf(o *kit.ChatOptions) deal.Rules {
	return deal.Rules{SayNoCostsPlay: !OptionsIn(o).SayNoFree}
}

// Chosen is what o chose of Deal's offer: its one house rule.
func (k *Kind) Chosen(o *kit.ChatOptions) kit.Chosen {
	return kit.Chosen{On: map[string]bool{sayNoFree: OptionsIn(o).SayNoFree}}
}

// SetCash and SetStakeCap change nothing: Deal offers neither.
func (k *Kind) SetCash(*kit.ChatOptions, int)     {}
func (k *Kind) SetStakeCap(*kit.ChatOptions, int) {}

// ToggleRule switches Deal's house rule.
func (k *Kind) ToggleRule(o *kit.ChatOptions, id string) {
	if id == sayNoFree {
		p := OptionsIn(o)
		p.SayNoFree = !p.SayNoFree
		SetOptions(o, p)
	}
}

// RuleName names a house rule.
func (k *Kind) RuleName(lang string, _ *kit.ChatOptions, id string) string {
	return k.t(lang, "rule_"+id, nil)
}

// Money is an amount as the chat layer writes money (Deal's cards carry
// their own values; the settings show none).
func (k *Kind) Money(lang string, _ *kit.ChatOptions, amount int) string {
	return k.cat.Money(lang, amount)
}

// Rules is /rules in a chat that plays Monopoly Deal: the card game's
// rules in short, one message without buttons (it has no sections).
func (k *Kind) Rules(lang, _ string) (string, *kit.Markup) { return k.t(lang, "deal_rules", nil), nil }

// StatsLine is a person's Deal games and wins in /stats, a line of its own
// (a Deal game has no colour sets or net worth to show).
func (k *Kind) StatsLine(lang string, played, won int) string {
	return k.t(lang, "deal_stats", map[string]any{"Played": played, "Won": won})
}

// Seats are the numbers of players a Deal game takes (the lobby asks).
func (k *Kind) Seats() (lo, hi int) { return MinPlayers, MaxPlayers }
