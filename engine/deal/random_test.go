package deal

import (
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

// unchanged says whether g is exactly as before was (a Clone taken then):
// cheaper than comparing JSON, for the refusals of the randomized tests.
func unchanged(before, g *Game) bool {
	if n := reflect.TypeFor[Game]().NumField(); n != 14 {
		panic(fmt.Sprintf("Game has %d fields: compare the new ones in unchanged", n))
	}
	a, b := *before, *g
	if string(a.Deck) != string(b.Deck) {
		return false
	}
	a.Deck, b.Deck, a.events, b.events = nil, nil, nil, nil
	return a.Rules == b.Rules && a.Version == b.Version && a.RNG == b.RNG && a.Seats == b.Seats &&
		a.Places == b.Places && a.Current == b.Current && a.Phase == b.Phase && a.Plays == b.Plays &&
		a.Turn == b.Turn && a.Pending == b.Pending && a.Winner == b.Winner && a.Out == b.Out
}

func isSentinel(err error) bool {
	for _, s := range Sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// randomAction picks mostly a legal action of the player the game waits
// for (a random payment among the valid ones sometimes), else a random,
// probably illegal one.
func randomAction(r *rand.Rand, g *Game, buf []Action) (PlayerID, Action) {
	if r.IntN(8) == 0 {
		p := PlayerID(r.IntN(g.Seats+3) - 2)
		kind := ActionKind(r.IntN(int(actionKinds) + 1))
		if kind == ActResign {
			kind = actionKinds // leaving is rarer (below): the games would end early
		}
		a := Action{Kind: kind, Card: r.IntN(DeckSize+4) - 2,
			Color: Color(r.IntN(int(NumColors)+3) - 1), Target: PlayerID(r.IntN(g.Seats+2) - 1),
			Take: r.IntN(DeckSize), Give: r.IntN(DeckSize)}
		if r.IntN(2) == 0 {
			a.Cards = CardSet{r.Uint64(), r.Uint64() & (1<<(DeckSize-64) - 1)}
		}
		return p, a
	}
	if r.IntN(150) == 0 {
		return System, Action{Kind: ActTimeout}
	}
	if r.IntN(400) == 0 { // someone leaves, now and then
		return PlayerID(r.IntN(g.Seats)), Action{Kind: ActResign}
	}
	p := g.Waiting()
	if q := PlayerID(r.IntN(g.Seats)); g.Waits(q) && r.IntN(2) == 0 {
		p = q // another player asked at the same time
	}
	if r.IntN(10) == 0 {
		p = g.Current // re-colouring while the others answer, or discarding
	}
	acts := g.AppendLegal(buf[:0], p)
	if len(acts) == 0 {
		return System, Action{Kind: ActTimeout}
	}
	a := acts[r.IntN(len(acts))]
	if a.Kind == ActPay && r.IntN(2) == 0 {
		all, _ := g.PayableCards(p)
		a.Cards = CardSet{all[0] & r.Uint64(), all[1] & r.Uint64()} // often refused: too little or a card too many
	}
	return p, a
}

type step struct {
	P PlayerID
	A Action
}

// TestRandomGames plays thousands of seeded games of random legal and
// illegal actions: invariants and event promises hold after every step,
// refused actions change nothing and are sentinels, Check agrees with
// Apply, listed actions are accepted, and seed + accepted actions replay
// the game exactly, as does a JSON round trip.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	games := 2000
	if testing.Short() {
		games = 200
	}
	buf := make([]Action, 0, 256)
	for seed := uint64(1); seed <= uint64(games); seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		cfg := Config{Players: MinPlayers + int(seed)%(MaxPlayers-MinPlayers+1), Seed: seed,
			Rules: Rules{SayNoCostsPlay: seed%3 == 0}}
		g, evs, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		if err := g.CheckEvents(evs); err != nil {
			t.Fatal(err)
		}
		var log []step
		for i := 0; i < 3000 && g.Phase != PhaseGameOver; i++ {
			p, a := randomAction(r, g, buf)
			checkErr := g.Check(p, a)
			var before *Game
			if checkErr != nil {
				before = g.Clone()
			}
			listed := false
			if checkErr != nil { // only a refusal needs to know
				for _, l := range g.AppendLegal(buf[:0], p) {
					if l == a {
						listed = true
					}
				}
			}
			evs, err := g.Apply(p, a)
			if (err == nil) != (checkErr == nil) {
				t.Fatalf("seed %d step %d: Check said %v, Apply %v for %+v", seed, i, checkErr, err, a)
			}
			if err != nil {
				if listed {
					t.Fatalf("seed %d step %d: listed action %+v by %d refused: %v", seed, i, a, p, err)
				}
				if !isSentinel(err) {
					t.Fatalf("seed %d step %d: error %v is not a sentinel", seed, i, err)
				}
				if !unchanged(before, g) {
					t.Fatalf("seed %d step %d: refused action %+v changed the game", seed, i, a)
				}
				continue
			}
			log = append(log, step{p, a})
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d after %+v by %d: %v\n%s", seed, i, a, p, err, snapshot(t, g))
			}
			if err := g.CheckEvents(evs); err != nil {
				t.Fatalf("seed %d step %d after %+v by %d: %v", seed, i, a, p, err)
			}
		}
		replay, _, _ := New(cfg)
		for i, s := range log {
			if _, err := replay.Apply(s.P, s.A); err != nil {
				t.Fatalf("seed %d: replay step %d refused: %v", seed, i, err)
			}
		}
		if snapshot(t, replay) != snapshot(t, g) {
			t.Fatalf("seed %d: replay differs from the original game", seed)
		}
		var back Game
		if err := json.Unmarshal([]byte(snapshot(t, g)), &back); err != nil {
			t.Fatal(err)
		}
		if snapshot(t, &back) != snapshot(t, g) {
			t.Fatalf("seed %d: JSON round trip differs", seed)
		}
		if err := back.CheckInvariants(); err != nil {
			t.Fatalf("seed %d: decoded game: %v", seed, err)
		}
	}
}
