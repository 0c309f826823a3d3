package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestLostEditHealsOnAStalePress: the edit that showed a press's result
// was lost with the process (a stop while a 429 held it), and the restart
// came too late for Restore to show the game again: the turn message still
// shows the revision before. A press on it is answered "outdated" and
// brings the message up to date, whose buttons then play.
func TestLostEditHealsOnAStalePress(t *testing.T) {
	h := newHarnessWith(t, 1, nil, func(cfg *AppConfig) { cfg.ShutdownTimeout = 200 * time.Millisecond })
	h.startGame()
	msg, roll, ok := h.buttonIn(testChat, OpRoll)
	if !ok {
		t.Fatal("no Roll button")
	}
	h.api.FailNext("editMessageText", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 4})
	update := h.api.PushCallback(testChat, msg, h.current(testChat), roll)
	if !h.api.WaitFor(func() bool { _, ok := h.answerTo(update); return ok }, 5*time.Second) {
		t.Fatal("the Roll was not answered")
	}
	rec := h.record()
	if rec.TurnMsg != msg {
		t.Fatalf("the Roll ended the turn (message %d, then %d): this seed does not make an edit only", msg, rec.TurnMsg)
	}
	h.backdate(10 * time.Minute)
	h.stop()
	h.start()
	h.settle()
	stale := func() (rev uint64, data string) {
		for _, m := range h.api.Messages(testChat) {
			if m.ID != msg {
				continue
			}
			for _, row := range m.Keyboard {
				for _, b := range row {
					if p, err := kit.ParsePress(b.Data); err == nil && p.Game == rec.ID {
						return p.Rev, b.Data
					}
				}
			}
		}
		return 0, ""
	}
	rev, data := stale()
	if rev == rec.Rev {
		t.Fatal("the turn message is up to date without a press: the test proves nothing")
	}
	h.press(h.current(testChat), msg, data)
	if a, _ := h.answerTo(update + 1); !a.ShowAlert {
		t.Errorf("the stale press was answered %+v, want the outdated alert", a)
	}
	if rev, _ = stale(); rev != h.record().Rev {
		t.Fatalf("after a stale press the turn message shows revision %d, the game is at %d", rev, h.record().Rev)
	}
}

// backdate makes the game's last change d older, as a start sees it
// (Restore re-shows only recent games), quietly: nothing is shown.
func (h *harness) backdate(d time.Duration) {
	h.t.Helper()
	unlock := h.bot.lock(testChat)
	defer unlock()
	_, err := h.bot.change(testChat, 0, func(c *chatState) error {
		c.Rec.Updated -= d.Milliseconds()
		c.Quiet = true
		return nil
	})
	if err != nil {
		h.t.Fatal(err)
	}
}
