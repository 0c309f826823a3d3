package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestLostEditHealsOnAStalePress: the edit that showed a press's result
// was lost with the process (a stop while a 429 held it), and the restart
// came too late for Restore to show the game again: the turn message still
// shows the buttons before. The player's second tap of the same button is
// answered "done" (it was applied) and brings the message up to date.
func TestLostEditHealsOnAStalePress(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarnessWith(t, 1, nil, func(cfg *AppConfig) { cfg.ShutdownTimeout = 200 * time.Millisecond })
		h.StartGame()
		msg, roll, ok := h.ButtonIn(testChat, board.OpRoll)
		if !ok {
			t.Fatal("no Roll button")
		}
		h.API.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 4})
		roller := h.Current(testChat)
		update := h.API.PushCallback(testChat, msg, roller, roll)
		if !h.API.WaitFor(func() bool { _, ok := h.API.AnswerTo(update); return ok }, 5*time.Second) {
			t.Fatal("the Roll was not answered")
		}
		rec := h.Record()
		if board.Of(rec).TurnMsg != msg {
			t.Fatalf("the Roll ended the turn (message %d, then %d): this seed does not make an edit only", msg, board.Of(rec).TurnMsg)
		}
		h.backdate(10 * time.Minute)
		h.Stop()
		h.Start()
		h.Settle()
		shows := func(data string) bool {
			for _, m := range h.API.Messages(testChat) {
				if m.ID != msg {
					continue
				}
				for _, row := range m.Keyboard {
					for _, b := range row {
						if b.Data == data {
							return true
						}
					}
				}
			}
			return false
		}
		if !shows(roll) {
			t.Fatal("the turn message is up to date without a press: the test proves nothing")
		}
		ver := board.Of(h.Record()).Game.Version
		h.Press(roller, msg, roll)
		if a, _ := h.API.AnswerTo(update + 1); a.ShowAlert || a.Text != h.bot.cat.T(h.bot.chatLang(testChat, roller.LanguageCode), "toast_done", nil) {
			t.Errorf("the second tap was answered %+v, want the toast \"done\"", a)
		}
		if board.Of(h.Record()).Game.Version != ver {
			t.Fatal("the second tap rolled again")
		}
		if shows(roll) {
			t.Fatal("after the second tap the turn message still shows the Roll already made")
		}
	})
}

// backdate makes the game's last change d older, as a start sees it
// (Restore re-shows only recent games), quietly: nothing is shown.
func (h *harness) backdate(d time.Duration) {
	h.T.Helper()
	unlock := h.bot.lock(testChat)
	defer unlock()
	_, err := h.bot.change(testChat, 0, func(c *kit.Change) error {
		c.Rec.Updated -= d.Milliseconds()
		c.Quiet = true
		return nil
	})
	if err != nil {
		h.T.Fatal(err)
	}
}
