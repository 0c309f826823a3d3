package engine

// Skipped turns and the jail square of the business edition
// (Rules.JailSkipsTurn): a player who stops on the jail square or is sent
// there pays the fine at once or skips their next turn; «Выходной» and a
// Сюрприз card skip the next turn outright.

// jailDoubles is how many doubles in a row send a player to jail.
func (g *Game) jailDoubles() int {
	if g.Rules.JailDoubles > 0 {
		return g.Rules.JailDoubles
	}
	return 3
}

// willSkip books one skipped turn for p.
func (g *Game) willSkip(p PlayerID, reason int) {
	g.Players[p].Skips[reason]++
	*g.event() = Event{Kind: EvWillSkip, Player: p, Amount: reason}
}

// skipTurn consumes one booked skip of the current player, if any: the
// turn that just began is over before it started.
func (g *Game) skipTurn() bool {
	pl := &g.Players[g.Current]
	for r := range pl.Skips {
		if pl.Skips[r] > 0 {
			pl.Skips[r]--
			*g.event() = Event{Kind: EvTurnSkipped, Player: g.Current, Amount: r}
			return true
		}
	}
	return false
}

// jailStop puts p on the jail square. Going to jail ends the turn's
// rolling (doubles roll no more); p then chooses at once between the fine
// and a skipped turn, or skips when the cash for the fine is not there.
func (g *Game) jailStop(p PlayerID, reason int) {
	g.Players[p].Pos = g.ed.JailSquare
	g.RollAgain = false
	*g.event() = Event{Kind: EvSentToJail, Player: p, Square: g.ed.JailSquare, Amount: reason}
	if g.Players[p].Cash >= g.Rules.JailFine {
		g.Step = StepJailChoice
		return
	}
	g.Step = StepTurnEnd
	g.willSkip(p, SkipJail)
}

func (g *Game) checkJailChoice(p PlayerID, a Action) error {
	if err := g.onTurn(p == g.Current, PhaseJailChoice); err != nil {
		return err
	}
	if a.Kind == ActPayJailFine && g.Players[p].Cash < g.Rules.JailFine {
		return ErrInsufficientFunds
	}
	return nil
}

// payJailChoice pays the fine: the next turn is played.
func (g *Game) payJailChoice(p PlayerID) {
	g.toCentre(p, g.Rules.JailFine)
	g.Step = StepTurnEnd
	*g.event() = Event{Kind: EvJailFinePaid, Player: p, Amount: g.Rules.JailFine}
}

// stayInJail is the choice not to pay, and the timeout's default.
func (g *Game) stayInJail(p PlayerID) {
	g.Step = StepTurnEnd
	g.willSkip(p, SkipJail)
}
