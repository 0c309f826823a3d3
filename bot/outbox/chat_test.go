package outbox

import (
	"testing"
	"time"
)

// The queue of one chat, without an outbox around it: a slot's change
// merges into the one still queued for its message (queued anew only the
// first time), a frame is never merged away, a paused chat takes nothing,
// and finalizing a message that never existed queues nothing.
func TestChatQueueMergesIntoTheWaitingChange(t *testing.T) {
	t.Parallel()
	c := &outChat{slots: map[string]*outMsg{}}
	first, queued := c.put("t", 7, content{text: "v1"}, true, false, time.Minute)
	if first == nil || !queued || first.msg.id != 7 {
		t.Fatalf("first put: op %+v queued %v, want a new op for message 7", first, queued)
	}
	again, queued := c.put("t", 7, content{text: "v2"}, true, true, time.Minute)
	if again != first || queued || len(c.queue) != 1 || first.c.text != "v2" || !first.awaited {
		t.Fatalf("second put: op %p (first %p) queued %v, queue %d, text %q awaited %v: want v2 merged, awaited",
			again, first, queued, len(c.queue), first.c.text, first.awaited)
	}
	if !c.frames("t", 7, []string{"f1"}) {
		t.Fatal("frames of a known message not queued")
	}
	after, queued := c.put("t", 7, content{text: "v3"}, true, false, time.Minute)
	if after == first || !queued || len(c.queue) != 3 {
		t.Fatalf("a put after a frame merged into the queue (%d ops): the frame must be seen", len(c.queue))
	}
	if op, _ := c.put("never", 0, content{text: "final"}, false, false, time.Minute); op != nil || c.slots["never"] != nil {
		t.Fatal("finalizing a message that never existed queued something")
	}
	if op, _ := c.put("t", 7, content{text: "final"}, false, false, time.Minute); op != after || !op.tidy || op.slot != "" || op.was != "t" || c.slots["t"] != nil {
		t.Fatalf("detach: op %+v, slot kept %v: want the queued change finalized as tidying, the slot forgotten", op, c.slots["t"] != nil)
	}
	c.paused = true
	if op, queued := c.put("u", 0, content{text: "x"}, true, false, time.Minute); op != nil || queued || c.add(&outOp{}) || c.remove("t", 7) {
		t.Fatal("a paused chat took an op")
	}
}

// An unhurried move remembers the message it moves, and a move that never
// went is dropped when its slot closes: the final text goes to the message
// it would have moved.
func TestChatQueueClosedMoveFinalizesTheMovedMessage(t *testing.T) {
	t.Parallel()
	c := &outChat{slots: map[string]*outMsg{}}
	c.put("turn", 1, content{text: "t1 closed"}, false, false, time.Minute) // the turn /board moves
	closed := c.queue[0].msg
	move, _ := c.put("turn", 0, content{text: "t1", unhurried: true}, true, false, time.Minute)
	if move.from != closed {
		t.Fatalf("the move moves %+v, want the closed turn's message %+v", move.from, closed)
	}
	op, _ := c.put("turn", 0, content{text: "t1 closed again"}, false, false, time.Minute)
	if len(c.queue) != 1 || op != c.queue[0] || op.msg != closed || op.c.text != "t1 closed again" {
		t.Fatalf("queue %d ops, final text on %+v: want only the moved message's final text", len(c.queue), op.msg)
	}
}
