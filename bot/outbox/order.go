package outbox

import (
	"slices"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Which of a chat's queued ops goes next: new messages first, then a
// press's result, then other edits, tidying last (and only while the
// group's budget has room: workers.keep, deliver.go); a closed turn taken
// over by the next one (carryOver); the bot's newest message, which
// carryOver needs.

// urgent says whether op may go before the ops queued ahead of it: a new
// message — a reply to a command, a prompt, a picture, a slot's first
// message (a menu, the next turn's) — goes before edits of messages
// already on screen, which merge while they wait. A reply then waits for
// the chat's next free call, not behind a game's stream of edits (it
// waited 11-16 s at a human pace). New messages keep their order among
// themselves, so what the chat shows reads in order; an edit changes a
// message in place, so putting it later reorders nothing. A removal goes
// early too: the chat never shows a reminder and its replacement at once.
// o.mu is held.
func (op *outOp) urgent() bool {
	return op.msg == nil || op.remove || op.msg.id == 0 && !op.frame && !op.c.unhurried
}

// next takes the op to deliver now: the first urgent one, else the
// oldest; o.mu is held. busy says the chat had to wait for its budget, or
// is being played in now.
func (c *outChat) next(busy bool) *outOp {
	i := c.nextIndex()
	op := c.queue[i]
	c.queue = slices.Delete(c.queue, i, i+1)
	if busy {
		c.carryOver(op)
	}
	return op
}

// nextIndex is the first urgent op that no op of the same message is
// queued ahead of (a message's own changes keep their order: an
// animation's frames, then what follows), else the first press's result
// (awaited), else the first op that is not deferred tidying, else 0; o.mu
// is held.
func (c *outChat) nextIndex() int {
	var ahead []*outMsg
	awaited, waited := -1, -1
	for i, op := range c.queue {
		free := op.msg == nil || !slices.Contains(ahead, op.msg)
		if op.urgent() && free {
			return i
		}
		if awaited < 0 && free && op.awaited && !op.tidy {
			awaited = i
		}
		if waited < 0 && free && !op.deferred() {
			waited = i
		}
		if op.msg != nil {
			ahead = append(ahead, op.msg)
		}
	}
	if awaited >= 0 {
		return awaited
	}
	return max(waited, 0)
}

// idle says whether op is tidying that may still wait for spare budget.
func (op *outOp) idle() bool {
	return op.tidy && time.Now().Before(op.tidyBy)
}

// deferred says whether op is tidying that still goes after what people
// wait for.
func (op *outOp) deferred() bool {
	return op.tidy && time.Now().Before(op.tidyLast)
}

// carryOver makes one call of two while a group plays: a slot's next
// message (the next turn's) whose previous message (the turn just closed)
// still waits for its final edit, and is the newest message the bot sent
// into the chat, takes that message over — one edit shows the final text
// and, under it, the new content with its buttons — instead of an edit
// and a send. The buttons stay on the chat's last message, and a group
// playing at a human pace, which the two calls of every turn took past its
// 20 calls a minute, needs one. A turn that comes after a quiet while (a
// slow game) is a new message, which notifies whom it mentions. o.mu is
// held.
func (c *outChat) carryOver(op *outOp) {
	if op.msg == nil || op.msg.id != 0 || op.slot == "" || op.frame || op.remove || op.c.caption || c.newest == 0 {
		return
	}
	j := slices.IndexFunc(c.queue, func(q *outOp) bool {
		return q.was == op.slot && q.msg != nil && q.msg.id == c.newest && !q.frame && !q.remove && !q.c.caption
	})
	if j < 0 || slices.ContainsFunc(c.queue, func(q *outOp) bool { return q != c.queue[j] && q.msg == c.queue[j].msg }) {
		return
	}
	closed := c.queue[j]
	c.queue = slices.Delete(c.queue, j, j+1)
	text := closed.c.text + "\n\n" + op.c.text
	if kit.TextLen(text) > kit.MaxText {
		text = op.c.text
	}
	op.msg.id, op.msg.shown = closed.msg.id, closed.msg.shown
	op.c.text, op.reused = text, true
	if closed.since.Before(op.since) {
		op.since = closed.since
	}
}

// recentKept is how many of the bot's last messages a chat remembers, so
// that deleting the newest (a used notice, a closed menu) leaves the one
// before it as the newest: the next turn can still take over the last turn.
const recentKept = 8

// sentNew notes a message the bot sent into the chat; o.mu is held.
func (c *outChat) sentNew(id int) {
	if id <= c.newest {
		return
	}
	c.newest = id
	c.recent = append(c.recent, id)
	if len(c.recent) > recentKept {
		c.recent = slices.Delete(c.recent, 0, len(c.recent)-recentKept)
	}
}

// deletedMsg notes that the bot's message id is gone from the chat; o.mu
// is held.
func (c *outChat) deletedMsg(id int) {
	c.recent = slices.DeleteFunc(c.recent, func(r int) bool { return r == id })
	if id == c.newest {
		c.newest = 0
		if n := len(c.recent); n > 0 {
			c.newest = c.recent[n-1]
		}
	}
}
