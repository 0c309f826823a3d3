package bot

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// spareBudget makes o's tidying wait until spare is set (the group's
// budget has room to spare); everything else goes at once.
func spareBudget(o *Outbox) *atomic.Bool {
	var spare atomic.Bool
	o.keeping = func(int64) time.Time { return time.Time{} }
	o.leaving = func(int64, int) time.Time {
		if spare.Load() {
			return time.Time{}
		}
		return time.Now().Add(time.Hour)
	}
	return &spare
}

// waitCalls waits until m has made n calls.
func waitCalls(t *testing.T, m *recMessenger, n int) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for len(m.log()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("calls %q, want %d of them", m.log(), n)
		}
		time.Sleep(time.Millisecond)
	}
	return m.log()
}

// A replaced message's final text (a closed offer, an answered question)
// is tidying nobody waits for: a press's result queued after it goes
// first, and the final text waits for spare budget, merging meanwhile —
// then it is shown all the same.
func TestOutboxTidyingWaitsForSpareBudget(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	spare := spareBudget(o)
	const chat = -21
	o.Put(chat, "turn", 0, "t1", kb1)
	o.Put(chat, "offer", 0, "offer", kb1)
	waitIdle(t, o)
	o.Detach(chat, "offer", 2, "offer taken", nil)
	o.Put(chat, "turn", 1, "t1 rolled", kb1)
	calls := waitCalls(t, m, 3)
	if want := []string{"send 1 t1 kb=true", "send 2 offer kb=true", "edit 1 t1 rolled kb=true"}; !slices.Equal(calls, want) {
		t.Fatalf("calls %q, want %q: the press's result before the closed offer", calls, want)
	}
	if !o.ResultUnshownSince(chat).IsZero() || o.UnshownSince(chat).IsZero() {
		t.Fatal("the chat shows its result, and the tidying is still to come")
	}
	o.Put(chat, "turn", 1, "t1 rolled again", kb1) // goes at once too
	waitCalls(t, m, 4)
	spare.Store(true)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 offer kb=true", "edit 1 t1 rolled kb=true",
		"edit 1 t1 rolled again kb=true", "edit 2 offer taken kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// Tidying waits for spare budget no longer than tidyWait: in a group that
// plays faster than its budget, an old message's buttons still go.
func TestOutboxTidyingWaitsAtMostTidyWait(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	spareBudget(o) // never spare
	o.tidyWait = 50 * time.Millisecond
	const chat = -22
	o.Put(chat, "offer", 0, "offer", kb1)
	waitIdle(t, o)
	start := time.Now()
	o.Detach(chat, "offer", 1, "offer taken", nil)
	waitIdle(t, o)
	if d := time.Since(start); d < o.tidyWait {
		t.Fatalf("the final text went after %v, before tidyWait without spare budget", d)
	}
	if want := []string{"send 1 offer kb=true", "edit 1 offer taken kb=false"}; !slices.Equal(m.log(), want) {
		t.Fatalf("calls %q, want %q", m.log(), want)
	}
}

// Once the bot's newest message is deleted (a closed menu, a used
// notice), the one before it is the newest again: a closed turn that is
// now the bot's last message is taken over by the next turn — one call,
// not a send and an edit.
func TestOutboxCarriesOverAfterTheNewestIsDeleted(t *testing.T) {
	t.Parallel()
	m := &delMessenger{}
	o, _ := newTestOutbox(&m.recMessenger)
	o.tg = m
	const chat = -23
	var mu sync.Mutex
	busyUntil := time.Time{}
	o.ready = func(int64) time.Time { mu.Lock(); defer mu.Unlock(); return busyUntil }
	behind := func() { mu.Lock(); busyUntil = time.Now().Add(30 * time.Millisecond); mu.Unlock() }

	o.Put(chat, "turn", 0, "t1", kb1)
	o.Put(chat, "menu", 0, "settings", kb1)
	waitIdle(t, o)
	o.Remove(chat, "menu", 2)
	waitIdle(t, o)
	behind()
	o.Detach(chat, "turn", 1, "t1 closed", nil)
	o.Put(chat, "turn", 0, "t2", kb1)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 settings kb=true", "delete 2", "edit 1 t1 closed\n\nt2 kb=true"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// Through the fake Bot API keeping Telegram's limits, with the bot's
// defaults: someone opens /settings during a turn and closes it (the menu
// is deleted); when the turn ends, the next turn takes over the closed
// turn's message, which is the bot's last one again — one call, the
// buttons on the bot's last message — rather than a new message and an
// edit of the old one.
func TestNextTurnTakesOverAfterAClosedMenu(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, 3, nil, func(cfg *AppConfig) {
		cfg.Client = telegram.ClientOptions{} // Telegram's limits
		cfg.CarryOver = 0                     // the bot's default
	})
	h.api.Enforce(fakeapi.TelegramLimits())
	h.startGame()
	h.waitShown()
	rec := h.record()
	turnMsg, turn := rec.TurnMsg, rec.Game.Turn
	if turnMsg == 0 {
		t.Fatal("the turn's message id is not stored")
	}
	h.api.SetAdmins(testChat, h.users[1].ID)
	h.say(h.users[1], "/settings")
	menu, closeData, ok := h.findButton(OpSetClose, 0, true)
	if !ok {
		t.Fatal("no settings menu")
	}
	h.press(h.users[1], menu, closeData)
	h.waitShown()
	if m := h.findMsg(testChat, menu); m == nil || !m.Deleted {
		for _, m := range h.api.Messages(testChat) {
			t.Logf("%d deleted=%v %q", m.ID, m.Deleted, firstLine(m.Text))
		}
		t.Fatalf("the closed menu %d is not deleted", menu)
	}
	for i := 0; h.record().Game.Turn == turn; i++ {
		if i == 10 {
			t.Fatal("the turn did not end in 10 presses")
		}
		rec := h.record()
		u := h.userOf(rec, engine.PlayerID(h.bot.kindOf(rec).Pending(rec).Seat))
		msg, data, ok := newestOf(h.api.Messages(testChat), boardPrefs)
		if !ok {
			t.Fatal("no button for the turn")
		}
		h.press(u, msg, data)
		h.waitShown()
	}
	rec = h.record()
	if rec.TurnMsg != turnMsg {
		t.Fatalf("the next turn is message %d, want it to take over the closed turn's %d", rec.TurnMsg, turnMsg)
	}
	m := h.findMsg(testChat, turnMsg)
	if _, _, ok := newestOf([]fakeapi.Message{*m}, boardPrefs); !ok {
		t.Fatalf("the taken-over message has no buttons for the next turn: %q", m.Text)
	}
	if last, _ := h.api.LastMessage(testChat); last.ID > turnMsg && !last.Deleted && last.From == 0 {
		t.Fatalf("a newer bot message %d (%q) is under the turn", last.ID, last.Text)
	}
	if n := h.api.Flood().TooMany; n != 0 {
		t.Fatalf("%d answers 429", n)
	}
}

// waitShown waits until the pushed updates are handled and the group
// shows all that was queued for it.
func (h *harness) waitShown() {
	h.t.Helper()
	h.settle()
	if !h.api.WaitFor(func() bool { return h.bot.out.UnshownSince(testChat).IsZero() }, 30*time.Second) {
		h.t.Fatal("the group did not show its messages in 30 s")
	}
}

// A press's result (finish: Change.Pressed) goes before the edits queued
// ahead of it that nobody pressed for (a computer's move, an auction's
// countdown), once the group's budget has a call for it.
func TestOutboxPressResultGoesFirst(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	var kept atomic.Bool // the group's budget is down to the call kept for replies
	o.keeping = func(int64) time.Time {
		if kept.Load() {
			return time.Now().Add(time.Hour)
		}
		return time.Time{}
	}
	const chat = -24
	o.Put(chat, "turn", 0, "t1", kb1)
	o.Put(chat, "auction", 0, "lot", kb1)
	waitIdle(t, o)
	kept.Store(true)
	o.Put(chat, "auction", 2, "lot, 10 s left", kb1)
	o.put(chat, "turn", 1, content{"t1 rolled", tgMarkup(kb1)}, true, true)
	o.Send(chat, "reply", nil) // a new message takes the kept call
	waitCalls(t, m, 3)
	if s := o.UnshownSince(chat); s.IsZero() {
		t.Fatal("the edits did not wait for the kept call")
	}
	kept.Store(false)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 lot kb=true", "send 3 reply kb=false",
		"edit 1 t1 rolled kb=true", "edit 2 lot, 10 s left kb=true"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}
