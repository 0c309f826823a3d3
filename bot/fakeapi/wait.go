package fakeapi

import "time"

// The waits of tests: WaitFor wakes when the fake records a change instead
// of polling on a short clock, so a test that waits seconds (a deadline, a
// slow outbox) costs a few checks rather than hundreds.

// changeBell is rung by every change a waiting test may watch for: a call
// begun or answered, an update queued or confirmed, an event published.
// Its state is guarded by the Server's one lock, as its parts' is: ring and
// next expect it held.
type changeBell struct {
	rung chan struct{} // closed by the next ring; nil while nobody waits
}

// ring wakes every WaitFor waiting for a change; mu must be held.
func (b *changeBell) ring() {
	if b.rung != nil {
		close(b.rung)
		b.rung = nil
	}
}

// next is a channel closed by the next ring; mu must be held.
func (b *changeBell) next() <-chan struct{} {
	if b.rung == nil {
		b.rung = make(chan struct{})
	}
	return b.rung
}

// The re-checks between changes. A condition may hold on the bot's state
// rather than the server's (the outbox idle once the answer to its last
// call is read), so it turns true a moment after the change that rang:
// after each change WaitFor re-checks soon, then ever less often, and at
// least every slowRecheck however quiet the fake stays.
const (
	firstRecheck = time.Millisecond
	slowRecheck  = 40 * time.Millisecond
)

// WaitFor waits until cond holds or timeout passes, and reports whether it
// held. Tests use it instead of sleeping for a guessed duration. It checks
// cond at once, again on every change the fake records, and in between
// after a delay that doubles from firstRecheck up to slowRecheck.
func (s *Server) WaitFor(cond func() bool, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	var timer *time.Timer
	delay := firstRecheck
	for {
		// Take the bell before checking, so that a change made while cond
		// runs still wakes the wait below.
		s.mu.Lock()
		changed := s.bell.next()
		s.mu.Unlock()
		if cond() {
			if timer != nil {
				timer.Stop()
			}
			return true
		}
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		wait := min(delay, left)
		if timer == nil {
			timer = time.NewTimer(wait)
		} else {
			timer.Reset(wait) // Go ≥ 1.23: no stale tick survives Stop or Reset
		}
		select {
		case <-changed:
			timer.Stop()
			delay = firstRecheck
		case <-timer.C:
			delay = min(2*delay, slowRecheck)
		}
	}
}
