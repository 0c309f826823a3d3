package deal

import "github.com/monopoly-tg/monopoly-bot/bot/kit"

// Editions: Monopoly Deal is one edition a chat can choose in /settings
// (or /newgame deal, or the operator's default).
func Editions() []string { return []string{Name} }

// Offer: a Deal game takes 2 to 5 players and has none of the board's
// settings (starting cash, house rules, stake cap): the card game's rules
// are fixed.
func (k *Kind) Offer(string) kit.Offer {
	lo, hi := k.Seats()
	return kit.Offer{MinPlayers: lo, MaxPlayers: hi}
}
