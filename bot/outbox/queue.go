package outbox

import (
	"slices"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Queueing: what the chat layer and the kinds ask the outbox to show. Each
// call returns at once; the chat's worker (deliver.go) delivers it later,
// in the chat's order (order.go), merged with what is queued for the same
// message. A paused chat (Pause, or a 403) drops what it is given.

// Send queues a new message that is never merged with another.
func (o *Outbox) Send(chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	o.SendKept(chat, 0, text, kb)
}

// SendKept is Send for a message kept in storage under seq until it is
// delivered (0: none): once it is settled, delivered or dropped (a paused
// chat drops it), Options.OnKept is told.
func (o *Outbox) SendKept(chat int64, seq uint64, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	o.mu.Lock()
	c := o.chat(chat)
	if !c.paused {
		c.queue = append(c.queue, &outOp{c: content{text: text, kb: kb}, kept: seq, since: time.Now()})
		o.kick(chat, c)
	}
	paused := c.paused
	o.mu.Unlock()
	if paused {
		o.settle(chat, []*outOp{{kept: seq}})
	}
}

// Put makes slot's message show text and kb: an edit if the message
// exists (known is its id from storage, 0 if none), else a new message,
// whose id is reported through onSent. A queued, not yet delivered change
// of the same message is replaced.
func (o *Outbox) Put(chat int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	o.put(chat, slot, known, content{text: text, kb: kb}, true, false)
}

// PutAwaited is Put; awaited says the content is a press's result, which
// someone looks at the chat for (Change.Pressed): it goes before the
// other edits queued for the chat.
func (o *Outbox) PutAwaited(chat int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup, awaited bool) {
	o.put(chat, slot, known, content{text: text, kb: kb}, true, awaited)
}

// Detach gives slot's message its last content (an edit, or a send if it
// was never sent) and forgets the slot: the next Put of it starts a new
// message. If the message is gone by then, nothing is sent.
func (o *Outbox) Detach(chat int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	o.put(chat, slot, known, content{text: text, kb: kb}, false, false)
}

// Content is a slot message's content beyond its text and keyboard: a
// photo's caption, and a move nobody waits for (PutContent).
type Content struct {
	Text string
	KB   *tgbotapi.InlineKeyboardMarkup
	// Caption: the message is a photo and Text its caption; a new message
	// sends Photo with it (nil: a text message carries the caption).
	Caption bool
	Photo   *kit.Photo
	// Unhurried: a slot's new message that only moves what the chat shows
	// already (the turn's, below /board's picture; kit.Change.Unhurried).
	// Nobody waits for it: it waits for spare budget as tidying does, for
	// at most tidyWait, before edits; a newer content of the slot replaces
	// it and goes as new messages do, and if the slot is detached before
	// it went, it is dropped and the message it would have moved gets the
	// final text.
	Unhurried bool
}

// PutContent is Put (attach) or Detach of c, awaited as PutAwaited says.
func (o *Outbox) PutContent(chat int64, slot string, known int, c Content, attach, awaited bool) {
	o.put(chat, slot, known, content{text: c.Text, kb: c.KB, caption: c.Caption, photo: c.Photo, unhurried: c.Unhurried}, attach, awaited)
}

// put is Put (attach) or Detach; awaited says the content is a press's
// result, which someone looks at the chat for (finish: Change.Pressed).
func (o *Outbox) put(chat int64, slot string, known int, ct content, attach, awaited bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.putLocked(chat, slot, known, ct, attach, awaited)
}

// putLocked is put with o.mu held; it returns the op that carries the
// content (nil: none, the chat is paused or there was nothing to
// finalize).
func (o *Outbox) putLocked(chat int64, slot string, known int, ct content, attach, awaited bool) *outOp {
	c := o.chat(chat)
	m := c.slots[slot]
	if m == nil {
		if known == 0 && !attach {
			return nil // nothing to finalize: the message never existed
		}
		m = &outMsg{id: known}
		c.slots[slot] = m
	}
	was := ""
	if !attach {
		delete(c.slots, slot)
		slot, was = "", slot
	}
	if c.paused {
		return nil
	}
	return o.putMsg(chat, c, m, slot, was, ct, attach, awaited)
}

// putMsg queues ct for message m (put) and returns the op that carries
// it; o.mu is held.
func (o *Outbox) putMsg(chat int64, c *outChat, m *outMsg, slot, was string, ct content, attach, awaited bool) *outOp {
	// The message's last queued change takes the newest content, unless
	// it is a frame of an animation, which must be seen: the content
	// follows it.
	for i := len(c.queue) - 1; i >= 0; i-- {
		if op := c.queue[i]; op.msg == m {
			if op.c.unhurried && !attach && m.id == 0 && op.from != nil {
				// A move that never went, closed: nothing closed is sent
				// below the picture; the message it would have moved
				// gets the final text instead.
				c.queue = slices.Delete(c.queue, i, i+1)
				return o.putMsg(chat, c, op.from, "", was, ct, false, false)
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
				o.markTidy(op, !attach)
				return op
			}
			break
		}
	}
	op := &outOp{msg: m, slot: slot, was: was, c: ct, resend: attach, awaited: awaited, since: time.Now()}
	o.markTidy(op, !attach)
	if ct.unhurried {
		// The message it moves: the slot's previous one, just detached.
		for i := len(c.queue) - 1; i >= 0 && op.from == nil; i-- {
			if q := c.queue[i]; q.was == slot && q.msg != m && q.msg != nil && q.msg.id != 0 && !q.frame && !q.remove {
				op.from = q.msg
			}
		}
	}
	c.queue = append(c.queue, op)
	o.kick(chat, c)
	return op
}

// PutPrivate is PutAwaited for a slot's message in a person's private
// chat, telling what became of it: delivered once Telegram took it (sent,
// edited, or already showing it), undelivered if it did not reach the
// person — they cannot receive it (never opened the bot, or blocked it),
// Telegram refused the call, or the chat is paused. A content merged
// into one still queued tells both contents' hooks. Nothing is told when
// a stop leaves it undelivered (the chat layer shows it again on start).
// Either hook may be nil.
func (o *Outbox) PutPrivate(user int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup, awaited bool, delivered, undelivered func()) {
	o.mu.Lock()
	op := o.putLocked(user, slot, known, content{text: text, kb: kb}, true, awaited)
	if op != nil {
		op.delivered = both(op.delivered, delivered)
		op.undelivered = both(op.undelivered, undelivered)
	}
	o.mu.Unlock()
	if op == nil && undelivered != nil {
		undelivered()
	}
}

// both is a hook that calls a, then b (either may be nil).
func both(a, b func()) func() {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func() { a(); b() }
}

// Frames queues texts that slot's message shows one after another, each
// an edit without buttons, before whatever is queued for it next: an
// animation (a casino's reels stopping), paced like every edit. A message
// not sent, and not being sent, is not animated.
func (o *Outbox) Frames(chat int64, slot string, known int, texts []string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	m := c.slots[slot]
	if m == nil {
		if known == 0 {
			return
		}
		m = &outMsg{id: known}
		c.slots[slot] = m
	}
	if c.paused {
		return
	}
	for _, t := range texts {
		c.queue = append(c.queue, &outOp{msg: m, slot: slot, c: content{text: t}, frame: true, since: time.Now()})
	}
	o.kick(chat, c)
}

// SendPhoto queues a picture: a send like any other, in the chat's order
// and within its budget. Never merged with another.
func (o *Outbox) SendPhoto(chat int64, p kit.Photo) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	if c.paused {
		return
	}
	c.queue = append(c.queue, &outOp{photo: &p, since: time.Now()})
	o.kick(chat, c)
}

// Notify queues a message to a person's private chat that may well be
// refused — the person never started a chat with the bot, or blocked it —
// without pausing the chat as a refused game message would.
func (o *Outbox) Notify(chat int64, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	if c.paused {
		return
	}
	c.queue = append(c.queue, &outOp{c: content{text: text}, notice: true, since: time.Now()})
	o.kick(chat, c)
}

// SendPrivate queues a message to a person's private chat, like Send;
// if the person cannot receive it (never opened the bot, or blocked it),
// refused is called instead (the Messenger returned ErrUnreachable).
func (o *Outbox) SendPrivate(user int64, text string, kb *tgbotapi.InlineKeyboardMarkup, refused func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(user)
	if c.paused {
		return
	}
	c.queue = append(c.queue, &outOp{c: content{text: text, kb: kb}, refused: refused, since: time.Now()})
	o.kick(user, c)
}

// Remove deletes slot's message (known: its id from storage, 0 if none)
// and forgets the slot: a message that only mattered for a moment (a
// reminder whose decision was taken, a used link, a closed menu) does
// not stay in the chat, under the live turn. Changes of it still queued
// are dropped; a message never sent is not sent at all.
func (o *Outbox) Remove(chat int64, slot string, known int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	m := c.slots[slot]
	delete(c.slots, slot)
	if m == nil {
		if known == 0 {
			return
		}
		m = &outMsg{id: known}
	}
	var dropped []*outOp
	c.queue = slices.DeleteFunc(c.queue, func(op *outOp) bool {
		if op.msg == m {
			dropped = append(dropped, op)
			return true
		}
		return false
	})
	_ = dropped // slot ops are never kept
	if c.paused {
		return
	}
	c.queue = append(c.queue, &outOp{msg: m, remove: true, since: time.Now()})
	o.kick(chat, c)
}

// Pause stops sending to chat and drops its queue (the bot was removed).
func (o *Outbox) Pause(chat int64) {
	o.mu.Lock()
	c := o.chat(chat)
	dropped := c.queue
	c.paused, c.queue = true, nil
	o.mu.Unlock()
	o.settle(chat, dropped)
}

// Resume lets chat be written to again.
func (o *Outbox) Resume(chat int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	c.paused = false
}
