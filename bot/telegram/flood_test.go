package telegram_test

import (
	"context"
	"errors"
	"maps"
	"sync"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// memFlood is a FloodStore in memory that counts its writes.
type memFlood struct {
	mu     sync.Mutex
	states map[int64][]byte
	saves  int
}

func (m *memFlood) LoadFlood() (map[int64][]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.states), nil
}

func (m *memFlood) SaveFlood(states map[int64][]byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.states == nil {
		m.states = map[int64][]byte{}
	}
	for k, v := range states {
		if v == nil {
			delete(m.states, k)
		} else {
			m.states[k] = v
		}
	}
	m.saves++
	return nil
}

func strictFake(t *testing.T, clk *fakeClock) (*fakeapi.Server, telegram.Requester) {
	t.Helper()
	s, api := connect(t)
	lim := fakeapi.TelegramLimits()
	lim.Now = clk.Now
	s.Enforce(lim)
	return s, api
}

// floodSetup is a strict fake on an auto clock and the options of clients
// that keep their flood state in one memory store.
func floodSetup(t *testing.T) (*fakeClock, *fakeapi.Server, telegram.Requester, telegram.ClientOptions) {
	clk := newClock(true)
	s, api := strictFake(t, clk)
	return clk, s, api, telegram.ClientOptions{Now: clk.Now, Sleep: clk.Sleep, Logger: quiet, Flood: &memFlood{}}
}

func sendN(t *testing.T, c *telegram.Client, chat int64, n int) {
	t.Helper()
	for i := range n {
		if _, err := c.Send(context.Background(), chat, "busy", nil); err != nil {
			t.Fatalf("send %d to %d: %v", i+1, chat, err)
		}
	}
}

func TestARestartedClientHonoursTheBanAndTheMinuteOfTheLastOne(t *testing.T) {
	clk, s, api, opts := floodSetup(t)
	first := telegram.NewClient(api, opts)
	ctx := context.Background()
	sendN(t, first, groupA, 12)
	// Group B gets a 429 for 30 s; the process stops while it waits.
	s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 30})
	clk.SetAuto(false)
	waiting, cancel := context.WithCancel(ctx)
	res := make(chan error, 1)
	go func() { _, err := first.Send(waiting, groupB, "refused", nil); res <- err }()
	waitSleeping(t, clk, 1)
	cancel()
	<-res
	if err := first.SaveFlood(); err != nil {
		t.Fatal(err)
	}
	clk.SetAuto(true)
	clk.Advance(3 * time.Second) // the restart

	second := telegram.NewClient(api, opts)
	start := clk.Now()
	if _, err := second.Send(ctx, groupB, "after the ban", nil); err != nil {
		t.Fatal(err)
	}
	if waited := clk.Now().Sub(start); waited < 27*time.Second {
		t.Fatalf("the first send into the banned group went out after %v, inside the old ban", waited)
	}
	// Group A's minute still counts the first process's 12 calls: 20 more
	// at once would be 429s.
	sendN(t, second, groupA, 20)
	if f := s.Flood(); f.InsideBan != 0 || f.TooMany != 0 {
		t.Fatalf("after the restart the fake answered %+v", f)
	}
}

func TestAKilledClientsUnsavedCallsAreAssumed(t *testing.T) {
	clk, s, api, opts := floodSetup(t)
	first := telegram.NewClient(api, opts)
	ctx := context.Background()
	sendN(t, first, groupA, 19)
	clk.Advance(3 * time.Second) // A may call again at once
	if err := first.SaveFlood(); err != nil {
		t.Fatal(err)
	}
	saved := clk.Now()
	// Within FloodSaveEvery of the save: one more call to A and a burst to
	// B, then kill -9: no save records them.
	first.Send(ctx, groupA, "unsaved", nil)
	for range 3 {
		first.Send(ctx, groupB, "unsaved", nil)
	}
	if d := clk.Now().Sub(saved); d > 2*time.Second {
		t.Fatalf("the unsaved calls took %v, longer than a save's interval", d)
	}
	second := telegram.NewClient(api, opts)
	for i := range 5 {
		if _, err := second.Send(ctx, groupA, "after", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := second.Send(ctx, groupB, "after", nil); err != nil {
			t.Fatalf("send %d: %v", i+1, err)
		}
	}
	if f := s.Flood(); f != (fakeapi.FloodStats{}) {
		t.Fatalf("after a kill the fake answered %+v", f)
	}
}

func TestFloodStateIsSavedOnlyWhenItChanges(t *testing.T) {
	_, api := connect(t)
	store := &memFlood{}
	c := telegram.NewClient(api, telegram.ClientOptions{Logger: quiet, Flood: store})
	ticks := make(chan time.Time)
	telegram.SetFloodTicks(c, ticks)
	saves := func() int {
		store.mu.Lock()
		defer store.mu.Unlock()
		return store.saves
	}
	run := func() (stop func()) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { c.RunFlood(ctx); close(done) }()
		return func() { cancel(); <-done }
	}
	// tick lets RunFlood check for changes n times; when it returns, the
	// first n-1 checks and their saves are done.
	tick := func(n int) {
		for range n {
			select {
			case ticks <- time.Now():
			case <-time.After(10 * time.Second):
				t.Fatal("RunFlood stopped taking ticks")
			}
		}
	}

	stop := run()
	tick(6)
	if n := saves(); n != 0 {
		t.Fatalf("%d saves while nothing was sent", n)
	}
	stop()
	if n := saves(); n != 1 {
		t.Fatalf("%d saves at the stop, want one", n)
	}

	for range 3 {
		if _, err := c.Send(context.Background(), groupA, "x", nil); err != nil {
			t.Fatal(err)
		}
	}
	stop = run()
	tick(2)
	if n := saves(); n != 2 {
		t.Fatalf("three sends were not saved at the next check: %d saves", n)
	}
	tick(6)
	if n := saves(); n != 2 {
		t.Fatalf("%d saves for one burst of sends", n-1)
	}
	stop()
	store.mu.Lock()
	defer store.mu.Unlock()
	if len(store.states[groupA]) == 0 {
		t.Fatal("the group's state was not saved")
	}
}

// TestRestartsDuringBusyPlayDrawNo429 is the goal at the client's
// level: busy play in three groups and a private chat, a 429 injected now
// and then, and three restarts (two kills, one graceful stop), against a
// fake that enforces Telegram's limits and counts calls inside a ban.
func TestRestartsDuringBusyPlayDrawNo429(t *testing.T) {
	clk, s, api, opts := floodSetup(t)
	chats := []int64{groupA, groupB, -300, private}
	ctx := context.Background()
	sent := 0
	for run, stop := range []string{"kill", "graceful", "kill", "graceful"} {
		c := telegram.NewClient(api, opts)
		lastSave := clk.Now()
		for i := range 45 {
			if i == 20 && run%2 == 0 {
				s.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 11})
			}
			if _, err := c.Send(ctx, chats[(i+run)%len(chats)], "turn", nil); err != nil {
				t.Fatalf("run %d, send %d: %v", run, i, err)
			}
			sent++
			// What RunFlood does every FloodSaveEvery.
			if clk.Now().Sub(lastSave) >= 2*time.Second {
				if err := c.SaveFlood(); err != nil {
					t.Fatal(err)
				}
				lastSave = clk.Now()
			}
		}
		if stop == "graceful" {
			if err := c.SaveFlood(); err != nil {
				t.Fatal(err)
			}
		}
		clk.Advance(500 * time.Millisecond) // systemd restarts it at once
	}
	if f := s.Flood(); f != (fakeapi.FloodStats{}) {
		t.Fatalf("%d sends over four runs drew %+v", sent, f)
	}
	if n := len(s.Calls("sendMessage")); n < sent {
		t.Fatalf("%d calls for %d sends", n, sent)
	}
}

func TestAClosedClientsSuccessorAssumesNothing(t *testing.T) {
	clk, s, api, opts := floodSetup(t)
	first := telegram.NewClient(api, opts)
	sendN(t, first, groupA, 2)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := first.Send(context.Background(), groupA, "late", nil); !errors.Is(err, telegram.ErrClientClosed) {
		t.Fatalf("a send after Close: %v", err)
	}
	clk.Advance(time.Second) // a quick restart
	second := telegram.NewClient(api, opts)
	before := len(clk.Sleeps())
	// The group had 2 calls a second ago: its burst of 3 has one left,
	// and the fourth waits for the pace, not for assumed calls.
	sendN(t, second, groupA, 1)
	if waits := clk.Sleeps()[before:]; len(waits) != 0 {
		t.Fatalf("the first send after a graceful restart waited %v", waits)
	}
	sendN(t, second, groupB, 3)
	if f := s.Flood(); f != (fakeapi.FloodStats{}) {
		t.Fatalf("after a graceful restart the fake answered %+v", f)
	}
}
