package fakeapi

import "sync"

// EventKind says what changed.
type EventKind string

const (
	EventMessage EventKind = "message" // a new message, the bot's or a person's
	EventEdit    EventKind = "edit"    // a message's text, caption or keyboard changed
	EventDelete  EventKind = "delete"  // a message was deleted
	EventAnswer  EventKind = "answer"  // the bot answered a press (a toast or an alert for its presser)
	EventInline  EventKind = "inline"  // the bot answered an inline query (results for its asker)
)

// Event is one change a viewer of the chats should show. Seq increases by
// one with every event, so a viewer can tell it missed some.
type Event struct {
	Seq     int64
	Kind    EventKind
	Chat    int64
	Message Message       // the message's new state (message, edit, delete)
	Answer  *PressAnswer  // answer
	Inline  *InlineAnswer // inline
}

// eventHub hands every change to the viewers subscribed to it (the
// playground's page). Its state is guarded by the Server's one lock, mu
// points to it: Subscribe and LastEvent take it, publish expects it held,
// so an event goes out in the same critical section as the change it tells
// of and viewers see changes in the order they happened.
type eventHub struct {
	mu   *sync.Mutex
	bell *changeBell
	subs map[*subscriber]bool
	seq  int64 // the last event's Seq
}

type subscriber struct {
	ch chan Event
}

func newEventHub(mu *sync.Mutex, bell *changeBell) *eventHub {
	return &eventHub{mu: mu, bell: bell, subs: map[*subscriber]bool{}}
}

// Subscribe returns a stream of every change from now on, and a function
// that ends it. The stream is buffered (buf events); a subscriber that
// falls further behind is dropped and its channel closed, so a slow
// viewer never holds up the bot: it should fetch the chats again
// (History) and subscribe anew.
func (h *eventHub) Subscribe(buf int) (<-chan Event, func()) {
	if buf < 1 {
		buf = 1
	}
	sub := &subscriber{ch: make(chan Event, buf)}
	h.mu.Lock()
	h.subs[sub] = true
	h.mu.Unlock()
	return sub.ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.drop(sub)
	}
}

// LastEvent is the Seq of the newest event: a viewer that reads History
// while subscribed skips the events up to it, which History already shows.
func (h *eventHub) LastEvent() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seq
}

// publish hands e to every subscriber and wakes the waits; mu must be held.
func (h *eventHub) publish(e Event) {
	h.bell.ring()
	h.seq++
	e.Seq = h.seq
	for sub := range h.subs {
		select {
		case sub.ch <- e:
		default:
			h.drop(sub)
		}
	}
}

func (h *eventHub) drop(sub *subscriber) {
	if h.subs[sub] {
		delete(h.subs, sub)
		close(sub.ch)
	}
}
