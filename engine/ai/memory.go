package ai

import (
	"encoding/json"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// A Player's memory of the offers it made is part of how it plays (the
// cooldown before the same deal is offered again), so a game stored
// between moves — a computer seat in a chat — stores its Player with it:
// MarshalJSON and UnmarshalJSON keep the strategy and the memory, and a
// Player read back decides exactly as the one written.

type playerJSON struct {
	Jail    JailStrategy `json:"jail,omitempty"`
	Reserve int          `json:"reserve,omitempty"`
	Offers  []offerJSON  `json:"offers,omitempty"`
	// Pondered is Player.pondered, per seat, when any is set.
	Pondered []int `json:"pondered,omitempty"`
}

// offerJSON is an offerMemo in use, with its place in the memory.
type offerJSON struct {
	Slot  int             `json:"slot"`
	From  engine.PlayerID `json:"from"`
	To    engine.PlayerID `json:"to"`
	Deed  int             `json:"deed"`
	Turn  int             `json:"turn"`
	Trade int             `json:"trade"`
}

// MarshalJSON writes the strategy and the remembered offers.
func (pl *Player) MarshalJSON() ([]byte, error) {
	out := playerJSON{Jail: pl.Jail, Reserve: pl.Reserve}
	if pl.pondered != ([maxSeats]int{}) {
		out.Pondered = pl.pondered[:]
	}
	for i, o := range pl.offers {
		if o.used {
			out.Offers = append(out.Offers, offerJSON{Slot: i, From: o.from, To: o.to, Deed: o.deed, Turn: o.turn, Trade: o.trade})
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON wrote; offers outside the memory
// are dropped.
func (pl *Player) UnmarshalJSON(data []byte) error {
	var in playerJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	*pl = Player{Jail: in.Jail, Reserve: in.Reserve}
	copy(pl.pondered[:], in.Pondered)
	for _, o := range in.Offers {
		if o.Slot >= 0 && o.Slot < len(pl.offers) {
			pl.offers[o.Slot] = offerMemo{used: true, from: o.From, to: o.To, deed: o.Deed, turn: o.Turn, trade: o.Trade}
		}
	}
	pl.summarize()
	return nil
}
