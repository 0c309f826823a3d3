package telegram_test

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

var quiet = slog.New(slog.DiscardHandler)

// fakeClock stands in for time in the Client and Poller. In auto mode a
// Sleep moves the clock and returns at once (for sequential tests that
// only care how long the code chose to wait); otherwise a Sleep blocks
// until Advance moves the clock past its end, so a test can check what
// happens during the wait.
type fakeClock struct {
	mu       sync.Mutex
	now      time.Time
	auto     bool
	sleeps   []time.Duration // every positive Sleep, in call order
	sleepers []*sleeper
}

type sleeper struct {
	until time.Time
	d     time.Duration
	wake  chan struct{}
}

func newClock(auto bool) *fakeClock {
	return &fakeClock{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), auto: auto}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	c.mu.Lock()
	c.sleeps = append(c.sleeps, d)
	if c.auto {
		c.now = c.now.Add(d)
		c.mu.Unlock()
		return ctx.Err()
	}
	s := &sleeper{until: c.now.Add(d), d: d, wake: make(chan struct{})}
	c.sleepers = append(c.sleepers, s)
	c.mu.Unlock()
	select {
	case <-s.wake:
		return nil
	case <-ctx.Done():
		c.mu.Lock()
		c.sleepers = slices.DeleteFunc(c.sleepers, func(x *sleeper) bool { return x == s })
		c.mu.Unlock()
		return ctx.Err()
	}
}

// SetAuto switches between auto and manual mode.
func (c *fakeClock) SetAuto(auto bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.auto = auto
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.sleepers = slices.DeleteFunc(c.sleepers, func(s *sleeper) bool {
		if s.until.After(c.now) {
			return false
		}
		close(s.wake)
		return true
	})
}

// Sleeping returns how long each goroutine now blocked in Sleep asked for.
func (c *fakeClock) Sleeping() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []time.Duration
	for _, s := range c.sleepers {
		out = append(out, s.d)
	}
	return out
}

func (c *fakeClock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.sleeps)
}

func waitSleeping(t *testing.T, c *fakeClock, n int) []time.Duration {
	t.Helper()
	if !waitFor(func() bool { return len(c.Sleeping()) == n }) {
		t.Fatalf("want %d goroutines sleeping, have %v", n, c.Sleeping())
	}
	return c.Sleeping()
}

func waitFor(cond func() bool) bool {
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	return true
}

func connect(t *testing.T) (*fakeapi.Server, *tgbotapi.BotAPI) {
	t.Helper()
	s := fakeapi.New()
	t.Cleanup(s.Close)
	api, err := telegram.NewBotAPI("123:secret", s.Endpoint(), 5*time.Second)
	if err != nil {
		t.Fatalf("connect to the fake: %v", err)
	}
	return s, api
}

// recorder is a Handler that logs update ids per chat.
type recorder struct {
	mu   sync.Mutex
	seen map[int64][]int
	all  []int
	hook func(ctx context.Context, u tgbotapi.Update) // runs before recording
}

func newRecorder() *recorder { return &recorder{seen: map[int64][]int{}} }

func (r *recorder) Handle(ctx context.Context, u tgbotapi.Update) {
	if r.hook != nil {
		r.hook(ctx, u)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	chat := telegram.ChatID(u)
	r.seen[chat] = append(r.seen[chat], u.UpdateID)
	r.all = append(r.all, u.UpdateID)
}

func (r *recorder) chat(id int64) []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seen[id])
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.all)
}
