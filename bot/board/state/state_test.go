package state_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// boardRecord is a board game a few events in, with an offer, a draft and
// options: most of what a stored record holds.
func boardRecord(t testing.TB, kind string) *kit.Record {
	t.Helper()
	g, evs, err := engine.New(engine.Config{Edition: engine.Classic, Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rules := g.Rules
	return &kit.Record{ID: 9, Rev: 4, Status: kit.StatusPlaying, Kind: kind, Edition: engine.Classic, Creator: 11,
		Seats:   []kit.Seat{{User: 11, Name: "Ann <&>"}, {User: 22, Name: "Богдан"}, {User: -1, Name: "🤖", Computer: true}},
		Options: withRules(kit.ChatOptions{KickAfter: 2}, &rules), Pace: kit.Paces[kit.PaceRelaxed],
		State: &state.Board{Game: g, Turn: evs, History: evs, TurnMsg: 40, View: state.View{Menu: state.MenuBuild, User: 11},
			Drafts: map[int64]*state.Draft{22: {Trade: engine.Trade{From: 1, To: 0, GiveCash: 50}, Rev: 3, Msg: 7}},
			Offers: []state.Offer{{ID: 1, Msg: 41, Expires: 99, Trade: engine.Trade{From: 0, To: 1, TakeCash: 10}}},
			Tally:  state.Tally{Started: 1, SetRent: []int{0, 5}}}}
}

// legacy is the record as every version before kit.State stored it: the
// envelope with the board's state embedded (and Deal's beside it, nil).
type legacy struct {
	*kit.Envelope
	state.Board
	Deal *json.RawMessage `json:"deal,omitempty"`
}

// TestBoardRecordStoredAsBefore: a board game's record is the same bytes
// as before its state moved behind kit.State, and such bytes decode to
// the same record, whether the record names its kind or (written before
// kinds) not.
func TestBoardRecordStoredAsBefore(t *testing.T) {
	for _, kind := range []string{board.Name, ""} {
		rec := boardRecord(t, kind)
		data, err := rec.Encode()
		if err != nil {
			t.Fatal(err)
		}
		old, err := json.Marshal(legacy{Envelope: (*kit.Envelope)(rec), Board: *board.Of(rec)})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, old) {
			t.Fatalf("kind %q: stored otherwise than before:\n%s\n%s", kind, data, old)
		}
		back, err := kit.DecodeRecord(old)
		if err != nil {
			t.Fatal(err)
		}
		if back.Kind != kind || back.Seats[0].Name != "Ann <&>" || back.Options.KickAfter != 2 {
			t.Fatalf("kind %q: the envelope decoded as %+v", kind, back)
		}
		b := board.Of(back)
		if b.Game == nil || b.Game.Version != board.Of(rec).Game.Version || b.Drafts[22].Trade.GiveCash != 50 || b.Offers[0].Msg != 41 {
			t.Fatalf("kind %q: the state decoded as %+v", kind, b)
		}
		again, err := back.Encode()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("kind %q: encode → decode → encode differs (%v):\n%s\n%s", kind, err, again, data)
		}
	}
}

// TestBoardLobbyRecord: a lobby's record made in a change has no state
// until the kind asks for it; stored, it decodes with an empty one.
func TestBoardLobbyRecord(t *testing.T) {
	rec := &kit.Record{ID: 3, Status: kit.StatusLobby, Kind: board.Name, Seats: []kit.Seat{{User: 1, Name: "A"}}}
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := kit.DecodeRecord(data)
	if err != nil || back.ID != 3 || len(back.Seats) != 1 || board.Of(back).Game != nil {
		t.Fatalf("the lobby decoded as %+v, %v", back, err)
	}
}

// TestRecordInsideAnObject: an archived game holds its record inside
// another object (bot.archived): it encodes and decodes the same there.
func TestRecordInsideAnObject(t *testing.T) {
	rec := boardRecord(t, board.Name)
	data, err := json.Marshal(struct {
		Record *kit.Record `json:"record"`
	}{rec})
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Record *kit.Record `json:"record"`
	}
	if err := json.Unmarshal(data, &back); err != nil || back.Record == nil || board.Of(back.Record).Offers[0].ID != 1 {
		t.Fatalf("the archived record decoded as %+v, %v", back.Record, err)
	}
}

// BenchmarkRecordEncode and BenchmarkRecordDecode: a board record's cost
// in storage (go test -bench Record ./bot/board/state).
func BenchmarkRecordEncode(b *testing.B) {
	rec := boardRecord(b, board.Name)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rec.Encode(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecordDecode(b *testing.B) {
	data, err := boardRecord(b, board.Name).Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := kit.DecodeRecord(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecordClone(b *testing.B) {
	rec := boardRecord(b, board.Name)
	b.ReportAllocs()
	for b.Loop() {
		_ = rec.Clone()
	}
}

// BenchmarkRecordEncodeBefore and BenchmarkRecordDecodeBefore are the same
// record encoded and decoded as before kit.State (one struct embedding
// the board's state), to compare side by side.
func BenchmarkRecordEncodeBefore(b *testing.B) {
	rec := boardRecord(b, board.Name)
	l := legacy{Envelope: (*kit.Envelope)(rec), Board: *board.Of(rec)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(l); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecordDecodeBefore(b *testing.B) {
	data, err := boardRecord(b, board.Name).Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var r kit.Record
		if err := json.Unmarshal(data, &legacy{Envelope: (*kit.Envelope)(&r)}); err != nil {
			b.Fatal(err)
		}
	}
}

// withRules is o with the board's part: the engine rules r.
func withRules(o kit.ChatOptions, r *engine.Rules) *kit.ChatOptions {
	board.SetRules(&o, r)
	return &o
}
