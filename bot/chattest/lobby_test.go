package chattest_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestLobbyOfAnyKind: the chat's edition opens a lobby of its kind, which
// seats who joins and lets go who leaves (not its creator), starts only
// with the seats the kind takes, and gives way to the kind's game: the
// lobby's message keeps its text without buttons, the game's message has
// the kind's button, and only the one the kind waits for can take the
// decision. The game over is told once and counted in both players'
// statistics.
func TestLobbyOfAnyKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	alice, bohdan := h.Users[0], h.Users[1]
	h.Say(alice, "/newgame")
	rec := h.Record()
	if rec == nil || rec.Status != kit.StatusLobby || rec.Kind != fakekind.Name || rec.Creator != alice.ID {
		t.Fatalf("no lobby of the fake kind: %+v", rec)
	}
	lobbyMsg := rec.LobbyMsg
	if m := h.FindMessage(bottest.Chat, lobbyMsg); m == nil || !strings.Contains(m.Text, "Fake game: "+kit.Name(alice.FirstName)) {
		t.Fatalf("the lobby does not show the kind's text: %+v", m)
	}

	h.MustPress(alice, bot.OpStart) // one seat of two
	if a := h.LastAnswer(); !a.ShowAlert || h.Record().Status != kit.StatusLobby {
		t.Fatalf("a lobby of one started (answer %+v)", a)
	}
	h.MustPress(bohdan, bot.OpJoin)
	if n := len(h.Record().Seats); n != 2 {
		t.Fatalf("%d seats after the join", n)
	}
	h.MustPress(bohdan, bot.OpLeave)
	if n := len(h.Record().Seats); n != 1 {
		t.Fatalf("%d seats after the leave", n)
	}
	h.MustPress(alice, bot.OpLeave)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.t("lobby_creator_leave", nil) || len(h.Record().Seats) != 1 {
		t.Fatalf("the creator left her lobby (answer %+v)", a)
	}
	h.MustPress(bohdan, bot.OpJoin)
	h.MustPress(bohdan, bot.OpStart)
	if a := h.LastAnswer(); !a.ShowAlert || h.Record().Status != kit.StatusLobby {
		t.Fatalf("someone else than the creator started (answer %+v)", a)
	}
	h.MustPress(alice, bot.OpStart)
	rec = h.Record()
	if rec.Status != kit.StatusPlaying || rec.Edition != fakekind.Name {
		t.Fatalf("the game did not start: %+v", rec)
	}
	if m := h.FindMessage(bottest.Chat, lobbyMsg); m == nil || m.Keyboard != nil {
		t.Errorf("the started lobby's message keeps buttons: %+v", m)
	}
	table, data, ok := h.FindButton(fakekind.OpWin, 0, true)
	if !ok {
		t.Fatal("the game's message has no 🏆")
	}
	if m := h.FindMessage(bottest.Chat, table); !strings.Contains(m.Text, "tg://user?id=11") {
		t.Errorf("the game's message does not name whom it waits for: %q", m.Text)
	}

	h.Press(bohdan, table, data) // not his decision
	if a := h.LastAnswer(); !a.ShowAlert || h.Record() == nil {
		t.Fatalf("the second seat's 🏆 was taken (answer %+v)", a)
	}
	h.win()
	over := 0
	for _, m := range h.API.Messages(bottest.Chat) {
		if strings.Contains(m.Text, "won") {
			over++
		}
		if m.Keyboard != nil && bottest.HasOp(m.Keyboard, fakekind.OpWin) {
			t.Errorf("message %d keeps 🏆 after the game", m.ID)
		}
	}
	if over != 1 {
		t.Errorf("the game over was told %d times", over)
	}
	aliceStats, bohdanStats := h.stats(alice.ID), h.stats(bohdan.ID)
	if k := aliceStats.Kinds[fakekind.Name]; k == nil || k.Played != 1 || k.Won != 1 {
		t.Errorf("the winner's statistics: %+v", aliceStats)
	}
	if k := bohdanStats.Kinds[fakekind.Name]; k == nil || k.Played != 1 || k.Won != 0 {
		t.Errorf("the other's statistics: %+v", bohdanStats)
	}
}

// TestLobbyCancelledAsksFirst: the creator's Cancel asks; confirmed, the
// lobby is gone and its message keeps no button.
func TestLobbyCancelledAsksFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.Say(h.Users[0], "/newgame")
	lobbyMsg := h.Record().LobbyMsg
	h.MustPress(h.Users[1], bot.OpJoin)
	h.MustPress(h.Users[0], bot.OpCancel)
	if rec := h.Record(); rec == nil || !rec.LobbyAsk {
		t.Fatalf("Cancel did not ask: %+v", rec)
	}
	h.MustPress(h.Users[0], bot.OpCancelYes)
	if rec := h.Record(); rec != nil {
		t.Fatalf("the cancelled lobby stays: %+v", rec)
	}
	if m := h.FindMessage(bottest.Chat, lobbyMsg); m == nil || m.Keyboard != nil {
		t.Errorf("the cancelled lobby's message keeps buttons: %+v", m)
	}
}
