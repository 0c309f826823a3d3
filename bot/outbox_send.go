package bot

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// photoSender is what a Messenger offers to send pictures
// (telegram.Client has it); without it a photo is dropped.
type photoSender interface {
	SendPhoto(ctx context.Context, chatID int64, data []byte, fileID, caption string) (int, string, error)
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

// deliverPhoto sends op's picture, by file_id when it has one, and
// reports the file_id Telegram gave it.
func (o *Outbox) deliverPhoto(chat int64, op *outOp) (moved bool) {
	ps, ok := o.tg.(photoSender)
	if !ok {
		o.log.Warn("the messenger cannot send photos; dropping one", "chat", chat)
		return false
	}
	p := op.photo
	id, fileID, err := ps.SendPhoto(o.ctx, chat, p.PNG, p.FileID, p.Caption)
	if err != nil {
		return o.failed(chat, op, err)
	}
	o.mu.Lock()
	if c := o.chats[chat]; c != nil {
		c.sentNew(id)
	}
	o.mu.Unlock()
	if p.Sent != nil && fileID != "" {
		p.Sent(fileID)
	}
	return false
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

// deleter is what a Messenger offers to delete messages (telegram.Client
// has it); without it a removal leaves the message as it is.
type deleter interface {
	Delete(ctx context.Context, chatID int64, messageID int) error
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

// deliverRemoval deletes op's message; one already gone is fine.
func (o *Outbox) deliverRemoval(chat int64, op *outOp, id int) {
	d, ok := o.tg.(deleter)
	if !ok {
		return
	}
	err := d.Delete(o.ctx, chat, id)
	switch {
	case err == nil, errors.Is(err, telegram.ErrMessageNotFound):
		o.mu.Lock()
		if c := o.chats[chat]; c != nil {
			c.deletedMsg(id)
		}
		o.mu.Unlock()
	case errors.Is(err, context.Canceled):
	default:
		// Telegram lets a bot delete its messages for 48 hours; past that
		// the message stays, which is all a failure costs.
		o.log.Info("a message could not be deleted", "chat", chat, "msg", id, "err", err)
	}
}

// UnshownSince is when the oldest content queued for chat and not yet on
// screen was queued (zero: the chat shows everything it was given). A
// content replaced by a newer one of the same message counts as shown
// when the newer one is.
func (o *Outbox) UnshownSince(chat int64) time.Time {
	return o.unshownSince(chat, true)
}

// ResultUnshownSince is UnshownSince without the tidying nobody waits for
// (a replaced message's final text): from when the chat has not shown
// what its people wait for.
func (o *Outbox) ResultUnshownSince(chat int64) time.Time {
	return o.unshownSince(chat, false)
}

func (o *Outbox) unshownSince(chat int64, tidy bool) time.Time {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chats[chat]
	if c == nil {
		return time.Time{}
	}
	var t time.Time
	for _, op := range append([]*outOp{c.sending}, c.queue...) {
		if op != nil && (tidy || !op.tidy) && (t.IsZero() || op.since.Before(t)) {
			t = op.since
		}
	}
	return t
}

// delivered marks the op mine was delivering as done with.
func (o *Outbox) delivered(mine *outChat, called bool) {
	o.mu.Lock()
	mine.sending = nil
	if called {
		mine.called = time.Now()
	}
	o.mu.Unlock()
}

// carryOverWithin is how recent a group's last message must be for the
// next turn to take over the closed one (Config.CarryOver): a group that
// plays now. Past it, the turn is a new message that notifies.
const carryOverWithin = 30 * time.Second

// SendPrivate queues a message to a person's private chat, like Send;
// if the person cannot receive it (never opened the bot, or blocked it),
// refused is called instead (bot/reach.go).
func (o *Outbox) SendPrivate(user int64, text string, kb *kit.Markup, refused func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(user)
	if c.paused {
		return
	}
	c.queue = append(c.queue, &outOp{c: content{text, tgMarkup(kb)}, refused: refused, since: time.Now()})
	o.kick(user, c)
}
