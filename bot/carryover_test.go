package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// Through the fake Bot API keeping Telegram's limits, with the bot's
// defaults: someone opens /settings during a turn and closes it (the menu
// is deleted); when the turn ends, the next turn takes over the closed
// turn's message, which is the bot's last one again — one call, the
// buttons on the bot's last message — rather than a new message and an
// edit of the old one.
func TestNextTurnTakesOverAfterAClosedMenu(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarnessWith(t, 3, nil, func(cfg *AppConfig) {
			cfg.Client = telegram.ClientOptions{} // Telegram's limits
			cfg.CarryOver = 0                     // the bot's default
		})
		h.API.Enforce(fakeapi.TelegramLimits())
		h.StartGame()
		h.waitShown()
		rec := h.Record()
		turnMsg, turn := board.Of(rec).TurnMsg, board.Of(rec).Game.Turn
		if turnMsg == 0 {
			t.Fatal("the turn's message id is not stored")
		}
		h.API.SetAdmins(testChat, h.Users[1].ID)
		h.Say(h.Users[1], "/settings")
		menu, closeData, ok := h.FindButton(OpSetClose, 0, true)
		if !ok {
			t.Fatal("no settings menu")
		}
		h.Press(h.Users[1], menu, closeData)
		h.waitShown()
		if m := h.FindMessage(testChat, menu); m == nil || !m.Deleted {
			for _, m := range h.API.Messages(testChat) {
				t.Logf("%d deleted=%v %q", m.ID, m.Deleted, firstLine(m.Text))
			}
			t.Fatalf("the closed menu %d is not deleted", menu)
		}
		for i := 0; board.Of(h.Record()).Game.Turn == turn; i++ {
			if i == 10 {
				t.Fatal("the turn did not end in 10 presses")
			}
			rec := h.Record()
			u := h.UserOf(rec, int(h.bot.kinds.Of(rec).Pending(rec).Seat))
			msg, data, ok := newestOf(h.API.Messages(testChat), boardPrefs)
			if !ok {
				t.Fatal("no button for the turn")
			}
			h.Press(u, msg, data)
			h.waitShown()
		}
		rec = h.Record()
		if board.Of(rec).TurnMsg != turnMsg {
			t.Fatalf("the next turn is message %d, want it to take over the closed turn's %d", board.Of(rec).TurnMsg, turnMsg)
		}
		m := h.FindMessage(testChat, turnMsg)
		if _, _, ok := newestOf([]fakeapi.Message{*m}, boardPrefs); !ok {
			t.Fatalf("the taken-over message has no buttons for the next turn: %q", m.Text)
		}
		if last, _ := h.API.LastMessage(testChat); last.ID > turnMsg && !last.Deleted && last.From == 0 {
			t.Fatalf("a newer bot message %d (%q) is under the turn", last.ID, last.Text)
		}
		if n := h.API.Flood().TooMany; n != 0 {
			t.Fatalf("%d answers 429", n)
		}
	})
}

// waitShown waits until the pushed updates are handled and the group
// shows all that was queued for it.
func (h *harness) waitShown() {
	h.T.Helper()
	h.Settle()
	if !h.API.WaitFor(func() bool { return h.bot.out.UnshownSince(testChat).IsZero() }, 30*time.Second) {
		h.T.Fatal("the group did not show its messages in 30 s")
	}
}
