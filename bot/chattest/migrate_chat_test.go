package chattest_test

import (
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestMigrationShowsTheGameAtOnce: when a group becomes a supergroup, the
// game's current message appears in the supergroup at once (nobody has to
// press anything), the record names it, and after a restart it is still
// the game's message there and its buttons play.
func TestMigrationShowsTheGameAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: bottest.Chat, Type: "group"},
		From: &tgbotapi.User{ID: h.Users[0].ID}, MigrateToChatID: bottest.SuperChat}})
	h.Settle()
	shown := func(when string) int {
		t.Helper()
		rec, _ := h.bot.Snapshot(bottest.SuperChat)
		if rec == nil || rec.Status != kit.StatusPlaying || fakekind.Of(rec) == nil {
			t.Fatalf("%s: no game in the supergroup", when)
		}
		msg, _, ok := h.ButtonIn(bottest.SuperChat, fakekind.OpPass)
		if !ok {
			t.Fatalf("%s: the game's message is not in the supergroup: %+v", when, h.API.Messages(bottest.SuperChat))
		}
		if fakekind.Of(rec).TableMsg != msg {
			t.Fatalf("%s: the record names message %d, the supergroup shows the game in %d", when, fakekind.Of(rec).TableMsg, msg)
		}
		return msg
	}
	msg := shown("after the migration")
	h.Stop()
	h.Start()
	h.Settle()
	if again := shown("after a restart"); again != msg {
		t.Fatalf("after a restart the game moved to message %d from %d", again, msg)
	}
	v := h.revision(bottest.SuperChat)
	h.pressIn(bottest.SuperChat, fakekind.OpPass)
	if h.revision(bottest.SuperChat) == v {
		t.Fatal("the supergroup's ⏭ button did not play after the restart")
	}
}

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
