package state_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	dealstate "github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestEncodeMatchesMarshal plays random games of every board edition and,
// after every accepted action, stores them in records with varied
// envelopes (names that spell the splice's marker, no turn message, a
// menu, an auction message, a Deal game with no board) and checks that
// Encode writes exactly the bytes json.Marshal wrote of the record when it
// embedded the board's state (legacy), and that they decode back to the
// same record.
func TestEncodeMatchesMarshal(t *testing.T) {
	t.Parallel()
	games := 12
	if testing.Short() {
		games = 4
	}
	names := []string{"Ann", `","turn_msg":-7340033007340033,"x":"`, "<b>Оля</b> & Co", "\u2028"}
	for _, edition := range []string{engine.Classic, "business", "lux"} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			r := rand.New(rand.NewPCG(seed, 5))
			players := 2 + int(seed%3)
			g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			var history []engine.Event
			for i := 0; i < 400 && g.Phase != engine.PhaseGameOver; i++ {
				p := engine.PlayerID(r.IntN(players))
				legal := g.Legal(p)
				if len(legal) == 0 {
					continue
				}
				evs, err := g.Apply(p, legal[r.IntN(len(legal))])
				if err != nil {
					continue
				}
				history = append(history, evs...)
				if len(history) > 60 {
					history = history[len(history)-60:]
				}
				rec := &kit.Record{ID: r.Uint64() >> 12, Rev: uint64(i), Status: kit.StatusPlaying, Kind: board.Name, Edition: edition,
					Creator: 7, Created: 1, Updated: int64(i), Clock: kit.Clock{Timer: int64(r.IntN(3))}}
				for s := range players {
					rec.Seats = append(rec.Seats, kit.Seat{User: int64(s + 1), Name: names[(s+i)%len(names)], Pressed: "x:1"})
				}
				b := &state.Board{Game: g, Turn: evs, History: history, TurnMsg: []int{0, 5, 123456}[r.IntN(3)]}
				rec.State = b
				if r.IntN(4) == 0 {
					b.View = state.View{Menu: state.MenuBuild, User: 1}
				}
				if r.IntN(4) == 0 {
					b.Auction = &state.AuctionMsg{Seq: 2, Msg: 9}
					b.DeedsMsg = 4
				}
				if r.IntN(8) == 0 {
					b.Turn = nil
				}
				if r.IntN(8) == 0 {
					b.OfferEdits = []state.OfferEdit{{Msg: 1, Text: names[i%len(names)]}}
				}
				checkEncode(t, rec)
			}
		}
	}
	checkEncode(t, &kit.Record{ID: 1, Status: kit.StatusLobby, Seats: []kit.Seat{{User: 1, Name: "A"}}, State: &state.Board{}})
	checkEncode(t, &kit.Record{ID: 2, Status: kit.StatusPlaying, Kind: deal.Name, State: &dealstate.Deal{}})
	checkEncode(t, &kit.Record{ID: 3, State: &state.Board{History: []engine.Event{{Kind: engine.EvRolled, Dice: [2]int{1, 2}}}}})
	checkEncode(t, &kit.Record{ID: 4, State: &state.Board{Turn: []engine.Event{}, TurnMsg: 3}})
}

func checkEncode(t *testing.T, rec *kit.Record) {
	t.Helper()
	// A board record is what the record embedding the board's state was;
	// a Deal record the envelope and "deal" (no longer the board's empty
	// members beside it: TestDealRecordRoundTrip reads those).
	var old any = legacy{Envelope: (*kit.Envelope)(rec), Board: *board.Of(rec)}
	if rec.Kind == deal.Name {
		d, _ := rec.State.(*dealstate.Deal)
		old = struct {
			*kit.Envelope
			Deal *dealstate.Deal `json:"deal"`
		}{(*kit.Envelope)(rec), d}
	}
	want, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	got, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Encode differs from json.Marshal:\n got %s\nwant %s", got, want)
	}
	back, err := kit.DecodeRecord(got)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Encode()
	if !bytes.Equal(again, want) {
		t.Fatalf("the record does not decode to itself:\n got %s\nwant %s", again, want)
	}
}

// BenchmarkRecordEncodeGame compares Encode with json.Marshal of the
// struct the record was before kit.State on a board game's record of 4
// players after 300 actions with 60 events of history.
//
//	go test -run '^$' -bench RecordEncodeGame -benchmem ./bot/board/state/
func BenchmarkRecordEncodeGame(b *testing.B) {
	st := playedBoard(b)
	rec := &kit.Record{ID: 1, Rev: 300, Status: kit.StatusPlaying, Kind: board.Name, Edition: engine.Classic,
		Seats: []kit.Seat{{User: 1, Name: "Ann"}, {User: 2, Name: "Bob"}, {User: 3, Name: "Оля"}, {User: 4, Name: "Ян"}},
		State: st}
	old := legacy{Envelope: (*kit.Envelope)(rec), Board: *st}
	b.Run("marshal", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(old)
		}
	})
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			_, _ = rec.Encode()
		}
	})
}

// playedBoard is a board's state after 300 random actions of 4 players
// in the classic edition, with 60 events of history and the last three
// as the turn's.
func playedBoard(b *testing.B) *state.Board {
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
	return &state.Board{Game: g, Turn: history[len(history)-3:], History: history, TurnMsg: 77}
}

// BenchmarkBoardJSON compares AppendJSON with json.Marshal on the played
// board with a tally and an auction message.
//
//	go test -run '^$' -bench BoardJSON -benchmem ./bot/board/state/
func BenchmarkBoardJSON(b *testing.B) {
	st := playedBoard(b)
	st.Tally = state.Tally{Started: 1, TopRent: state.Rent{Payer: 1, Square: 39, Amount: 2000}, SetRent: []int{0, 10, 0, 300, 0, 0, 0, 50},
		Jail: []state.JailStay{{Turns: 2, Longest: 2}, {}, {In: true, Turns: 1, Longest: 1}, {}}}
	st.Auction, st.Auctions = &state.AuctionMsg{Seq: 3, Msg: 90, Opened: 12, ShownVer: 14, Shown: 1000}, 3
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
