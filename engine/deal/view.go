package deal

// View is what one player may know of a game: their own hand, the sizes
// of the others' hands and of the draw pile, and everything on the table.
// It holds neither the draw pile's order nor the generator's state, which
// would foretell the draws.
type View struct {
	Me       PlayerID    `json:"me"`
	Rules    Rules       `json:"rules"`
	Version  uint64      `json:"version"`
	Seats    int         `json:"seats"`
	Current  PlayerID    `json:"current"`
	Phase    Phase       `json:"phase"`
	Plays    int         `json:"plays"`
	Turn     int         `json:"turn"`
	Winner   PlayerID    `json:"winner"`
	Pending  Pending     `json:"pending"`
	Waiting  []PlayerID  `json:"waiting"` // every player asked for a decision now
	Hand     []int       `json:"hand"`
	Hands    []int       `json:"hands"` // hand sizes by seat
	DeckLeft int         `json:"deck_left"`
	Discard  []int       `json:"discard"`
	Banks    [][]int     `json:"banks"`
	Tables   [][]OnTable `json:"tables"`
}

// OnTable is a card on a player's table and the colour of its set.
type OnTable struct {
	Card  int   `json:"card"`
	Color Color `json:"color"`
}

// View builds what player p may see (any other p, e.g. Nobody, sees no
// hand).
func (g *Game) View(p PlayerID) *View {
	v := &View{Me: p, Rules: g.Rules, Version: g.Version, Seats: g.Seats, Current: g.Current,
		Phase: g.Phase, Plays: g.Plays, Turn: g.Turn, Winner: g.Winner, Pending: g.Pending,
		DeckLeft: len(g.Deck)}
	for q := range PlayerID(g.Seats) {
		if g.Waits(q) {
			v.Waiting = append(v.Waiting, q)
		}
	}
	v.Hands = make([]int, g.Seats)
	v.Banks = make([][]int, g.Seats)
	v.Tables = make([][]OnTable, g.Seats)
	for i, pl := range g.Places {
		switch pl.Zone {
		case ZoneHand:
			v.Hands[pl.Owner]++
			if pl.Owner == p {
				v.Hand = append(v.Hand, i)
			}
		case ZoneDiscard:
			v.Discard = append(v.Discard, i)
		case ZoneBank:
			v.Banks[pl.Owner] = append(v.Banks[pl.Owner], i)
		case ZoneTable:
			v.Tables[pl.Owner] = append(v.Tables[pl.Owner], OnTable{i, pl.Color})
		}
	}
	return v
}
