package chattest_test

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest/fakekind"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestReminderReplacesItselfAndGoes (issue 25): a decision's second
// reminder replaces the first (deleted, so one reminder at most is in the
// chat), the reminder is deleted once the decision is taken, and then the
// game's buttons are on the chat's last message again — also when the
// bot was restarted in between (the reminder's id is stored).
func TestReminderReplacesItselfAndGoes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}})
	clock := h.clock
	rec := h.startGame()
	user := rec.Seats[0].User
	clock.Add(12*time.Hour + time.Second) // half time
	h.WaitRecord("first reminder", func(r *kit.Record) bool { return r.Clock.Reminded == 1 })
	if !h.API.WaitFor(func() bool { s, _ := h.Reminders(user); return len(s) == 1 }, 5*time.Second) {
		t.Fatal("no reminder at half time")
	}
	first, _ := h.Reminders(user)
	if last := h.LastShown(bottest.Chat); last.ID != first[0].ID {
		t.Fatalf("the reminder is not the chat's last message: %q", last.Text)
	}
	h.WaitRecord("the reminder's id stored", func(r *kit.Record) bool { return r.Clock.Reminder == first[0].ID })

	clock.Add(8 * time.Hour) // shortly before the deadline
	h.WaitRecord("second reminder", func(r *kit.Record) bool { return r.Clock.Reminded == 2 })
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
	h.WaitRecord("the second reminder's id stored", func(r *kit.Record) bool { return r.Clock.Reminder == second })

	h.Stop()
	h.Start()
	h.Settle()
	h.pressIn(bottest.Chat, fakekind.OpPass) // the decision is taken
	if !h.API.WaitFor(func() bool { s, _ := h.Reminders(user); return len(s) == 0 }, 5*time.Second) {
		t.Fatal("the reminder stayed after the decision was taken")
	}
	h.Settle()
	if r := h.Record(); r.Clock.Reminder != 0 || r.Clock.Reminded != 0 {
		t.Fatalf("clock %+v: the reminder is still recorded", r.Clock)
	}
	last := h.LastShown(bottest.Chat)
	if !bottest.HasOp(last.Keyboard, fakekind.OpPass) {
		t.Fatalf("the chat's last message is not the game's with its buttons: %q", last.Text)
	}
}
