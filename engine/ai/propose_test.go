package ai

import (
	"slices"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// proposeSetup is a two-seat game at the current player's turn start
// where the current player holds mine and the other seat holds theirs.
func proposeSetup(t *testing.T, cash int, mine, theirs []int) (*engine.Game, engine.PlayerID, engine.PlayerID) {
	t.Helper()
	g := newGame(t, 2, 23, nil)
	p := g.Current
	q := 1 - p
	for _, sq := range mine {
		g.Props[sq].Owner = p
	}
	for _, sq := range theirs {
		g.Props[sq].Owner = q
	}
	g.Reindex()
	g.Bank += int64(g.Players[p].Cash - cash)
	g.Players[p].Cash = cash
	return g, p, q
}

// decideOffer is p's decision, which must be a trade offer.
func decideOffer(t *testing.T, pl *Player, g *engine.Game, p engine.PlayerID) engine.Action {
	t.Helper()
	a := decide(t, pl, g, p)
	if a.Kind != engine.ActProposeTrade {
		t.Fatalf("decided %v, want a trade offer", a.Kind)
	}
	return a
}

// TestProposesTheMissingDeed: a player one deed short of a set asks its
// owner for it at the least price the owner's valuation accepts, and the
// computer owner accepts it.
func TestProposesTheMissingDeed(t *testing.T) {
	pl := &Player{}
	g, p, q := proposeSetup(t, 1500, []int{16, 18}, []int{19}) // the oranges
	a := decideOffer(t, pl, g, p)
	tr := a.Trade
	if tr.To != q || !slices.Equal(tr.TakeDeeds, []int{19}) || len(tr.GiveDeeds) != 0 || tr.GiveCash <= 0 || tr.GiveCash%10 != 0 {
		t.Fatalf("offer %+v, want New York Avenue (19) from seat %d for cash", tr, q)
	}
	if !tradeWorth(g, q, tr) {
		t.Fatalf("offer %+v is not worth it to its owner", tr)
	}
	cheaper := *tr
	cheaper.GiveCash -= 10
	if tradeWorth(g, q, &cheaper) {
		t.Fatalf("the owner would take %d, yet %d was offered", cheaper.GiveCash, tr.GiveCash)
	}
	t.Logf("offered %d for New York Avenue", tr.GiveCash)
	if _, err := g.Apply(p, a); err != nil {
		t.Fatal(err)
	}
	answer := decide(t, pl, g, q)
	if answer.Kind != engine.ActAcceptTrade {
		t.Fatalf("the owner decided %v, want it to accept", answer.Kind)
	}
	if _, err := g.Apply(q, answer); err != nil {
		t.Fatal(err)
	}
	if g.Props[19].Owner != p {
		t.Fatal("the set was not completed")
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestProposalKeepsReserveForHouses: no offer when paying the price would
// leave less than the reserve plus a house on every deed of the set.
func TestProposalKeepsReserveForHouses(t *testing.T) {
	pl := &Player{}
	g, p, _ := proposeSetup(t, 1500, []int{16, 18}, []int{19})
	a := decideOffer(t, pl, g, p)
	price := a.Trade.GiveCash
	need := price + DefaultReserve + 3*g.EditionData().Squares[19].HouseCost
	for _, tc := range []struct {
		cash  int
		offer bool
	}{{need, true}, {need - 10, false}} {
		g, p, _ := proposeSetup(t, tc.cash, []int{16, 18}, []int{19})
		a := decide(t, pl, g, p)
		if got := a.Kind == engine.ActProposeTrade; got != tc.offer {
			t.Errorf("cash %d (price %d): decided %+v", tc.cash, price, a)
		}
	}
}

// TestRejectedOfferWaitsForCooldown: after a rejection (a person's), the
// same deal is not offered again in that turn nor for offerCooldownRounds
// rounds, whatever else happens; then it is.
func TestRejectedOfferWaitsForCooldown(t *testing.T) {
	pl := &Player{}
	g, p, q := proposeSetup(t, 1500, []int{16, 18}, []int{19})
	a := decideOffer(t, pl, g, p)
	if _, err := g.Apply(p, a); err != nil {
		t.Fatal(err)
	}
	if a := decide(t, pl, g, p); a.Kind != engine.ActRoll {
		t.Fatalf("with the offer open decided %v, want a roll", a.Kind)
	}
	if _, err := g.Apply(q, engine.Action{Kind: engine.ActRejectTrade, TradeID: g.Trades[0].ID}); err != nil {
		t.Fatal(err)
	}
	if a := decide(t, pl, g, p); a.Kind != engine.ActRoll {
		t.Fatalf("after the rejection decided %v, want a roll", a.Kind)
	}
	// The game goes on; p's turns come round with the deal still open.
	rounds := 0
	for ; rounds < 2*offerCooldownRounds; rounds++ {
		for g.Current == p {
			g.ScriptDice(1, 2)
			if _, err := Step(g, seats(2, pl)); err != nil {
				t.Fatal(err)
			}
		}
		for g.Current != p {
			g.ScriptDice(1, 2)
			if _, err := Step(g, seats(2, pl)); err != nil {
				t.Fatal(err)
			}
		}
		g.Players[p].Cash = 1500
		if a := decide(t, pl, g, p); a.Kind == engine.ActProposeTrade {
			break
		}
	}
	if rounds+1 != offerCooldownRounds {
		t.Fatalf("offered again after %d rounds, want %d", rounds+1, offerCooldownRounds)
	}
}

// TestProposesSwapOfSets: when the owner of the missing deed lacks a
// deed of the proposer's for a cheaper set, the offer gives that deed and
// less cash than a purchase would cost; a deed for a richer set of the
// owner's is never given.
func TestProposesSwapOfSets(t *testing.T) {
	pl := &Player{}
	g, p, q := proposeSetup(t, 1500, []int{16, 18}, []int{19})
	purchase := decideOffer(t, pl, g, p).Trade.GiveCash

	g, p, q = proposeSetup(t, 1500, []int{16, 18, 6}, []int{19, 8, 9}) // q lacks Oriental (6)
	a := decideOffer(t, pl, g, p)
	if tr := a.Trade; tr.To != q || !slices.Equal(tr.TakeDeeds, []int{19}) || !slices.Equal(tr.GiveDeeds, []int{6}) || tr.GiveCash >= purchase {
		t.Fatalf("offer %+v, want New York Avenue (19) for Oriental Avenue (6) and less than %d", tr, purchase)
	}
	if _, err := g.Apply(p, a); err != nil {
		t.Fatal(err)
	}
	answer := decide(t, pl, g, q)
	if answer.Kind != engine.ActAcceptTrade {
		t.Fatalf("the owner decided %v, want it to accept", answer.Kind)
	}

	g, p, _ = proposeSetup(t, 1500, []int{16, 18, 39}, []int{19, 37}) // q lacks Boardwalk (39)
	a = decide(t, pl, g, p)
	if a.Kind != engine.ActProposeTrade || slices.Contains(a.Trade.GiveDeeds, 39) {
		t.Fatalf("decided %+v, want an offer that keeps Boardwalk, the richer set's deed", a)
	}
}

// TestSwapDeedsAgreeWithScan: the deeds swapDeeds finds from the engine's
// masks are those a scan of the board finds, in every position of a few
// games of computer players.
func TestSwapDeedsAgreeWithScan(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		ed := g.EditionData()
		pl := &Player{}
		seats := []*Player{pl, pl, pl, pl}
		for step := 0; step < 3000 && g.Phase != engine.PhaseGameOver; step++ {
			if _, err := Step(g, seats); err != nil {
				t.Fatal(err)
			}
			for p := engine.PlayerID(0); p < 4; p++ {
				for to := engine.PlayerID(0); to < 4; to++ {
					for gi := 0; gi < ed.GroupCount(); gi++ {
						var want uint64
						for sq := range g.Props {
							theirs := ed.Squares[sq].Group
							if g.Props[sq].Owner == p && ed.Squares[sq].Kind == engine.SquareStreet && theirs != gi &&
								g.OwnedInGroup(to, theirs) == len(ed.Group(theirs))-1 {
								want |= 1 << uint(sq)
							}
						}
						if got := swapDeeds(g, ed, p, to, gi); got != want {
							t.Fatalf("seed %d step %d: swapDeeds(%d, %d, %d) = %#x, the board says %#x", seed, step, p, to, gi, got, want)
						}
						if want != 0 {
							found++
						}
					}
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no position with a deed to swap")
	}
}
