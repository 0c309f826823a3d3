package fakeapi

import (
	"sync/atomic"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// rings reports whether change rang the bell a WaitFor would wait on.
func rings(s *Server, change func()) bool {
	s.mu.Lock()
	changed := s.bell.next()
	s.mu.Unlock()
	change()
	select {
	case <-changed:
		return true
	default:
		return false
	}
}

// Every change a harness waits for wakes WaitFor: a pushed update, a call
// of the bot (begun and answered), a confirmed update, a message stored.
func TestWaitForWakesOnEveryChange(t *testing.T) {
	s := New()
	t.Cleanup(s.Close)
	api, err := tgbotapi.NewBotAPIWithAPIEndpoint("123:abc", s.Endpoint())
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	var last int
	changes := []struct {
		name string
		do   func()
	}{
		{"push", func() { last = s.PushMessage(-42, User{ID: 7, FirstName: "Alice"}, "hi") }},
		{"confirm", func() {
			if _, err := api.GetUpdates(tgbotapi.UpdateConfig{Offset: last + 1}); err != nil {
				t.Errorf("getUpdates: %v", err)
			}
		}},
		{"send", func() {
			if _, err := api.Send(tgbotapi.NewMessage(-42, "hello")); err != nil {
				t.Errorf("send: %v", err)
			}
		}},
		{"published", func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.eventHub.publish(Event{Kind: EventMessage, Chat: -42})
		}},
		{"call begun", func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.callLog.begin("getMe", nil, time.Now())
		}},
		{"call answered", func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.callLog.finish(0, 200)
		}},
	}
	for _, c := range changes {
		if !rings(s, c.do) {
			t.Errorf("%s did not wake the waits", c.name)
		}
	}
	if s.Pending() != 0 {
		t.Fatalf("pending = %d after the confirming getUpdates", s.Pending())
	}
	if rings(s, func() { s.Pending() }) {
		t.Error("a read woke the waits")
	}
}

// While nothing changes WaitFor re-checks ever less often, down to one
// check per slowRecheck (it polled every 2 ms: some 200 checks here).
func TestWaitForChecksRarelyWhileNothingChanges(t *testing.T) {
	s := New()
	t.Cleanup(s.Close)
	checks := 0
	const quiet = 400 * time.Millisecond
	if s.WaitFor(func() bool { checks++; return false }, quiet) {
		t.Fatal("WaitFor reported a condition that never held")
	}
	// 1+2+4+8+16+32 ms, then one check per 40 ms: 1 + 6 + 9 checks at most;
	// a busy machine only makes fewer.
	if most := 1 + 6 + int((quiet-63*time.Millisecond)/slowRecheck) + 1; checks > most {
		t.Fatalf("%d checks in %v of quiet, want at most %d", checks, quiet, most)
	}
}

// A condition on something outside the server (the bot's own state) is
// still seen, by the periodic re-check.
func TestWaitForSeesAChangeOutsideTheServer(t *testing.T) {
	s := New()
	t.Cleanup(s.Close)
	var done atomic.Bool
	go func() {
		time.Sleep(3 * slowRecheck) // long enough for the re-checks to reach their slowest
		done.Store(true)
	}()
	if !s.WaitFor(done.Load, time.Minute) {
		t.Fatal("WaitFor missed a change outside the server")
	}
}
