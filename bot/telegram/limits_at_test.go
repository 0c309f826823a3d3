package telegram_test

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// TestLimitsAtKTimesTelegramsSpeed: a client at LimitsAt(k) against the
// fake at fakeapi.TelegramLimitsAt(k) fills a group's minute without a
// 429, and its 21st call waits for the compressed minute, not a real one.
func TestLimitsAtKTimesTelegramsSpeed(t *testing.T) {
	const k = 4
	clk := newClock(true)
	s, api := connect(t)
	lim := fakeapi.TelegramLimitsAt(k)
	lim.Now = clk.Now
	s.Enforce(lim)
	opts := telegram.LimitsAt(k)
	opts.Now, opts.Sleep, opts.Logger = clk.Now, clk.Sleep, quiet
	c := telegram.NewClient(api, opts)
	start := clk.Now()
	sendN(t, c, groupA, 20)
	if got := s.CallsInMinute(groupA); got != 20 {
		t.Fatalf("the group's minute holds %d calls, want 20", got)
	}
	filled := clk.Now().Sub(start)
	sendN(t, c, groupA, 1)
	took := clk.Now().Sub(start)
	if f := s.Flood(); f != (fakeapi.FloodStats{}) {
		t.Fatalf("the fake answered %+v", f)
	}
	if lo, hi := telegram.GroupMinute/k, telegram.GroupMinute/2; took < lo || took > hi {
		t.Fatalf("21 calls into a group took %v (the 20th at %v), want the compressed minute: %v to %v", took, filled, lo, hi)
	}
	if got := telegram.LimitsAt(1); got.Group != (telegram.Rate{N: 20, Per: telegram.GroupMinute}) || got.FloodSaveEvery != 2*time.Second {
		t.Fatalf("LimitsAt(1) is not Telegram's own speed: %+v", got)
	}
}
