package board

import (
	"errors"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Trades between players.
//
// A player opens the composer with the group's 🤝 button (or /trade): the
// draft lives in the group's Record (Drafts, by user id) and is edited in
// the player's private chat with the bot, so the group is not flooded. The
// composer's buttons carry the group chat (WithChat); a press takes the
// group's lock and changes the group's record. Editing a draft does not
// change the game, so it is saved without a new revision: the group's
// buttons stay valid. Sending applies engine.ActProposeTrade (a new
// revision, logged) and posts the offer in the group, mentioning the
// counterparty, with Accept / Decline / Counter-offer / Withdraw. Those
// buttons name the engine's trade id, which is never reused, so they are
// checked against the open offers instead of the revision. An offer
// expires after OfferTTL (stored with it, so restarts keep it) and dies
// when the engine prunes it (EvTradeCancelled); its message is then edited
// to its outcome without buttons.

// refusal is a press the trade code refuses, with the alert to show.
type refusal struct{ text string }

func (r refusal) Error() string { return r.text }

var errNoGame = errors.New("bot: no such game")

func canPropose(g *engine.Game, seat engine.PlayerID) bool {
	for _, a := range g.Legal(seat) {
		if a.Kind == engine.ActProposeTrade {
			return true
		}
	}
	return false
}

func findTrade(g *engine.Game, id int) *engine.Trade {
	for i := range g.Trades {
		if g.Trades[i].ID == id {
			return &g.Trades[i]
		}
	}
	return nil
}

// Transactions.

// Group presses and commands.

// Private chat: the deep link, the composer's presses, typed amounts.

// Drafts.

// Rendering.
