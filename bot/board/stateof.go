package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The board games read their records; those written before kinds name
// none and are board games.
func init() {
	kit.RegisterState(Name, state.Decode)
	kit.RegisterState("", state.Decode)
}

// Of is the board game's state in rec. A record made in a change (a new
// lobby's) has none until the first call gives it an empty one there; a
// stored record's always has one (state.Decode), so a snapshot, read by
// several, is never written to here.
func Of(rec *kit.Record) *state.Board {
	if b, ok := rec.State.(*state.Board); ok {
		return b
	}
	b := new(state.Board)
	if rec.State == nil { // never another kind's state
		rec.State = b
	}
	return b
}

// seatOf is the seat of a Telegram user as the engine numbers players
// (engine.NoOwner, -1, for none).
func seatOf(rec *kit.Record, user int64) engine.PlayerID { return engine.PlayerID(rec.SeatOf(user)) }

// LinkKey names the private chat's link (kit.Settings.Links) to the group
// whose trade composer the person opened last: where a typed /cash amount
// goes. Stored as "trade_chat", as before links were kept by key.
const LinkKey = "trade"

// Name is the board games' kind (kit.Record.Kind).
const Name = "board"
