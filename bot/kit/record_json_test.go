package kit

import (
	"encoding/json"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc/jsonfill"
)

// TestEnvelopeAppendMatchesMarshal fills every exported field of a record
// by reflection (zero, empty and set in turn, names with quotes, HTML and
// non-ASCII) and checks that Encode writes exactly what json.Marshal
// writes of its envelope, and Clock.AppendJSON what it writes of the
// clock: a field added to these types without adding it to
// record_json.go fails here.
func TestEnvelopeAppendMatchesMarshal(t *testing.T) {
	t.Parallel()
	jsonfill.Matches(t, 5, 3000, func(e *Envelope, dst []byte) ([]byte, error) {
		data, err := (*Record)(e).Encode()
		return append(dst, data...), err
	}, nil)
	jsonfill.Matches(t, 6, 3000, func(c *Clock, dst []byte) ([]byte, error) { return c.AppendJSON(dst), nil }, nil)
}

// BenchmarkEnvelopeJSON compares the envelope's encoder with json.Marshal
// on a running game's envelope: four seats, options, a clock with strikes.
//
//	go test -run '^$' -bench EnvelopeJSON -benchmem ./bot/kit/
func BenchmarkEnvelopeJSON(b *testing.B) {
	rec := &Record{ID: 1 << 50, Rev: 300, Status: StatusPlaying, Edition: "classic", Creator: 1001,
		Seats: []Seat{{User: 1001, Name: "Ann", Pressed: "g:1:300:roll"}, {User: 1002, Name: "Оля", Lang: "uk"},
			{User: -1, Name: "Bot", Computer: true, Level: 2}, {User: 1004, Name: "<b>Ян</b>"}},
		Options: &ChatOptions{Edition: "classic", Pace: Paces[PaceLive], TimeZone: "Europe/Kyiv"},
		Created: 1_700_000_000_000, Updated: 1_700_000_500_000, Marked: 1_700_000_400_000, Pace: Paces[PaceLive],
		Clock: Clock{Decision: "turn:2:31", Deadline: 1_700_000_620_000, Length: 120_000, Strikes: []int{0, 1, 0, 0},
			StruckTurn: []int{0, 29, 0, 0}, Touched: 1_700_000_500_000, Timer: 1_700_000_560_000}}
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = json.Marshal((*Envelope)(rec))
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = rec.Encode()
		}
	})
}
