package ai

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

func newGame(t testing.TB, players int, seed uint64, rules *engine.Rules) *engine.Game {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: players, Seed: seed, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func seats(n int, pl *Player) []*Player {
	s := make([]*Player, n)
	for i := range s {
		s[i] = pl
	}
	return s
}

// proposeRandomTrade makes the current player (standing in for a person)
// offer a random valid trade to another seat, so that the computer
// players' answers get exercised.
func proposeRandomTrade(t *testing.T, r *rand.Rand, g *engine.Game) {
	p := g.Current
	to := engine.PlayerID(r.IntN(len(g.Players)))
	if to == p || !g.Active(to) || !g.Active(p) {
		return
	}
	tr := &engine.Trade{To: to}
	ed := g.EditionData()
	unbuilt := func(sq int) bool {
		s := &ed.Squares[sq]
		if s.Kind != engine.SquareStreet {
			return true
		}
		for _, o := range ed.Group(s.Group) {
			if g.Props[o].Buildings > 0 {
				return false
			}
		}
		return true
	}
	for sq := range g.Props {
		if g.Props[sq].Owner == p && unbuilt(sq) && r.IntN(4) == 0 {
			tr.GiveDeeds = append(tr.GiveDeeds, sq)
		}
		if g.Props[sq].Owner == to && unbuilt(sq) && r.IntN(4) == 0 {
			tr.TakeDeeds = append(tr.TakeDeeds, sq)
		}
	}
	tr.GiveCash = r.IntN(g.Players[p].Cash/2 + 1)
	if r.IntN(3) == 0 {
		tr.TakeCash = r.IntN(g.Players[to].Cash/3 + 1)
	}
	a := engine.Action{Kind: engine.ActProposeTrade, Trade: tr}
	if g.Check(p, a) != nil {
		return
	}
	if _, err := g.Apply(p, a); err != nil {
		t.Fatal(err)
	}
}

// TestComputerGamesAreLegal plays thousands of games between computer
// players, with 2 to 6 seats, both jail strategies and several rule
// variants, plus random trade offers made to them: Step never gets an
// error from Apply, every seat's decision passes Check, the invariants
// hold after every step, and the games end (the computer players' trade
// offers complete sets) rather than reach the turn cap.
func TestComputerGamesAreLegal(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	const maxTurns = 1500
	ended := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		players := 2 + int(seed%5)
		rules := engine.EditionByID(engine.Classic).Rules
		switch seed % 4 {
		case 1:
			rules.BuildBeforeRollOnly = false
			rules.FreeParkingJackpot = true
		case 2:
			rules.DoubleSalaryOnStart = true
			rules.NoRentInJail = true
			rules.EvenBuilding = false
		case 3:
			rules.Auctions = false
		}
		g := newGame(t, players, seed, &rules)
		pl := &Player{Jail: JailStrategy(seed % 2)}
		if seed%7 == 0 {
			pl.Reserve = -1
		} else if seed%7 == 1 {
			pl.Reserve = 400
		}
		s := seats(players, pl)
		r := rand.New(rand.NewPCG(seed, 99))
		trades := seed%3 == 0
		for step := 0; g.Phase != engine.PhaseGameOver; step++ {
			if g.Turn > maxTurns {
				break
			}
			if step > 200*maxTurns {
				t.Fatalf("seed %d: no progress after %d steps (turn %d)", seed, step, g.Turn)
			}
			if trades && r.IntN(40) == 0 {
				proposeRandomTrade(t, r, g)
			}
			for q := range g.Players {
				if a, ok := pl.Decide(g, engine.PlayerID(q)); ok {
					if err := g.Check(engine.PlayerID(q), a); err != nil {
						t.Fatalf("seed %d step %d: seat %d decided %+v, refused: %v", seed, step, q, a, err)
					}
				}
			}
			if _, err := Step(g, s); err != nil {
				t.Fatalf("seed %d step %d (phase %d, turn %d): %v", seed, step, g.Phase, g.Turn, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
		if g.Phase == engine.PhaseGameOver {
			ended++
		}
	}
	t.Logf("%d of %d games ended before %d turns", ended, games, maxTurns)
	// Without trade offers of their own only about a third of the games
	// ended; with them nearly all do.
	if ended < games*95/100 {
		t.Errorf("only %d of %d games ended", ended, games)
	}
}

// TestDeterministic: the same seed gives the same game, action by action.
func TestDeterministic(t *testing.T) {
	play := func() string {
		g := newGame(t, 4, 42, nil)
		s := seats(4, &Player{Jail: JailLong})
		for g.Phase != engine.PhaseGameOver && g.Turn < 800 {
			if _, err := Step(g, s); err != nil {
				t.Fatal(err)
			}
		}
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if a, b := play(), play(); a != b {
		t.Fatal("two runs of the same seed differ")
	}
}

// rollTo makes the current player roll the given dice (no doubles) from
// the start square.
func rollTo(t *testing.T, g *engine.Game, d1, d2 int) {
	t.Helper()
	g.ScriptDice(d1, d2)
	if _, err := g.Apply(g.Current, engine.Action{Kind: engine.ActRoll}); err != nil {
		t.Fatal(err)
	}
}

func decide(t *testing.T, pl *Player, g *engine.Game, p engine.PlayerID) engine.Action {
	t.Helper()
	a, ok := pl.Decide(g, p)
	if !ok {
		t.Fatalf("seat %d has no decision in phase %d", p, g.Phase)
	}
	if err := g.Check(p, a); err != nil {
		t.Fatalf("decision %+v refused: %v", a, err)
	}
	return a
}

func TestBuyKeepsReserveUnlessSetCompletes(t *testing.T) {
	pl := &Player{}
	for _, tc := range []struct {
		name     string
		cash     int
		ownFirst bool // the current player owns Mediterranean (1)
		oppFirst bool // an opponent owns Mediterranean
		want     engine.ActionKind
	}{
		{"rich", 1500, false, false, engine.ActBuy},
		{"under the reserve", 100, false, false, engine.ActDecline},
		{"completes the set", 70, true, false, engine.ActBuy},
		{"blocks the set", 70, false, true, engine.ActBuy},
		{"cannot afford", 50, true, false, engine.ActDecline},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, 3, 5, nil)
			p := g.Current
			g.Players[p].Cash = tc.cash
			if tc.ownFirst {
				g.Props[1].Owner = p
			}
			if tc.oppFirst {
				g.Props[1].Owner = (p + 1) % 3
			}
			rollTo(t, g, 1, 2) // Baltic Avenue (3)
			if g.Phase != engine.PhaseBuyDecision {
				t.Fatalf("phase %d, want a buy decision", g.Phase)
			}
			if a := decide(t, pl, g, p); a.Kind != tc.want {
				t.Fatalf("decided %v, want %v", a.Kind, tc.want)
			}
		})
	}
}

func TestReserveGrowsWithOpponentsBuildings(t *testing.T) {
	pl := &Player{}
	g := newGame(t, 2, 3, nil)
	ed := g.EditionData()
	p := g.Current
	base := pl.reserve(g, ed, p)
	if base != DefaultReserve {
		t.Fatalf("reserve %d on an empty board, want %d", base, DefaultReserve)
	}
	opp := 1 - p
	for _, sq := range []int{37, 39} {
		g.Props[sq].Owner = opp
		g.Props[sq].Buildings = engine.Hotel
		g.Hotels--
	}
	g.Reindex()
	if r := pl.reserve(g, ed, p); r <= base+300 {
		t.Fatalf("reserve %d with an opponent's hotels on the dark blues, want much more than %d", r, base)
	}
	if r := pl.reserve(g, ed, opp); r != base {
		t.Fatalf("own hotels change the reserve: %d", r)
	}
}

func TestJailStrategies(t *testing.T) {
	setup := func(card bool, cash int) (*engine.Game, engine.PlayerID) {
		g := newGame(t, 2, 9, nil)
		p := g.Current
		pl := &g.Players[p]
		pl.InJail, pl.Pos, pl.Cash = true, 10, cash
		if card {
			pl.JailCards[engine.DeckChest] = true
			g.Decks[engine.DeckChest].Count-- // the card is held, not in the deck
		}
		return g, p
	}
	for _, tc := range []struct {
		jail JailStrategy
		card bool
		cash int
		want engine.ActionKind
	}{
		{JailShort, true, 1500, engine.ActUseJailCard},
		{JailShort, false, 1500, engine.ActPayJailFine},
		{JailShort, false, 20, engine.ActRoll},
		{JailLong, true, 1500, engine.ActRoll},
		{JailLong, false, 1500, engine.ActRoll},
	} {
		g, p := setup(tc.card, tc.cash)
		if a := decide(t, &Player{Jail: tc.jail}, g, p); a.Kind != tc.want {
			t.Errorf("%v, card %v, cash %d: decided %v, want %v", tc.jail, tc.card, tc.cash, a.Kind, tc.want)
		}
	}
}

func TestBuildsCheapestEvenlyKeepingReserve(t *testing.T) {
	g := newGame(t, 2, 11, nil)
	p := g.Current
	for _, sq := range []int{1, 3, 37, 39} { // browns and dark blues
		g.Props[sq].Owner = p
	}
	g.Players[p].Cash = 1000
	pl := &Player{}
	built := map[int]int{}
	for i := 0; i < 3; i++ { // three buildings a turn under the classic rules
		a := decide(t, pl, g, p)
		if a.Kind != engine.ActBuild {
			t.Fatalf("step %d: decided %v, want a build", i, a.Kind)
		}
		built[a.Square]++
		if _, err := g.Apply(p, a); err != nil {
			t.Fatal(err)
		}
	}
	// Fewest buildings first, cheapest house (the browns, 50) among those:
	// 1, 3, then the dark blues (200) before a second brown house.
	if built[1] != 1 || built[3] != 1 || built[37]+built[39] != 1 {
		t.Fatalf("built %v", built)
	}
	if a := decide(t, pl, g, p); a.Kind != engine.ActRoll {
		t.Fatalf("after the turn's limit decided %v, want a roll", a.Kind)
	}

	// Poor: no building below the reserve.
	g = newGame(t, 2, 11, nil)
	p = g.Current
	g.Props[1].Owner, g.Props[3].Owner = p, p
	g.Players[p].Cash = DefaultReserve + 49
	if a := decide(t, pl, g, p); a.Kind != engine.ActRoll {
		t.Fatalf("poor player decided %v, want a roll", a.Kind)
	}
}

func TestDebtMortgagesOutsideSetsFirst(t *testing.T) {
	g := newGame(t, 2, 13, nil)
	p := g.Current
	for _, sq := range []int{1, 3, 12} { // the browns (a set) and a utility
		g.Props[sq].Owner = p
	}
	g.Players[p].Cash = 0
	g.Debts = []engine.Debt{{Debtor: p, Creditor: engine.Bank, Amount: 100}}
	g.Phase = engine.PhaseDebt
	pl := &Player{}
	want := []engine.Action{
		{Kind: engine.ActMortgage, Square: 12}, // outside the set, though pricier
		{Kind: engine.ActMortgage, Square: 1},
		{Kind: engine.ActPayDebt},
	}
	for i, w := range want {
		a := decide(t, pl, g, p)
		if a.Kind != w.Kind || a.Square != w.Square {
			t.Fatalf("step %d: decided %+v, want %+v", i, a, w)
		}
		if _, err := g.Apply(p, a); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTrades(t *testing.T) {
	pl := &Player{}
	for _, tc := range []struct {
		name   string
		mine   []int // deeds of the computer player (seat 1)
		theirs []int // deeds of the proposer (seat 0)
		trade  engine.Trade
		accept bool
	}{
		{"too cheap", []int{39}, nil,
			engine.Trade{TakeDeeds: []int{39}, GiveCash: 300}, false},
		{"completes their set cheaply", []int{39}, []int{37},
			engine.Trade{TakeDeeds: []int{39}, GiveCash: 600}, false},
		{"completes their set, dearly", []int{39}, []int{37},
			engine.Trade{TakeDeeds: []int{39}, GiveCash: 1400}, true},
		{"completes my set", []int{39}, []int{37},
			engine.Trade{GiveDeeds: []int{37}, TakeCash: 100}, true},
		{"well paid", []int{6}, nil,
			engine.Trade{TakeDeeds: []int{6}, GiveCash: 250}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, 2, 17, nil)
			for _, sq := range tc.mine {
				g.Props[sq].Owner = 1
			}
			for _, sq := range tc.theirs {
				g.Props[sq].Owner = 0
			}
			tr := tc.trade
			tr.To = 1
			if _, err := g.Apply(0, engine.Action{Kind: engine.ActProposeTrade, Trade: &tr}); err != nil {
				t.Fatal(err)
			}
			a := decide(t, pl, g, 1)
			want := engine.ActRejectTrade
			if tc.accept {
				want = engine.ActAcceptTrade
			}
			if a.Kind != want {
				t.Fatalf("decided %v, want %v", a.Kind, want)
			}
		})
	}
}

// TestTradeAgainstDebt: a computer creditor takes a deed in payment of a
// debt when the deed is worth clearly more than the debt it settles.
func TestTradeAgainstDebt(t *testing.T) {
	pl := &Player{}
	for _, tc := range []struct {
		debt   int
		accept bool
	}{{40, true}, {100, false}} {
		g := newGame(t, 2, 17, nil)
		p := g.Current
		q := 1 - p
		g.Props[37].Owner, g.Props[39].Owner, g.Props[6].Owner = q, q, p
		g.Bank += int64(g.Players[p].Cash)
		g.Players[p].Cash, g.Players[p].Pos = 0, 35
		g.ScriptDice(1, 3) // Boardwalk: rent 100 that p cannot pay
		if _, err := g.Apply(p, engine.Action{Kind: engine.ActRoll}); err != nil || g.Phase != engine.PhaseDebt {
			t.Fatalf("no debt: %v, phase %d", err, g.Phase)
		}
		tr := engine.Trade{To: q, GiveDeeds: []int{6}, Debt: tc.debt}
		if _, err := g.Apply(p, engine.Action{Kind: engine.ActProposeTrade, Trade: &tr}); err != nil {
			t.Fatal(err)
		}
		a := decide(t, pl, g, q)
		if got := a.Kind == engine.ActAcceptTrade; got != tc.accept {
			t.Fatalf("debt %d: decided %+v", tc.debt, a)
		}
		if _, err := g.Apply(q, a); err != nil {
			t.Fatal(err)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAuctionBidsUpToValuation(t *testing.T) {
	g := newGame(t, 2, 21, nil)
	p := g.Current
	q := 1 - p
	g.Props[1].Owner = q // Baltic completes q's browns
	g.Players[p].Cash = 1500
	rollTo(t, g, 1, 2) // Baltic (3), price 60
	if _, err := g.Apply(p, engine.Action{Kind: engine.ActDecline}); err != nil {
		t.Fatal(err)
	}
	pl := &Player{}
	s := seats(2, pl)
	for g.Phase == engine.PhaseAuction {
		if _, err := Step(g, s); err != nil {
			t.Fatal(err)
		}
	}
	if g.Props[3].Owner == engine.NoOwner {
		t.Fatal("nobody bought Baltic")
	}
	// q values it at twice the price (completes), p at one and a half
	// (blocks): q wins, paying at most 120.
	if g.Props[3].Owner != q {
		t.Fatalf("Baltic went to %d, want %d", g.Props[3].Owner, q)
	}
}

func TestStepErrors(t *testing.T) {
	g := newGame(t, 2, 1, nil)
	if _, err := Step(g, []*Player{nil, nil}); err != ErrNoPlayer {
		t.Fatalf("got %v, want ErrNoPlayer", err)
	}
}

func TestParseJailStrategy(t *testing.T) {
	for _, s := range []JailStrategy{JailShort, JailLong} {
		got, err := ParseJailStrategy(s.String())
		if err != nil || got != s {
			t.Fatalf("%v: got %v, %v", s, got, err)
		}
	}
	if _, err := ParseJailStrategy("forever"); err == nil {
		t.Fatal("no error for an unknown strategy")
	}
}
