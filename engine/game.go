package engine

import "fmt"

// Phase is what the game waits for now.
type Phase uint8

const (
	PhaseTurnStart     Phase = iota + 1 // current player: roll (or jail choices), build before the roll
	PhaseBuyDecision                    // current player: buy the property or send it to auction
	PhaseTurnEnd                        // current player: roll again after doubles, or end the turn
	PhaseAuction                        // every bidder still in: bid or pass
	PhaseDebt                           // Debts[0].Debtor: raise money, then pay or go bankrupt
	PhasePlaceBuilding                  // Placing: choose where the building won at auction goes
	PhaseGameOver
	PhaseJailChoice // current player: pay the fine now or skip the next turn (JailSkipsTurn)
	PhaseGamble     // current player: stake cash on the gamble square, or not
	PhaseInspection // current player: roll two dice at the tax inspection (ActRoll)
)

// Step is the underlying turn step that the game returns to once every
// interruption (auction, debt) is settled.
type Step uint8

const (
	StepTurnStart Step = iota + 1
	StepBuyDecision
	StepTurnEnd
	StepJailMove // a prisoner who failed the last try moves once the fine is paid
	StepJailChoice
	StepGamble
	StepInspection
)

// NoOwner marks an unowned deed (and squares that cannot be owned).
const NoOwner PlayerID = -1

// Hotel is the building count of a property with a hotel.
const Hotel = 5

// Player is one seat.
type Player struct {
	Cash      int     `json:"cash"`
	Pos       int     `json:"pos"`
	InJail    bool    `json:"in_jail,omitempty"`
	JailTries int     `json:"jail_tries,omitempty"`
	JailCards [2]bool `json:"jail_cards,omitzero"` // by deck
	Bankrupt  bool    `json:"bankrupt,omitempty"`
	VotedEnd  bool    `json:"voted_end,omitempty"`
	OutAt     uint64  `json:"out_at,omitempty"` // game version when they went bankrupt
	// Skips counts the turns still to be skipped, by SkipReason.
	Skips [skipReasons]uint8 `json:"skips,omitzero"`
	// Luck and Misfortune count the face-up Удача and Неудача cards held.
	Luck       uint8 `json:"luck,omitempty"`
	Misfortune uint8 `json:"misfortune,omitempty"`
}

// Property is the state of one square's deed.
type Property struct {
	Owner     PlayerID `json:"owner"`
	Buildings int8     `json:"buildings,omitempty"` // 0–4 houses, 5 = hotel
	Mortgaged bool     `json:"mortgaged,omitempty"`
	// Received marks a mortgaged deed that just changed hands: its new owner
	// may lift the mortgage for the bare value (interest was paid on
	// receipt) until their turn ends.
	Received bool `json:"received,omitempty"`
}

// Deck is a card pile kept as a ring: draw from Head, return to the tail.
// A kept jail card is simply not returned until it is used.
type Deck struct {
	Order []uint8 `json:"order"`
	Head  int     `json:"head"`
	Count int     `json:"count"`
}

func (d *Deck) draw() int {
	c := d.Order[d.Head]
	d.Head = (d.Head + 1) % len(d.Order)
	d.Count--
	return int(c)
}

func (d *Deck) putBack(card int) {
	d.Order[(d.Head+d.Count)%len(d.Order)] = uint8(card)
	d.Count++
}

// Auction is a running auction of a deed, or of a building when the bank
// is short of them.
type Auction struct {
	Square int      `json:"square"`
	High   int      `json:"high"`   // highest bid so far, 0 before the first bid
	Min    int      `json:"min"`    // lowest allowed first bid
	Leader PlayerID `json:"leader"` // NoOwner before the first bid
	Passed []bool   `json:"passed"` // by seat; bankrupt players count as passed
	// Step is the least raise (0: 1): the edition's smallest banknote.
	Step int `json:"step,omitempty"`
	// Building is 0 for a deed auction, 1 for a house, Hotel for a hotel.
	Building  int      `json:"building,omitempty"`
	Requester PlayerID `json:"requester,omitempty"`
}

// Debt is money a player must pay before play goes on.
type Debt struct {
	Debtor   PlayerID `json:"debtor"`
	Creditor PlayerID `json:"creditor"` // Bank or a seat
	Amount   int      `json:"amount"`
	// Centre marks a tax, fine or card payment: with the free-parking
	// jackpot rule it goes to the centre, not the bank.
	Centre bool `json:"centre,omitempty"`
}

// Game is the whole state of one game.
type Game struct {
	Edition string `json:"edition"`
	Rules   Rules  `json:"rules"`
	// Version counts applied actions; the bot stamps it into buttons to
	// reject presses made on an outdated message.
	Version uint64   `json:"version"`
	RNG     RNG      `json:"rng"`
	Players []Player `json:"players"`
	Current PlayerID `json:"current"`
	Phase   Phase    `json:"phase"`
	Step    Step     `json:"step"`
	Turn    int      `json:"turn"` // player-turns started so far
	Dice    [2]int   `json:"dice"`
	// Doubles counts doubles in the current turn; RollAgain says the current
	// player has earned another roll.
	Doubles   int        `json:"doubles,omitempty"`
	RollAgain bool       `json:"roll_again,omitempty"`
	Built     int        `json:"built,omitempty"` // buildings bought this turn (house rule cap)
	Props     []Property `json:"props"`
	Houses    int        `json:"houses"` // in the bank
	Hotels    int        `json:"hotels"`
	Decks     [2]Deck    `json:"decks"`
	Auction   *Auction   `json:"auction,omitempty"`
	// AuctionQueue holds deeds of a player bankrupt to the bank, auctioned
	// one after another.
	AuctionQueue []int    `json:"auction_queue,omitempty"`
	Debts        []Debt   `json:"debts,omitempty"`
	Placing      PlayerID `json:"placing,omitempty"` // PhasePlaceBuilding: the auction winner
	PlaceKind    int      `json:"place_kind,omitempty"`
	PlacePaid    int      `json:"place_paid,omitempty"` // the winning bid, returned if it cannot be placed
	Trades       []Trade  `json:"trades,omitempty"`
	NextTrade    int      `json:"next_trade,omitempty"`
	Jackpot      int      `json:"jackpot,omitempty"`
	// Bank is the bank's balance: what it took in minus what it paid out.
	// Cash + Jackpot + Bank is the same at every step (money conservation).
	Bank   int64    `json:"bank"`
	Winner PlayerID `json:"winner"`
	// Scripted dice are used before the generator: tests and replays of
	// physical games set them.
	Scripted []uint8 `json:"scripted,omitempty"`

	ed     *Edition
	events []Event
	// spare is the Auction of the last closed auction, reused by the next
	// one so that auctions allocate nothing. Never shared: Clone drops it.
	spare *Auction
	// debtBuf and queueBuf keep the backing arrays of Debts and
	// AuctionQueue while those are empty (and nil, as JSON and Clone
	// expect), so the next debt or queued auction allocates nothing. Never
	// shared: Clone drops them.
	debtBuf  []Debt
	queueBuf []int
	hold     holdings // who owns what, per seat (holdings.go)
}

// Config describes a new game.
type Config struct {
	Edition string
	Players int
	Seed    uint64
	Rules   *Rules // nil: the edition's defaults
	// SeatZeroStarts skips the roll for the starting order: seat 0 moves
	// first (the business rule book's "the youngest starts", which the bot
	// makes the game's creator, or a random seat when seats are shuffled).
	SeatZeroStarts bool
}

// New creates a game, shuffles the decks and rolls for the starting order.
// The returned events show the order roll.
func New(cfg Config) (*Game, []Event, error) {
	ed := EditionByID(cfg.Edition)
	if ed == nil {
		return nil, nil, fmt.Errorf("engine: unknown edition %q", cfg.Edition)
	}
	if cfg.Players < ed.MinPlayers || cfg.Players > ed.MaxPlayers {
		return nil, nil, fmt.Errorf("engine: %d players, edition %s takes %d to %d", cfg.Players, ed.ID, ed.MinPlayers, ed.MaxPlayers)
	}
	g := &Game{Edition: ed.ID, Rules: ed.Rules, RNG: RNG{State: cfg.Seed}, ed: ed, Winner: NoOwner}
	if cfg.Rules != nil {
		g.Rules = *cfg.Rules
	}
	g.Players = make([]Player, cfg.Players)
	for i := range g.Players {
		g.Players[i].Cash = g.Rules.StartingCash
	}
	g.Props = make([]Property, len(ed.Squares))
	for i := range g.Props {
		g.Props[i].Owner = NoOwner
	}
	g.Houses, g.Hotels = ed.Houses, ed.Hotels
	for d := range g.Decks {
		n := len(ed.Decks[d])
		if n == 0 {
			continue // an edition with one deck: the other stays nil
		}
		order := make([]uint8, n)
		for i := range order {
			order[i] = uint8(i)
		}
		for i := n - 1; i > 0; i-- { // Fisher–Yates
			j := g.RNG.Intn(i + 1)
			order[i], order[j] = order[j], order[i]
		}
		g.Decks[d] = Deck{Order: order, Count: n}
	}
	g.Placing = NoOwner
	g.Jackpot, g.Bank = ed.Jackpot, -int64(ed.Jackpot) // the bank's stake in the centre
	g.events = g.events[:0]
	if cfg.SeatZeroStarts {
		*g.event() = Event{Kind: EvFirstPlayer, Player: 0}
	} else {
		g.Current = g.rollForOrder()
	}
	g.startTurn()
	return g, g.takeEvents(), nil
}

// rollForOrder rolls two dice for each player (one where the edition's
// OrderDice says so: EvOrderRoll's second die is then 0); the highest
// starts, ties among the highest roll again.
func (g *Game) rollForOrder() PlayerID {
	oneDie := g.ed.OrderDice == 1
	contenders := make([]PlayerID, len(g.Players))
	for i := range contenders {
		contenders[i] = PlayerID(i)
	}
	for {
		best, bestSum := contenders[:0:0], 0
		for _, p := range contenders {
			d := [2]int{g.die(), 0}
			if !oneDie {
				d[1] = g.die()
			}
			*g.event() = Event{Kind: EvOrderRoll, Player: p, Dice: d}
			switch s := d[0] + d[1]; {
			case s > bestSum:
				best, bestSum = append(best[:0], p), s
			case s == bestSum:
				best = append(best, p)
			}
		}
		if len(best) == 1 {
			*g.event() = Event{Kind: EvFirstPlayer, Player: best[0]}
			return best[0]
		}
		contenders = best
	}
}

// EditionData returns the edition the game is played with.
func (g *Game) EditionData() *Edition {
	if g.ed == nil {
		g.ed = EditionByID(g.Edition)
	}
	return g.ed
}

// Clone returns a deep copy that shares nothing with g.
func (g *Game) Clone() *Game {
	c := *g
	c.Players = append([]Player(nil), g.Players...)
	c.Props = append([]Property(nil), g.Props...)
	for d := range c.Decks {
		c.Decks[d].Order = append([]uint8(nil), g.Decks[d].Order...)
	}
	if g.Auction != nil {
		a := *g.Auction
		a.Passed = append([]bool(nil), g.Auction.Passed...)
		c.Auction = &a
	}
	c.AuctionQueue = append([]int(nil), g.AuctionQueue...)
	c.Debts = append([]Debt(nil), g.Debts...)
	c.Trades = make([]Trade, len(g.Trades))
	for i, t := range g.Trades {
		c.Trades[i] = t.Clone()
	}
	if g.Trades == nil {
		c.Trades = nil
	}
	c.Scripted = append([]uint8(nil), g.Scripted...)
	c.events = nil
	c.spare, c.debtBuf, c.queueBuf = nil, nil, nil
	c.hold = holdings{} // the clone builds its own
	return &c
}

// Clone returns a copy of t that shares no slice with it.
func (t Trade) Clone() Trade {
	t.GiveDeeds = append([]int(nil), t.GiveDeeds...)
	t.TakeDeeds = append([]int(nil), t.TakeDeeds...)
	t.GiveCards = append([]int(nil), t.GiveCards...)
	t.TakeCards = append([]int(nil), t.TakeCards...)
	return t
}

// ScriptDice queues dice values to be used before the generator, two per
// roll. Values must be 1–6.
func (g *Game) ScriptDice(values ...int) {
	for _, v := range values {
		if v < 1 || v > 6 {
			panic("engine: scripted die out of range")
		}
		g.Scripted = append(g.Scripted, uint8(v))
	}
}

func (g *Game) die() int {
	if len(g.Scripted) > 0 {
		v := int(g.Scripted[0])
		g.Scripted = g.Scripted[1:]
		if len(g.Scripted) == 0 {
			g.Scripted = nil
		}
		return v
	}
	return g.RNG.Intn(6) + 1
}

func (g *Game) rollDice() [2]int { return [2]int{g.die(), g.die()} }

// roll is rollDice for the turn's roll, as two values: a [2]int result is
// returned on the stack and read back in one wide word, which stalls the
// processor's store forwarding on every turn.
func (g *Game) roll() (a, b int) { return g.die(), g.die() }

func (g *Game) emit(e Event) { *g.event() = e }

// event makes room for one more event of the current call and returns it
// for the caller to assign whole: *g.event() = Event{...}. The compiler
// writes such a literal in place (one of up to four fields, as most events
// are; a longer one it builds from a static template in a temporary),
// where emit(Event{...}) builds it in a temporary first and copies it in
// wider words than it was written in, which stalls the processor's store
// forwarding on every event.
func (g *Game) event() *Event {
	n := len(g.events)
	if n < cap(g.events) {
		g.events = g.events[:n+1]
	} else {
		g.events = append(g.events, Event{})
	}
	return &g.events[n]
}

// takeEvents returns the events of the last call. The slice is reused by
// the next Apply: callers that keep events copy them.
func (g *Game) takeEvents() []Event { return g.events }

// Active reports whether seat p is still playing.
func (g *Game) Active(p PlayerID) bool {
	return p >= 0 && int(p) < len(g.Players) && !g.Players[p].Bankrupt
}

// ActiveCount is the number of players not bankrupt.
func (g *Game) ActiveCount() int {
	n := 0
	for i := range g.Players {
		if !g.Players[i].Bankrupt {
			n++
		}
	}
	return n
}
