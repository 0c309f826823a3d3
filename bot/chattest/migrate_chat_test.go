package chattest_test

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestMigratedGameKeepsItsVote: a /pause vote in progress when the group
// becomes a supergroup goes on under a message of the supergroup, whose
// Agree button counts there.
func TestMigratedGameKeepsItsVote(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	alice, bohdan := h.Users[0], h.Users[1]
	h.Say(bohdan, "/pause")
	h.API.Migrate(bottest.Chat, bottest.SuperChat, alice)
	h.Settle()
	rec, _ := h.bot.Snapshot(bottest.SuperChat)
	msg, data, ok := h.ButtonIn(bottest.SuperChat, bot.OpVotePause)
	if rec == nil || len(rec.Clock.Votes) != 1 || !ok || rec.Clock.Votes[0].Msg != msg {
		t.Fatalf("the vote is not shown in the supergroup (record %+v, button on %d)", rec, msg)
	}
	h.API.PushCallback(bottest.SuperChat, msg, alice, data)
	h.Settle()
	if rec, _ = h.bot.Snapshot(bottest.SuperChat); rec.Clock.PausedAt == 0 {
		t.Fatal("the second vote, in the supergroup, did not pause")
	}
}
