package timers

import (
	"encoding/json"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// ActingSeat's shortcut reads what decoding the whole entry reads, for
// every shape of entry the kinds log, and leaves anything else to it.
func TestActingSeatReadsWhatDecodingReads(t *testing.T) {
	t.Parallel()
	decoded := func(entry []byte) int {
		var e struct {
			Seat *int `json:"seat"`
		}
		if json.Unmarshal(entry, &e) != nil || e.Seat == nil {
			return -1
		}
		return *e.Seat
	}
	enc := func(v any) []byte {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	entries := [][]byte{
		enc(kit.LogEntry{Seat: 2, Action: engine.Action{Kind: engine.ActRoll}, Ver: 7, At: 1}),
		enc(kit.LogEntry{Update: 99, User: 12345678, Seat: 0, Action: engine.Action{Kind: engine.ActBuy, Square: 3}}),
		enc(kit.LogEntry{Seat: int(engine.System)}),
		enc(kit.LogEntry{User: -5, Seat: 13}),
		enc(map[string]any{"start": map[string]int{"seat": 4}}),
		[]byte(`{"seat":1.5}`),
		[]byte(`{"seat":"1"}`),
		[]byte(`{"user":1,"seat":3}`),
		[]byte(`{"user":1 ,"seat":3}`),
		[]byte(`{"action":{"seat":9},"seat":2}`),
		[]byte(`{"se\"at":1,"seat":2}`),
		[]byte(`{"seat":-}`),
		[]byte(`{"seat":3`),
		[]byte(`{}`),
		[]byte(`not json`),
		[]byte(``),
	}
	for _, e := range entries {
		if got, want := ActingSeat(e), decoded(e); got != want {
			t.Errorf("ActingSeat(%s) = %d, decoding reads %d", e, got, want)
		}
	}
	if ActingSeat(nil) != -1 {
		t.Error("no entry has a seat")
	}
}
