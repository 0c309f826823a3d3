package deal

// PlayerID is a seat number, fixed for the whole game.
type PlayerID int8

const (
	// Nobody marks no player: no winner yet, nobody to wait for.
	Nobody PlayerID = -1
	// Everyone is the Seen of an event every player may see.
	Everyone PlayerID = -1
	// System is the actor of timeouts: the bot applies ActTimeout as
	// System when a decision's deadline passes.
	System PlayerID = -2
)

// ActionKind names what a player asks the engine to do.
type ActionKind uint8

const (
	ActBank    ActionKind = iota + 1 // put Card (money, action or rent) from the hand in the bank
	ActPlace                         // lay property or wild Card down as Color
	ActRecolor                       // turn wild Card on your table to Color (free, your turn only)
	ActPlay                          // play action or rent Card (fields by card: see Action)
	ActEndTurn                       // end the turn (discard down to 7 follows if needed)
	ActDiscard                       // discard Card from the hand (down to 7 at the turn's end)
	ActSayNo                         // answer with Just Say No Card (the actor: in Target's chain)
	ActAccept                        // let the action (or the Just Say No against yours: Target's) stand
	ActPay                           // pay the debt with Cards from your bank and table
	ActTimeout                       // System only: the pending decision's deadline passed
	ActResign                        // leave the game: hand, bank and table go to the discards
	actionKinds
)

// Action is one request to the engine. Fields an action does not use are
// zero and ignored. For ActPlay, by the card played:
//
//   - Pass Go, It's My Birthday: nothing more;
//   - Debt Collector: Target;
//   - Sly Deal: Take (a card on an opponent's table);
//   - Forced Deal: Take, and Give (a card on your table);
//   - Deal Breaker: Target and Color (their complete set);
//   - House, Hotel: Color (your complete set);
//   - rent: Color, Target for the any-colour rent, and Cards holding the
//     Double The Rent cards played with it (each one a play).
type Action struct {
	Kind   ActionKind `json:"kind"`
	Card   int        `json:"card"`
	Color  Color      `json:"color,omitempty"`
	Target PlayerID   `json:"target,omitempty"`
	Take   int        `json:"take,omitempty"`
	Give   int        `json:"give,omitempty"`
	Cards  CardSet    `json:"cards,omitzero"`
}
