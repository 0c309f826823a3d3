package engine

import "fmt"

// CheckInvariants verifies the properties that must hold after every
// step: money is conserved, the bank's building stock adds up, every deed
// has at most one owner and no bankrupt owner, building is even and only on
// whole unmortgaged sets, decks and jail cards add up, the index of
// holdings agrees with the board, every player's cash is in whole
// banknotes, and the phase agrees with the state.
// Tests call it after every action.
func (g *Game) CheckInvariants() error {
	ed := g.EditionData()
	total := int64(g.Jackpot) + g.Bank
	for i, pl := range g.Players {
		if pl.Cash < 0 {
			return fmt.Errorf("player %d has negative cash %d", i, pl.Cash)
		}
		total += int64(pl.Cash)
		if !g.wholeNotes(pl.Cash) {
			return fmt.Errorf("player %d's cash %d is not in whole banknotes of %d", i, pl.Cash, g.Note())
		}
		if pl.Bankrupt && (pl.Cash != 0 || pl.JailCards != [2]bool{}) {
			return fmt.Errorf("bankrupt player %d still holds cash or cards", i)
		}
	}
	if want := int64(len(g.Players)) * int64(g.Rules.StartingCash); total != want {
		return fmt.Errorf("money not conserved: %d in play, want %d", total, want)
	}
	houses, hotels := 0, 0
	for sq, prop := range g.Props {
		s := &ed.Squares[sq]
		if prop.Owner == NoOwner {
			if prop.Buildings != 0 || prop.Mortgaged {
				return fmt.Errorf("unowned square %d has buildings or a mortgage", sq)
			}
			continue
		}
		if !s.Ownable() {
			return fmt.Errorf("square %d cannot be owned but has owner %d", sq, prop.Owner)
		}
		if !g.Active(prop.Owner) {
			return fmt.Errorf("square %d belongs to %d who is not in the game", sq, prop.Owner)
		}
		if prop.Received && !prop.Mortgaged {
			return fmt.Errorf("square %d marked received but not mortgaged", sq)
		}
		if prop.Buildings == 0 {
			continue
		}
		if s.Kind != SquareStreet || prop.Buildings < 0 || prop.Buildings > Hotel {
			return fmt.Errorf("square %d has %d buildings", sq, prop.Buildings)
		}
		if !g.ownsSet(prop.Owner, s.Group) {
			return fmt.Errorf("square %d is built on without the whole set", sq)
		}
		if g.setMortgaged(s.Group) {
			return fmt.Errorf("square %d is built on in a set with a mortgage", sq)
		}
		if lo, hi := g.setRange(s.Group); g.Rules.EvenBuilding && hi-lo > 1 {
			return fmt.Errorf("uneven building in group %d: %d to %d", s.Group, lo, hi)
		}
		if prop.Buildings == Hotel {
			hotels++
		} else {
			houses += int(prop.Buildings)
		}
	}
	if houses+g.Houses != ed.Houses || g.Houses < 0 {
		return fmt.Errorf("houses: %d on the board + %d in the bank, want %d", houses, g.Houses, ed.Houses)
	}
	if hotels+g.Hotels != ed.Hotels || g.Hotels < 0 {
		return fmt.Errorf("hotels: %d on the board + %d in the bank, want %d", hotels, g.Hotels, ed.Hotels)
	}
	if err := g.checkHoldings(); err != nil {
		return err
	}
	for d := range g.Decks {
		held := 0
		for _, pl := range g.Players {
			if pl.JailCards[d] {
				held++
			}
		}
		if g.Decks[d].Count+held != len(ed.Decks[d]) {
			return fmt.Errorf("deck %d: %d cards + %d held, want %d", d, g.Decks[d].Count, held, len(ed.Decks[d]))
		}
	}
	if err := g.checkEditionInvariants(); err != nil {
		return err
	}
	switch g.Phase {
	case PhaseGameOver:
		if !g.Active(g.Winner) {
			return fmt.Errorf("game over without an active winner")
		}
		return nil
	case PhaseDebt:
		if len(g.Debts) == 0 {
			return fmt.Errorf("debt phase without debts")
		}
	case PhaseAuction:
		if g.Auction == nil {
			return fmt.Errorf("auction phase without an auction")
		}
	case PhasePlaceBuilding:
		if g.Placing == NoOwner {
			return fmt.Errorf("placing phase without a winner")
		}
	case PhaseTurnStart, PhaseBuyDecision, PhaseTurnEnd, PhaseJailChoice, PhaseGamble, PhaseInspection:
		if len(g.Debts) > 0 || g.Auction != nil {
			return fmt.Errorf("phase %d with pending debts or auction", g.Phase)
		}
		if !g.Active(g.Current) {
			return fmt.Errorf("current player %d is not in the game", g.Current)
		}
	default:
		return fmt.Errorf("unknown phase %d", g.Phase)
	}
	if g.ActiveCount() < 2 {
		return fmt.Errorf("fewer than two players left but the game goes on")
	}
	return nil
}
