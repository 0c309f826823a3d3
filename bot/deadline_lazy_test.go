package bot

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// indexed is the chat's earliest entry in the timer index (0: none).
func (h *harness) indexed(chat int64) int64 {
	var at int64
	_ = h.bot.store.View(func(tx *storage.Tx) error {
		for _, t := range tx.DueTimers(1<<62, 1<<20) {
			if t.Chat == chat {
				at = t.At
				return nil
			}
		}
		return nil
	})
	return at
}

// TestDeadlineMovedLaterFiresAtItsMoment: a deadline that moves later
// leaves its earlier entry in the timer index (storage/timers.go). That
// entry fires early — here after a restart — and changes nothing in the
// game; the chat is back in the index at its deadline, and the turn
// times out then, not before.
func TestDeadlineMovedLaterFiresAtItsMoment(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
	h.StartGame()
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[engine.EventKind]bool{}
	var rec *kit.Record
	for i := 0; ; i++ {
		rec = h.Record()
		if early := h.indexed(testChat); early != 0 && early < rec.Clock.Timer {
			break
		}
		if i == 60 {
			t.Fatalf("no deadline moved later in 60 moves (index %d, clock %+v)", h.indexed(testChat), rec.Clock)
		}
		clock.Add(5 * time.Second)
		if !h.Step(r, seen) {
			t.Fatal("the game ended first")
		}
	}
	early, deadline, ver := h.indexed(testChat), rec.Clock.Timer, board.Of(rec).Game.Version
	strikes, reminded := append([]int(nil), rec.Clock.Strikes...), rec.Clock.Reminded
	h.Settle()
	sent := len(h.API.Messages(testChat))

	h.Stop()
	clock.Add(time.Duration(early-clock.Now().UnixMilli()+1) * time.Millisecond) // past the early entry only
	if clock.Now().UnixMilli() >= deadline {
		t.Fatalf("test setup: now %d is not before the deadline %d", clock.Now().UnixMilli(), deadline)
	}
	h.Start()
	if !h.API.WaitFor(func() bool { return h.indexed(testChat) == deadline }, 5*time.Second) {
		t.Fatalf("after the early entry fired the index holds %d, want the deadline %d", h.indexed(testChat), deadline)
	}
	h.Settle()
	rec = h.Record()
	if n := len(h.API.Messages(testChat)); n != sent {
		t.Fatalf("the early entry sent %d messages to the chat", n-sent)
	}
	if board.Of(rec).Game.Version != ver || rec.Clock.Timer != deadline || rec.Clock.Reminded != reminded {
		t.Fatalf("the early entry changed the game: version %d → %d, timer %d → %d, reminded %d → %d", ver, board.Of(rec).Game.Version, deadline, rec.Clock.Timer, reminded, rec.Clock.Reminded)
	}
	for i, n := range rec.Clock.Strikes {
		if i < len(strikes) && n != strikes[i] {
			t.Fatalf("strikes %v → %v before the deadline", strikes, rec.Clock.Strikes)
		}
	}
	var timers int
	_ = h.bot.store.View(func(tx *storage.Tx) error { timers = tx.TimerCount(); return nil })
	if timers != 1 {
		t.Fatalf("%d timer entries for one chat, want 1", timers)
	}

	rec = advance(h, clock)
	if !hasEvent(board.Of(rec).Turn, engine.EvTimeout) {
		t.Fatalf("the move at the deadline is not a timeout: %+v", board.Of(rec).Turn)
	}
}
