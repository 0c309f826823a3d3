package outbox

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// movedTurn is an outbox whose chat showed a turn ("t1", message 1) that
// /board then moved below its picture: the closed turn's final text and
// the unhurried move are queued, and the worker waits for spare budget
// (spare, false until set).
func movedTurn(t *testing.T, chat int64) (*Outbox, *recMessenger, *atomic.Bool) {
	t.Helper()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	spare := spareBudget(o)
	asked := make(chan struct{}, 1)
	leaving := o.leaving
	o.leaving = func(chat int64, kept int) time.Time {
		select {
		case asked <- struct{}{}:
		default:
		}
		return leaving(chat, kept)
	}
	o.Put(chat, "turn", 0, "t1", kb1)
	waitIdle(t, o)
	o.Detach(chat, "turn", 1, "t1 closed", nil)
	o.put(chat, "turn", 0, content{text: "t1", kb: kb1, unhurried: true}, true, false)
	select {
	case <-asked: // the worker waits for spare budget
	case <-time.After(5 * time.Second):
		t.Fatalf("the move did not wait for spare budget; calls %q", m.log())
	}
	return o, m, spare
}

// A slot's unhurried new message (the turn's, moved below /board's
// picture) waits for spare budget, and nobody is counted as waiting for
// it; a press's result given to the slot meanwhile goes at once in its
// place, one call for both. The closed message's final text still comes
// after, as tidying.
func TestOutboxUnhurriedMoveTakesTheNextResult(t *testing.T) {
	t.Parallel()
	const chat = -31
	o, m, spare := movedTurn(t, chat)
	if calls := m.log(); len(calls) != 1 {
		t.Fatalf("calls %q while the move waits for spare budget", calls)
	}
	if !o.ResultUnshownSince(chat).IsZero() || o.UnshownSince(chat).IsZero() {
		t.Fatal("the move was counted as a result people wait for, or as shown")
	}
	o.put(chat, "turn", 0, content{text: "t1 rolled", kb: kb1}, true, true)
	calls := waitCalls(t, m, 2)
	if want := []string{"send 1 t1 kb=true", "send 2 t1 rolled kb=true"}; !slices.Equal(calls, want) {
		t.Fatalf("calls %q, want %q: the press's result is the moved message", calls, want)
	}
	spare.Store(true)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 t1 rolled kb=true", "edit 1 t1 closed kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// With no press, the move goes once the budget has room — before the
// closed message's final text, so the chat never shows the turn without
// its buttons.
func TestOutboxUnhurriedMoveGoesWithSpareBudget(t *testing.T) {
	t.Parallel()
	const chat = -32
	o, m, spare := movedTurn(t, chat)
	spare.Store(true)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 t1 kb=true", "edit 1 t1 closed kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

// A move that has not gone when its turn closes is dropped: the turn's
// message above the picture gets the final text, and nothing closed is
// sent below it.
func TestOutboxUnhurriedMoveClosedIsDropped(t *testing.T) {
	t.Parallel()
	const chat = -33
	o, m, spare := movedTurn(t, chat)
	o.Detach(chat, "turn", 0, "t1 closed again", nil) // the moved message's final text
	o.Put(chat, "turn", 0, "t2", kb1)                 // the next turn
	spare.Store(true)
	waitIdle(t, o)
	want := []string{"send 1 t1 kb=true", "send 2 t2 kb=true", "edit 1 t1 closed again kb=false"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}
