package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
)

// TestReminderReplacesItselfAndGoes (issue 25): a decision's second
// reminder replaces the first (deleted, so one reminder at most is in the
// chat), the reminder is deleted once the decision is taken, and then the
// turn's buttons are on the chat's last message again — also when the
// bot was restarted in between (the reminder's id is stored).
func TestReminderReplacesItselfAndGoes(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceAsync}})
	h.StartGame()
	rec := h.Record()
	user := rec.Seats[board.Of(rec).Game.Current].User
	clock.Add(12*time.Hour + time.Second) // half time
	h.WaitRecord("first reminder", func(r *Record) bool { return r.Clock.Reminded == 1 })
	if !h.API.WaitFor(func() bool { s, _ := h.Reminders(user); return len(s) == 1 }, 5*time.Second) {
		t.Fatal("no reminder at half time")
	}
	first, _ := h.Reminders(user)
	if last := h.LastShown(testChat); last.ID != first[0].ID {
		t.Fatalf("the reminder is not the chat's last message: %q", last.Text)
	}
	h.WaitRecord("the reminder's id stored", func(r *Record) bool { return r.Clock.Reminder == first[0].ID })

	clock.Add(8 * time.Hour) // shortly before the deadline
	h.WaitRecord("second reminder", func(r *Record) bool { return r.Clock.Reminded == 2 })
	// The deletion goes before the new reminder's send (a removal is
	// urgent), so wait for both.
	if !h.API.WaitFor(func() bool { s, d := h.Reminders(user); return len(d) == 1 && len(s) == 1 }, 5*time.Second) {
		t.Fatal("the first reminder was not replaced by the second")
	}
	shown, deleted := h.Reminders(user)
	if len(shown) != 1 || deleted[0].ID != first[0].ID {
		t.Fatalf("reminders shown %d, deleted %+v; want the second shown, the first deleted", len(shown), deleted)
	}
	second := shown[0].ID
	h.WaitRecord("the second reminder's id stored", func(r *Record) bool { return r.Clock.Reminder == second })

	h.Stop()
	h.Start()
	h.Settle()
	h.pressIn(testChat, board.OpRoll) // the decision is taken
	if !h.API.WaitFor(func() bool { s, _ := h.Reminders(user); return len(s) == 0 }, 5*time.Second) {
		t.Fatal("the reminder stayed after the decision was taken")
	}
	h.Settle()
	if r := h.Record(); r.Clock.Reminder != 0 || r.Clock.Reminded != 0 {
		t.Fatalf("clock %+v: the reminder is still recorded", r.Clock)
	}
	last := h.LastShown(testChat)
	if len(last.Keyboard) == 0 || last.ID != board.Of(h.Record()).TurnMsg {
		t.Fatalf("the chat's last message is not the turn's with its buttons: %q", last.Text)
	}
}
