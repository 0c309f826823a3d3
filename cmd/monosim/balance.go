package main

import (
	"math"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// An observer turns the events of the games a worker plays into
// statistics. Each worker has its own observers (newObservers), merged
// into the first worker's at the end; so that a run's figures do not
// depend on how games were spread over workers, merging only adds.
// A new kind of statistics (a square with a stake, say) is one more
// observer.
type observer interface {
	startGame(g *engine.Game)
	// events is called with the events of every applied action; turn is
	// the number of player-turns completed so far in the game. (A call a
	// step, not one an event: the simulator makes several million.)
	events(g *engine.Game, turn int, es []engine.Event)
	endGame(g *engine.Game, turns int)
	merge(other observer)
}

// newObservers returns a worker's observers for the edition.
func newObservers(ed *engine.Edition) []observer {
	obs := []observer{newGroupStats(ed)}
	if len(stakeKinds) > 0 {
		obs = append(obs, newStakeStats(ed))
	}
	return obs
}

// groupTally is what groupStats adds up for one ownable group.
type groupTally struct {
	bought, boughtPaid       int64 // deeds bought at the printed price
	auctioned, auctionPaid   int64 // deeds won at auction
	buildings, buildingsPaid int64
	rent                     int64
	deedTurns                int64 // player-turns a deed of the group was owned, summed over deeds
	completed                int   // games in which one player held the whole group
	completedAllIn           int   // of those, games where it happened before anyone went bankrupt
	completedTurns           int64 // sum of the turns of the first completion
}

// groupStats follows ownership and money per ownable group: what was paid
// for deeds and buildings, what rent they brought, how long they were
// owned and whether one player held a whole group.
type groupStats struct {
	ed     *engine.Edition
	groups []groupTally
	// Per game: each square's owner (NoOwner: the bank's) and since when,
	// whether each group was completed, the winner of a building auction
	// whose building is placed later (its EvBuilt costs nothing).
	owner    []engine.PlayerID
	since    []int
	complete []bool
	placing  map[engine.PlayerID]int
	out      int // players bankrupt so far
}

func newGroupStats(ed *engine.Edition) *groupStats {
	return &groupStats{
		ed: ed, groups: make([]groupTally, ed.GroupCount()),
		owner: make([]engine.PlayerID, len(ed.Squares)), since: make([]int, len(ed.Squares)),
		complete: make([]bool, ed.GroupCount()), placing: map[engine.PlayerID]int{},
	}
}

func (s *groupStats) startGame(g *engine.Game) {
	for sq := range s.owner {
		s.owner[sq] = engine.NoOwner
	}
	clear(s.complete)
	clear(s.placing)
	s.out = 0
}

// acquire records that p got sq from the bank or from another player.
func (s *groupStats) acquire(sq int, p engine.PlayerID, turn int) {
	if s.owner[sq] == engine.NoOwner {
		s.since[sq] = turn
	}
	s.owner[sq] = p
	gi := s.ed.Squares[sq].Group
	if gi < 0 || s.complete[gi] {
		return
	}
	for _, x := range s.ed.Group(gi) {
		if s.owner[x] != p {
			return
		}
	}
	s.complete[gi] = true
	s.groups[gi].completed++
	s.groups[gi].completedTurns += int64(turn)
	if s.out == 0 {
		s.groups[gi].completedAllIn++
	}
}

// release records that sq went back to the bank.
func (s *groupStats) release(sq, turn int) {
	if s.owner[sq] == engine.NoOwner {
		return
	}
	if gi := s.ed.Squares[sq].Group; gi >= 0 {
		s.groups[gi].deedTurns += int64(turn - s.since[sq])
	}
	s.owner[sq] = engine.NoOwner
}

func (s *groupStats) group(sq int) *groupTally {
	if sq < 0 || sq >= len(s.ed.Squares) || s.ed.Squares[sq].Group < 0 {
		return nil
	}
	return &s.groups[s.ed.Squares[sq].Group]
}

func (s *groupStats) events(g *engine.Game, turn int, es []engine.Event) {
	for i := range es {
		s.event(g, turn, &es[i])
	}
}

func (s *groupStats) event(g *engine.Game, turn int, e *engine.Event) {
	switch e.Kind {
	case engine.EvBought:
		if t := s.group(e.Square); t != nil {
			t.bought++
			t.boughtPaid += int64(e.Amount)
		}
		s.acquire(e.Square, e.Player, turn)
	case engine.EvAuctionWon:
		if e.Cost > 0 { // a building: paid now, placed now or later
			s.placing[e.Player] = e.Amount
			return
		}
		if t := s.group(e.Square); t != nil {
			t.auctioned++
			t.auctionPaid += int64(e.Amount)
		}
		s.acquire(e.Square, e.Player, turn)
	case engine.EvDeedReceived:
		s.acquire(e.Square, e.Player, turn)
	case engine.EvBankrupt:
		s.out++
		if e.Other == engine.Bank {
			for sq, o := range s.owner {
				if o == e.Player {
					s.release(sq, turn)
				}
			}
		}
	case engine.EvBuilt:
		cost := e.Cost
		if paid, ok := s.placing[e.Player]; ok {
			cost = paid // the building won at auction: its bid
			delete(s.placing, e.Player)
		}
		if t := s.group(e.Square); t != nil {
			t.buildings++
			t.buildingsPaid += int64(cost)
		}
	case engine.EvRentPaid:
		if t := s.group(e.Square); t != nil {
			t.rent += int64(e.Amount)
		}
	}
}

func (s *groupStats) endGame(g *engine.Game, turns int) {
	for sq := range s.owner {
		s.release(sq, turns)
	}
}

func (s *groupStats) merge(other observer) {
	o := other.(*groupStats)
	for i := range s.groups {
		a, b := &s.groups[i], &o.groups[i]
		a.bought += b.bought
		a.boughtPaid += b.boughtPaid
		a.auctioned += b.auctioned
		a.auctionPaid += b.auctionPaid
		a.buildings += b.buildings
		a.buildingsPaid += b.buildingsPaid
		a.rent += b.rent
		a.deedTurns += b.deedTurns
		a.completed += b.completed
		a.completedAllIn += b.completedAllIn
		a.completedTurns += b.completedTurns
	}
}

// GroupBalance is what one ownable group (a colour set, the ports, the
// utilities) cost and earned over the run. Money is in the edition's
// units; turns are player-turns.
type GroupBalance struct {
	Group   int    `json:"group"`
	Name    string `json:"name"`
	Squares []int  `json:"squares"`
	Kind    string `json:"kind"` // "colour set", "ports", "utilities" or "other"
	// Price is the printed price of the whole group.
	Price int `json:"price"`
	// Deeds bought at the printed price and won at auction, and what was
	// paid for them; MeanAuctionShare is the mean auction price over the
	// printed one.
	Bought           int64   `json:"bought"`
	BoughtPaid       int64   `json:"bought_paid"`
	Auctioned        int64   `json:"auctioned"`
	AuctionPaid      int64   `json:"auction_paid"`
	MeanAuctionShare float64 `json:"mean_auction_share"`
	// Buildings bought on the group (at the bank's price or at auction).
	Buildings     int64 `json:"buildings"`
	BuildingsPaid int64 `json:"buildings_paid"`
	// Rent collected on the group's squares, in all and per game.
	Rent        int64   `json:"rent"`
	RentPerGame float64 `json:"rent_per_game"`
	// ROI is the rent collected over what was paid for the group's deeds
	// and buildings.
	ROI float64 `json:"roi"`
	// RentPerDeedTurn is the rent a deed of the group brought per
	// player-turn it was owned; PaybackTurns is what was paid per deed
	// (deeds and buildings) over it: how many player-turns a deed takes
	// to pay for itself. Zero when no rent was collected.
	DeedTurns       int64   `json:"deed_turns"`
	RentPerDeedTurn float64 `json:"rent_per_deed_turn"`
	PaybackTurns    float64 `json:"payback_turns"`
	// Completed counts the games in which one player held the whole group
	// at some moment; MeanCompletedTurn is the mean player-turn of the
	// first time. Late in a game the survivors hold nearly everything, so
	// CompletedAllIn counts apart the games where it happened while every
	// player was still in: sets formed by buying, auctions and trades.
	Completed           int     `json:"completed"`
	CompletedShare      float64 `json:"completed_share"`
	CompletedAllIn      int     `json:"completed_all_in"`
	CompletedAllInShare float64 `json:"completed_all_in_share"`
	MeanCompletedTurn   float64 `json:"mean_completed_turn"`
}

func groupKind(ed *engine.Edition, gi int) string {
	sqs := ed.Group(gi)
	if len(sqs) == 0 {
		return "other"
	}
	switch ed.Squares[sqs[0]].Kind {
	case engine.SquareStreet:
		return "colour set"
	case engine.SquarePort:
		return "ports"
	case engine.SquareUtility:
		return "utilities"
	}
	return "other"
}

// balance turns the tallies of groupStats into the report's rows.
func (s *groupStats) balance(games int) []GroupBalance {
	ed := s.ed
	rows := make([]GroupBalance, 0, len(s.groups))
	for gi := range s.groups {
		t := &s.groups[gi]
		b := GroupBalance{
			Group: gi, Squares: append([]int(nil), ed.Group(gi)...), Kind: groupKind(ed, gi),
			Bought: t.bought, BoughtPaid: t.boughtPaid, Auctioned: t.auctioned, AuctionPaid: t.auctionPaid,
			Buildings: t.buildings, BuildingsPaid: t.buildingsPaid, Rent: t.rent,
			DeedTurns: t.deedTurns, Completed: t.completed, CompletedAllIn: t.completedAllIn,
		}
		for _, sq := range b.Squares {
			b.Price += ed.Squares[sq].Price
		}
		if t.auctioned > 0 && b.Price > 0 {
			meanPrinted := float64(b.Price) / float64(len(b.Squares))
			b.MeanAuctionShare = float64(t.auctionPaid) / float64(t.auctioned) / meanPrinted
		}
		paid := t.boughtPaid + t.auctionPaid + t.buildingsPaid
		if games > 0 {
			b.RentPerGame = float64(t.rent) / float64(games)
			b.CompletedShare = float64(t.completed) / float64(games)
			b.CompletedAllInShare = float64(t.completedAllIn) / float64(games)
		}
		if paid > 0 {
			b.ROI = float64(t.rent) / float64(paid)
		}
		if t.deedTurns > 0 {
			b.RentPerDeedTurn = float64(t.rent) / float64(t.deedTurns)
		}
		if deeds := t.bought + t.auctioned; deeds > 0 && b.RentPerDeedTurn > 0 {
			b.PaybackTurns = float64(paid) / float64(deeds) / b.RentPerDeedTurn
		}
		if t.completed > 0 {
			b.MeanCompletedTurn = float64(t.completedTurns) / float64(t.completed)
		}
		rows = append(rows, b)
	}
	return rows
}

// SeatWins is one seat's share of the finished games' wins with its 95 %
// confidence interval (Wilson's, which stays inside 0–1 for small counts).
type SeatWins struct {
	Seat int     `json:"seat"`
	Wins int     `json:"wins"`
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// winInterval is the 95 % Wilson score interval of k successes in n
// trials.
func winInterval(k, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, fn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return max(0, c-h), min(1, c+h)
}

func seatWins(wins []int, finished int) []SeatWins {
	out := make([]SeatWins, len(wins))
	for i, w := range wins {
		out[i] = SeatWins{Seat: i, Wins: w}
		if finished > 0 {
			out[i].Rate = float64(w) / float64(finished)
		}
		out[i].Low, out[i].High = winInterval(w, finished)
	}
	return out
}
