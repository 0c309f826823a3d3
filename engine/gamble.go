package engine

// The gamble square of the business edition («Шанс»): the player stakes
// any part of their cash, up to Rules.GambleCap, or nothing, and rolls one
// die: 1–2 the stake goes to the bank, 3–4 the bank adds half the stake
// (rounded down), 5–6 the bank doubles it.

// MaxStake is the most p may stake on the gamble square now.
func (g *Game) MaxStake(p PlayerID) int {
	c := g.Players[p].Cash
	if limit := g.Rules.GambleCap; limit > 0 && limit < c {
		c = limit
	}
	return c - c%g.Note()
}

// GambleGain is the net change of cash for a stake and the die rolled.
func GambleGain(stake, die int) int {
	switch {
	case die <= 2:
		return -stake
	case die <= 4:
		return stake / 2
	}
	return stake
}

// offerGamble lets p stake something, if p has any cash.
func (g *Game) offerGamble(p PlayerID) { g.offerStake(Event{Kind: EvGambleOffered, Player: p}) }

// offerStake waits for the stake of e.Player, if they have any cash, and
// emits e, the offer, with the most they may stake in Amount.
func (g *Game) offerStake(e Event) {
	most := g.MaxStake(e.Player)
	if most < g.Note() {
		return
	}
	g.Step = StepGamble
	e.Amount = most
	g.emit(e)
}

func (g *Game) checkGamble(p PlayerID, a Action) error {
	if err := g.onTurn(p == g.Current, PhaseGamble); err != nil {
		return err
	}
	if a.Kind == ActStake && (a.Amount < g.Note() || a.Amount > g.MaxStake(p)) {
		return ErrBadStake
	}
	if a.Kind == ActStake && !g.wholeNotes(a.Amount) {
		return ErrWholeNotes
	}
	return nil
}

func (g *Game) actStake(p PlayerID, stake int) {
	if g.ed.Squares[g.Players[p].Pos].Kind == SquareCasino {
		g.spinCasino(p, stake)
		return
	}
	die := g.die()
	gain := GambleGain(stake, die)
	if gain < 0 {
		g.takeForBank(p, stake)
	} else {
		g.bankPays(p, gain)
	}
	g.Step = StepTurnEnd
	if gain < 0 {
		*g.event() = Event{Kind: EvGambleLost, Player: p, Amount: stake, Dice: [2]int{die, 0}}
		return
	}
	*g.event() = Event{Kind: EvGambleWon, Player: p, Amount: stake, Dice: [2]int{die, 0}, Cost: gain}
}

func (g *Game) actNoStake(p PlayerID) {
	g.Step = StepTurnEnd
	*g.event() = Event{Kind: EvNoStake, Player: p}
}
