package kit

import (
	"testing"
	"time"
)

// Game time is the wall clock minus the time paused: it stands still while
// the game is paused and goes on from there afterwards.
func TestGameTime(t *testing.T) {
	var c Clock
	if got := c.GameTime(1000); got != 1000 {
		t.Fatalf("never paused: game time %d at 1000", got)
	}
	c.PausedAt = 1500
	for _, wall := range []int64{1500, 2000, 9000} {
		if got := c.GameTime(wall); got != 1500 {
			t.Fatalf("paused at 1500: game time %d at %d", got, wall)
		}
	}
	c.Paused, c.PausedAt = 9000-1500, 0 // resumed at 9000
	if got := c.GameTime(9000); got != 1500 {
		t.Fatalf("resumed: game time %d at 9000, want 1500", got)
	}
	if got := c.WallTime(c.GameTime(9500)); got != 9500 {
		t.Fatalf("wall time of game time: %d, want 9500", got)
	}
}

func TestComputerPause(t *testing.T) {
	for name, want := range map[string]time.Duration{PaceLive: 2 * time.Second, PaceRelaxed: 0, PaceAsync: 0} {
		if got := Paces[name].ComputerPause(); got != want {
			t.Errorf("%s: computer pause %v, want %v", name, got, want)
		}
	}
	for dec, want := range map[time.Duration]time.Duration{30 * time.Second: 500 * time.Millisecond, 10 * time.Minute: 3 * time.Second, 0: 0} {
		if got := (Pace{Name: PaceCustom, Decision: dec}).ComputerPause(); got != want {
			t.Errorf("custom %v: computer pause %v, want %v", dec, got, want)
		}
	}
}
