package deal

import "testing"

// TestResignOutOfTurn: a player who leaves between turns loses every card
// to the discards (the hand unnamed in the event), is skipped in turn
// order, is nobody's target any more and can do nothing else.
func TestResignOutOfTurn(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, birthday, debtCollector)
	hand(t, g, 1, sayNo1, m4)
	bank(t, g, 1, m5)
	table(t, g, 1, AnyColor, green1, green2, green3)
	hand(t, g, 1, house1)
	apply(t, g, 1, Action{Kind: ActResign}) // while seat 0 plays
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	if len(evs) != 1 || g.Pending.N != 1 || g.Pending.Targets[0].Player != 2 {
		t.Fatalf("the birthday after seat 1 left asks %+v", g.Pending)
	}
	refuse(t, g, 1, Action{Kind: ActAccept}, ErrNotInGame)
	refuse(t, g, 1, Action{Kind: ActResign}, ErrNotInGame)
	apply(t, g, 2, Action{Kind: ActPay})
	refuse(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1}, ErrBadTarget)
	for _, c := range []int{sayNo1, m4, m5, green1, green2, green3, house1} {
		if pl := where(g, c); pl.Zone != ZoneDiscard || pl.Owner != Nobody {
			t.Fatalf("card %d of the player who left lies in %+v", c, pl)
		}
	}
	evs = apply(t, g, 0, Action{Kind: ActEndTurn})
	if e := find(t, evs, EvTurnStarted); e.Player != 2 || g.Current != 2 {
		t.Fatalf("after seat 0 the turn went to %d, want seat 2 (seat 1 left)", e.Player)
	}
	if g.Waits(1) || !g.Out[1] || g.Active(1) || !g.Active(2) {
		t.Fatal("seat 1 still counts as playing")
	}
}

// TestResignEvent: the event names the bank and table cards (public) and
// counts the hand's (hidden).
func TestResignEvent(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 2, sayNo1, m4, dealBreaker)
	bank(t, g, 2, m5)
	table(t, g, 2, AnyColor, red1)
	evs := apply(t, g, 2, Action{Kind: ActResign})
	e := find(t, evs, EvResigned)
	if e.Player != 2 || e.Seen != Everyone || e.Amount != 3 || e.Cards != set(m5, red1) {
		t.Fatalf("resigned %+v, want 3 hand cards and the bank and table named", e)
	}
}

// TestResignOnTurn: the current player leaving ends the turn; the next
// player still in draws and plays.
func TestResignOnTurn(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, m1, m2)
	apply(t, g, 0, Action{Kind: ActBank, Card: m1})
	evs := apply(t, g, 0, Action{Kind: ActResign})
	find(t, evs, EvTurnEnded)
	if e := find(t, evs, EvTurnStarted); e.Player != 1 || g.Current != 1 || g.Phase != PhasePlay || g.Plays != 0 {
		t.Fatalf("after the current player left: turn of %d, phase %d, plays %d", e.Player, g.Phase, g.Plays)
	}
	// Leaving while discarding down to 7 passes the turn too.
	g = scripted(t, 3, Rules{})
	hand(t, g, 0, m1, m1+1, m1+2, m1+3, m1+4, m2, m2+1, m2+2)
	apply(t, g, 0, Action{Kind: ActEndTurn})
	if g.Phase != PhaseDiscard {
		t.Fatalf("phase %d, want the discard", g.Phase)
	}
	apply(t, g, 0, Action{Kind: ActResign})
	if g.Current != 1 || g.Phase != PhasePlay {
		t.Fatalf("after leaving while discarding: current %d, phase %d", g.Current, g.Phase)
	}
}

// TestResignAsTarget: a target that leaves has its chain settled with
// nothing paid or taken; the other targets go on answering, and the
// actor's turn goes on once they have.
func TestResignAsTarget(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, birthday)
	bank(t, g, 1, m2)
	bank(t, g, 2, m3)
	apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	apply(t, g, 1, Action{Kind: ActResign})
	if g.Phase != PhaseRespond || g.Waits(1) || !g.Waits(2) {
		t.Fatalf("after a target left: phase %d, waiting %v", g.Phase, g.View(Nobody).Waiting)
	}
	apply(t, g, 2, Action{Kind: ActPay, Cards: set(m3)})
	if g.Phase != PhasePlay || g.BankValue(0) != 3 || where(g, m2).Zone != ZoneDiscard {
		t.Fatalf("phase %d, actor's bank %d: want the turn going on with seat 2's payment only", g.Phase, g.BankValue(0))
	}

	// A target waiting for the actor's answer to its Just Say No leaves:
	// the action is over.
	g = scripted(t, 3, Rules{})
	hand(t, g, 0, slyDeal, sayNo2)
	hand(t, g, 1, sayNo1)
	table(t, g, 1, AnyColor, pink1)
	apply(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: pink1})
	apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo1})
	apply(t, g, 1, Action{Kind: ActResign})
	if g.Phase != PhasePlay || where(g, pink1).Zone != ZoneDiscard || where(g, sayNo2).Zone != ZoneHand {
		t.Fatalf("phase %d, pink %+v: want the Sly Deal over, the card discarded with its owner's", g.Phase, where(g, pink1))
	}
}

// TestResignAsActor: the player whose action waits for answers leaves:
// the action is dropped and the turn passes.
func TestResignAsActor(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, debtCollector)
	bank(t, g, 1, m5)
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	evs := apply(t, g, 0, Action{Kind: ActResign})
	if g.Phase != PhasePlay || g.Current != 1 || g.Pending != (Pending{}) || g.BankValue(1) != 5 {
		t.Fatalf("phase %d, current %d, pending %+v, bank %d", g.Phase, g.Current, g.Pending, g.BankValue(1))
	}
	find(t, evs, EvTurnStarted)
}

// TestResignLastOneWins: when only one player is left, that player wins,
// whatever their sets; nothing more can be done.
func TestResignLastOneWins(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, debtCollector)
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 2})
	apply(t, g, 1, Action{Kind: ActResign})
	evs := apply(t, g, 2, Action{Kind: ActResign})
	if e := find(t, evs, EvWon); e.Player != 0 || g.Winner != 0 || g.Phase != PhaseGameOver || g.Pending != (Pending{}) {
		t.Fatalf("won %+v, winner %d, phase %d", e, g.Winner, g.Phase)
	}
	refuse(t, g, 0, Action{Kind: ActResign}, ErrGameOver)

	// The last one left wins on their opponent's turn too.
	g = scripted(t, 2, Rules{})
	apply(t, g, 0, Action{Kind: ActResign})
	if g.Winner != 1 || g.Phase != PhaseGameOver {
		t.Fatalf("winner %d, phase %d", g.Winner, g.Phase)
	}
}
