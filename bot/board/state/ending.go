package state

import "slices"

// Tally is what a board game keeps as it goes for its ending message
// (bot/board/ending.go): when it started and ended, and its highlights
// so far. It is updated from the engine's events; a record from before it
// has a zero Tally and its ending shows what is known.
type Tally struct {
	// Started and Ended are wall-clock times in ms (0: not seen).
	Started int64 `json:"started,omitempty"`
	Ended   int64 `json:"ended,omitempty"`
	// TopRent is the biggest rent paid.
	TopRent Rent `json:"top_rent,omitzero"`
	// SetRent is the rent collected on each group's deeds, by group.
	SetRent []int `json:"set_rent,omitempty"`
	// Jail is each seat's stays in jail, by seat.
	Jail []JailStay `json:"jail,omitempty"`
}

// Rent is one rent payment: who paid whom, for which square, how much.
type Rent struct {
	Payer  int `json:"payer"`
	Owner  int `json:"owner"`
	Square int `json:"square"`
	Amount int `json:"amount"`
}

// JailStay counts a seat's own turns begun in jail: the current stay and
// the longest.
type JailStay struct {
	In      bool `json:"in,omitempty"`
	Turns   int  `json:"turns,omitempty"`
	Longest int  `json:"longest,omitempty"`
}

// Clone returns a copy that shares nothing with t.
func (t Tally) Clone() Tally {
	t.SetRent = slices.Clone(t.SetRent)
	t.Jail = slices.Clone(t.Jail)
	return t
}
