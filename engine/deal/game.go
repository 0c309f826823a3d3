package deal

import "fmt"

// Game limits of the rule book.
const (
	MinPlayers    = 2
	MaxPlayers    = 5
	StartHand     = 5 // cards dealt to each player
	DrawPerTurn   = 2
	DrawEmptyHand = 5 // drawn instead of 2 when the hand is empty at the turn's start
	PlaysPerTurn  = 3
	HandLimit     = 7 // cards in the hand at the end of a turn
	SetsToWin     = 3 // complete sets of different colours
)

// Zone is where a card lies.
type Zone uint8

const (
	ZoneDeck    Zone = iota // the draw pile (order in Game.Deck)
	ZoneDiscard             // played and discarded cards, face up
	ZoneHand                // Owner's hand
	ZoneBank                // Owner's bank
	ZoneTable               // Owner's properties (Color: the set) and buildings (Color: the set they stand on)
)

// Place is where one card lies.
type Place struct {
	Zone  Zone     `json:"z"`
	Owner PlayerID `json:"o"`
	Color Color    `json:"c"`
}

// Phase is what the game waits for now.
type Phase uint8

const (
	PhasePlay     Phase = iota + 1 // Current: play up to 3 cards, re-colour wilds, end the turn
	PhaseRespond                   // Pending's answering player: Just Say No, accept or pay
	PhaseDiscard                   // Current: discard down to 7
	PhaseGameOver                  // Winner has three complete sets, or is the last one left
)

// Rules are the game's options.
type Rules struct {
	// SayNoCostsPlay makes a Just Say No played by the player whose turn
	// it is (against a No aimed at their action) one of their 3 plays, as
	// the book counts every card played in a turn. The bot deals its games
	// with it on unless the chat's house rule makes that No free
	// (bot/deal/settings.go); the zero value stays off, so games saved
	// before the option was offered keep the rule they were dealt with.
	SayNoCostsPlay bool `json:"say_no_costs_play,omitempty"`
}

// Target is one player an action is aimed at, answering it on their own
// and at the same time as the other targets. Noes counts the Just Say No
// cards played in this player's chain: when even, the target answers (no,
// accept or pay); when odd, the actor does (no again, or concede). Done
// marks a chain settled.
type Target struct {
	Player PlayerID `json:"player"`
	Noes   int      `json:"noes,omitempty"`
	Done   bool     `json:"done,omitempty"`
}

// answerer is who must answer the chain now.
func (t *Target) answerer(actor PlayerID) PlayerID {
	if t.Noes%2 == 1 {
		return actor
	}
	return t.Player
}

// Pending is an action waiting for its targets' answers. Every target
// answers at once, each in its own chain (the actor answers a target's
// Just Say No in that target's chain); the action is over when every chain
// is settled. Everything in it is public.
type Pending struct {
	Card    int                    `json:"card"`
	Action  ActionType             `json:"action"`
	Actor   PlayerID               `json:"actor"`
	Color   Color                  `json:"color,omitempty"`
	Amount  int                    `json:"amount,omitempty"` // owed by each target of a debt
	Take    int                    `json:"take,omitempty"`
	Give    int                    `json:"give,omitempty"`
	Targets [MaxPlayers - 1]Target `json:"targets"` // in turn order after the actor
	N       int                    `json:"n"`       // targets in use
}

// IsDebt says whether the pending action asks its targets for money.
func (pd *Pending) IsDebt() bool {
	return pd.Action == RentCard || pd.Action == DebtCollector || pd.Action == Birthday
}

// Chain returns the index of the open chain player p must answer now —
// for the actor, the chain of target — or -1.
func (pd *Pending) Chain(p, target PlayerID) int {
	for i := range pd.Targets[:pd.N] {
		t := &pd.Targets[i]
		if t.Done || t.answerer(pd.Actor) != p {
			continue
		}
		if p != pd.Actor || t.Player == target {
			return i
		}
	}
	return -1
}

// Game is the whole state of one game, hidden parts included: give players
// a View, never the Game.
type Game struct {
	Rules   Rules  `json:"rules"`
	Version uint64 `json:"version"` // applied actions; the bot stamps it into buttons
	RNG     RNG    `json:"rng"`
	Seats   int    `json:"seats"`
	// Places says where every card lies: each card is in exactly one
	// place by construction, Deck must agree with the ZoneDeck cards.
	Places  Places   `json:"places"`
	Deck    []uint8  `json:"deck"` // the draw pile, top last
	Current PlayerID `json:"current"`
	Phase   Phase    `json:"phase"`
	Plays   int      `json:"plays"`            // cards played this turn
	Turn    int      `json:"turn"`             // turns started so far
	Pending Pending  `json:"pending,omitzero"` // zero unless PhaseRespond
	Winner  PlayerID `json:"winner"`
	// Out marks the seats that left the game (ActResign): they hold no
	// card, are skipped in turn order and are no one's target.
	Out [MaxPlayers]bool `json:"out,omitzero"`

	events []Event
}

// Config describes a new game.
type Config struct {
	Players int
	Seed    uint64
	Rules   Rules
	// Deck, when set, scripts the draw pile: these cards are dealt and
	// drawn first, in this order, then the others in card order; seat 0
	// starts. Tests and replays of physical games use it.
	Deck []int
}

// New deals a game: shuffles the deck (or follows Config.Deck), deals 5
// cards to each player one at a time, chooses who starts and starts that
// turn (its draw included). The events show the deal.
func New(cfg Config) (*Game, []Event, error) {
	if cfg.Players < MinPlayers || cfg.Players > MaxPlayers {
		return nil, nil, fmt.Errorf("deal: %d players, the game takes %d to %d", cfg.Players, MinPlayers, MaxPlayers)
	}
	g := &Game{Rules: cfg.Rules, RNG: RNG{State: cfg.Seed}, Seats: cfg.Players, Winner: Nobody}
	g.Deck = make([]uint8, 0, DeckSize)
	first := PlayerID(0)
	if cfg.Deck != nil {
		var seen CardSet
		for _, c := range cfg.Deck {
			if c < 0 || c >= DeckSize || seen.Has(c) {
				return nil, nil, fmt.Errorf("deal: scripted deck names card %d twice or out of range", c)
			}
			seen = seen.Add(c)
		}
		for c := DeckSize - 1; c >= 0; c-- {
			if !seen.Has(c) {
				g.Deck = append(g.Deck, uint8(c))
			}
		}
		for i := len(cfg.Deck) - 1; i >= 0; i-- {
			g.Deck = append(g.Deck, uint8(cfg.Deck[i]))
		}
	} else {
		for c := range DeckSize {
			g.Deck = append(g.Deck, uint8(c))
		}
		g.shuffle(g.Deck)
		first = PlayerID(g.RNG.Intn(cfg.Players))
	}
	for i := range g.Places {
		g.Places[i] = Place{Zone: ZoneDeck, Owner: Nobody}
	}
	g.events = make([]Event, 0, 32)
	var dealt [MaxPlayers]CardSet
	for i := range StartHand * cfg.Players {
		p := (first + PlayerID(i)) % PlayerID(cfg.Players)
		c := g.pop()
		g.Places[c] = Place{Zone: ZoneHand, Owner: p}
		dealt[p] = dealt[p].Add(c)
	}
	for p := range PlayerID(cfg.Players) {
		e := event(EvDrew, p)
		e.Seen, e.Cards = p, dealt[p]
		g.emit(e)
		e = event(EvDrewCount, p)
		e.Amount = StartHand
		g.emit(e)
	}
	g.startTurn(first)
	return g, g.events, nil
}

func (g *Game) shuffle(cards []uint8) {
	for i := len(cards) - 1; i > 0; i-- { // Fisher–Yates
		j := g.RNG.Intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// pop takes the top card of the draw pile, which must not be empty.
func (g *Game) pop() int {
	c := int(g.Deck[len(g.Deck)-1])
	g.Deck = g.Deck[:len(g.Deck)-1]
	return c
}

func (g *Game) emit(e Event) { g.events = append(g.events, e) }

// event is a public event of kind k about player p; the caller fills in
// the fields the kind uses.
func event(k EventKind, p PlayerID) Event {
	return Event{Kind: k, Seen: Everyone, Player: p, Other: Nobody, Card: -1}
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	c := *g
	c.Deck = append(make([]uint8, 0, DeckSize), g.Deck...)
	c.events = nil
	return &c
}

// Reset makes g a copy of src, reusing g's buffers: a simulator replays a
// position without allocating.
func (g *Game) Reset(src *Game) {
	deck, events := g.Deck, g.events
	*g = *src
	g.Deck = append(deck[:0], src.Deck...)
	g.events = events[:0]
}

// Waiting returns the player the game waits for now (the first of them
// while an action's targets answer), or Nobody when it is over.
func (g *Game) Waiting() PlayerID {
	switch g.Phase {
	case PhasePlay, PhaseDiscard:
		return g.Current
	case PhaseRespond:
		pd := &g.Pending
		for i := range pd.Targets[:pd.N] {
			if t := &pd.Targets[i]; !t.Done {
				return t.answerer(pd.Actor)
			}
		}
	}
	return Nobody
}

// Waits says whether the game waits for a decision of p now. While an
// action's targets answer, several players may be waited for at once; the
// bot gives them one deadline, after which ActTimeout settles every open
// chain.
func (g *Game) Waits(p PlayerID) bool {
	switch g.Phase {
	case PhasePlay, PhaseDiscard:
		return p == g.Current
	case PhaseRespond:
		pd := &g.Pending
		for i := range pd.Targets[:pd.N] {
			if t := &pd.Targets[i]; !t.Done && t.answerer(pd.Actor) == p {
				return true
			}
		}
	}
	return false
}

func (g *Game) seat(p PlayerID) bool { return p >= 0 && int(p) < g.Seats }

// Active says whether p is a seat of the game that has not left it.
func (g *Game) Active(p PlayerID) bool { return g.seat(p) && !g.Out[p] }

// active counts the seats still in the game.
func (g *Game) active() int {
	n := 0
	for p := range PlayerID(g.Seats) {
		if !g.Out[p] {
			n++
		}
	}
	return n
}
