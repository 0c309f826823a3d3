package deal

// The top card of the discard pile: the engine keeps the discards as a set,
// so the kind follows the events that put a card there.

import (
	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// maxEvents bounds the public events one table message shows (and stores).
const maxEvents = 30

// noteTop follows the discard pile's top card through public events.
func noteTop(d *state.Deal, e deal.Event) {
	switch e.Kind {
	case deal.EvPlayed:
		d.Top = e.Card + 1
		if last := lastCard(e.Cards); last >= 0 {
			d.Top = last + 1 // Double The Rent lies on its rent card
		}
	case deal.EvSaidNo, deal.EvDiscarded:
		d.Top = e.Card + 1
	case deal.EvBuildingsLost, deal.EvResigned: // a leaver's hand goes below, unseen
		if last := lastCard(e.Cards); last >= 0 {
			d.Top = last + 1
		}
	case deal.EvReshuffled:
		d.Top = 0
	}
}

func lastCard(s deal.CardSet) int {
	last := -1
	for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
		last = c
	}
	return last
}
