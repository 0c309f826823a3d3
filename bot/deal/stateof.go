package deal

import (
	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

func init() { kit.RegisterState(Name, state.Decode) }

// Of is the Deal game in rec; nil until the game started (a lobby's
// record holds none).
func Of(rec *kit.Record) *state.Deal {
	d, _ := rec.State.(*state.Deal)
	return d
}

// LinkKey names the private chat's link (kit.Settings.Links) to the group
// of the Deal game whose hand the person opened last: where an inline
// query goes when the kind's index of players does not know them (after a
// restart). Stored as "deal_chat", as before links were kept by key.
const LinkKey = "deal"
