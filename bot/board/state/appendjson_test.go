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
