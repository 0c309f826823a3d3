package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// snapshot is the JSON of a game: the exact serialized state.
func snapshot(t testing.TB, g *Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stateInto writes into dst the bytes snapshot returns, through the
// reflection-free encoder (TestAppendJSONMatchesMarshal holds the two to the
// same bytes for every field), for the comparisons made at every step of the
// random games: json.Marshal there was most of the package's test time.
func stateInto(dst []byte, g *Game) []byte { return g.AppendJSON(dst[:0]) }

// randomAction picks either a legal action of a random player (mostly) or
// a random, probably illegal one.
func randomAction(r *rand.Rand, g *Game, buf []Action) (PlayerID, Action) {
	p, a, _ := pickAction(r, g, buf)
	return p, a
}

// pickAction is randomAction that also returns the legal actions of the
// player it picked when it listed them (in buf), nil when it did not, so
// that the caller checking "a legal action is accepted" need not list them
// again.
func pickAction(r *rand.Rand, g *Game, buf []Action) (PlayerID, Action, []Action) {
	n := len(g.Players)
	if r.IntN(10) == 0 {
		p := PlayerID(r.IntN(n+2) - 2)
		a := Action{Kind: ActionKind(r.IntN(int(actionKinds) + 1)), Square: r.IntN(44) - 2, Amount: r.IntN(3000) - 100, TradeID: r.IntN(4)}
		if a.Kind == ActProposeTrade && r.IntN(2) == 0 {
			a.Trade = &Trade{To: PlayerID(r.IntN(n)), GiveDeeds: []int{r.IntN(40)}, TakeCash: r.IntN(500)}
		}
		return p, a, nil
	}
	if r.IntN(200) == 0 {
		return System, Action{Kind: ActTimeout}, nil
	}
	// Prefer the player the game waits for, so games progress.
	p := g.Waiting()
	if p == NoOwner || r.IntN(4) == 0 {
		p = PlayerID(r.IntN(n))
	}
	acts := g.AppendLegal(buf[:0], p)
	if len(acts) == 0 {
		return System, Action{Kind: ActTimeout}, nil
	}
	a := acts[r.IntN(len(acts))]
	switch a.Kind {
	case ActBid, ActStake:
		a.Amount += r.IntN(min(a.Max-a.Amount, 300) + 1)
		if r.IntN(4) > 0 { // mostly whole banknotes; the rest tests the refusal
			a.Amount -= a.Amount % g.Note()
		}
		a.Max = 0
	case ActProposeTrade:
		a.Trade = randomTrade(r, g, p)
	case ActResign, ActVoteEnd:
		if r.IntN(50) != 0 { // rare, or games end too soon
			return System, Action{Kind: ActTimeout}, nil
		}
	}
	return p, a, acts
}

func randomTrade(r *rand.Rand, g *Game, p PlayerID) *Trade {
	to := PlayerID(r.IntN(len(g.Players)))
	t := &Trade{To: to}
	for sq := range g.Props {
		if g.Props[sq].Owner == p && r.IntN(3) == 0 {
			t.GiveDeeds = append(t.GiveDeeds, sq)
		}
		if g.Props[sq].Owner == to && r.IntN(3) == 0 {
			t.TakeDeeds = append(t.TakeDeeds, sq)
		}
	}
	if r.IntN(2) == 0 {
		t.GiveCash = r.IntN(g.Players[p].Cash/2 + 1)
	} else if g.Active(to) {
		t.TakeCash = r.IntN(g.Players[to].Cash/2 + 1)
	}
	if r.IntN(4) == 0 { // a building bought from the counterparty, seldom valid
		t.TakeBuilding, t.PlaceOn = r.IntN(len(g.Props)), r.IntN(len(g.Props))
	}
	if owed := g.MaxDebtCredit(p, to); owed > 0 && r.IntN(2) == 0 {
		t.Debt = r.IntN(owed + 1)
	}
	if r.IntN(4) > 0 { // mostly whole banknotes (lux); the rest tests the refusal
		note := g.Note()
		t.GiveCash, t.TakeCash, t.Debt = t.GiveCash-t.GiveCash%note, t.TakeCash-t.TakeCash%note, t.Debt-t.Debt%note
	}
	return t
}

type step struct {
	P PlayerID
	A Action
}

// TestRandomGames plays thousands of seeded games of random legal and
// illegal actions, checking invariants after every step, that refused
// actions change nothing, that Legal actions are accepted, and that
// replaying seed + accepted actions reproduces the final state exactly.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	playRandomGames(t, Classic, 3000, func(seed uint64, rules *Rules) {
		if seed%3 == 0 { // exercise the other rule options too
			rules.BuildBeforeRollOnly = false
			rules.FreeParkingJackpot = true
			rules.DoubleSalaryOnStart = true
			rules.NoRentInJail = seed%2 == 0
			rules.AutoEndTurn = seed%2 == 1
		}
	})
}

// playRandomGames is TestRandomGames for one edition: games games, a
// tenth of them under -short; vary changes the edition's rules for a seed.
// The seeds are played in two halves side by side (parallel subtests), so
// that the package's longest test does not hold one core alone at the end
// of the run.
func playRandomGames(t *testing.T, edition string, games int, vary func(seed uint64, rules *Rules)) {
	if testing.Short() {
		games /= 10
	}
	half := uint64(games / 2)
	for _, seeds := range [][2]uint64{{1, half}, {half + 1, uint64(games)}} {
		t.Run(fmt.Sprintf("seeds %d-%d", seeds[0], seeds[1]), func(t *testing.T) {
			t.Parallel()
			playSeeds(t, edition, seeds[0], seeds[1], vary)
		})
	}
}

// playSeeds plays the games of seeds first to last for playRandomGames.
func playSeeds(t *testing.T, edition string, first, last uint64, vary func(seed uint64, rules *Rules)) {
	buf := make([]Action, 0, 64)
	var before, after []byte
	for seed := first; seed <= last; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		players := min(2+int(seed%5), EditionByID(edition).MaxPlayers)
		rules := EditionByID(edition).Rules
		vary(seed, &rules)
		g, _, err := New(Config{Edition: edition, Players: players, Seed: seed, Rules: &rules})
		if err != nil {
			t.Fatal(err)
		}
		start := g.Clone()
		g.index() // built from the start, so that every step checks its upkeep
		var log []step
		for i := 0; i < 4000 && g.Phase != PhaseGameOver; i++ {
			p, a, listed := pickAction(r, g, buf)
			if listed == nil {
				listed = g.AppendLegal(buf[:0], p)
			}
			checkErr := g.Check(p, a)
			if checkErr != nil { // only a refusal needs the state to compare
				before = stateInto(before, g)
			}
			legal := false
			for _, l := range listed {
				if l.Kind == a.Kind && l.Square == a.Square && l.TradeID == a.TradeID && a.Kind != ActBid && a.Kind != ActStake && a.Kind != ActProposeTrade {
					legal = true
				}
			}
			_, err := g.Apply(p, a)
			if (err == nil) != (checkErr == nil) {
				t.Fatalf("seed %d step %d: Check said %v but Apply said %v for %+v", seed, i, checkErr, err, a)
			}
			if err != nil {
				if legal {
					t.Fatalf("seed %d step %d: legal action %+v by %d refused: %v", seed, i, a, p, err)
				}
				if !isSentinel(err) {
					t.Fatalf("seed %d step %d: error %v is not a sentinel", seed, i, err)
				}
				if after = stateInto(after, g); !bytes.Equal(after, before) {
					t.Fatalf("seed %d step %d: refused action %+v changed the state", seed, i, a)
				}
				continue
			}
			log = append(log, step{p, a})
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d after %+v by %d: %v\n%s", seed, i, a, p, err, snapshot(t, g))
			}
		}
		replay := start.Clone()
		for i, s := range log {
			if _, err := replay.Apply(s.P, s.A); err != nil {
				t.Fatalf("seed %d: replay step %d refused: %v", seed, i, err)
			}
		}
		if !bytes.Equal(stateInto(before, replay), stateInto(after, g)) {
			t.Fatalf("seed %d: replay differs from the original game", seed)
		}
		var back Game
		if err := json.Unmarshal([]byte(snapshot(t, g)), &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(snapshot(t, &back), snapshot(t, g)) {
			t.Fatalf("seed %d: JSON round trip differs", seed)
		}
	}
}

var sentinels = []error{ErrGameOver, ErrUnknownAction, ErrNotInGame, ErrNotYourTurn, ErrNotNow,
	ErrInsufficientFunds, ErrNotProperty, ErrNotOwner, ErrMortgaged, ErrNotMortgaged, ErrSetMortgaged,
	ErrNoMonopoly, ErrNotBuildable, ErrUnevenBuilding, ErrMaxBuildings, ErrNoBuildings, ErrHasBuildings,
	ErrNoHousesLeft, ErrNoHotelsLeft, ErrBuildLimit, ErrBuildBeforeTurn, ErrBidTooLow, ErrBidTooHigh,
	ErrAlreadyPassed, ErrNotInJail, ErrNoJailCard, ErrInDebt, ErrCanStillPay, ErrBadTrade,
	ErrTradeNotFound, ErrSelfTrade, ErrOptionDisabled, ErrAlreadyVoted, ErrDebtCredit,
	ErrBadStake, ErrLiftBeforeRoll, ErrBuildingTrade, ErrDebtorTrade, ErrWholeNotes}

func isSentinel(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// TestRandomGamesBusiness is TestRandomGames for the business edition,
// with its chat options varied too.
func TestRandomGamesBusiness(t *testing.T) {
	t.Parallel()
	playRandomGames(t, Business, 2000, func(seed uint64, rules *Rules) {
		switch seed % 4 {
		case 1:
			rules.GambleCap = 0
			rules.DoubleRentOnSet = true
		case 2:
			rules.AutoEndTurn = true
		case 3:
			rules.EvenBuilding = false
		}
	})
}

// TestRandomGamesLux is TestRandomGames for the lux edition (casino,
// jackpot, tax inspection, jail on stopping), its options varied too.
func TestRandomGamesLux(t *testing.T) {
	t.Parallel()
	playRandomGames(t, Lux, 2000, func(seed uint64, rules *Rules) {
		switch seed % 4 {
		case 1:
			rules.AutoEndTurn = true
		case 2:
			rules.HotelsBySet, rules.InterestTwice = false, false
		case 3:
			rules.EvenBuilding = false
		}
	})
}
