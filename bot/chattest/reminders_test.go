package chattest_test

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestReminderOfAnyKind (issue 25): the decision the kind waits for is
// reminded at half time, mentioning whom it waits for; the second
// reminder replaces the first (deleted), and the decision taken deletes
// the reminder.
func TestReminderOfAnyKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}})
	h.startGame()
	alice := h.Users[0].ID
	h.clock.Add(12*time.Hour + time.Second) // half time
	h.WaitRecord("first reminder", func(r *kit.Record) bool { return r.Clock.Reminded == 1 })
	if !h.API.WaitFor(func() bool { s, _ := h.Reminders(alice); return len(s) == 1 }, 5*time.Second) {
		t.Fatal("no reminder at half time")
	}
	first, _ := h.Reminders(alice)
	if last := h.LastShown(bottest.Chat); last.ID != first[0].ID {
		t.Fatalf("the reminder is not the chat's last message: %q", last.Text)
	}
	if s, _ := h.Reminders(h.Users[1].ID); len(s) != 0 {
		t.Errorf("the seat the game does not wait for was reminded: %q", s[0].Text)
	}
	h.WaitRecord("the reminder's id stored", func(r *kit.Record) bool { return r.Clock.Reminder == first[0].ID })

	h.clock.Add(8 * time.Hour) // shortly before the deadline
	h.WaitRecord("second reminder", func(r *kit.Record) bool { return r.Clock.Reminded == 2 })
	if !h.API.WaitFor(func() bool { s, d := h.Reminders(alice); return len(d) == 1 && len(s) == 1 }, 5*time.Second) {
		t.Fatal("the first reminder was not replaced by the second")
	}
	if _, deleted := h.Reminders(alice); deleted[0].ID != first[0].ID {
		t.Fatalf("deleted %+v, want the first reminder", deleted)
	}

	h.win() // the decision taken
	if !h.API.WaitFor(func() bool { s, _ := h.Reminders(alice); return len(s) == 0 }, 5*time.Second) {
		t.Fatal("the reminder stayed after the decision was taken")
	}
}
