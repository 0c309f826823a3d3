package outbox

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// Delivering: a chat's worker, started by what is queued (kick), waits
// for the chat's budget, takes the next op (order.go) and makes its call —
// a send, an edit, a photo, a deletion — then tells the chat layer a
// slot's new id (Options.OnSent). What a failed call means for the chat
// (failed): a gone message is sent anew; a private message the person
// cannot receive is dropped; a group upgraded to a supergroup moves its
// queue there (Move); a chat that forbids the bot is paused until Resume;
// a stop leaves the kept messages to the next start; a panic skips one op.

// kick starts the chat's worker if it has none; o.mu is held.
func (o *Outbox) kick(chat int64, c *outChat) {
	if c.running || len(c.queue) == 0 {
		return
	}
	c.running = true
	o.busy.Add(1)
	go o.work(chat, c)
}

// work delivers chat's queue; it stops when the queue is empty or the
// chat moved (o.chats[chat] is no longer mine).
func (o *Outbox) work(chat int64, mine *outChat) {
	defer o.busy.Done()
	for {
		waited := false
		if o.ready != nil {
			if d := time.Until(o.ready(chat)); d > 0 {
				waited = true
				t := time.NewTimer(d)
				select {
				case <-t.C:
				case <-o.ctx.Done():
					t.Stop()
				}
			}
		}
		o.mu.Lock()
		c := o.chats[chat]
		if c != mine || len(c.queue) == 0 || o.ctx.Err() != nil {
			mine.running = false
			var dropped []*outOp
			if o.ctx.Err() != nil {
				dropped, mine.queue = mine.queue, nil
			}
			o.mu.Unlock()
			o.dropped(chat, dropped)
			return
		}
		if d := o.keep(chat, c); d > 0 {
			// An edit waits while the group's budget is down to the call
			// kept for a new message; one queued meanwhile goes first.
			o.mu.Unlock()
			t := time.NewTimer(min(d, keepStep))
			select {
			case <-t.C:
			case <-o.ctx.Done():
				t.Stop()
			}
			continue
		}
		// Carrying a closed message over saves a group's budget; a
		// person's private chat keeps its messages apart (a replaced
		// trade composer says so in its own message).
		op := c.next(chat < 0 && (waited || o.carryWithin > 0 && time.Since(c.called) < o.carryWithin))
		c.sending = op
		var id int
		var shown *content
		if op.msg != nil {
			id, shown = op.msg.id, op.msg.shown
		}
		o.mu.Unlock()
		if id != 0 && shown.same(&op.c) && !op.remove || (op.frame || op.remove) && id == 0 {
			// Already on screen: no "message is not modified"; a frame
			// or a removal of a message never sent.
			o.delivered(mine, false)
			if !op.remove {
				tell(op.delivered)
			}
			continue
		}
		moved := false
		survive(o.log, chat, func() { moved = o.deliver(chat, op, id) })
		o.delivered(mine, true)
		if moved {
			return
		}
	}
}

// survive runs one delivery; a panic in it (a bug) is logged with its
// chat, and the worker goes on with the chat's next op.
func survive(log *slog.Logger, chat int64, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("panic; skipping the chat", "chat", chat, "in", "delivery", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	fn()
}

// deliver makes one call; it reports true when the chat's queue moved to
// another chat id (and this worker must stop).
func (o *Outbox) deliver(chat int64, op *outOp, id int) (moved bool) {
	if op.photo != nil {
		return o.deliverPhoto(chat, op)
	}
	if op.remove {
		o.deliverRemoval(chat, op, id)
		return false
	}
	var err error
	if id != 0 {
		err = o.edit(chat, op, id)
		if err == nil {
			o.shown(op, id)
			if op.reused {
				o.attached(chat, op, id)
			}
			tell(op.delivered)
			return false
		}
		if errors.Is(err, telegram.ErrMessageNotFound) && op.frame {
			// The animation's next frames are skipped (no call on a gone
			// id); what follows it is sent anew.
			o.mu.Lock()
			op.msg.id, op.msg.shown = 0, nil
			o.mu.Unlock()
			return false
		}
		if !errors.Is(err, telegram.ErrMessageNotFound) || !op.resend {
			return o.failed(chat, op, err)
		}
		o.log.Info("message to edit is gone; sending a new one", "chat", chat, "msg", id)
		op.reused = false
	}
	if op.c.photo != nil {
		return o.sendCaptioned(chat, op)
	}
	newID, err := o.tg.Send(o.ctx, chat, op.c.text, op.c.kb)
	if err != nil && op.notice {
		o.log.Info("a notice could not be delivered", "chat", chat, "err", err)
		return false
	}
	if err != nil {
		return o.failed(chat, op, err)
	}
	if op.msg == nil {
		o.mu.Lock()
		if c := o.chats[chat]; c != nil {
			c.sentNew(newID)
		}
		o.mu.Unlock()
		o.settle(chat, []*outOp{op})
		return false
	}
	o.sentNew(chat, op, newID, formText)
	return false
}

// sendCaptioned sends a slot's new message that is a picture with its
// caption and keyboard (content.photo): one call where a picture and a
// text under it took two.
func (o *Outbox) sendCaptioned(chat int64, op *outOp) (moved bool) {
	ps, ok := o.tg.(PhotoSender)
	if !ok {
		o.log.Warn("the messenger cannot send photos; dropping one", "chat", chat)
		return false
	}
	p := op.c.photo
	id, fileID, err := ps.SendPhoto(o.ctx, chat, p.PNG, p.FileID, op.c.text, op.c.kb)
	if err != nil {
		return o.failed(chat, op, err)
	}
	if p.Sent != nil && fileID != "" {
		p.Sent(fileID)
	}
	o.sentNew(chat, op, id, formPhoto)
	return false
}

// sentNew notes that a slot's op went out as a new message id of form.
func (o *Outbox) sentNew(chat int64, op *outOp, id int, form msgForm) {
	o.mu.Lock()
	op.msg.sentAs = form
	o.mu.Unlock()
	o.shown(op, id)
	o.attached(chat, op, id) // the id is stored before the hook runs
	tell(op.delivered)
}

// tell calls a hook of an op's fate, if it has one.
func tell(hook func()) {
	if hook != nil {
		hook()
	}
}

// edit changes message id to op's content: its text, or its caption if it
// is a photo (as this process sent it, else as the content says).
func (o *Outbox) edit(chat int64, op *outOp, id int) error {
	o.mu.Lock()
	photo := op.c.caption
	if op.msg != nil && op.msg.sentAs != formUnknown {
		photo = op.msg.sentAs == formPhoto
	}
	o.mu.Unlock()
	if !photo {
		return o.tg.Edit(o.ctx, chat, id, op.c.text, op.c.kb)
	}
	ce, ok := o.tg.(CaptionEditor)
	if !ok {
		return errors.New("outbox: the messenger cannot edit captions")
	}
	return ce.EditCaption(o.ctx, chat, id, op.c.text, op.c.kb)
}

// deliverPhoto sends op's picture, by file_id when it has one, and
// reports the file_id Telegram gave it.
func (o *Outbox) deliverPhoto(chat int64, op *outOp) (moved bool) {
	ps, ok := o.tg.(PhotoSender)
	if !ok {
		o.log.Warn("the messenger cannot send photos; dropping one", "chat", chat)
		return false
	}
	p := op.photo
	id, fileID, err := ps.SendPhoto(o.ctx, chat, p.PNG, p.FileID, p.Caption, nil)
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

// deliverRemoval deletes op's message; one already gone is fine.
func (o *Outbox) deliverRemoval(chat int64, op *outOp, id int) {
	d, ok := o.tg.(Deleter)
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

// attached reports a slot's message id, new or taken over (carryOver),
// and notes the chat's newest message.
func (o *Outbox) attached(chat int64, op *outOp, id int) {
	o.mu.Lock()
	c := o.chats[chat]
	if c != nil && !op.reused {
		c.sentNew(id)
	}
	attached := op.slot != "" && c != nil && c.slots[op.slot] == op.msg
	o.mu.Unlock()
	if attached && o.onSent != nil {
		o.onSent(chat, op.slot, id)
	}
}

func (o *Outbox) shown(op *outOp, id int) {
	if op.msg == nil {
		return
	}
	o.mu.Lock()
	op.msg.id = id
	ct := op.c
	op.msg.shown = &ct
	o.mu.Unlock()
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
		tell(op.refused)
		tell(op.undelivered)
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
		tell(op.undelivered)
		if o.onForbidden != nil {
			o.onForbidden(chat)
		}
	case errors.Is(err, context.Canceled):
		// A stop: a kept message is sent by the next start.
		o.dropped(chat, []*outOp{op})
	default:
		o.log.Warn("delivering a message failed; dropping it", "chat", chat, "err", err)
		o.settle(chat, []*outOp{op})
		tell(op.undelivered)
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
			m.id, m.shown, m.sentAs = 0, nil, formUnknown
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
			op.msg.id, op.msg.shown, op.msg.sentAs = 0, nil, formUnknown
		}
		op.reused = false
	}
	dst.queue = append(dst.queue, src.queue...)
	// src's worker, if any, finds the chat gone and stops.
	src.queue, src.running = nil, false
	o.kick(to, dst)
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
