package telegram_test

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// TestAKilledClientsCallsAfterALateSaveAreKnown: a restarted client must
// know of every call the killed one made, not only of those within
// FloodSaveEvery of its last committed save. Two ways the calls outrun the
// save: a save that comes late (a busy disk, a loaded machine: the calls go
// on, the commit does not come), and the first calls after an idle spell
// (no save runs while nothing changes, so the last one is old). Either
// way the successor, started half a second after the kill, must not call
// into the group sooner than Telegram allows, and must not stall the group
// for long either.
func TestAKilledClientsCallsAfterALateSaveAreKnown(t *testing.T) {
	for _, tc := range []struct {
		name string
		// idle is how long nothing was sent between the last save and the
		// unsaved calls.
		idle time.Duration
		// unsaved calls into the group after the save, paced by the client.
		unsaved int
	}{
		// 15 calls, a save, then 5 more over 6 s with no save committed:
		// the group's minute is full, and the successor knows of 15.
		{"late save", 0, 5},
		// A save, 30 s of nothing (nothing to save), then a burst of 3:
		// the successor's own burst of 3 would be 429.
		{"after an idle spell", 30 * time.Second, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk, s, api, opts := floodSetup(t)
			first := telegram.NewClient(api, opts)
			sendN(t, first, groupA, 15)
			clk.Advance(10 * time.Second) // the group's pace and spread are free again
			if err := first.SaveFlood(); err != nil {
				t.Fatal(err)
			}
			saved := clk.Now()
			clk.Advance(tc.idle)
			sendN(t, first, groupA, tc.unsaved)
			if d := clk.Now().Sub(saved); d <= 2*time.Second {
				t.Fatalf("the unsaved calls ended %v after the save, within a save's interval: the test proves nothing", d)
			}
			// kill -9: first is dropped without a save; systemd restarts
			// the bot half a second later.
			clk.Advance(500 * time.Millisecond)
			second := telegram.NewClient(api, opts)
			start := clk.Now()
			sendN(t, second, groupA, 1)
			firstWait := clk.Now().Sub(start)
			sendN(t, second, groupA, 2)
			if f := s.Flood(); f != (fakeapi.FloodStats{}) {
				t.Fatalf("after a kill the fake answered %+v (429s by chat: %v)", f, s.TooManyPerChat())
			}
			// The group's minute was full: its oldest call leaves it 61 s
			// after it was made, at the latest 15 s from now.
			if firstWait > 20*time.Second {
				t.Fatalf("the successor's first call into the group waited %v", firstWait)
			}
			t.Logf("the successor's first call waited %v", firstWait)
		})
	}
}
