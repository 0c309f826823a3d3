package outbox

import (
	"fmt"
	"strings"
	"time"
)

// DescribeQueue lists chat's queued ops, the one being delivered first,
// for a trace of what delayed a chat (the pace bench's PACE_TRACE): each
// op's kind (send, photo, move for an unhurried move, delete, frame, edit,
// or noop for an edit to what is already shown), its slot, its text's first line and its age.
func (o *Outbox) DescribeQueue(chat int64) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chats[chat]
	if c == nil {
		return "-"
	}
	var out []string
	if c.sending != nil {
		out = append(out, "sending "+describeOp(c.sending))
	}
	for _, op := range c.queue {
		out = append(out, describeOp(op))
	}
	if len(out) == 0 {
		return "empty"
	}
	return strings.Join(out, "; ")
}

func describeOp(op *outOp) string {
	kind := "send"
	switch {
	case op.photo != nil, op.c.photo != nil && (op.msg == nil || op.msg.id == 0):
		kind = "photo"
	case op.c.unhurried:
		kind = "move"
	case op.remove:
		kind = "delete"
	case op.frame:
		kind = "frame"
	case op.msg != nil && op.msg.id != 0 && op.msg.shown.same(&op.c):
		kind = "noop"
	case op.msg != nil && op.msg.id != 0:
		kind = "edit"
	}
	slot := op.slot
	if op.was != "" {
		slot = "was " + op.was
	}
	line, _, _ := strings.Cut(op.c.text, "\n")
	if r := []rune(line); len(r) > 30 {
		line = string(r[:30])
	}
	return fmt.Sprintf("%s %s %q age %v", kind, slot, line, time.Since(op.since).Round(time.Millisecond))
}
