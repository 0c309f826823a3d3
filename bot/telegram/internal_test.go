package telegram

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

func TestWindowAllowsNPerPeriodInAnyInterval(t *testing.T) {
	t0 := time.Unix(0, 0)
	w := newWindow(Rate{N: 3, Per: time.Minute})
	var got []time.Duration
	for range 7 {
		got = append(got, w.reserve(t0).Sub(t0))
	}
	want := []time.Duration{0, 0, 0, time.Minute, time.Minute, time.Minute, 2 * time.Minute}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("slots %v, want %v", got, want)
		}
	}
	// Later callers get slots after the booked ones, never before.
	if s := w.reserve(t0.Add(90 * time.Second)); s != t0.Add(2*time.Minute) {
		t.Fatalf("slot %v", s.Sub(t0))
	}
	if w.idle(t0.Add(2 * time.Minute)) {
		t.Fatal("idle while slots are booked")
	}
	if !w.idle(t0.Add(3 * time.Minute)) {
		t.Fatal("not idle a period after the last slot")
	}
	if newWindow(NoLimit) != nil || newWindow(NoLimit).reserve(t0) != t0 {
		t.Fatal("NoLimit should never wait")
	}
}

func TestIdleChatLanesAreForgotten(t *testing.T) {
	l := newLimiter(limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second}})
	t0 := time.Unix(0, 0)
	for i := range 300 {
		l.reserveChat(int64(-i-1), t0)
	}
	if n := l.lanes(); n < 255 {
		t.Fatalf("%d lanes: busy lanes were dropped", n)
	}
	later := t0.Add(time.Hour)
	for range 256 {
		l.reserveChat(-1, later)
	}
	if n := l.lanes(); n != 1 {
		t.Fatalf("%d lanes kept after an idle hour, want 1", n)
	}
	// A chat still inside a 429 wait keeps its lane.
	l.block(-5, 2*time.Hour, later)
	for range 256 {
		l.reserveChat(-1, later.Add(time.Hour))
	}
	if _, ok := l.chats[-5]; !ok {
		t.Fatal("a blocked chat's lane was forgotten")
	}
}

func TestDispatcherFreesIdleLanes(t *testing.T) {
	d := NewDispatcher(context.Background(), HandlerFunc(func(context.Context, tgbotapi.Update) {}), DispatcherOptions{})
	for id := 1; id <= 50; id++ {
		u := tgbotapi.Update{UpdateID: id, Message: &tgbotapi.Message{Chat: &tgbotapi.Chat{ID: int64(-id)}}}
		if err := d.Dispatch(context.Background(), u); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	d.Wait()
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.lanes) != 0 || len(d.inflight) != 0 || len(d.done) != 0 {
		t.Fatalf("left behind: %d lanes, %d in flight, %d done", len(d.lanes), len(d.inflight), len(d.done))
	}
}

func TestErrorsKeepTheTokenOut(t *testing.T) {
	err := &url.Error{Op: "Post", URL: "https://api.telegram.org/bot123:secret/sendMessage", Err: errors.New("timeout")}
	got := classify("sendMessage", -1, err)
	if strings.Contains(got.Error(), "secret") || !strings.Contains(got.Error(), "/bot<token>/sendMessage") {
		t.Fatalf("error %q", got)
	}
	if !transient(err) {
		t.Fatal("a transport error should be retried")
	}
	if transient(errors.New("json: unsupported type")) {
		t.Fatal("a request that cannot be built is not transient")
	}
}

func TestReadyAtPeeksWithoutBooking(t *testing.T) {
	t0 := time.Unix(0, 0)
	l := newLimiter(limits{global: Rate{N: 30, Per: time.Second}, group: Rate{N: 2, Per: time.Minute}, private: Rate{N: 1, Per: time.Second}})
	const chat = -5
	for range 3 {
		if got := l.readyAt(chat, t0); !got.Equal(t0) {
			t.Fatalf("empty window ready at %v", got.Sub(t0))
		}
	}
	l.reserveChat(chat, t0)
	l.reserveChat(chat, t0.Add(time.Second))
	if got := l.readyAt(chat, t0.Add(2*time.Second)); !got.Equal(t0.Add(time.Minute)) {
		t.Fatalf("full window ready at %v, want 1m", got.Sub(t0))
	}
	if got := l.readyAt(-6, t0); !got.Equal(t0) {
		t.Fatalf("another chat ready at %v", got.Sub(t0))
	}
	l.block(chat, 2*time.Minute, t0)
	if got := l.readyAt(chat, t0); !got.Equal(t0.Add(2 * time.Minute)) {
		t.Fatalf("blocked chat ready at %v, want 2m", got.Sub(t0))
	}
}

func TestFloodStateRoundTripsAndRefusesGarbage(t *testing.T) {
	t0 := time.UnixMilli(1_700_000_000_000)
	lim := limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second},
		groupPace: Pace{Every: time.Second, Burst: 3}, groupSpread: Pace{Every: 3 * time.Second, Burst: 3}}
	a := newLimiter(lim)
	a.flood = flood{on: true, every: 2 * time.Second}
	for i := range 25 { // more than a window: the oldest slots roll out
		a.reserveChat(-1, t0.Add(time.Duration(i)*time.Second))
	}
	a.block(-2, 90*time.Second, t0)
	now := t0.Add(30 * time.Second)
	snap := a.snapshot(now)
	snap[-3] = []byte{floodVersion, 0xff} // truncated
	snap[-4] = []byte{99, 1, 2, 3}        // unknown version
	snap[-5] = (&lane{}).encode(now)      // nothing to keep: nil
	if snap[-5] != nil {
		t.Fatalf("an idle lane encodes as %v", snap[-5])
	}
	delete(snap, -5)

	b := newLimiter(lim)
	if bad := b.restore(snap, now); bad != 2 {
		t.Fatalf("%d unreadable chats, want 2", bad)
	}
	if got, want := b.chats[-1].win.ordered(), a.chats[-1].win.ordered(); len(got) != 20 || !got[19].Equal(want[19]) {
		t.Fatalf("window restored as %v, want %v", got, want)
	}
	// The restored lane admits its next call no earlier than the old one
	// would have, plus the calls the last process may have made unsaved.
	if got, want := b.readyAt(-1, now), a.readyAt(-1, now); got.Before(want) {
		t.Fatalf("restored lane ready at %v, the old one at %v", got.Sub(t0), want.Sub(t0))
	}
	if got := b.readyAt(-2, now); !got.Equal(t0.Add(90 * time.Second)) {
		t.Fatalf("the ban ends at %v after the restore, want 90s", got.Sub(t0))
	}
	if !b.forgotten[-3] || !b.forgotten[-4] {
		t.Fatal("unreadable states are not deleted at the next save")
	}
}
