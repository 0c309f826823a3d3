package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// TestPressLimiterSlidesItsWindow: n presses a person in any period of per,
// each person counted apart; a press is let through again once the oldest
// counted one is per old. (TestHammeringIsThrottled checks the answers a
// throttled press gets, with a window too long to slide.)
func TestPressLimiterSlidesItsWindow(t *testing.T) {
	l := newPressLimiter(telegram.Rate{N: 2, Per: time.Second})
	t0 := time.Unix(1_000_000, 0)
	steps := []struct {
		user  int64
		at    time.Duration
		allow bool
	}{
		{1, 0, true},
		{1, 400 * time.Millisecond, true},
		{1, 500 * time.Millisecond, false},
		{2, 500 * time.Millisecond, true}, // another person is not held back
		{1, 999 * time.Millisecond, false},
		{1, time.Second, true}, // the first press is a second old
		{1, 1100 * time.Millisecond, false},
		{1, 1400 * time.Millisecond, true}, // the second one is
	}
	for i, s := range steps {
		if got := l.allow(s.user, t0.Add(s.at)); got != s.allow {
			t.Fatalf("step %d: user %d at %v allowed %v, want %v", i, s.user, s.at, got, s.allow)
		}
	}
	if off := newPressLimiter(telegram.NoLimit); !off.allow(1, t0) {
		t.Fatal("NoLimit refused a press")
	}
}
