package state

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/jsonfill"
)

// TestBoardAppendJSONMatchesMarshal fills every exported field of a
// board's state by reflection (zero, empty and set in turn, maps of
// drafts whose keys sort differently as strings and as numbers) and
// checks that AppendJSON writes exactly json.Marshal's bytes: a field
// added to these types without adding it to encode.go fails here.
func TestBoardAppendJSONMatchesMarshal(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 28))
	for i := range 3000 {
		var b Board
		jsonfill.Fill(r, reflect.ValueOf(&b).Elem())
		if i%5 == 0 && b.Drafts != nil { // keys 9 and 10 sort as "10" < "9"
			b.Drafts[9], b.Drafts[10], b.Drafts[-3] = &Draft{Rev: 1}, nil, &Draft{Trade: engine.Trade{ID: 2}}
		}
		want, err := json.Marshal(&b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.AppendJSON([]byte("prefix"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Fatalf("board %d:\n got %s\nwant prefix%s", i, got, want)
		}
	}
	var zero Board
	want, _ := json.Marshal(&zero)
	if got, _ := zero.AppendJSON(nil); !bytes.Equal(got, want) {
		t.Fatalf("zero board: %s, want %s", got, want)
	}
}

// BenchmarkBoardJSON compares AppendJSON with json.Marshal on a board of
// 4 players after 300 random actions with 60 events of history, a tally
// and an auction message.
//
//	go test -run '^$' -bench BoardJSON -benchmem ./bot/board/state/
func BenchmarkBoardJSON(b *testing.B) {
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	var history []engine.Event
	for range 300 {
		p := engine.PlayerID(r.IntN(4))
		if legal := g.Legal(p); len(legal) > 0 {
			if evs, err := g.Apply(p, legal[r.IntN(len(legal))]); err == nil {
				history = append(history, evs...)
			}
		}
	}
	history = history[max(0, len(history)-60):]
	st := &Board{Game: g, Turn: history[len(history)-3:], History: history, TurnMsg: 77,
		Tally: Tally{Started: 1, TopRent: Rent{Payer: 1, Square: 39, Amount: 2000}, SetRent: []int{0, 10, 0, 300, 0, 0, 0, 50},
			Jail: []JailStay{{Turns: 2, Longest: 2}, {}, {In: true, Turns: 1, Longest: 1}, {}}},
		Auction: &AuctionMsg{Seq: 3, Msg: 90, Opened: 12, ShownVer: 14, Shown: 1000}, Auctions: 3}
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = json.Marshal(st)
		}
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			out, _ = st.AppendJSON(out[:0])
		}
	})
}
