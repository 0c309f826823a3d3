package outbox

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
	o.PutAwaited(chat, "turn", 1, "t1 rolled", kb1, true)
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
