package state

import (
	"encoding/json"
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Deal is the state of one Monopoly Deal game in a group.
type Deal struct {
	Game *deal.Game `json:"game"`
	// TableMsg is the group's message showing the public table (0: not
	// sent yet, or a new one is due).
	TableMsg int `json:"table_msg,omitempty"`
	// Events are the public events of the current turn, newest last, for
	// the table message; never a private one (a draw's cards).
	Events []deal.Event `json:"events,omitempty"`
	// Top is the discard pile's top card plus one (0: none known): the
	// engine keeps the discards unordered, the kind follows the events.
	Top int `json:"top,omitempty"`
	// Hands are the seats' private hand messages, by seat.
	Hands []Hand `json:"hands"`
}

// Hand is one seat's hand message in the person's private chat with the
// bot and what they have chosen there so far.
type Hand struct {
	// Open: the person opened the private chat through the group's link,
	// so the bot may write there.
	Open bool `json:"open,omitempty"`
	Msg  int  `json:"msg,omitempty"`
	// Lang is the person's own Telegram language, recorded when the hand
	// opened: the private chat is theirs, so it follows their language
	// unless the group pinned one (kit.PersonLang).
	Lang string `json:"lang,omitempty"`
	// Pick is the hand card whose ways to play are shown (when Picked);
	// Take the opponent's card a Forced Deal takes, chosen before the card
	// given for it (0: not yet — card 0 is money, never on a table).
	Picked bool `json:"picked,omitempty"`
	Pick   int  `json:"pick,omitempty"`
	Take   int  `json:"take,omitempty"`
	// Pay are the cards chosen to pay the pending debt with; Paying says
	// they were chosen (else the engine's default payment is offered).
	Paying bool         `json:"paying,omitempty"`
	Pay    deal.CardSet `json:"pay,omitzero"`
}

// Clone returns a copy of d that shares no memory with it.
func (d *Deal) Clone() kit.State {
	c := *d
	if d.Game != nil {
		c.Game = d.Game.Clone()
	}
	c.Events = slices.Clone(d.Events)
	c.Hands = slices.Clone(d.Hands)
	return &c
}

// Stored is d under "deal" in the record, as the version that brought
// Deal stored it.
func (d *Deal) Stored() (string, any) { return "deal", d }

// Decode reads a Deal game's record (kit.RegisterState): the envelope
// and the game under "deal" (absent in a lobby's) in one pass.
func Decode(data []byte, rec *kit.Record) error {
	s := struct {
		*kit.Envelope
		Deal *Deal `json:"deal"`
	}{Envelope: (*kit.Envelope)(rec)}
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	if s.Deal != nil {
		rec.State = s.Deal
	}
	return nil
}

// ClearPick forgets what seat picked in its hand message.
func (d *Deal) ClearPick(seat int) {
	if seat >= 0 && seat < len(d.Hands) {
		h := &d.Hands[seat]
		h.Picked, h.Pick, h.Take, h.Paying, h.Pay = false, 0, 0, false, deal.CardSet{}
	}
}
