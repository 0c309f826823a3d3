package state

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc/jsonfill"
)

// TestBoardAppendJSONMatchesMarshal fills every exported field of a
// board's state by reflection (zero, empty and set in turn, maps of
// drafts whose keys sort differently as strings and as numbers) and
// checks that AppendJSON writes exactly json.Marshal's bytes: a field
// added to these types without adding it to encode.go fails here.
func TestBoardAppendJSONMatchesMarshal(t *testing.T) {
	t.Parallel()
	jsonfill.Matches(t, 7, 3000, (*Board).AppendJSON, func(i int, b *Board) {
		if i%5 == 0 && b.Drafts != nil { // keys 9 and 10 sort as "10" < "9"
			b.Drafts[9], b.Drafts[10], b.Drafts[-3] = &Draft{Rev: 1}, nil, &Draft{Trade: engine.Trade{ID: 2}}
		}
	})
	jsonfill.Matches(t, 8, 1, (*Board).AppendJSON, func(_ int, b *Board) { *b = Board{} })
}
