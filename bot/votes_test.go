package bot

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// voteMessage is the newest message with a vote button of op.
func (h *harness) voteMessage(op kit.Op) int {
	h.T.Helper()
	msg, _, ok := h.FindButton(op, 0, true)
	if !ok {
		h.T.Fatalf("no vote message with %q", op)
	}
	return msg
}

// TestVoteMessagesEndWithoutButtons: a vote is one message whose count
// follows the votes; when it passes, when the game no longer waits for
// whom it was about, and when the game ends, the message loses its button
// and says how the vote ended.
func TestVoteMessagesEndWithoutButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	ended := func(msg int, outcome string, title string) {
		t.Helper()
		m := h.FindMessage(testChat, msg)
		if m.Keyboard != nil || !strings.Contains(m.Text, title) || !strings.Contains(m.Text, outcome) {
			t.Errorf("the ended vote: %q %v, want %q and %q without buttons", m.Text, m.Keyboard, title, outcome)
		}
	}

	// A pause passes with the second vote, from the vote's button.
	h.Say(bohdan, "/pause")
	pause := h.voteMessage(OpVotePause)
	h.Say(alice, "/pause") // the same message counts the second vote
	n := 0
	for _, m := range h.API.Messages(testChat) {
		if strings.HasPrefix(m.Text, "⏸ Vote to pause") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d vote messages for one pause vote", n)
	}
	if h.Record().Clock.PausedAt == 0 {
		t.Fatal("two votes of three did not pause")
	}
	ended(pause, h.bot.cat.T("en", "vote_passed", nil), h.bot.cat.T("en", "vote_title_pause", nil))

	// A kick vote is void once the game no longer waits for that player.
	h.Say(vera, "/resume")
	resume := h.voteMessage(OpVoteResume)
	_, data, _ := h.FindButton(OpVoteResume, 0, true)
	h.Press(bohdan, resume, data)
	if h.Record().Clock.PausedAt != 0 {
		t.Fatal("the resume vote did not pass by its button")
	}
	ended(resume, h.bot.cat.T("en", "vote_passed", nil), h.bot.cat.T("en", "vote_title_resume", nil))
	rec := h.Record()
	target := board.Of(rec).Game.Waiting()
	var voter fakeapi.User
	for i := range rec.Seats {
		if engine.PlayerID(i) != target {
			voter = h.UserOf(rec, int(i))
			break
		}
	}
	h.Say(voter, "/kick")
	kick := h.voteMessage(OpVoteKick)
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 50 && board.Of(h.Record()).Game.Waiting() == target; i++ {
		h.Step(r, seen)
	}
	if board.Of(h.Record()).Game.Waiting() == target {
		t.Fatal("the game kept waiting for the same player")
	}
	ended(kick, h.bot.cat.T("en", "vote_void_moved", nil), h.bot.cat.T("en", "vote_title_kick", map[string]any{"Player": kit.SeatName(rec, target)}))

	// A vote in progress when the game ends is void.
	h.Say(bohdan, "/pause")
	last := h.voteMessage(OpVotePause)
	h.Say(alice, "/endgame")
	h.MustPress(alice, OpEndGameYes)
	ended(last, h.bot.cat.T("en", "vote_void_over", nil), h.bot.cat.T("en", "vote_title_pause", nil))
}

// TestUnsentVoteIsShownAfterARestart: a /pause vote whose message still
// waited for the chat's budget (a 429) when the bot stopped is sent by the
// next start, even one too late to re-show the game, and its button
// counts the vote.
func TestUnsentVoteIsShownAfterARestart(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarnessWith(t, 42, nil, func(cfg *AppConfig) { cfg.ShutdownTimeout = 200 * time.Millisecond })
		h.StartGame()
		alice, bohdan := h.Users[0], h.Users[1]
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 4})
		h.API.PushMessage(testChat, bohdan, "/pause")
		if !h.API.WaitFor(func() bool { return h.API.Pending() == 0 }, 5*time.Second) {
			t.Fatal("/pause was not handled")
		}
		h.backdate(10 * time.Minute)
		h.Stop()
		if _, _, ok := h.FindButton(OpVotePause, 0, true); ok {
			t.Fatal("the vote message went out before the stop: the test proves nothing")
		}
		h.Start()
		h.Settle()
		msg, data, ok := h.FindButton(OpVotePause, 0, true)
		if !ok {
			t.Fatal("the vote's message was not sent after the restart")
		}
		if votes := h.Record().Clock.Votes; len(votes) != 1 || votes[0].Msg != msg {
			t.Fatalf("the record's votes %+v do not name message %d", votes, msg)
		}
		h.Press(alice, msg, data)
		if h.Record().Clock.PausedAt == 0 {
			t.Fatal("the vote's button did not count: two votes of three did not pause")
		}
	})
}
