package engine

import "testing"

// Turn flow, salary, doubles, buying, auctions, rent and taxes with
// scripted dice.

func TestSalary(t *testing.T) {
	tests := []struct {
		name   string
		double bool
		from   int
		d1, d2 int
		salary int // 0: none
		pos    int
	}{
		{"passing start", false, 38, 1, 2, 200, 1},
		{"landing on start", false, 37, 1, 2, 200, 0},
		{"landing on start, double salary option", true, 37, 1, 2, 400, 0},
		{"passing start, double salary option", true, 36, 2, 5, 200, 3},
		{"not reaching start", false, 30, 4, 5, 0, 39},
		{"go to jail square: no salary", false, 26, 1, 3, 0, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(t, 2, rulesWith(func(r *Rules) { r.DoubleSalaryOnStart = tt.double }))
			g.Players[0].Pos = tt.from
			ev := roll(t, g, 0, tt.d1, tt.d2)
			if tt.salary > 0 {
				hasEvent(t, ev, Event{Kind: EvPassedStart, Player: 0, Amount: tt.salary})
			} else {
				noEvent(t, ev, EvPassedStart)
			}
			wantCash(t, g, 1500+tt.salary)
			wantPos(t, g, 0, tt.pos)
		})
	}
}

func TestGoToJailSquare(t *testing.T) {
	g := newTestGame(t, 2, nil)
	g.Players[0].Pos = 26
	ev := roll(t, g, 0, 2, 2) // doubles onto 30: jail ends the turn, no second roll
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{2, 2}},
		Event{Kind: EvMoved, Player: 0, From: 26, Square: 30},
		Event{Kind: EvLanded, Player: 0, Square: 30},
		Event{Kind: EvSentToJail, Player: 0, Square: 10, Amount: JailBySquare},
	)
	wantPos(t, g, 0, 10)
	wantPhase(t, g, PhaseTurnEnd)
	if !g.Players[0].InJail || g.RollAgain {
		t.Fatalf("in jail %v, roll again %v", g.Players[0].InJail, g.RollAgain)
	}
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)
	endTurn(t, g, 0, 1)
}

func TestDoubles(t *testing.T) {
	g := newTestGame(t, 2, nil)
	g.Players[0].Pos = 10
	// First doubles: 10 → 14 (unowned): buy, roll again.
	ev := roll(t, g, 0, 2, 2)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{2, 2}},
		Event{Kind: EvMoved, Player: 0, From: 10, Square: 14},
		Event{Kind: EvLanded, Player: 0, Square: 14},
		Event{Kind: EvDoubles, Player: 0},
	)
	wantPhase(t, g, PhaseBuyDecision)
	refuse(t, g, 0, Action{Kind: ActRoll}, ErrNotNow)
	act(t, g, 0, ActBuy)
	wantPhase(t, g, PhaseTurnEnd)
	if !g.RollAgain {
		t.Fatal("no second roll after doubles")
	}
	refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActRoll}, ErrNotYourTurn)
	// Second doubles: 14 → 20 free parking.
	ev = roll(t, g, 0, 3, 3)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{3, 3}},
		Event{Kind: EvMoved, Player: 0, From: 14, Square: 20},
		Event{Kind: EvLanded, Player: 0, Square: 20},
		Event{Kind: EvDoubles, Player: 0},
	)
	// Third doubles: straight to jail without moving.
	ev = roll(t, g, 0, 5, 5)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{5, 5}},
		Event{Kind: EvSentToJail, Player: 0, Square: 10, Amount: JailByDoubles},
	)
	wantPos(t, g, 0, 10)
	wantPhase(t, g, PhaseTurnEnd)
	if !g.Players[0].InJail || g.RollAgain {
		t.Fatal("three doubles must end in jail with no further roll")
	}
	wantCash(t, g, 1500-160)
	endTurn(t, g, 0, 1)
	// A non-double after doubles ends the rolling.
	roll(t, g, 1, 4, 4) // 0 → 8, unowned: decline, the auction lapses
	act(t, g, 1, ActDecline)
	do(t, g, System, Action{Kind: ActTimeout})
	wantPhase(t, g, PhaseTurnEnd)
	ev = roll(t, g, 1, 1, 2) // 8 → 11
	noEvent(t, ev, EvDoubles)
	if g.RollAgain {
		t.Fatal("roll again after a non-double")
	}
	if g.Doubles != 1 {
		t.Fatalf("doubles %d, want 1", g.Doubles)
	}
	act(t, g, 1, ActDecline)
	do(t, g, System, Action{Kind: ActTimeout})
	refuse(t, g, 1, Action{Kind: ActRoll}, ErrNotNow)
	// Doubles count resets with the turn.
	endTurn(t, g, 1, 0)
	if g.Doubles != 0 || g.RollAgain || g.Built != 0 {
		t.Fatalf("turn state not reset: %d %v %d", g.Doubles, g.RollAgain, g.Built)
	}
}

func TestBuy(t *testing.T) {
	g := newTestGame(t, 3, nil)
	ev := roll(t, g, 0, 1, 2)
	wantEvents(t, ev,
		Event{Kind: EvRolled, Player: 0, Dice: [2]int{1, 2}},
		Event{Kind: EvMoved, Player: 0, From: 0, Square: 3},
		Event{Kind: EvLanded, Player: 0, Square: 3},
	)
	wantPhase(t, g, PhaseBuyDecision)
	refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActBuy}, ErrNotYourTurn)
	ev = act(t, g, 0, ActBuy)
	wantEvents(t, ev, Event{Kind: EvBought, Player: 0, Square: 3, Amount: 60})
	wantCash(t, g, 1440, 1500, 1500)
	if g.Props[3].Owner != 0 {
		t.Fatal("not owned")
	}
	wantPhase(t, g, PhaseTurnEnd)
	refuse(t, g, 0, Action{Kind: ActBuy}, ErrNotNow)
	ev = act(t, g, 0, ActEndTurn)
	wantEvents(t, ev, Event{Kind: EvTurnEnded, Player: 0}, Event{Kind: EvTurnStarted, Player: 1, Amount: g.Turn})

	// Not enough cash: buying is refused, declining sends it to auction.
	g = newTestGame(t, 3, nil)
	setCash(g, 0, 59)
	roll(t, g, 0, 1, 2)
	refuse(t, g, 0, Action{Kind: ActBuy}, ErrInsufficientFunds)
	act(t, g, 0, ActDecline)
	wantPhase(t, g, PhaseAuction)
}

func TestAuction(t *testing.T) {
	start := func(t *testing.T, rules *Rules) *Game {
		g := newTestGame(t, 3, rules)
		roll(t, g, 0, 1, 2) // onto 3
		return g
	}
	t.Run("decline opens an auction for everyone, decliner included", func(t *testing.T) {
		g := start(t, nil)
		ev := act(t, g, 0, ActDecline)
		wantEvents(t, ev,
			Event{Kind: EvDeclined, Player: 0, Square: 3},
			Event{Kind: EvAuctionStarted, Player: NoOwner, Square: 3, Amount: 1},
		)
		wantPhase(t, g, PhaseAuction)
		if g.Waiting() != NoOwner {
			t.Fatal("an auction waits for nobody in particular")
		}
		for p := PlayerID(0); p < 3; p++ {
			if g.Auction.Passed[p] {
				t.Fatalf("seat %d not in the auction", p)
			}
		}
		refuse(t, g, 1, Action{Kind: ActBid, Amount: 0}, ErrBidTooLow)
		refuse(t, g, 1, Action{Kind: ActBid, Amount: 1501}, ErrBidTooHigh)
		refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow)
		refuse(t, g, 0, Action{Kind: ActMortgage, Square: 3}, ErrNotNow)
		ev = do(t, g, 0, Action{Kind: ActBid, Amount: 1})
		wantEvents(t, ev, Event{Kind: EvBid, Player: 0, Square: 3, Amount: 1})
		refuse(t, g, 0, Action{Kind: ActPass}, ErrNotNow) // the leader's bid stands
		refuse(t, g, 1, Action{Kind: ActBid, Amount: 1}, ErrBidTooLow)
		do(t, g, 1, Action{Kind: ActBid, Amount: 50})
		ev = act(t, g, 2, ActPass)
		wantEvents(t, ev, Event{Kind: EvAuctionPass, Player: 2, Square: 3})
		refuse(t, g, 2, Action{Kind: ActBid, Amount: 100}, ErrAlreadyPassed)
		refuse(t, g, 2, Action{Kind: ActPass}, ErrAlreadyPassed)
		do(t, g, 0, Action{Kind: ActBid, Amount: 51})
		ev = act(t, g, 1, ActPass)
		wantEvents(t, ev,
			Event{Kind: EvAuctionPass, Player: 1, Square: 3},
			Event{Kind: EvAuctionWon, Player: 0, Square: 3, Amount: 51},
		)
		wantCash(t, g, 1449, 1500, 1500)
		if g.Props[3].Owner != 0 || g.Auction != nil {
			t.Fatal("auction not settled")
		}
		wantPhase(t, g, PhaseTurnEnd)
	})
	t.Run("another player wins", func(t *testing.T) {
		g := start(t, nil)
		act(t, g, 0, ActDecline)
		do(t, g, 2, Action{Kind: ActBid, Amount: 1500}) // all the cash is allowed
		act(t, g, 0, ActPass)
		ev := act(t, g, 1, ActPass)
		hasEvent(t, ev, Event{Kind: EvAuctionWon, Player: 2, Square: 3, Amount: 1500})
		wantCash(t, g, 1500, 1500, 0)
		wantPhase(t, g, PhaseTurnEnd)
	})
	t.Run("nobody bids: the bank keeps it", func(t *testing.T) {
		g := start(t, nil)
		act(t, g, 0, ActDecline)
		act(t, g, 0, ActPass)
		act(t, g, 1, ActPass)
		ev := act(t, g, 2, ActPass)
		wantEvents(t, ev, Event{Kind: EvAuctionPass, Player: 2, Square: 3}, Event{Kind: EvAuctionUnsold, Square: 3})
		if g.Props[3].Owner != NoOwner {
			t.Fatal("unsold deed has an owner")
		}
		wantPhase(t, g, PhaseTurnEnd)
	})
	t.Run("timeout closes the auction", func(t *testing.T) {
		g := start(t, nil)
		act(t, g, 0, ActDecline)
		do(t, g, 1, Action{Kind: ActBid, Amount: 10})
		refuse(t, g, 1, Action{Kind: ActTimeout}, ErrNotNow) // only System
		ev := do(t, g, System, Action{Kind: ActTimeout})
		wantEvents(t, ev,
			Event{Kind: EvTimeout, Player: NoOwner},
			Event{Kind: EvAuctionPass, Player: 0, Square: 3},
			Event{Kind: EvAuctionPass, Player: 2, Square: 3},
			Event{Kind: EvAuctionWon, Player: 1, Square: 3, Amount: 10},
		)
		wantCash(t, g, 1500, 1490, 1500)
	})
	t.Run("timeout without bids", func(t *testing.T) {
		g := start(t, nil)
		act(t, g, 0, ActDecline)
		ev := do(t, g, System, Action{Kind: ActTimeout})
		hasEvent(t, ev, Event{Kind: EvAuctionUnsold, Square: 3})
	})
	t.Run("bankrupt players are not bidders", func(t *testing.T) {
		g := start(t, nil)
		g.Players[2].Bankrupt = true
		give(g, 2, -1500)
		act(t, g, 0, ActDecline)
		if !g.Auction.Passed[2] {
			t.Fatal("a bankrupt player is in the auction")
		}
		refuse(t, g, 2, Action{Kind: ActBid, Amount: 5}, ErrNotInGame)
	})
	t.Run("auctions off: declining leaves the deed with the bank", func(t *testing.T) {
		g := start(t, rulesWith(func(r *Rules) { r.Auctions = false }))
		ev := act(t, g, 0, ActDecline)
		wantEvents(t, ev, Event{Kind: EvDeclined, Player: 0, Square: 3})
		wantPhase(t, g, PhaseTurnEnd)
	})
}

func TestRent(t *testing.T) {
	tests := []struct {
		name  string
		setup func(g *Game)
		from  int
		d1    int
		d2    int
		sq    int
		want  []Event // after EvLanded
		cash  []int
	}{
		{"bare street", func(g *Game) { own(g, 1, 39) }, 35, 1, 3, 39,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 39, Amount: 50}}, []int{1450, 1550}},
		{"full set doubles the bare rent", func(g *Game) { own(g, 1, 37, 39) }, 35, 1, 3, 39,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 39, Amount: 100}}, []int{1400, 1600}},
		{"full set with a mortgage: plain rent", func(g *Game) { own(g, 1, 37, 39); g.Props[37].Mortgaged = true }, 35, 1, 3, 39,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 39, Amount: 50}}, []int{1450, 1550}},
		{"mortgaged: no rent", func(g *Game) { own(g, 1, 37, 39); g.Props[39].Mortgaged = true }, 35, 1, 3, 39,
			[]Event{{Kind: EvRentMortgaged, Player: 0, Square: 39}}, []int{1500, 1500}},
		{"two houses", func(g *Game) { own(g, 1, 37, 39); build(g, 2, 37, 39) }, 35, 1, 3, 39,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 39, Amount: 600}}, []int{900, 2100}},
		{"hotel", func(g *Game) { own(g, 1, 1, 3); build(g, Hotel, 1, 3) }, 0, 1, 2, 3,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 3, Amount: 450}}, []int{1050, 1950}},
		{"own deed: nothing", func(g *Game) { own(g, 0, 39) }, 35, 1, 3, 39, nil, []int{1500, 1500}},
		{"one port", func(g *Game) { own(g, 1, 5) }, 0, 2, 3, 5,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 5, Amount: 25}}, []int{1475, 1525}},
		{"three ports, one mortgaged elsewhere", func(g *Game) { own(g, 1, 5, 15, 35); g.Props[35].Mortgaged = true }, 0, 2, 3, 5,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 5, Amount: 100}}, []int{1400, 1600}},
		{"one utility: 4x dice", func(g *Game) { own(g, 1, 12) }, 7, 2, 3, 12,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 12, Amount: 20}}, []int{1480, 1520}},
		{"both utilities: 10x dice", func(g *Game) { own(g, 1, 12, 28) }, 23, 2, 3, 28,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 28, Amount: 50}}, []int{1450, 1550}},
		{"owner in jail still collects", func(g *Game) { own(g, 1, 39); g.Players[1].InJail = true; g.Players[1].Pos = 10 }, 35, 1, 3, 39,
			[]Event{{Kind: EvRentPaid, Player: 0, Other: 1, Square: 39, Amount: 50}}, []int{1450, 1550}},
		{"owner in jail, no-rent-in-jail option", func(g *Game) {
			own(g, 1, 39)
			g.Players[1].InJail = true
			g.Players[1].Pos = 10
			g.Rules.NoRentInJail = true
		}, 35, 1, 3, 39,
			[]Event{{Kind: EvRentOwnerJailed, Player: 0, Other: 1, Square: 39}}, []int{1500, 1500}},
		{"income tax", nil, 0, 1, 3, 4, []Event{{Kind: EvTaxPaid, Player: 0, Square: 4, Amount: 200}}, []int{1300, 1500}},
		{"luxury tax", nil, 35, 1, 2, 38, []Event{{Kind: EvTaxPaid, Player: 0, Square: 38, Amount: 100}}, []int{1400, 1500}},
		{"free parking: nothing", nil, 15, 1, 4, 20, nil, []int{1500, 1500}},
		{"just visiting jail: nothing", nil, 5, 1, 4, 10, nil, []int{1500, 1500}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(t, 2, nil)
			if tt.setup != nil {
				tt.setup(g)
			}
			g.Players[0].Pos = tt.from
			ev := roll(t, g, 0, tt.d1, tt.d2)
			want := append([]Event{
				{Kind: EvRolled, Player: 0, Dice: [2]int{tt.d1, tt.d2}},
				{Kind: EvMoved, Player: 0, From: tt.from, Square: tt.sq},
				{Kind: EvLanded, Player: 0, Square: tt.sq},
			}, tt.want...)
			wantEvents(t, ev, want...)
			wantCash(t, g, tt.cash...)
			wantPhase(t, g, PhaseTurnEnd)
		})
	}
}

func TestRentDebt(t *testing.T) {
	g := newTestGame(t, 2, nil)
	own(g, 1, 37, 39)
	build(g, Hotel, 37, 39)
	own(g, 0, 1, 3)
	setCash(g, 0, 500)
	g.Players[0].Pos = 35
	ev := roll(t, g, 0, 1, 3)
	hasEvent(t, ev, Event{Kind: EvDebt, Player: 0, Other: 1, Amount: 2000})
	noEvent(t, ev, EvRentPaid)
	wantPhase(t, g, PhaseDebt)
	if g.Owed(0) != 2000 || g.Waiting() != 0 {
		t.Fatalf("owed %d waiting %d", g.Owed(0), g.Waiting())
	}
	// 500 + mortgages 30 + 30 < 2000: bankruptcy is allowed now.
	if g.LiquidationValue(0) != 560 {
		t.Fatalf("liquidation value %d, want 560", g.LiquidationValue(0))
	}
	refuse(t, g, 0, Action{Kind: ActPayDebt}, ErrInsufficientFunds)
	refuse(t, g, 1, Action{Kind: ActBankrupt}, ErrNotNow)
	ev = act(t, g, 0, ActBankrupt)
	hasEvent(t, ev, Event{Kind: EvBankrupt, Player: 0, Other: 1})
	hasEvent(t, ev, Event{Kind: EvGameOver, Player: 1})
	wantPhase(t, g, PhaseGameOver)
	wantCash(t, g, 0, 2000)
}

// TestFreeParkingJackpot (house rule, off in the classic defaults): taxes,
// fines and card payments go to the centre; free parking collects them.
func TestFreeParkingJackpot(t *testing.T) {
	g := newTestGame(t, 2, rulesWith(func(r *Rules) { r.FreeParkingJackpot = true }))
	ev := roll(t, g, 0, 1, 3) // income tax
	hasEvent(t, ev, Event{Kind: EvTaxPaid, Player: 0, Square: 4, Amount: 200})
	if g.Jackpot != 200 {
		t.Fatalf("jackpot %d", g.Jackpot)
	}
	endTurn(t, g, 0, 1)
	jailed(g, 1)
	act(t, g, 1, ActPayJailFine) // the fine too
	if g.Jackpot != 250 {
		t.Fatalf("jackpot %d after the jail fine, want 250", g.Jackpot)
	}
	ev = roll(t, g, 1, 4, 6) // 10 → 20
	hasEvent(t, ev, Event{Kind: EvJackpot, Player: 1, Amount: 250})
	wantCash(t, g, 1300, 1700)
	if g.Jackpot != 0 {
		t.Fatal("jackpot not emptied")
	}
	// Without the rule free parking gives nothing and taxes go to the bank.
	g = newTestGame(t, 2, nil)
	g.Players[0].Pos = 15
	ev = roll(t, g, 0, 1, 4)
	noEvent(t, ev, EvJackpot)
}
