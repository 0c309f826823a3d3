package engine

import (
	"slices"
	"testing"
)

// TestGameOver: the last player left wins; afterwards every action is
// refused with ErrGameOver and nothing is legal.
func TestGameOver(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 1, 1)
	setCash(g, 0, 100)
	g.Players[0].Pos = 1
	roll(t, g, 0, 1, 2) // income tax 200, nothing to raise
	ev := act(t, g, 0, ActBankrupt)
	wantEvents(t, ev,
		Event{Kind: EvBankrupt, Player: 0, Other: Bank},
		Event{Kind: EvGameOver, Player: 1},
	)
	wantPhase(t, g, PhaseGameOver)
	if g.Winner != 1 || !slices.Equal(g.Standings(), []PlayerID{1, 0}) {
		t.Fatalf("winner %d standings %v", g.Winner, g.Standings())
	}
	for _, p := range []PlayerID{0, 1, System} {
		if l := g.Legal(p); len(l) != 0 {
			t.Fatalf("legal after game over for %d: %+v", p, l)
		}
		for k := ActRoll; k < actionKinds; k++ {
			refuse(t, g, p, Action{Kind: k}, ErrGameOver)
		}
	}
}

func TestVoteEnd(t *testing.T) {
	g := newTestGame(t, 3, nil)
	own(g, 2, 39) // net worth 1900
	own(g, 1, 37) // 1850, mortgaged: 1850+175-175
	actSq(t, g, 1, ActMortgage, 37)
	ev := act(t, g, 0, ActVoteEnd)
	wantEvents(t, ev, Event{Kind: EvVotedEnd, Player: 0})
	refuse(t, g, 0, Action{Kind: ActVoteEnd}, ErrAlreadyVoted)
	act(t, g, 2, ActVoteEnd)
	wantPhase(t, g, PhaseTurnStart)
	if g.NetWorth(0) != 1500 || g.NetWorth(1) != 1500+175+350-175 || g.NetWorth(2) != 1900 {
		t.Fatalf("net worth %d %d %d", g.NetWorth(0), g.NetWorth(1), g.NetWorth(2))
	}
	ev = act(t, g, 1, ActVoteEnd)
	wantEvents(t, ev, Event{Kind: EvVotedEnd, Player: 1}, Event{Kind: EvGameOver, Player: 2, Amount: 1})
	wantPhase(t, g, PhaseGameOver)
	if s := g.Standings(); !slices.Equal(s, []PlayerID{2, 1, 0}) {
		t.Fatalf("standings %v", s)
	}
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrGameOver)

	// Bankrupt players do not vote.
	g = newTestGame(t, 3, nil)
	act(t, g, 2, ActResign)
	act(t, g, 0, ActVoteEnd)
	ev = act(t, g, 1, ActVoteEnd)
	hasEvent(t, ev, Event{Kind: EvGameOver, Player: 0, Amount: 1}) // a tie goes to the first seat

	g = newTestGame(t, 2, rulesWith(func(r *Rules) { r.EarlyEndByAgreement = false }))
	refuse(t, g, 0, Action{Kind: ActVoteEnd}, ErrOptionDisabled)
}

// TestTimeoutDefaults: ActTimeout (by System only) takes the default of
// each phase.
func TestTimeoutDefaults(t *testing.T) {
	two := func(t *testing.T) *Game { return newTestGame(t, 2, nil) }
	tests := []struct {
		name  string
		setup func(t *testing.T) *Game
		want  []EventKind
		phase Phase
	}{
		{"turn start: roll", func(t *testing.T) *Game {
			g := two(t)
			g.ScriptDice(1, 2)
			return g
		}, []EventKind{EvTimeout, EvRolled, EvMoved, EvLanded}, PhaseBuyDecision},
		{"buy decision: decline", func(t *testing.T) *Game {
			g := two(t)
			roll(t, g, 0, 1, 2)
			return g
		}, []EventKind{EvTimeout, EvDeclined, EvAuctionStarted}, PhaseAuction},
		{"turn end: end the turn", func(t *testing.T) *Game {
			g := two(t)
			roll(t, g, 0, 1, 3)
			return g
		}, []EventKind{EvTimeout, EvTurnEnded, EvTurnStarted}, PhaseTurnStart},
		{"turn end after doubles: roll again", func(t *testing.T) *Game {
			g := two(t)
			roll(t, g, 0, 5, 5) // just visiting
			g.ScriptDice(1, 2)
			return g
		}, []EventKind{EvTimeout, EvRolled, EvMoved, EvLanded}, PhaseBuyDecision},
		{"auction: close", func(t *testing.T) *Game {
			g := two(t)
			roll(t, g, 0, 1, 2)
			act(t, g, 0, ActDecline)
			return g
		}, []EventKind{EvTimeout, EvAuctionPass, EvAuctionPass, EvAuctionUnsold}, PhaseTurnEnd},
		{"debt that can be raised: raise and pay", func(t *testing.T) *Game {
			g := two(t)
			own(g, 0, 39)
			setCash(g, 0, 0)
			roll(t, g, 0, 1, 3)
			return g
		}, []EventKind{EvTimeout, EvMortgaged, EvDebtPaid}, PhaseTurnEnd},
		{"debt that cannot be raised: bankruptcy", func(t *testing.T) *Game {
			g := two(t)
			setCash(g, 0, 0)
			roll(t, g, 0, 1, 3)
			return g
		}, []EventKind{EvTimeout, EvBankrupt, EvGameOver}, PhaseGameOver},
		{"placing a building: first possible square", func(t *testing.T) *Game {
			g := shortage(t)
			actSq(t, g, 0, ActBuild, 37)
			do(t, g, 1, Action{Kind: ActBid, Amount: 200})
			act(t, g, 0, ActPass)
			return g
		}, []EventKind{EvTimeout, EvBuilt}, PhaseTurnStart},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.setup(t)
			for _, p := range []PlayerID{0, 1, NoOwner, -5, 9} {
				refuse(t, g, p, Action{Kind: ActTimeout}, ErrNotNow)
			}
			if !slices.Equal(g.Legal(System), []Action{{Kind: ActTimeout}}) {
				t.Fatalf("System's legal actions %+v", g.Legal(System))
			}
			ev := do(t, g, System, Action{Kind: ActTimeout})
			wantKinds(t, ev, tt.want...)
			wantPhase(t, g, tt.phase)
		})
	}
}

// TestLegal: in a selection of states every action Legal lists passes
// Check and Apply (on a copy), the player the game waits for has something
// to do, and nothing is listed for a bankrupt seat or a stranger.
func TestLegal(t *testing.T) {
	states := map[string]func(t *testing.T) *Game{
		"turn start": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			own(g, 0, 37, 39, 5)
			own(g, 1, 1, 3)
			build(g, 1, 1, 3)
			g.Props[5].Mortgaged = true
			return g
		},
		"jail with a card": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			jailed(g, 0)
			holdJailCard(t, g, 0, DeckChance)
			return g
		},
		"buy decision": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			roll(t, g, 0, 1, 2)
			return g
		},
		"turn end after doubles": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			roll(t, g, 0, 5, 5)
			return g
		},
		"auction": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			roll(t, g, 0, 1, 2)
			act(t, g, 0, ActDecline)
			do(t, g, 1, Action{Kind: ActBid, Amount: 30})
			act(t, g, 2, ActPass)
			return g
		},
		"debt with an offer": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			own(g, 0, 6, 8, 9)
			build(g, 1, 6, 8, 9)
			own(g, 0, 5)
			own(g, 1, 39)
			setCash(g, 0, 10)
			g.Players[0].Pos = 35
			propose(t, g, 1, Trade{To: 0, GiveCash: 100, TakeDeeds: []int{5}})
			roll(t, g, 0, 1, 3)
			return g
		},
		"placing a building": func(t *testing.T) *Game {
			g := shortage(t)
			actSq(t, g, 0, ActBuild, 37)
			do(t, g, 1, Action{Kind: ActBid, Amount: 250})
			act(t, g, 0, ActPass)
			return g
		},
		"bankrupt seat": func(t *testing.T) *Game {
			g := newTestGame(t, 3, nil)
			act(t, g, 2, ActResign)
			return g
		},
	}
	for name, mk := range states {
		t.Run(name, func(t *testing.T) {
			g := mk(t)
			if w := g.Waiting(); w != NoOwner && len(g.Legal(w)) == 0 {
				t.Fatalf("the game waits for %d who has nothing legal", w)
			}
			for _, p := range []PlayerID{0, 1, 2, 3, -3, System} {
				legal := g.Legal(p)
				if (p == 3 || p == -3 || !g.Active(p) && p != System) && len(legal) != 0 {
					t.Fatalf("legal actions for %d who is not playing: %+v", p, legal)
				}
				for _, a := range legal {
					if a.Kind == ActProposeTrade {
						continue // listed without an offer: the bot composes one
					}
					if err := g.Check(p, a); err != nil {
						t.Fatalf("listed %+v for %d fails Check: %v", a, p, err)
					}
					c := g.Clone()
					a.Max = 0
					if _, err := c.Apply(p, a); err != nil {
						t.Fatalf("listed %+v for %d refused: %v", a, p, err)
					}
					if err := c.CheckInvariants(); err != nil {
						t.Fatalf("after listed %+v for %d: %v", a, p, err)
					}
				}
			}
		})
	}
}

// TestVoteEndWhenHoldoutLeaves: the vote is counted again when a seat
// leaves, so the one player who had not voted going bankrupt or resigning
// (a kick is a resignation) ends the game by agreement among the rest.
func TestVoteEndWhenHoldoutLeaves(t *testing.T) {
	// Resigning.
	g := newTestGame(t, 4, nil)
	own(g, 1, 39)
	act(t, g, 0, ActVoteEnd)
	act(t, g, 1, ActVoteEnd)
	ev := act(t, g, 3, ActResign)
	wantPhase(t, g, PhaseTurnStart) // seat 2 has not voted yet
	noEvent(t, ev, EvGameOver)
	act(t, g, 2, ActVoteEnd)
	wantPhase(t, g, PhaseGameOver)

	g = newTestGame(t, 3, nil)
	own(g, 1, 39)
	act(t, g, 0, ActVoteEnd)
	act(t, g, 1, ActVoteEnd)
	ev = act(t, g, 2, ActResign)
	hasEvent(t, ev, Event{Kind: EvGameOver, Player: 1, Amount: 1})
	wantPhase(t, g, PhaseGameOver)

	// Going bankrupt on a rent it cannot pay.
	g = newTestGame(t, 3, nil)
	own(g, 1, 39)
	act(t, g, 1, ActVoteEnd)
	act(t, g, 2, ActVoteEnd)
	setCash(g, 0, 10)
	g.Players[0].Pos = 35
	roll(t, g, 0, 1, 3)
	wantPhase(t, g, PhaseDebt)
	ev = act(t, g, 0, ActBankrupt)
	hasEvent(t, ev, Event{Kind: EvGameOver, Player: 1, Amount: 1})
}
