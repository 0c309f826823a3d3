package board

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The history keeps the newest events in order, bounded, however many
// arrive, and a copy of the record taken in between keeps its own.
func TestHistoryKeepsTheNewestEvents(t *testing.T) {
	var r kit.Record
	var snap *kit.Record
	for i := 1; i <= 300; i++ {
		remember(&r, []engine.Event{{Kind: engine.EvRolled, Amount: i}, {Kind: engine.EvLanded}})
		n := len(Of(&r).History)
		if n > MaxHistory+HistorySlack || n < min(i, MaxHistory) {
			t.Fatalf("after %d events the history holds %d", i, n)
		}
		for j, e := range Of(&r).History {
			if want := i - n + 1 + j; e.Amount != want {
				t.Fatalf("after %d events, history[%d] is event %d, want %d", i, j, e.Amount, want)
			}
		}
		if i == 140 {
			snap = r.Clone()
		}
	}
	if last := Of(snap).History[len(Of(snap).History)-1]; last.Amount != 140 {
		t.Fatalf("the copy taken at event 140 now ends with event %d", last.Amount)
	}
}
