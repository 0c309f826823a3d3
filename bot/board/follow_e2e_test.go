package board_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// TestFollowEndedByEndgame: followers are told when a game ends by
// /endgame too; one who never opened a private chat with the bot cannot be
// told (Telegram refuses), and that refusal pauses nothing.
func TestFollowEndedByEndgame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 8, nil)
	h.API.RequireStart(true)
	h.StartGame()
	reachable := fakeapi.User{ID: 98, FirstName: "Yan", LanguageCode: "uk"}
	unreachable := fakeapi.User{ID: 99, FirstName: "Zoe", LanguageCode: "en"}
	h.API.PushMessage(reachable.ID, reachable, "/start")
	h.Settle()
	h.MustPress(reachable, board.OpFollow)
	h.MustPress(unreachable, board.OpFollow)
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], bot.OpEndGameYes)
	if h.Record() != nil {
		t.Fatal("the game is still stored after /endgame")
	}
	var told []fakeapi.Message
	for _, m := range h.API.Messages(reachable.ID) {
		if strings.HasPrefix(m.Text, h.bot.Catalog().T("en", "follow_ended", nil)) {
			told = append(told, m)
		}
	}
	if len(told) != 1 || !strings.Contains(told[0].Text, h.bot.Catalog().T("en", "standings_title", nil)) {
		t.Errorf("the follower was told %+v, want the end with the table once", told)
	}
	if n := len(h.API.Messages(unreachable.ID)); n != 0 {
		t.Errorf("%d messages in a private chat never opened", n)
	}
	if s := h.bot.ChatSettings(unreachable.ID); s.Paused {
		t.Error("a refused notice paused the person's private chat")
	}
}
