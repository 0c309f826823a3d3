package deal

// EventKind names something that happened. The bot renders each kind with
// a localized template; the fields each kind uses are listed beside it.
type EventKind uint8

const (
	EvDrew          EventKind = iota + 1 // Player drew Cards (private to Player)
	EvDrewCount                          // Player drew Amount cards (for everyone else's eyes)
	EvReshuffled                         // the discards (Amount cards) became the new draw pile
	EvTurnStarted                        // Player's turn begins (Amount = turn number)
	EvBanked                             // Player put Card in the bank
	EvPlaced                             // Player laid property Card down as Color
	EvRecolored                          // Player turned wild Card to Color
	EvPlayed                             // Player played Card (Other: the target or Nobody, Color, Amount: rent or debt, Cards: Double The Rent cards, Take and Give: a Sly or Forced Deal's cards)
	EvBuilt                              // Player put building Card on the Color set
	EvSaidNo                             // Player said no with Card to Other
	EvAccepted                           // Player let Other's action stand
	EvConceded                           // Player let Other's Just Say No stand: Other is spared
	EvPaid                               // Player gave Cards worth Amount to Other for a debt of Owed
	EvTook                               // Player took Cards from Other's table
	EvBuildingsLost                      // Player's Cards (house, hotel) of the broken Color set went to the discards
	EvMustDiscard                        // Player ended the play holding more than 7: Amount cards to discard
	EvDiscarded                          // Player discarded Card at the turn's end
	EvTurnEnded                          // Player's turn ended
	EvTimeout                            // Player's decision timed out; the default follows
	EvWon                                // Player has three complete sets of different colours, or is the last one left
	EvResigned                           // Player left the game: Amount cards of the hand and Cards (bank and table) went to the discards
	eventKinds
)

// Event is one thing that happened. Seen is Everyone or the only seat that
// may see it (its own draws); the bot shows an event to nobody else.
type Event struct {
	Kind   EventKind `json:"kind"`
	Seen   PlayerID  `json:"seen"`
	Player PlayerID  `json:"player"`
	Other  PlayerID  `json:"other"`
	Card   int       `json:"card"`
	Color  Color     `json:"color"`
	Amount int       `json:"amount,omitempty"`
	Owed   int       `json:"owed,omitempty"`
	Cards  CardSet   `json:"cards,omitzero"`
	// Take and Give are the properties a Sly Deal or Forced Deal asks for
	// and offers (0: none — card 0 is money, never on a table), so that
	// the target and the table know what is at stake.
	Take int `json:"take,omitempty"`
	Give int `json:"give,omitempty"`
}

// VisibleTo says whether player p may see e.
func (e *Event) VisibleTo(p PlayerID) bool { return e.Seen == Everyone || e.Seen == p }
