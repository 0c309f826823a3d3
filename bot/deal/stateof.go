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
