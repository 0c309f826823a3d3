package state

import (
	"encoding/json"
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

// Board is the state of a board game between changes.
type Board struct {
	Game *engine.Game `json:"game,omitempty"`
	// Turn holds the events shown in the current turn's message.
	// Turn and History are appended to or replaced, never changed in
	// place: copies of the record share them (Clone).
	Turn []engine.Event `json:"turn,omitempty"`
	// History is the game's most recent events across turns (/history),
	// at most MaxHistory+HistorySlack (bot/board/history.go).
	History []engine.Event `json:"history,omitempty"`
	TurnMsg int            `json:"turn_msg,omitempty"`
	View    View           `json:"view,omitempty"`
	// DeedsMsg is the newest /board message with a button per deed
	// (bot/board/deed.go): it loses its buttons when the game ends.
	DeedsMsg int `json:"deeds_msg,omitempty"`
	// DeedsPhoto: DeedsMsg is /board's picture with who owns what as its
	// caption (edited as a caption), not a text message of its own.
	DeedsPhoto bool `json:"deeds_photo,omitempty"`

	// Trades (bot/board/trade*.go): offers being composed, by the proposer's user
	// id; the open offers shown in the chat.
	Drafts map[int64]*Draft `json:"drafts,omitempty"`
	Offers []Offer          `json:"offers,omitempty"`
	// OfferEdits are offer messages an older version had still to
	// finalize; Restore gives them their final text and clears them.
	OfferEdits []OfferEdit `json:"offer_edits,omitempty"`

	// Computer plays the computer seats (kit.Seat.Computer) and remembers
	// their offers, so a restart does not change how they play
	// (bot/board/seats.go). Nil: no computer seat.
	Computer *ai.Player `json:"computer,omitempty"`
	// Followers are the people (user ids) told in their private chat when
	// the game ends (bot/board/follow.go).
	Followers []int64 `json:"followers,omitempty"`
	// Tally is kept for the ending message: the game's length and
	// highlights (bot/board/ending.go).
	Tally Tally `json:"tally,omitzero"`

	// Auction is the running auction's own message (bot/board/auction.go),
	// nil while none runs; Auctions counts the auctions the game opened,
	// which numbers the next one's message and buttons.
	Auction  *AuctionMsg `json:"auction,omitempty"`
	Auctions int         `json:"auctions,omitempty"`
}

// AuctionMsg is the message an auction lives in, and how often it was
// refreshed: bids change it faster than a chat may be written to, so its
// edits are spaced (bot/board/auction.go).
type AuctionMsg struct {
	// Seq is the auction's number in the game: its slot's key and the
	// "revision" of its buttons, which stay valid across bids.
	Seq int `json:"seq"`
	Msg int `json:"msg,omitempty"`
	// Opened is the game's version (engine.Game.Version) right after the
	// action that opened the auction; ShownVer the version the message was
	// last put with, Shown when (game time, ms), Refreshes how many times
	// since it opened.
	Opened    uint64 `json:"opened"`
	ShownVer  uint64 `json:"shown_ver"`
	Shown     int64  `json:"shown"`
	Refreshes int    `json:"refreshes,omitempty"`
}

// View is the menu the turn message shows; menus belong to one person.
type View struct {
	Menu  string `json:"menu,omitempty"` // "", MenuBuild, MenuGroup, MenuMortgage, MenuBankrupt
	User  int64  `json:"user,omitempty"`
	Group int    `json:"group,omitempty"`
}

// Menus of View.Menu.
const (
	MenuBuild    = "build"
	MenuGroup    = "group"
	MenuMortgage = "mortgage"
	MenuBankrupt = "bankrupt"
)

// Clone returns a copy of b that either can change without the other
// seeing it. Turn and History are only ever appended to or replaced,
// never changed in place, so the copy shares their arrays with the
// capacity clipped: an append to either copy moves it to a new array.
// They are most of a record, and copying them was most of a copy's cost.
func (b *Board) Clone() kit.State {
	c := *b
	if b.Game != nil {
		c.Game = b.Game.Clone()
	}
	c.Followers = slices.Clone(b.Followers)
	if b.Computer != nil {
		pl := *b.Computer // a value: its memory is an array
		c.Computer = &pl
	}
	c.Turn = slices.Clip(b.Turn)
	c.History = slices.Clip(b.History)
	if b.Drafts != nil {
		c.Drafts = make(map[int64]*Draft, len(b.Drafts))
		for user, d := range b.Drafts {
			if d == nil {
				c.Drafts[user] = nil
				continue
			}
			dc := *d
			dc.Trade = d.Trade.Clone()
			c.Drafts[user] = &dc
		}
	}
	if b.Offers != nil {
		c.Offers = make([]Offer, len(b.Offers))
		for i, o := range b.Offers {
			o.Trade = o.Trade.Clone()
			c.Offers[i] = o
		}
	}
	c.OfferEdits = slices.Clone(b.OfferEdits)
	c.Tally = b.Tally.Clone()
	if b.Auction != nil {
		a := *b.Auction
		c.Auction = &a
	}
	return &c
}

// Stored is b's members at the top level of the record's object, as
// every version before kinds stored them.
func (b *Board) Stored() (string, any) { return "", b }

// Decode reads a board game's record (kit.RegisterState): its envelope
// and its state are members of one object, read in one pass.
func Decode(data []byte, rec *kit.Record) error {
	b := new(Board)
	if err := json.Unmarshal(data, &struct {
		*kit.Envelope
		*Board
	}{(*kit.Envelope)(rec), b}); err != nil {
		return err
	}
	rec.State = b
	return nil
}

// Draft is a trade offer being composed.
type Draft struct {
	// Trade is the offer so far; To is engine.NoOwner until chosen.
	Trade engine.Trade `json:"trade"`
	// Rev is stamped into the composer's buttons: an older composer
	// message's presses are outdated.
	Rev  uint64 `json:"rev"`
	Edit int    `json:"edit,omitempty"`
	// Msg is the composer message in the proposer's private chat (0: not
	// sent, or its id not stored yet).
	Msg int `json:"msg,omitempty"`
	// Counter is the offer this draft answers; sending it declines that one.
	Counter int `json:"counter,omitempty"`
	// Link is the group's message with the deep link to the composer,
	// posted when the bot could not write to the person (-1: on its way if
	// the composer is refused, id not known yet; 0: none). One per person
	// while unused: it is posted again only after the composer was opened
	// through it.
	Link int `json:"link,omitempty"`
}

// Offer is an open trade offer shown in the group.
type Offer struct {
	ID      int          `json:"id"` // engine trade id
	Msg     int          `json:"msg,omitempty"`
	Expires int64        `json:"expires"` // in game time (Clock.GameTime), ms
	Trade   engine.Trade `json:"trade"`   // a copy, to show the outcome once the engine forgot it
}

// OfferEdit is an offer message an older version had still to finalize.
type OfferEdit struct {
	Msg   int    `json:"msg"`
	Text  string `json:"text"`
	Offer int    `json:"offer,omitempty"` // engine trade id
}
