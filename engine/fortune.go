package engine

// The face-up «Удача» and «Неудача» cards of the business edition. The
// rule book lays them in the centre and never says more; here a Сюрприз
// card hands one to the player who drew it (nothing happens when none of
// that kind is left), and the holder keeps it, face up, until the next
// rent they owe: Удача waives that rent, Неудача doubles it, and the card
// goes back to the centre. Удача is played first when both are held.
// Bankruptcy returns the holder's cards; they are never traded.

// FortunesLeft is how many cards of kind (FortuneLuck or
// FortuneMisfortune) lie in the centre.
func (g *Game) FortunesLeft(kind int) int {
	ed := g.EditionData()
	n := ed.Luck
	if kind == FortuneMisfortune {
		n = ed.Misfortune
	}
	for i := range g.Players {
		n -= int(*g.Players[i].fortune(kind))
	}
	return n
}

func (pl *Player) fortune(kind int) *uint8 {
	if kind == FortuneMisfortune {
		return &pl.Misfortune
	}
	return &pl.Luck
}

// editionCard plays the card kinds only the business edition has.
func (g *Game) editionCard(p PlayerID, kind CardKind) {
	switch kind {
	case CardSkipTurn:
		g.willSkip(p, SkipCard)
	case CardLuck:
		g.takeFortune(p, FortuneLuck)
	case CardMisfortune:
		g.takeFortune(p, FortuneMisfortune)
	}
}

func (g *Game) takeFortune(p PlayerID, kind int) {
	taken, gone := EvLuckTaken, EvLuckGone
	if kind == FortuneMisfortune {
		taken, gone = EvMisfortuneTaken, EvMisfortuneGone
	}
	if g.FortunesLeft(kind) == 0 {
		*g.event() = Event{Kind: gone, Player: p}
		return
	}
	*g.Players[p].fortune(kind)++
	*g.event() = Event{Kind: taken, Player: p}
}

// playFortune applies a held card to rent that p owes owner for sq and
// returns the rent due now.
func (g *Game) playFortune(p, owner PlayerID, sq, rent int) int {
	pl := &g.Players[p]
	if pl.Luck > 0 {
		pl.Luck--
		*g.event() = Event{Kind: EvLuckUsed, Player: p, Other: owner, Square: sq, Amount: rent}
		return 0
	}
	pl.Misfortune--
	*g.event() = Event{Kind: EvMisfortuneUsed, Player: p, Other: owner, Square: sq, Amount: rent}
	return 2 * rent
}

// leaveEditionState clears what a bankrupt player held of the business
// edition's state: face-up cards back to the centre, booked skips gone.
func (g *Game) leaveEditionState(p PlayerID) {
	pl := &g.Players[p]
	pl.Skips = [skipReasons]uint8{}
	if pl.Luck+pl.Misfortune == 0 {
		return
	}
	*g.event() = Event{Kind: EvFortuneReturned, Player: p, Amount: int(pl.Luck), Cost: int(pl.Misfortune)}
	pl.Luck, pl.Misfortune = 0, 0
}
