package engine

import "fmt"

// The decisions the business and lux editions add (the jail choice, the
// gamble and the casino, the tax inspection's roll) plugged into check,
// perform, Legal, the timeout and the invariants.

// editionAction reports whether an action of kind k may be one of the
// editions' own decisions that checkEdition and performEdition handle:
// their own action kinds, or a decision in one of their own phases. It is
// the one test that every action of the classic game pays for the
// editions' hooks. (It takes the kind alone: an Action passed by value to
// an inlined call is copied in wide words from the narrow ones it was
// spilled in, a stall of the processor's store forwarding.)
func (g *Game) editionAction(k ActionKind) bool {
	return k >= ActStayInJail || g.Phase >= PhaseJailChoice
}

// checkEdition checks the edition's own decisions; handled is false for
// every other action, which check goes on to judge.
func (g *Game) checkEdition(p PlayerID, a Action) (handled bool, err error) {
	switch {
	case a.Kind == ActStayInJail || a.Kind == ActPayJailFine && g.Phase == PhaseJailChoice:
		return true, g.checkJailChoice(p, a)
	case a.Kind == ActStake || a.Kind == ActNoStake:
		return true, g.checkGamble(p, a)
	case a.Kind == ActRoll && g.Phase == PhaseInspection:
		return true, g.onTurn(p == g.Current, PhaseInspection)
	}
	return false, nil
}

// performEdition performs what checkEdition accepted.
func (g *Game) performEdition(p PlayerID, a Action) bool {
	switch {
	case a.Kind == ActStayInJail:
		g.stayInJail(p)
	case a.Kind == ActPayJailFine && g.Phase == PhaseJailChoice:
		g.payJailChoice(p)
	case a.Kind == ActStake:
		g.actStake(p, a.Amount)
	case a.Kind == ActNoStake:
		g.actNoStake(p)
	case a.Kind == ActRoll && g.Phase == PhaseInspection:
		g.inspect(p)
	default:
		return false
	}
	return true
}

// appendEditionLegal lists the edition's decisions of the current player:
// ActStake carries the least stake in Amount and the most in Max.
func (g *Game) appendEditionLegal(dst []Action, p PlayerID) []Action {
	switch {
	case p != g.Current:
	case g.Phase == PhaseJailChoice: // ActPayJailFine is among the turn's actions
		dst = append(dst, Action{Kind: ActStayInJail})
	case g.Phase == PhaseGamble:
		if most := g.MaxStake(p); most >= g.Note() { // a trade may have taken the cash since
			dst = append(dst, Action{Kind: ActStake, Amount: g.Note(), Max: most})
		}
		dst = append(dst, Action{Kind: ActNoStake})
	}
	return dst
}

// editionTimeout takes the default of the edition's decisions: no fine
// (the next turn is skipped), no stake, the inspection's roll.
func (g *Game) editionTimeout() {
	switch g.Phase {
	case PhaseJailChoice:
		g.stayInJail(g.Current)
	case PhaseGamble:
		g.actNoStake(g.Current)
	case PhaseInspection:
		g.inspect(g.Current)
	}
}

// checkEditionInvariants: face-up cards add up, bankrupt players hold
// none and owe no skipped turns, and the edition's phases agree with the
// turn's step.
func (g *Game) checkEditionInvariants() error {
	for _, kind := range [...]int{FortuneLuck, FortuneMisfortune} {
		if n := g.FortunesLeft(kind); n < 0 {
			return fmt.Errorf("face-up cards of kind %d: %d more held than exist", kind, -n)
		}
	}
	for i, pl := range g.Players {
		if pl.Bankrupt && (pl.Luck+pl.Misfortune > 0 || pl.Skips != [skipReasons]uint8{}) {
			return fmt.Errorf("bankrupt player %d still holds face-up cards or skipped turns", i)
		}
		if pl.InJail && g.Rules.JailSkipsTurn {
			return fmt.Errorf("player %d is held in jail, which this edition does not do", i)
		}
	}
	if g.Jackpot < 0 {
		return fmt.Errorf("negative jackpot %d", g.Jackpot)
	}
	switch {
	case g.Phase == PhaseJailChoice && g.Step != StepJailChoice,
		g.Phase == PhaseGamble && g.Step != StepGamble,
		g.Phase == PhaseInspection && g.Step != StepInspection:
		return fmt.Errorf("phase %d with step %d", g.Phase, g.Step)
	case g.Phase == PhaseJailChoice && g.Players[g.Current].Pos != g.ed.JailSquare:
		return fmt.Errorf("jail choice away from the jail square")
	case g.Phase == PhaseInspection && g.ed.Squares[g.Players[g.Current].Pos].Kind != SquareInspection:
		return fmt.Errorf("tax inspection away from its square")
	}
	return nil
}
