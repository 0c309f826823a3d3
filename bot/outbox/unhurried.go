package outbox

import "slices"

// The unhurried move (Content.Unhurried): a slot's new message that only
// moves what the chat shows already — the turn's, below /board's picture.
// Nobody waits for it: it is not urgent (order.go) and waits for spare
// budget as tidying does, for at most tidyWait (workers.keep); a newer
// content of the slot replaces it and goes as new messages do (chat.go);
// it does not count as unshown (ResultUnshownSince). The methods here run
// with the outbox's lock held.

// movedBy is the message an unhurried new message of slot (m) moves: the
// slot's previous one, just detached and already sent (nil: none).
func (c *outChat) movedBy(slot string, m *outMsg) *outMsg {
	for i := len(c.queue) - 1; i >= 0; i-- {
		if q := c.queue[i]; q.was == slot && q.msg != m && q.msg != nil && q.msg.id != 0 && !q.frame && !q.remove {
			return q.msg
		}
	}
	return nil
}

// closeMove drops queued op i if it is a move that never went and its
// slot is being detached (not attach): nothing closed is sent below the
// picture. It returns the message the move would have moved, which gets
// the final text instead (nil: op i is no such move, and stays).
func (c *outChat) closeMove(i int, attach bool) *outMsg {
	op := c.queue[i]
	if !op.c.unhurried || attach || op.msg.id != 0 || op.from == nil {
		return nil
	}
	c.queue = slices.Delete(c.queue, i, i+1)
	return op.from
}
