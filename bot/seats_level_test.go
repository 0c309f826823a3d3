package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// TestLobbyComputerLevel: a computer seat is added as normal; the level
// button cycles the last computer seat through easy, normal and hard, only
// for the creator; the level is stored with the seat and said beside its
// name in the lobby, whose level button is behind ⚙️ More.
func TestLobbyComputerLevel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 3, nil)
	h.Say(h.Users[0], "/newgame")
	h.LobbyView(h.Users[0], true)
	if _, _, ok := h.FindButton(OpLevel, 0, true); ok {
		t.Fatal("a level button without a computer seat")
	}
	h.LobbyView(h.Users[0], false)
	h.MustPress(h.Users[0], OpAddComputer)
	h.MustPress(h.Users[0], OpAddComputer)
	h.LobbyView(h.Users[0], true)
	rec := h.Record()
	if rec.Seats[2].Level != kit.Level(level.Normal) || !strings.Contains(rec.Seats[2].Name, "normal") {
		t.Fatalf("a new computer seat %+v: want normal, said in its name", rec.Seats[2])
	}
	msg, data, _ := h.FindButton(OpLevel, 0, true)
	h.Press(h.Users[1], msg, data)
	if a := h.LastAnswer(); !a.ShowAlert || h.Record().Seats[2].Level != kit.Level(level.Normal) {
		t.Fatalf("someone else changed a computer's level (answer %+v)", a)
	}
	for _, want := range []level.Level{level.Hard, level.Easy, level.Normal, level.Hard} {
		h.MustPress(h.Users[0], OpLevel)
		rec := h.Record()
		if s := rec.Seats[2]; s.Level != kit.Level(want) || !strings.Contains(s.Name, want.String()) {
			t.Fatalf("after the level button, the last computer seat is %+v; want %v", s, want)
		}
		if rec.Seats[1].Level != kit.Level(level.Normal) {
			t.Fatalf("the level button changed the first computer seat: %+v", rec.Seats[1])
		}
	}
	last, _ := h.API.LastMessage(testChat)
	if !strings.Contains(last.Text, "Computer 2 · hard") || !strings.Contains(last.Text, "Computer 1 · normal") {
		t.Errorf("the lobby does not say the levels beside the names:\n%s", last.Text)
	}
}

// lobbyButtons are the rows of the lobby message's keyboard.
func (h *harness) lobbyButtons() [][]fakeapi.Button {
	h.T.Helper()
	msg, _, ok := h.FindButton(OpJoin, 0, true)
	if !ok {
		h.T.Fatal("no lobby on screen")
	}
	for _, m := range h.API.Messages(testChat) {
		if m.ID == msg {
			return m.Keyboard
		}
	}
	h.T.Fatal("the lobby message is gone")
	return nil
}

// TestSeatLevelStored: a seat written before levels reads as normal, and a
// level survives the record's round trip.
func TestSeatLevelStored(t *testing.T) {
	t.Parallel()
	r, err := kit.DecodeRecord([]byte(`{"id":1,"status":"lobby","seats":[{"user":-1,"name":"🤖 Computer 1","computer":true}]}`))
	if err != nil || r.Seats[0].Level != kit.Level(level.Normal) {
		t.Fatalf("an old seat reads as %+v, %v; want normal", r.Seats, err)
	}
	r.Seats[0].Level = kit.Level(level.Hard)
	b, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var back kit.Record
	if err := json.Unmarshal(b, &back); err != nil || back.Seats[0].Level != kit.Level(level.Hard) {
		t.Fatalf("a hard seat reads back as %+v, %v", back.Seats, err)
	}
}
