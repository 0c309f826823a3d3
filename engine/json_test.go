package engine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc/jsonfill"
)

func TestAppendJSONMatchesMarshal(t *testing.T) {
	t.Parallel()
	jsonfill.Matches(t, 1, 3000, func(g *Game, dst []byte) ([]byte, error) { return g.AppendJSON(dst), nil }, nil)
	jsonfill.Matches(t, 2, 3000, func(evs *[]Event, dst []byte) ([]byte, error) { return AppendEventsJSON(dst, *evs), nil }, nil)
	var nilGame *Game
	if got, want := nilGame.AppendJSON(nil), "null"; string(got) != want {
		t.Errorf("nil game: %s, want %s", got, want)
	}
}

// TestAppendJSONRandomGames compares the encoders with json.Marshal after
// every step of random games of every board edition, and decodes what they
// wrote back into the same game.
func TestAppendJSONRandomGames(t *testing.T) {
	t.Parallel()
	games := 60
	if testing.Short() {
		games = 15
	}
	buf := make([]Action, 0, 64)
	for _, edition := range []string{Classic, "business", "lux"} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			r := rand.New(rand.NewPCG(seed, 11))
			players := min(2+int(seed%5), EditionByID(edition).MaxPlayers)
			g, _, err := New(Config{Edition: edition, Players: players, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			var history []Event
			for i := 0; i < 1500 && g.Phase != PhaseGameOver; i++ {
				p, a := randomAction(r, g, buf)
				evs, err := g.Apply(p, a)
				if err != nil {
					continue
				}
				history = append(history, evs...)
				want, _ := json.Marshal(g)
				got := g.AppendJSON(nil)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s seed %d step %d:\n got %s\nwant %s", edition, seed, i, got, want)
				}
				wantEv, _ := json.Marshal(evs)
				if gotEv := AppendEventsJSON(nil, evs); !bytes.Equal(gotEv, wantEv) {
					t.Fatalf("%s seed %d step %d: events\n got %s\nwant %s", edition, seed, i, gotEv, wantEv)
				}
			}
			var back Game
			if err := json.Unmarshal(g.AppendJSON(nil), &back); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(back.AppendJSON(nil), g.AppendJSON(nil)) {
				t.Fatalf("%s seed %d: the round trip differs", edition, seed)
			}
			var evs []Event
			if err := json.Unmarshal(AppendEventsJSON(nil, history), &evs); err != nil || !reflect.DeepEqual(evs, history) && len(history) > 0 {
				t.Fatalf("%s seed %d: the events' round trip differs (%v)", edition, seed, err)
			}
		}
	}
}

func BenchmarkGameJSON(b *testing.B) {
	g, _, err := New(Config{Edition: Classic, Players: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	buf := make([]Action, 0, 64)
	var history []Event
	for i := 0; i < 300 && g.Phase != PhaseGameOver; i++ {
		p, a := randomAction(r, g, buf)
		if evs, err := g.Apply(p, a); err == nil {
			history = append(history, evs...)
		}
	}
	if len(history) > 60 {
		history = history[len(history)-60:]
	}
	b.Run("marshal", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(g)
			_, _ = json.Marshal(history)
		}
	})
	b.Run("append", func(b *testing.B) {
		var out []byte
		for b.Loop() {
			out = g.AppendJSON(out[:0])
			out = AppendEventsJSON(out[:0], history)
		}
	})
}
