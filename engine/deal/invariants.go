package deal

import "fmt"

// CheckInvariants verifies what must hold after every step: every card
// lies in exactly one place and the draw pile agrees with the places;
// banks hold only bankable cards and tables only properties and buildings,
// of colours they may take; buildings stand only on complete buildable
// sets (a house per set, a hotel per house); no hand but the current
// player's holds more than 7; nobody has three complete sets while the
// game goes on, and the winner has them (or is the last one left) when it
// is over; a seat that left holds nothing and is nobody's turn; the phase
// agrees with the rest. Tests call it after every action.
func (g *Game) CheckInvariants() error {
	if g.Seats < MinPlayers || g.Seats > MaxPlayers {
		return fmt.Errorf("%d seats", g.Seats)
	}
	var inDeck CardSet
	for _, c := range g.Deck {
		if int(c) >= DeckSize || inDeck.Has(int(c)) {
			return fmt.Errorf("draw pile holds card %d twice or out of range", c)
		}
		inDeck = inDeck.Add(int(c))
	}
	for i, pl := range g.Places {
		if err := g.checkPlace(i, pl, inDeck.Has(i)); err != nil {
			return err
		}
	}
	// Count every seat's hand, properties and buildings in one pass.
	var hands [MaxPlayers]int
	var n, printed, houses, hotels [MaxPlayers][NumColors]int
	for i, pl := range g.Places {
		switch {
		case pl.Zone == ZoneHand:
			hands[pl.Owner]++
		case pl.Zone != ZoneTable:
		case Cards[i].Type == TypeProperty:
			printed[pl.Owner][pl.Color]++
			n[pl.Owner][pl.Color]++
		case Cards[i].Type == TypeWild:
			n[pl.Owner][pl.Color]++
		case Cards[i].Action == House:
			houses[pl.Owner][pl.Color]++
		default:
			hotels[pl.Owner][pl.Color]++
		}
	}
	for p := range PlayerID(g.Seats) {
		if g.Out[p] && (hands[p] > 0 || g.holds(p)) {
			return fmt.Errorf("player %d left the game but holds cards", p)
		}
		if p != g.Current && hands[p] > HandLimit {
			return fmt.Errorf("player %d holds %d cards out of their turn", p, hands[p])
		}
		colors := 0
		for c := range NumColors {
			sets := CompleteSets(c, n[p][c], printed[p][c])
			if houses[p][c] > sets || hotels[p][c] > houses[p][c] {
				return fmt.Errorf("player %d: %d houses and %d hotels on %d complete sets of colour %d", p, houses[p][c], hotels[p][c], sets, c)
			}
			if sets > 0 {
				colors++
			}
		}
		// The win is checked at once, so nobody holds three sets while the
		// game goes on (after it, a Forced Deal's target may too).
		won := colors >= SetsToWin
		last := g.Phase == PhaseGameOver && !g.Out[p] && g.active() == 1
		if won && g.Phase != PhaseGameOver || !won && !last && g.Winner == p {
			return fmt.Errorf("player %d: %d complete colours, winner %d, phase %d", p, colors, g.Winner, g.Phase)
		}
	}
	if g.Plays < 0 || g.Plays > PlaysPerTurn {
		return fmt.Errorf("%d plays this turn", g.Plays)
	}
	if !g.seat(g.Current) || g.Phase != PhaseGameOver && g.Out[g.Current] {
		return fmt.Errorf("current player %d", g.Current)
	}
	if g.Phase != PhaseGameOver && g.active() < MinPlayers {
		return fmt.Errorf("%d players left in a game that goes on", g.active())
	}
	switch g.Phase {
	case PhasePlay, PhaseDiscard:
		if g.Pending != (Pending{}) {
			return fmt.Errorf("phase %d with a pending action", g.Phase)
		}
	case PhaseRespond:
		pd := &g.Pending
		if pd.Actor != g.Current || pd.N < 1 || pd.N > g.Seats-1 || g.Waiting() == Nobody {
			return fmt.Errorf("pending action %+v", *pd)
		}
		for _, t := range pd.Targets[:pd.N] {
			// A target that left has its chain settled.
			if !g.seat(t.Player) || t.Player == pd.Actor || !t.Done && g.Out[t.Player] || t.Noes < 0 {
				return fmt.Errorf("pending action aimed at %d", t.Player)
			}
		}
	case PhaseGameOver:
		if !g.Active(g.Winner) {
			return fmt.Errorf("game over without a winner")
		}
	default:
		return fmt.Errorf("unknown phase %d", g.Phase)
	}
	return nil
}

func (g *Game) checkPlace(i int, pl Place, inDeck bool) error {
	if (pl.Zone == ZoneDeck) != inDeck {
		return fmt.Errorf("card %d: zone %d, in the draw pile %v", i, pl.Zone, inDeck)
	}
	card := &Cards[i]
	switch pl.Zone {
	case ZoneDeck, ZoneDiscard:
		if pl.Owner != Nobody {
			return fmt.Errorf("card %d: owner %d in zone %d", i, pl.Owner, pl.Zone)
		}
		return nil
	case ZoneHand:
	case ZoneBank:
		if !card.Bankable() {
			return fmt.Errorf("card %d (type %d) in a bank", i, card.Type)
		}
	case ZoneTable:
		switch {
		case card.IsProperty():
			if !card.Allows(pl.Color) {
				return fmt.Errorf("card %d laid as colour %d", i, pl.Color)
			}
		case card.Action == House || card.Action == Hotel:
			if pl.Color < 0 || pl.Color >= NumColors || !Buildable(pl.Color) {
				return fmt.Errorf("building %d on colour %d", i, pl.Color)
			}
		default:
			return fmt.Errorf("card %d (type %d) on a table", i, card.Type)
		}
	default:
		return fmt.Errorf("card %d in unknown zone %d", i, pl.Zone)
	}
	if !g.seat(pl.Owner) {
		return fmt.Errorf("card %d owned by %d", i, pl.Owner)
	}
	return nil
}

// CheckEvents verifies what the events of one Apply promise: a payment
// reaches the amount owed with no card to spare, or else the payer gave
// every payable card; only draws are private, to the drawer.
func (g *Game) CheckEvents(events []Event) error {
	for _, e := range events {
		if (e.Seen != Everyone) != (e.Kind == EvDrew) || e.Kind == EvDrew && e.Seen != e.Player {
			return fmt.Errorf("event %d seen by %d", e.Kind, e.Seen)
		}
		if e.Kind != EvPaid {
			continue
		}
		least := 1 << 30
		for i := e.Cards.Next(0); i >= 0; i = e.Cards.Next(i + 1) {
			least = min(least, Cards[i].Value)
		}
		if e.Amount >= e.Owed && e.Amount-least >= e.Owed {
			return fmt.Errorf("player %d paid %d for %d, a card too many", e.Player, e.Amount, e.Owed)
		}
		if left, _ := g.PayableCards(e.Player); e.Amount < e.Owed && !left.Empty() {
			return fmt.Errorf("player %d paid %d of %d but kept payable cards", e.Player, e.Amount, e.Owed)
		}
	}
	return nil
}

// holds says whether any card lies in p's bank or on p's table.
func (g *Game) holds(p PlayerID) bool {
	for _, pl := range g.Places {
		if pl.Owner == p && (pl.Zone == ZoneBank || pl.Zone == ZoneTable) {
			return true
		}
	}
	return false
}
