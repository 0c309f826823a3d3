package chattest_test

import (
	"strings"
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

// TestRematchAfterAnotherGameIsRefused: once another game was opened, the
// old ending's 🔁 is refused in the presser's language (the chat pinned
// none), the ending says so in the chat's and loses the button; the
// rematch's data forged onto the new lobby's message is refused too.
func TestRematchAfterAnotherGameIsRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.Users[0].LanguageCode = "ru"
	h.PutSettings(kit.Settings{Options: kit.ChatOptions{Edition: fakekind.Name}}) // no language pinned
	h.startGame()
	h.win()
	msg, data, ok := h.FindButton(bot.OpRematch, 0, true)
	if !ok {
		t.Fatal("the game over has no 🔁 Rematch")
	}
	h.Say(h.Users[0], "/newgame")
	lobby := h.Record()
	// The rematch's data forged onto the new lobby's message: refused, and
	// the lobby's message keeps its buttons.
	lobbyMsg, _, _ := h.FindButton(bot.OpJoin, 0, true)
	h.Press(h.Users[1], lobbyMsg, data)
	if a := h.LastAnswer(); !a.ShowAlert || h.Message(lobbyMsg).Keyboard == nil {
		t.Errorf("a forged rematch press answered %+v and left the lobby's buttons %v", a, h.Message(lobbyMsg).Keyboard)
	}
	h.Press(h.Users[1], msg, data)
	// The alert is the presser's (uk), the message the chat's (ru).
	cat := h.bot.Catalog()
	refusal := cat.T("ru", "alert_rematch_other", nil)
	if a, want := h.LastAnswer(), cat.T("uk", "alert_rematch_other", nil); !a.ShowAlert || a.Text != want {
		t.Errorf("the press answered %+v, want %q", a, want)
	}
	if rec := h.Record(); rec == nil || rec.ID != lobby.ID || rec.RematchOf != 0 {
		t.Errorf("the refused rematch changed the lobby: %+v", rec)
	}
	if end := h.Message(msg); end.Keyboard != nil || !strings.HasSuffix(end.Text, refusal) {
		t.Errorf("the ending message keeps a refused button: %q %v", end.Text, end.Keyboard)
	}
}
