package state_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	dealstate "github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// legacy is a Deal record as the versions before kit.State stored it:
// the envelope, the board's (empty) state embedded, the game under "deal".
type legacy struct {
	*kit.Envelope
	state.Board
	Deal *dealstate.Deal `json:"deal,omitempty"`
}

// TestDealRecordRoundTrip: a Deal game's record decodes from what earlier
// versions stored (its game under "deal", the board's empty members
// beside it) and from what it stores now, to the same game and hands;
// stored again, it is the same bytes.
func TestDealRecordRoundTrip(t *testing.T) {
	g, evs, err := dealengine.New(dealengine.Config{Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	d := &dealstate.Deal{Game: g, TableMsg: 12, Events: evs, Top: 3,
		Hands: []dealstate.Hand{{Open: true, Msg: 5, Lang: "uk"}, {Picked: true, Pick: 7}, {}}}
	rec := &kit.Record{ID: 5, Rev: 2, Status: kit.StatusPlaying, Kind: deal.Name, Edition: deal.Name,
		Seats:   []kit.Seat{{User: 1, Name: "A"}, {User: 2, Name: "B"}, {User: 3, Name: "C"}},
		Options: &kit.ChatOptions{}, State: d}
	deal.SetOptions(rec.Options, deal.Options{SayNoFree: true})
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	old, err := json.Marshal(legacy{Envelope: (*kit.Envelope)(rec), Deal: d})
	if err != nil {
		t.Fatal(err)
	}
	for _, stored := range [][]byte{old, data} {
		back, err := kit.DecodeRecord(stored)
		if err != nil {
			t.Fatal(err)
		}
		got := deal.Of(back)
		if got == nil || got.Game == nil || got.Game.Version != g.Version || got.TableMsg != 12 || got.Hands[0].Lang != "uk" || got.Hands[1].Pick != 7 {
			t.Fatalf("decoded %+v from %s", got, stored)
		}
		if err := got.Game.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		if again, err := back.Encode(); err != nil || !bytes.Equal(again, data) {
			t.Fatalf("stored again otherwise (%v):\n%s\n%s", err, again, data)
		}
	}
}

// TestDealLobbyHasNoState: a Deal lobby's record holds no game, and
// decodes without one.
func TestDealLobbyHasNoState(t *testing.T) {
	rec := &kit.Record{ID: 6, Status: kit.StatusLobby, Kind: deal.Name, Edition: deal.Name}
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := kit.DecodeRecord(data)
	if err != nil || back.State != nil || deal.Of(back) != nil || back.Kind != deal.Name {
		t.Fatalf("the lobby decoded as %+v (state %v), %v", back, back.State, err)
	}
}
