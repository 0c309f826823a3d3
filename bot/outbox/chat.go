package outbox

import (
	"slices"
	"time"
)

// The queue of one chat: what the chat layer gives it, merged with what
// waits for the same message. The Outbox's calls (queue.go, private.go)
// find the chat and start its worker; what goes next is chosen in
// order.go. Every method here runs with the outbox's lock held.

// add queues a plain op (a message never merged, a photo, a notice) and
// reports whether it did: a paused chat drops it.
func (c *outChat) add(op *outOp) bool {
	if c.paused {
		return false
	}
	c.queue = append(c.queue, op)
	return true
}

// slotMsg is slot's message, made for known (its id from storage, 0 if
// none) when the slot has none yet; nil when it has none, known is 0 and
// create is false: there is no message to change.
func (c *outChat) slotMsg(slot string, known int, create bool) *outMsg {
	m := c.slots[slot]
	if m == nil {
		if known == 0 && !create {
			return nil
		}
		m = &outMsg{id: known}
		c.slots[slot] = m
	}
	return m
}

// put queues ct for slot's message: Put (attach) or Detach, awaited as
// PutAwaited says; tidyWait is core.tidyWait. It returns the op that
// carries the content (nil: none, the chat is paused or there was
// nothing to finalize) and whether it was queued anew (the worker may
// have to start) rather than merged into a queued one.
func (c *outChat) put(slot string, known int, ct content, attach, awaited bool, tidyWait time.Duration) (op *outOp, queued bool) {
	m := c.slotMsg(slot, known, attach)
	if m == nil {
		return nil, false // nothing to finalize: the message never existed
	}
	was := ""
	if !attach {
		delete(c.slots, slot)
		slot, was = "", slot
	}
	if c.paused {
		return nil, false
	}
	return c.putMsg(m, slot, was, ct, attach, awaited, tidyWait)
}

// putMsg queues ct for message m (put).
func (c *outChat) putMsg(m *outMsg, slot, was string, ct content, attach, awaited bool, tidyWait time.Duration) (*outOp, bool) {
	// The message's last queued change takes the newest content, unless
	// it is a frame of an animation, which must be seen: the content
	// follows it.
	for i := len(c.queue) - 1; i >= 0; i-- {
		if op := c.queue[i]; op.msg == m {
			if from := c.closeMove(i, attach); from != nil {
				return c.putMsg(from, "", was, ct, false, false, tidyWait)
			}
			if !op.frame && !op.remove {
				if ct.photo == nil {
					ct.photo = op.c.photo // a message not sent yet keeps its picture
				}
				if op.c.unhurried && !ct.unhurried {
					op.since = time.Now() // unshown from now: nobody waited for the move
				}
				op.c, op.resend, op.slot, op.was = ct, attach, slot, was
				op.awaited = op.awaited || awaited
				op.markTidy(!attach, tidyWait)
				return op, false
			}
			break
		}
	}
	op := &outOp{msg: m, slot: slot, was: was, c: ct, resend: attach, awaited: awaited, since: time.Now()}
	op.markTidy(!attach, tidyWait)
	if ct.unhurried {
		op.from = c.movedBy(slot, m)
	}
	c.queue = append(c.queue, op)
	return op, true
}

// markTidy makes op tidying (or not), timed from when it was queued:
// from tidyWait on it no longer waits for spare budget, from twice that
// on it goes in its turn.
func (op *outOp) markTidy(tidy bool, tidyWait time.Duration) {
	op.tidy, op.tidyBy, op.tidyLast = tidy, op.since.Add(tidyWait), op.since.Add(2*tidyWait)
}

// frames queues texts as slot's animation (Frames) and reports whether
// the chat may have something new to deliver: not for a message never
// sent, nor in a paused chat.
func (c *outChat) frames(slot string, known int, texts []string) bool {
	m := c.slotMsg(slot, known, false)
	if m == nil || c.paused {
		return false
	}
	for _, t := range texts {
		c.queue = append(c.queue, &outOp{msg: m, slot: slot, c: content{text: t}, frame: true, since: time.Now()})
	}
	return true
}

// remove queues the deletion of slot's message (Remove) and forgets the
// slot; changes of the message still queued are dropped (a slot's ops are
// never kept: nothing to settle). It reports whether it queued the
// deletion: not for a message never sent, nor in a paused chat.
func (c *outChat) remove(slot string, known int) bool {
	m := c.slots[slot]
	delete(c.slots, slot)
	if m == nil {
		if known == 0 {
			return false
		}
		m = &outMsg{id: known}
	}
	c.queue = slices.DeleteFunc(c.queue, func(op *outOp) bool { return op.msg == m })
	if c.paused {
		return false
	}
	c.queue = append(c.queue, &outOp{msg: m, remove: true, since: time.Now()})
	return true
}
