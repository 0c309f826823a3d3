package engine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// fill sets every exported field reachable from v to a random value, zero
// often enough that omitempty and omitzero are exercised both ways: a field
// added to the game's types shows up in json.Marshal's output, so
// AppendJSON must learn it or TestAppendJSONMatchesMarshal fails.
func fill(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i))
			}
		}
	case reflect.Pointer:
		if r.IntN(3) == 0 {
			v.SetZero()
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(r, v.Elem())
	case reflect.Slice:
		switch r.IntN(4) {
		case 0:
			v.SetZero() // nil
			return
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0)) // empty, not nil
			return
		}
		n := 1 + r.IntN(4)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(r, v.Index(i))
		}
	case reflect.Array:
		if r.IntN(3) == 0 {
			v.SetZero()
			return
		}
		for i := range v.Len() {
			fill(r, v.Index(i))
		}
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if r.IntN(3) == 0 {
			v.SetInt(0)
			return
		}
		bits := v.Type().Bits()
		x := int64(r.Uint64() >> (65 - bits)) // fits, may be negative below
		if r.IntN(2) == 0 {
			x = -x
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if r.IntN(3) == 0 {
			v.SetUint(0)
			return
		}
		v.SetUint(r.Uint64() >> (64 - v.Type().Bits()))
	case reflect.String:
		words := []string{"", "classic", "business", "lux", `a"b\c`, "<&>", "Лото", "tab\there", "\u2028"}
		v.SetString(words[r.IntN(len(words))])
	default:
		panic("fill: a field of kind " + v.Kind().String() + " the encoder test does not know")
	}
}

func TestAppendJSONMatchesMarshal(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		var g Game
		fill(r, reflect.ValueOf(&g).Elem())
		want, err := json.Marshal(&g)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("game %d:\n got %s\nwant %s", i, got, want)
		}
		var evs []Event
		fill(r, reflect.ValueOf(&evs).Elem())
		want, _ = json.Marshal(evs)
		if got := AppendEventsJSON([]byte("prefix"), evs); !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Fatalf("events %d:\n got %s\nwant prefix%s", i, got, want)
		}
	}
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
