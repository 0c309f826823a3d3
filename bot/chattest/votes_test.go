package chattest_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestVotesOfAnyKind: in a game of any kind a pause passes when both
// players agree, by the vote's button, and its message loses the button
// and says so; a resume vote likewise; a vote in progress when the game
// ends is void.
func TestVotesOfAnyKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	h.startGame()
	alice, bohdan := h.Users[0], h.Users[1]
	ended := func(msg int, outcome, title string) {
		t.Helper()
		m := h.FindMessage(bottest.Chat, msg)
		if m == nil || m.Keyboard != nil || !strings.Contains(m.Text, title) || !strings.Contains(m.Text, outcome) {
			t.Errorf("the ended vote: %+v, want %q and %q without buttons", m, title, outcome)
		}
	}
	vote := func(op kit.Op) (int, string) {
		t.Helper()
		msg, data, ok := h.FindButton(op, 0, true)
		if !ok {
			t.Fatalf("no vote message with %q", op)
		}
		return msg, data
	}

	h.Say(bohdan, "/pause")
	pause, data := vote(bot.OpVotePause)
	if h.Record().Clock.PausedAt != 0 {
		t.Fatal("one vote of two paused")
	}
	h.Press(alice, pause, data)
	if h.Record().Clock.PausedAt == 0 {
		t.Fatal("two votes of two did not pause")
	}
	ended(pause, h.t("vote_passed", nil), h.t("vote_title_pause", nil))

	h.Say(alice, "/resume")
	resume, data := vote(bot.OpVoteResume)
	h.Press(bohdan, resume, data)
	if h.Record().Clock.PausedAt != 0 {
		t.Fatal("the resume vote did not pass by its button")
	}
	ended(resume, h.t("vote_passed", nil), h.t("vote_title_resume", nil))

	h.Say(bohdan, "/pause")
	last, _ := vote(bot.OpVotePause)
	h.win()
	ended(last, h.t("vote_void_over", nil), h.t("vote_title_pause", nil))
}
