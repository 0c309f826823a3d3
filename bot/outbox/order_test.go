package outbox

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// delMessenger is a recMessenger that can delete.
type delMessenger struct{ recMessenger }

func (m *delMessenger) Delete(_ context.Context, chat int64, id int) error {
	m.wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, fmt.Sprintf("delete %d", id))
	return nil
}

// holdFirst queues a plain message that the worker takes and holds on the
// wire until the returned function is called.
func holdFirst(t *testing.T, o *Outbox, m *recMessenger, chat int64) (release func()) {
	t.Helper()
	ch := make(chan struct{})
	m.hold = ch
	o.Send(chat, "blocker", nil)
	for !o.busyWith(chat) {
		time.Sleep(time.Millisecond)
	}
	return func() { close(ch) }
}

// New messages — the next turn's, a reply to a command — go before the
// edits queued ahead of them, in their own order; the edits follow,
// merged.
func TestOutboxRepliesGoBeforeEdits(t *testing.T) {
	t.Parallel()
	m := &delMessenger{}
	o, _ := newTestOutbox(&m.recMessenger)
	o.tg = m
	const chat = -11
	o.Put(chat, "turn", 0, "t1", kb1)
	waitIdle(t, o)
	release := holdFirst(t, o, &m.recMessenger, chat)
	o.Put(chat, "turn", 1, "t1 roll", kb1)
	o.Detach(chat, "turn", 1, "t1 closed", nil)
	o.Put(chat, "turn", 0, "t2", kb1)
	o.Send(chat, "confirm /endgame?", kb1)
	o.Send(chat, "board", nil)
	release()
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 blocker kb=false", "send 3 t2 kb=true",
		"send 4 confirm /endgame? kb=true", "send 5 board kb=false", "edit 1 t1 closed kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// Remove deletes a sent message and drops its queued changes; a message
// never sent is never sent; the slot's next message is a new one.
func TestOutboxRemove(t *testing.T) {
	t.Parallel()
	m := &delMessenger{}
	o, sent := newTestOutbox(&m.recMessenger)
	o.tg = m
	const chat = -12
	o.Put(chat, "remind", 0, "hurry", nil)
	waitIdle(t, o)
	release := holdFirst(t, o, &m.recMessenger, chat)
	o.Put(chat, "remind", 1, "hurry up", nil) // dropped by the removal
	o.Remove(chat, "remind", 1)
	o.Put(chat, "link", 0, "open the composer", kb1)
	o.Remove(chat, "link", 0) // never sent: nothing at all
	o.Put(chat, "remind", 0, "hurry again", nil)
	release()
	waitIdle(t, o)
	want := []string{"send 1 hurry kb=false", "send 2 blocker kb=false", "delete 1", "send 3 hurry again kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	if !slices.Equal(*sent, []string{"remind=1", "remind=3"}) {
		t.Fatalf("onSent %v", *sent)
	}
	// A message known only from storage is deleted by its id.
	o.Remove(chat, "remind:old", 9)
	waitIdle(t, o)
	if got := m.log(); got[len(got)-1] != "delete 9" {
		t.Fatalf("calls %q, want the stored message deleted", got)
	}
}

// UnshownSince tells from when a chat has content not yet on screen: a
// content replaced by a newer one counts as shown with it.
func TestOutboxUnshownSince(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	const chat = -13
	if !o.UnshownSince(chat).IsZero() {
		t.Fatal("an unknown chat has something unshown")
	}
	before := time.Now()
	release := holdFirst(t, o, m, chat)
	o.Put(chat, "turn", 0, "a", kb1)
	o.Put(chat, "turn", 0, "b", kb1)
	if s := o.UnshownSince(chat); s.IsZero() || s.Before(before) {
		t.Fatalf("unshown since %v, want a time after %v", s, before)
	}
	release()
	waitIdle(t, o)
	if s := o.UnshownSince(chat); !s.IsZero() {
		t.Fatalf("everything was delivered, but unshown since %v", s)
	}
}

// While the chat waits for its budget, the next turn's message takes over
// the turn just closed when that is the chat's newest message: one edit
// shows the closed turn and the new one under it, with its buttons. With
// another message after it, or the budget to spare, the closed turn keeps
// its message and the next one is new.
func TestOutboxCarriesTheTurnOverWhenBehind(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, sent := newTestOutbox(m)
	const chat = -14
	var mu sync.Mutex
	busyUntil := time.Time{}
	o.ready = func(int64) time.Time { mu.Lock(); defer mu.Unlock(); return busyUntil }
	behind := func() { mu.Lock(); busyUntil = time.Now().Add(30 * time.Millisecond); mu.Unlock() }

	o.Put(chat, "turn", 0, "t1", kb1)
	waitIdle(t, o)
	behind()
	o.Detach(chat, "turn", 1, "t1 closed", nil)
	o.Put(chat, "turn", 0, "t2", kb1)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "edit 1 t1 closed\n\nt2 kb=true"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	if !slices.Equal(*sent, []string{"turn=1", "turn=1"}) {
		t.Fatalf("onSent %v: the slot's message is still 1", *sent)
	}
	o.Put(chat, "turn", 1, "t2 rolled", kb1) // the slot edits its message
	waitIdle(t, o)

	o.Send(chat, "reply", nil) // now the reply is the newest message
	waitIdle(t, o)
	behind()
	o.Detach(chat, "turn", 1, "t2 closed", nil)
	o.Put(chat, "turn", 0, "t3", kb1)
	waitIdle(t, o)
	want = append(want, "edit 1 t2 rolled kb=true", "send 2 reply kb=false", "send 3 t3 kb=true", "edit 1 t2 closed kb=false")
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}

	// With the budget to spare, both calls are made.
	o.Detach(chat, "turn", 3, "t3 closed", nil)
	o.Put(chat, "turn", 0, "t4", kb1)
	waitIdle(t, o)
	if got := m.log()[len(want):]; len(got) != 2 {
		t.Fatalf("calls %q, want the closed turn's edit and the next turn's send", got)
	}
}

// TestOutboxPrivateChatsCarryNothingOver: in a person's private chat a
// slot's new message never takes over the one just closed, even when
// behind: the closed one keeps its final text on its own (a trade
// composer replaced by a newer one).
func TestOutboxPrivateChatsCarryNothingOver(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	o.carryWithin = time.Minute // as recent as can be
	const user = 14
	o.ready = func(int64) time.Time { return time.Now().Add(5 * time.Millisecond) } // always behind
	o.Put(user, "composer", 0, "c1", kb1)
	waitIdle(t, o)
	o.Detach(user, "composer", 1, "c1 replaced", nil)
	o.Put(user, "composer", 0, "c2", kb1)
	waitIdle(t, o)
	want := []string{"send 1 c1 kb=true", "send 2 c2 kb=true", "edit 1 c1 replaced kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}
