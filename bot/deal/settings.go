package deal

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
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
// off). The option lives in the chat's options, off by default: the
// book's rule.
var HouseRules = []kit.HouseRule{
	{ID: "deal_say_no_free", Field: func(o *kit.ChatOptions, _ *engine.Rules) *bool { return &o.DealSayNoFree }},
}

// rulesOf are the engine's rules of a game started with options o.
func rulesOf(o *kit.ChatOptions) deal.Rules {
	return deal.Rules{SayNoCostsPlay: o == nil || !o.DealSayNoFree}
}

// Rules is /rules in a chat that plays Monopoly Deal: the card game's
// rules in short, one message without buttons (it has no sections).
func (k *Kind) Rules(lang, _ string) (string, *kit.Markup) { return k.t(lang, "deal_rules", nil), nil }

// StatsLine is a person's Deal games and wins in /stats, a line of its own
// (a Deal game has no colour sets or net worth to show).
func (k *Kind) StatsLine(lang string, played, won int) string {
	return k.t(lang, "deal_stats", map[string]any{"Played": played, "Won": won})
}
