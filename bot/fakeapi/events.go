package fakeapi

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

type subscriber struct {
	ch chan Event
}

// Subscribe returns a stream of every change from now on, and a function
// that ends it. The stream is buffered (buf events); a subscriber that
// falls further behind is dropped and its channel closed, so a slow
// viewer never holds up the bot: it should fetch the chats again
// (History) and subscribe anew.
func (s *Server) Subscribe(buf int) (<-chan Event, func()) {
	if buf < 1 {
		buf = 1
	}
	sub := &subscriber{ch: make(chan Event, buf)}
	s.mu.Lock()
	s.subs[sub] = true
	s.mu.Unlock()
	return sub.ch, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.drop(sub)
	}
}

// LastEvent is the Seq of the newest event: a viewer that reads History
// while subscribed skips the events up to it, which History already shows.
func (s *Server) LastEvent() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq
}

// publish hands e to every subscriber; mu must be held.
func (s *Server) publish(e Event) {
	s.seq++
	e.Seq = s.seq
	for sub := range s.subs {
		select {
		case sub.ch <- e:
		default:
			s.drop(sub)
		}
	}
}

func (s *Server) drop(sub *subscriber) {
	if s.subs[sub] {
		delete(s.subs, sub)
		close(sub.ch)
	}
}
