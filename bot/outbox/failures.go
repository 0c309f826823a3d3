package outbox

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// What a failed call means for a chat: a private message the person
// cannot receive is dropped; a group upgraded to a supergroup moves its
// queue there; a chat that forbids the bot is paused until Resume; a stop
// leaves the kept messages to the next start; a panic skips one op.

// ErrUnreachable is what a Messenger returns for a private message the
// person cannot receive (they never opened the bot, or blocked it): the
// outbox drops the message, calls its refused func (SendPrivate) and
// pauses nothing. It wraps telegram.ErrForbidden for callers that only
// know that.
var ErrUnreachable = fmt.Errorf("bot: the person has not opened the bot or blocked it: %w", telegram.ErrForbidden)

// survive runs one delivery; a panic in it (a bug) is logged with its
// chat, and the worker goes on with the chat's next op.
func (o *Outbox) survive(chat int64, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			o.log.Error("panic; skipping the chat", "chat", chat, "in", "delivery", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	fn()
}

// failed settles op, whose call Telegram refused with err; it reports
// true when the chat's queue moved to another chat id.
func (o *Outbox) failed(chat int64, op *outOp, err error) (moved bool) {
	var mig *telegram.MigratedError
	switch {
	case chat > 0 && errors.Is(err, ErrUnreachable):
		// Not the chat's fault as a 403 of a group is: nothing is paused,
		// the person's messages are held back until they open the bot (the
		// chat layer's Messenger returns ErrUnreachable).
		o.log.Info("a private message not sent: the person cannot receive it", "chat", chat)
		o.settle(chat, []*outOp{op})
		if op.refused != nil {
			op.refused()
		}
	case errors.As(err, &mig) && mig.NewChatID != 0 && mig.NewChatID != chat:
		o.log.Info("group upgraded to a supergroup; moving the game", "from", chat, "to", mig.NewChatID)
		o.mu.Lock()
		if c := o.chats[chat]; c != nil {
			c.queue = append([]*outOp{op}, c.queue...)
			c.running = false
		}
		o.mu.Unlock()
		// onMigrate moves the game and calls Move; Move again is harmless.
		if o.onMigrate != nil {
			o.onMigrate(chat, mig.NewChatID)
		}
		o.Move(chat, mig.NewChatID)
		return true
	case errors.Is(err, telegram.ErrForbidden):
		o.log.Info("the bot cannot write to the chat; pausing it", "chat", chat, "err", err)
		dropped := []*outOp{op}
		o.mu.Lock()
		if c := o.chats[chat]; c != nil {
			dropped = append(dropped, c.queue...)
			c.paused, c.queue = true, nil
		}
		o.mu.Unlock()
		o.settle(chat, dropped)
		if o.onForbidden != nil {
			o.onForbidden(chat)
		}
	case errors.Is(err, context.Canceled):
		// A stop: a kept message is sent by the next start.
		o.dropped(chat, []*outOp{op})
	default:
		o.log.Warn("delivering a message failed; dropping it", "chat", chat, "err", err)
		o.settle(chat, []*outOp{op})
	}
	return false
}

// Move hands chat from's queue and messages to chat to (a group upgraded
// to a supergroup).
func (o *Outbox) Move(from, to int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.moveLocked(from, to)
}

func (o *Outbox) moveLocked(from, to int64) {
	src := o.chats[from]
	if src == nil || from == to {
		return
	}
	delete(o.chats, from)
	dst := o.chat(to)
	for k, m := range src.slots {
		if dst.slots[k] == nil {
			// Its message is the old chat's: in the new one the slot's
			// next content is a new message, not an edit of that id.
			m.id, m.shown = 0, nil
			dst.slots[k] = m
		}
	}
	// Every message a queued change names is the old chat's, a slot's or a
	// detached one (a closed turn, a carried-over one): its id names nothing
	// in the new chat, so the change is sent there as a new message rather
	// than tried as an edit of that id (which Telegram refuses and which
	// would lose it).
	for _, op := range src.queue {
		if op.msg != nil {
			op.msg.id, op.msg.shown = 0, nil
		}
		op.reused = false
	}
	dst.queue = append(dst.queue, src.queue...)
	// src's worker, if any, finds the chat gone and stops.
	src.queue, src.running = nil, false
	o.kick(to, dst)
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

// dropped logs what a stop left undelivered in chat's queue: kept
// messages wait in storage for the next start, the others are lost.
func (o *Outbox) dropped(chat int64, ops []*outOp) {
	kept, lost := 0, 0
	for _, op := range ops {
		switch {
		case op.kept != 0:
			kept++
		case op.msg == nil:
			lost++ // a slot's message is shown again by Restore
		}
	}
	if kept+lost > 0 {
		o.log.Warn("stopping with messages undelivered", "chat", chat, "kept_for_next_start", kept, "lost", lost)
	}
}

// Resume lets chat be written to again.
func (o *Outbox) Resume(chat int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	c.paused = false
}
