package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// newEditionGame starts a game of edition with players seats.
func newEditionGame(t testing.TB, edition string, players int, seed uint64) *engine.Game {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestComputerBusinessGames: computer players finish business games of 2
// to 6 seats, answering every decision of the edition (the jail fine, the
// gamble) and, in a third of the games, random trade offers with actions
// the engine accepts; the invariants hold after every step.
func TestComputerBusinessGames(t *testing.T) {
	games := 600
	if testing.Short() {
		games = 100
	}
	playComputerGames(t, engine.Business, games, 5, func(g *engine.Game) bool {
		return g.Phase == engine.PhaseJailChoice || g.Phase == engine.PhaseGamble
	}, engine.ActPayJailFine, engine.ActStayInJail, engine.ActStake, engine.ActNoStake)
}

// playComputerGames plays games of edition between computer players, 2 +
// seed % sizes seats, alternating the jail strategies, with random trade
// offers from a person in a third of the games. In the phases watch picks
// it checks the decision of the seat waited for; the invariants hold after
// every step; 95 % of the games end within 1 000 player-turns, and every
// kind in want was decided at least once.
func playComputerGames(t *testing.T, edition string, games, sizes int, watch func(*engine.Game) bool, want ...engine.ActionKind) {
	t.Helper()
	const maxTurns = 1000
	ended := 0
	decided := map[engine.ActionKind]int{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		players := 2 + int(seed%uint64(sizes))
		g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		pl := &Player{Jail: JailStrategy(seed % 2)}
		s := seats(players, pl)
		r := rand.New(rand.NewPCG(seed, 98))
		for g.Phase != engine.PhaseGameOver && g.Turn <= maxTurns {
			if seed%3 == 0 && r.IntN(40) == 0 { // offers from a person, for the answers
				proposeRandomTrade(t, r, g)
			}
			if p := g.Waiting(); watch(g) {
				a, ok := pl.Decide(g, p)
				if !ok || g.Check(p, a) != nil {
					t.Fatalf("seed %d: seat %d decided %+v (%v) in phase %d", seed, p, a, g.Check(p, a), g.Phase)
				}
				decided[a.Kind]++
			}
			if _, err := Step(g, s); err != nil {
				t.Fatalf("seed %d (phase %d, turn %d): %v", seed, g.Phase, g.Turn, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if g.Phase == engine.PhaseGameOver {
			ended++
		}
	}
	t.Logf("%d of %d games ended; decisions %v", ended, games, decided)
	if ended < games*95/100 {
		t.Errorf("only %d of %d games ended within %d turns", ended, games, maxTurns)
	}
	for _, k := range want {
		if decided[k] == 0 {
			t.Errorf("no computer player ever chose %v", k)
		}
	}
}

// TestStakePolicy: a tenth of the cash above the reserve, in tens, within
// the cap; nothing when that is under ten.
func TestStakePolicy(t *testing.T) {
	for _, c := range []struct{ cash, capped, want int }{
		{1500, 200, 140}, // (1500-100)/10
		{3100, 200, 200}, // the cap
		{3100, 0, 300},   // no cap
		{195, 200, 0},    // 9.5 → nothing
		{300, 200, 20},
	} {
		g := newEditionGame(t, engine.Business, 2, 1)
		g.Rules.GambleCap = c.capped
		p := g.Current
		g.Bank += int64(g.Players[p].Cash - c.cash)
		g.Players[p].Cash = c.cash
		g.ScriptDice(1, 4) // to square 5, a gamble square
		if _, err := g.Apply(p, engine.Action{Kind: engine.ActRoll}); err != nil {
			t.Fatal(err)
		}
		if g.Phase != engine.PhaseGamble {
			t.Fatalf("phase %d", g.Phase)
		}
		a := decide(t, &Player{}, g, p)
		switch {
		case c.want == 0 && a.Kind != engine.ActNoStake,
			c.want > 0 && (a.Kind != engine.ActStake || a.Amount != c.want):
			t.Errorf("cash %d cap %d: decided %+v, want a stake of %d", c.cash, c.capped, a, c.want)
		}
	}
}

// TestJailChoice: pay the fine while businesses are for sale and the
// reserve allows; otherwise (or with JailLong) skip the turn.
func TestJailChoice(t *testing.T) {
	for _, c := range []struct {
		jail    JailStrategy
		cash    int
		soldOut bool
		want    engine.ActionKind
	}{
		{JailShort, 1500, false, engine.ActPayJailFine},
		{JailShort, 120, false, engine.ActStayInJail}, // 70 left is below the reserve
		{JailShort, 1500, true, engine.ActStayInJail},
		{JailLong, 1500, false, engine.ActStayInJail},
	} {
		g := newEditionGame(t, engine.Business, 2, 1)
		p := g.Current
		g.Bank += int64(g.Players[p].Cash - c.cash)
		g.Players[p].Cash = c.cash
		if c.soldOut {
			ed := g.EditionData()
			for sq := range g.Props {
				if ed.Squares[sq].Ownable() {
					g.Props[sq].Owner = 1 - p
				}
			}
		}
		g.ScriptDice(4, 5) // to the jail square
		if _, err := g.Apply(p, engine.Action{Kind: engine.ActRoll}); err != nil {
			t.Fatal(err)
		}
		if g.Phase != engine.PhaseJailChoice {
			t.Fatalf("phase %d", g.Phase)
		}
		if a := decide(t, &Player{Jail: c.jail}, g, p); a.Kind != c.want {
			t.Errorf("%v cash %d sold out %v: decided %v, want %v", c.jail, c.cash, c.soldOut, a.Kind, c.want)
		}
	}
}

// TestSellsBuildingsDearly: asked for one of its branches when the bank
// has none, a computer player wants clearly more than three times its
// price (the margin every trade needs).
func TestSellsBuildingsDearly(t *testing.T) {
	for _, c := range []struct {
		cash int
		want engine.ActionKind
	}{{300, engine.ActRejectTrade}, {450, engine.ActRejectTrade}, {600, engine.ActAcceptTrade}} { // a branch of 150
		g := newEditionGame(t, engine.Business, 2, 1)
		own := func(p engine.PlayerID, n int8, sqs ...int) {
			for _, sq := range sqs {
				g.Props[sq].Owner, g.Props[sq].Buildings = p, n
				g.Houses -= int(n)
			}
		}
		own(1, 4, 20, 22, 23, 24, 25, 26)
		own(0, 1, 1, 3)
		if g.Houses != 0 {
			t.Fatalf("%d branches left", g.Houses)
		}
		tr := &engine.Trade{To: 1, GiveCash: c.cash, TakeBuilding: 20, PlaceOn: 1}
		if _, err := g.Apply(0, engine.Action{Kind: engine.ActProposeTrade, Trade: tr}); err != nil {
			t.Fatal(err)
		}
		if a := decide(t, &Player{}, g, 1); a.Kind != c.want {
			t.Errorf("offered %d: decided %v, want %v", c.cash, a.Kind, c.want)
		}
	}
}

// TestBuysBuildingFromPlayer: with no corporation left in the bank, a
// computer player with four branches on every deed of a set offers to buy
// one from an opponent, at a price the opponent's computer player accepts;
// an opponent short of a corporation itself is not asked.
func TestBuysBuildingFromPlayer(t *testing.T) {
	g := newEditionGame(t, engine.Business, 3, 1)
	p := g.Current
	q, r := (p+1)%3, (p+2)%3
	set := func(owner engine.PlayerID, n int8, sqs ...int) {
		for _, sq := range sqs {
			g.Props[sq].Owner, g.Props[sq].Buildings = owner, n
			if n == engine.Hotel {
				g.Hotels--
			} else {
				g.Houses -= int(n)
			}
		}
	}
	set(q, engine.Hotel, 13, 14, 15, 16, 17, 19, 24, 25, 26) // 9 corporations
	set(r, engine.Hotel, 8)                                  // the 10th, with the cheapest branch
	set(r, 4, 10, 11)                                        // r wants a corporation too
	set(p, 4, 1, 3)
	g.Bank -= 1500 // cash above the reserve the opponents' rents call for
	g.Players[p].Cash += 1500
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	pl := &Player{}
	a := decide(t, pl, g, p)
	if a.Kind != engine.ActProposeTrade || a.Trade.To != q || a.Trade.PlaceOn != 1 && a.Trade.PlaceOn != 3 {
		t.Fatalf("decided %+v (%+v)", a, a.Trade)
	}
	// The cheapest corporation of a seller who does not need one: a shops
	// deed (branch 100), at three times its price and the margin.
	if sq := a.Trade.TakeBuilding; g.EditionData().Squares[sq].Group != engine.BusinessShops || a.Trade.GiveCash != 380 {
		t.Fatalf("offer %+v", a.Trade)
	}
	if _, err := g.Apply(p, a); err != nil {
		t.Fatal(err)
	}
	if b := decide(t, pl, g, q); b.Kind != engine.ActAcceptTrade {
		t.Fatalf("the seller decided %+v", b)
	}
	// r would reject: it is short of a corporation itself.
	ask := &engine.Trade{From: p, To: r, GiveCash: 1000, TakeBuilding: 8, PlaceOn: 1}
	if tradeWorth(g, r, ask) {
		t.Fatal("r sells the corporation it needs")
	}
	// Not again this turn.
	g.Trades = nil
	if b := decide(t, pl, g, p); b.Kind == engine.ActProposeTrade {
		t.Fatalf("offered again: %+v", b.Trade)
	}
}
