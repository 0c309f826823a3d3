package chattest_test

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestRematchOfAnyKind: the game over of any kind carries 🔁 Rematch; a
// stranger's press is refused, a player's opens a lobby of the same kind
// and people, which names the game it repeats, and the button goes.
func TestRematchOfAnyKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	ended := h.startGame()
	h.win()
	msg, data, ok := h.FindButton(bot.OpRematch, 0, true)
	if !ok {
		t.Fatal("the game over has no 🔁 Rematch")
	}
	stranger := fakeapi.User{ID: 99, FirstName: "Eve", LanguageCode: "en"}
	h.Press(stranger, msg, data)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.t("alert_rematch_not_player", nil) || h.Record() != nil {
		t.Fatalf("a stranger's press answered %+v", a)
	}
	h.Press(h.Users[1], msg, data)
	lobby := h.Record()
	if lobby == nil || lobby.Status != kit.StatusLobby || lobby.Kind != fakekind.Name || lobby.RematchOf != ended.ID {
		t.Fatalf("no rematch lobby of the fake kind: %+v", lobby)
	}
	if len(lobby.Seats) != 2 || lobby.Seats[0].User != ended.Seats[0].User || lobby.Seats[1].User != ended.Seats[1].User {
		t.Errorf("rematch seats %+v, want the game's %+v", lobby.Seats, ended.Seats)
	}
	if m := h.FindMessage(bottest.Chat, msg); m.Keyboard != nil {
		t.Errorf("the game over keeps 🔁 after the rematch: %v", m.Keyboard)
	}
	h.MustPress(h.Users[1], bot.OpStart) // the rematch's creator starts it
	if rec := h.Record(); rec.Status != kit.StatusPlaying || rec.Kind != fakekind.Name {
		t.Fatalf("the rematch did not start: %+v", rec)
	}
}
