package fakeapi_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

type manualClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// enforced is a fake enforcing lim on a manual clock, and a send into
// the test group through it.
func enforced(t *testing.T, lim fakeapi.Limits) (*fakeapi.Server, *tgbotapi.BotAPI, *manualClock, func() error) {
	s, api := setup(t)
	clk := &manualClock{now: time.Unix(1_700_000_000, 0)}
	lim.Now = clk.Now
	s.Enforce(lim)
	send := func() error {
		_, err := api.Request(tgbotapi.NewMessage(group, "x"))
		return err
	}
	return s, api, clk, send
}

func TestEnforcedLimitsAnswer429AndCountCallsInsideTheBan(t *testing.T) {
	s, api, clk, send := enforced(t, fakeapi.TelegramLimits())

	for i := range 3 {
		if err := send(); err != nil {
			t.Fatalf("send %d of the burst: %v", i+1, err)
		}
	}
	e := apiErr(t, send())
	if e.Code != 429 || e.RetryAfter != 1 {
		t.Fatalf("4th send at once: %d retry_after %d, want 429 after 1", e.Code, e.RetryAfter)
	}
	clk.Advance(500 * time.Millisecond)
	if e := apiErr(t, send()); e.Code != 429 {
		t.Fatalf("a send inside the ban answered %d", e.Code)
	}
	if got := s.Flood(); got != (fakeapi.FloodStats{TooMany: 2, InsideBan: 1}) {
		t.Fatalf("stats %+v", got)
	}
	if got := s.TooManyPerChat(); len(got) != 1 || got[group] != 2 {
		t.Fatalf("429s per chat %v", got)
	}

	// One a second is fine until the 20th call of the minute.
	clk.Advance(time.Second) // the ban above ran to 1.5 s
	for i := 3; i < 20; i++ {
		if err := send(); err != nil {
			t.Fatalf("send %d at one a second: %v", i+1, err)
		}
		clk.Advance(time.Second)
	}
	e = apiErr(t, send())
	if e.Code != 429 || e.RetryAfter < 40 {
		t.Fatalf("21st send of the minute: %d retry_after %d, want 429 until the minute is over", e.Code, e.RetryAfter)
	}

	// Private chats have no 20-a-minute window, and answers are never limited.
	for i := range 25 {
		if _, err := api.Request(tgbotapi.NewMessage(55, "dm")); err != nil {
			t.Fatalf("private send %d: %v", i+1, err)
		}
		clk.Advance(time.Second)
	}
	s.Enforce(fakeapi.Limits{})
	if err := send(); err != nil {
		t.Fatalf("limits off: %v", err)
	}
}

func TestAKickedChatAnswers403UntilUnkicked(t *testing.T) {
	s, api := setup(t)
	s.Kick(group)
	_, err := api.Request(tgbotapi.NewMessage(group, "x"))
	if e := apiErr(t, err); e.Code != 403 || !strings.Contains(e.Message, "kicked") {
		t.Fatalf("send to a chat that kicked the bot: %d %q", e.Code, e.Message)
	}
	if _, err := api.Request(tgbotapi.NewMessage(-43, "x")); err != nil {
		t.Fatalf("another chat: %v", err)
	}
	s.Unkick(group)
	if _, err := api.Request(tgbotapi.NewMessage(group, "x")); err != nil {
		t.Fatalf("after Unkick: %v", err)
	}
	if got := s.Flood().Kicked; got != 1 {
		t.Fatalf("%d calls into the kicked chat counted, want 1", got)
	}
}

// TestLimitsAtKTimesTelegramsSpeed: the same counts in a minute and a pace
// k times shorter, and how full a group's minute is.
func TestLimitsAtKTimesTelegramsSpeed(t *testing.T) {
	const k = 4
	s, _, clk, send := enforced(t, fakeapi.TelegramLimitsAt(k))
	for i := range 3 {
		if err := send(); err != nil {
			t.Fatalf("send %d of the burst: %v", i+1, err)
		}
	}
	if e := apiErr(t, send()); e.Code != 429 {
		t.Fatalf("4th send at once: %d, want 429", e.Code)
	}
	clk.Advance(time.Second) // the ban: retry_after is whole seconds still
	// A send every quarter second is fine until the 20th of the quarter
	// minute.
	for i := 3; i < 20; i++ {
		if err := send(); err != nil {
			t.Fatalf("send %d at four a second: %v", i+1, err)
		}
		clk.Advance(time.Second / k)
	}
	if got := s.CallsInMinute(group); got != 20 {
		t.Fatalf("%d calls in the group's minute, want 20", got)
	}
	if e := apiErr(t, send()); e.Code != 429 {
		t.Fatalf("21st send of the quarter minute: %d, want 429", e.Code)
	}
	clk.Advance(time.Minute / k)
	if got := s.CallsInMinute(group); got != 0 {
		t.Fatalf("%d calls in the group's minute a quarter minute later, want 0", got)
	}
	if err := send(); err != nil {
		t.Fatalf("a quarter minute later: %v", err)
	}
	if got := s.FullestMinute()[group]; got != 20 {
		t.Fatalf("the fullest minute held %d calls, want 20", got)
	}
	if got, want := fakeapi.TelegramLimitsAt(1), fakeapi.TelegramLimits(); got.ChatEvery != want.ChatEvery || got.Minute != want.Minute || got.GroupPerMinute != want.GroupPerMinute {
		t.Fatalf("at Telegram's own speed: %+v", got)
	}
}
