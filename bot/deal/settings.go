package deal

import "github.com/monopoly-tg/monopoly-bot/bot/kit"

// Editions: Monopoly Deal is one edition a chat can choose in /settings
// (or /newgame deal, or the operator's default).
func Editions() []string { return []string{Name} }

// Offer: a Deal game takes 2 to 5 players and has none of the board's
// settings (starting cash, house rules, stake cap, an auction's bid
// window): the card game's rules are fixed.
func (k *Kind) Offer(string) kit.Offer {
	lo, hi := k.Seats()
	return kit.Offer{MinPlayers: lo, MaxPlayers: hi}
}

// RulesText is /rules in a chat that plays Monopoly Deal: the card game's
// rules in short, one message (the board's sections do not apply).
func (k *Kind) RulesText(lang string) string { return k.t(lang, "deal_rules", nil) }

// StatsLine is a person's Deal games and wins in /stats, a line of its own
// (a Deal game has no colour sets or net worth to show).
func (k *Kind) StatsLine(lang string, played, won int) string {
	return k.t(lang, "deal_stats", map[string]any{"Played": played, "Won": won})
}
