package fakeapi

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
