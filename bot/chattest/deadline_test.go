package chattest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// advance moves the clock past the pending deadline and waits until the
// game moved (nil: it ended).
func (h *harness) advance() *kit.Record {
	h.T.Helper()
	// First what is due now (a kick is scheduled for the moment after the
	// timeout that earned it), so that the clock moves on from a settled
	// game.
	h.TimerPass()
	rec := h.Record()
	if rec == nil { // a kick due now ended the game
		return nil
	}
	rev := rec.Rev
	h.clock.Add(time.Duration(max(rec.Clock.Deadline-h.clock.Now().UnixMilli(), 0))*time.Millisecond + time.Second)
	return h.WaitRecord("the game moves on a timeout", func(r *kit.Record) bool { return r == nil || r.Rev != rev })
}

// TestKickAfterRepeatedTimeouts: a seat that misses KickAfter decisions in
// a row leaves the game (the fake kind: which ends it), and the chat is
// told, mentioning whom.
func TestKickAfterRepeatedTimeouts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: 2})
	started := h.startGame()
	absent := started.Seats[0].User
	rec := h.advance()
	if rec == nil || rec.Clock.Strikes[0] != 1 {
		t.Fatalf("after one timeout: %+v, want the game on with one missed turn", rec)
	}
	for i := 0; i < 5 && rec != nil; i++ {
		rec = h.advance()
	}
	if rec != nil {
		t.Fatalf("nobody was removed after missing two turns (record %+v)", rec)
	}
	if !h.API.WaitFor(func() bool { return h.Mentions(absent, "deadlines in a row") == 1 }, 5*time.Second) {
		t.Fatal("the chat was not told about the removal")
	}
	if a := h.ArchivedRecord(); a == nil || a.ID != started.ID {
		t.Fatalf("the game the removal ended is not archived: %+v", a)
	}
}

// TestArchiveUntouchedGame: a game nobody touched for ArchiveAfter is
// archived, the chat told, and its timers gone.
func TestArchiveUntouchedGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}, ArchiveAfter: 48 * time.Hour})
	h.startGame()
	h.clock.Add(49 * time.Hour)
	h.WaitRecord("archive", func(r *kit.Record) bool { return r == nil })
	if a := h.ArchivedRecord(); a == nil || a.Kind != fakekind.Name {
		t.Fatal("the game is not in the archive")
	}
	told := func() bool {
		for _, m := range h.API.Messages(bottest.Chat) {
			if strings.Contains(m.Text, "archived") {
				return true
			}
		}
		return false
	}
	if !h.API.WaitFor(told, 5*time.Second) {
		t.Fatal("the chat was not told")
	}
	_ = h.bot.Store().View(func(tx *storage.Tx) error {
		if n := tx.TimerCount(); n != 0 {
			t.Errorf("%d timers left after the archive", n)
		}
		return nil
	})
}
