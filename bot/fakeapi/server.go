package fakeapi

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Server is a fake Bot API. It is safe for concurrent use.
//
// It is made of parts, one per concern, each a type with its own state
// and its share of the test API (promoted from the embedded parts):
// the update queue, the message store, the events for viewers, the
// directory of people and chats, the photos, the presses and their
// answers, inline mode, the command menus, the call log with its faults,
// the flood limits, and the migrations. The HTTP side (botAPI) reads and
// changes the same parts; what spans parts (a person's message, a press,
// a migration…) is Server's own, in push.go.
//
// One lock, mu, guards the state of every part; each part holds a pointer
// to it. Exported methods take it and unexported ones expect it held, so
// no method that takes it calls another that does; only a long poll
// waits, and it waits without the lock.
type Server struct {
	hs        *httptest.Server
	closeOnce sync.Once
	api       *botAPI

	mu   sync.Mutex  // guards every part below
	bell *changeBell // rung by the parts' changes; see WaitFor

	*updateQueue
	*messageStore
	*eventHub
	*directory
	*photoStore
	*pressLog
	*inlineMode
	*commandMenus
	*callLog
	*floodControl
	*migrations
}

// New starts a fake Bot API on a loopback port. Close it when done.
func New() *Server {
	s := newServer()
	s.hs = httptest.NewServer(http.HandlerFunc(s.api.serve))
	return s
}

// NewInProcess is a fake Bot API with no listener: it is reached only
// through its Transport, at Endpoint. A test inside a testing/synctest
// bubble uses it (a bubble must touch no real socket), made inside the
// bubble so that its waits are the bubble's. Close it when done.
func NewInProcess() *Server { return newServer() }

// inProcessURL is the address of an in-process fake: nothing listens
// there (.invalid never resolves), so a call that misses the Transport
// fails instead of reaching anything.
const inProcessURL = "http://fakeapi.invalid"

func newServer() *Server {
	s := &Server{}
	mu := &s.mu
	s.bell = &changeBell{}
	events := newEventHub(mu, s.bell)
	s.updateQueue = newUpdateQueue(mu, s.bell)
	s.messageStore = newMessageStore(mu, events)
	s.eventHub = events
	s.directory = newDirectory(mu)
	s.photoStore = newPhotoStore(mu)
	s.pressLog = newPressLog(mu)
	s.inlineMode = newInlineMode(mu)
	s.commandMenus = newCommandMenus(mu)
	s.callLog = newCallLog(mu, s.bell)
	s.floodControl = newFloodControl(mu)
	s.migrations = newMigrations(mu)
	s.api = &botAPI{mu: mu, queue: s.updateQueue, store: s.messageStore, events: events, people: s.directory,
		photos: s.photoStore, presses: s.pressLog, inline: s.inlineMode, menus: s.commandMenus,
		calls: s.callLog, flood: s.floodControl, migrations: s.migrations}
	return s
}

// Endpoint is the format string for tgbotapi.NewBotAPIWithAPIEndpoint.
// Any token is accepted. An in-process fake's is reached only through
// its Transport.
func (s *Server) Endpoint() string {
	if s.hs == nil {
		return inProcessURL + "/bot%s/%s"
	}
	return s.hs.URL + "/bot%s/%s"
}

// InProcess reports whether the fake has no listener (NewInProcess).
func (s *Server) InProcess() bool { return s.hs == nil }

// Close releases pending long polls first, because httptest.Server.Close
// waits for every request in flight.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.updateQueue.stop()
		if s.hs != nil {
			s.hs.Close()
		}
	})
}

// The re-checks between changes (WaitFor). A condition may hold on the bot's state
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
