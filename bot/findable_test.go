package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// reminders are the bot's messages in the chat that remind user.
func (h *harness) reminders(user int64) (shown, deleted []fakeapi.Message) {
	for _, m := range h.api.Messages(testChat) {
		if strings.Contains(m.Text, "tg://user?id="+strconv.FormatInt(user, 10)) && strings.Contains(m.Text, "waiting for you") {
			if m.Deleted {
				deleted = append(deleted, m)
			} else {
				shown = append(shown, m)
			}
		}
	}
	return shown, deleted
}

// lastShown is the newest message of the chat that is not deleted.
func (h *harness) lastShown(chat int64) fakeapi.Message {
	h.t.Helper()
	msgs := h.api.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		if !msgs[i].Deleted {
			return msgs[i]
		}
	}
	h.t.Fatal("the chat shows no message")
	return fakeapi.Message{}
}

// TestReminderReplacesItselfAndGoes (issue 25): a decision's second
// reminder replaces the first (deleted, so one reminder at most is in the
// chat), the reminder is deleted once the decision is taken, and then the
// turn's buttons are on the chat's last message again — also when the
// bot was restarted in between (the reminder's id is stored).
func TestReminderReplacesItselfAndGoes(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceAsync}})
	h.startGame()
	rec := h.record()
	user := rec.Seats[board.Of(rec).Game.Current].User
	clock.Add(12*time.Hour + time.Second) // half time
	h.waitRecord("first reminder", func(r *Record) bool { return r.Clock.Reminded == 1 })
	if !h.api.WaitFor(func() bool { s, _ := h.reminders(user); return len(s) == 1 }, 5*time.Second) {
		t.Fatal("no reminder at half time")
	}
	first, _ := h.reminders(user)
	if last := h.lastShown(testChat); last.ID != first[0].ID {
		t.Fatalf("the reminder is not the chat's last message: %q", last.Text)
	}
	h.waitRecord("the reminder's id stored", func(r *Record) bool { return r.Clock.Reminder == first[0].ID })

	clock.Add(8 * time.Hour) // shortly before the deadline
	h.waitRecord("second reminder", func(r *Record) bool { return r.Clock.Reminded == 2 })
	// The deletion goes before the new reminder's send (a removal is
	// urgent), so wait for both.
	if !h.api.WaitFor(func() bool { s, d := h.reminders(user); return len(d) == 1 && len(s) == 1 }, 5*time.Second) {
		t.Fatal("the first reminder was not replaced by the second")
	}
	shown, deleted := h.reminders(user)
	if len(shown) != 1 || deleted[0].ID != first[0].ID {
		t.Fatalf("reminders shown %d, deleted %+v; want the second shown, the first deleted", len(shown), deleted)
	}
	second := shown[0].ID
	h.waitRecord("the second reminder's id stored", func(r *Record) bool { return r.Clock.Reminder == second })

	h.stop()
	h.start()
	h.settle()
	h.pressIn(testChat, OpRoll) // the decision is taken
	if !h.api.WaitFor(func() bool { s, _ := h.reminders(user); return len(s) == 0 }, 5*time.Second) {
		t.Fatal("the reminder stayed after the decision was taken")
	}
	h.settle()
	if r := h.record(); r.Clock.Reminder != 0 || r.Clock.Reminded != 0 {
		t.Fatalf("clock %+v: the reminder is still recorded", r.Clock)
	}
	last := h.lastShown(testChat)
	if len(last.Keyboard) == 0 || last.ID != board.Of(h.record()).TurnMsg {
		t.Fatalf("the chat's last message is not the turn's with its buttons: %q", last.Text)
	}
}
