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

// kick starts the chat's worker if it has none; the outbox's lock is held.
func (w *workers) kick(chat int64, c *outChat) {
	if c.running || len(c.queue) == 0 {
		return
	}
	c.running = true
	w.busy.Add(1)
	go w.work(chat, c)
}

// work delivers chat's queue; it stops when the queue is empty or the
// chat moved (w.chats[chat] is no longer mine).
func (w *workers) work(chat int64, mine *outChat) {
	defer w.busy.Done()
	for {
		waited := false
		if w.ready != nil {
			if d := time.Until(w.ready(chat)); d > 0 {
				waited = true
				t := time.NewTimer(d)
				select {
				case <-t.C:
				case <-w.ctx.Done():
					t.Stop()
				}
			}
		}
		w.mu.Lock()
		c := w.chats[chat]
		if c != mine || len(c.queue) == 0 || w.ctx.Err() != nil {
			mine.running = false
			var dropped []*outOp
			if w.ctx.Err() != nil {
				dropped, mine.queue = mine.queue, nil
			}
			w.mu.Unlock()
			w.dropped(chat, dropped)
			return
		}
		if d := w.keep(chat, c); d > 0 {
			// An edit waits while the group's budget is down to the call
			// kept for a new message; one queued meanwhile goes first.
			w.mu.Unlock()
			t := time.NewTimer(min(d, keepStep))
			select {
			case <-t.C:
			case <-w.ctx.Done():
				t.Stop()
			}
			continue
		}
		// Carrying a closed message over saves a group's budget; a
		// person's private chat keeps its messages apart (a replaced
		// trade composer says so in its own message).
		op := c.next(chat < 0 && (waited || w.carryWithin > 0 && time.Since(c.called) < w.carryWithin))
		c.sending = op
		var id int
		var shown *content
		if op.msg != nil {
			id, shown = op.msg.id, op.msg.shown
		}
		w.mu.Unlock()
		if id != 0 && shown.same(&op.c) && !op.remove || (op.frame || op.remove) && id == 0 {
			// Already on screen: no "message is not modified"; a frame
			// or a removal of a message never sent.
			w.delivered(mine, false)
			if !op.remove {
				op.fate.reached()
			}
			continue
		}
		moved := false
		survive(w.log, chat, func() { moved = w.deliver(chat, op, id) })
		w.delivered(mine, true)
		if moved {
			return
		}
	}
}

// keep is how long the op next in c's queue must still wait if it may
// (it is not urgent) so as to leave a call of the group's budget for a new
// message; the outbox's lock is held.
func (w *workers) keep(chat int64, c *outChat) time.Duration {
	op := c.queue[c.nextIndex()]
	if w.keeping == nil || w.closing.Load() || op.urgent() || op.msg != nil && op.msg.id != 0 && op.msg.shown.same(&op.c) && !op.remove {
		return 0 // a new message, or an edit that makes no call
	}
	if (op.idle() || op.c.unhurried && time.Since(op.since) < w.tidyWait) && w.leaving != nil {
		return time.Until(w.leaving(chat, tidyKept))
	}
	return time.Until(w.keeping(chat))
}

// keepStep bounds one wait of an edit for the kept call, so that a new
// message queued meanwhile is picked soon.
const keepStep = 250 * time.Millisecond

// tidyKept is how many calls of a group's budget a tidy op leaves free:
// the next press's result and a reply to a command.
const tidyKept = 2

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
func (w *workers) deliver(chat int64, op *outOp, id int) (moved bool) {
	if op.photo != nil {
		return w.deliverPhoto(chat, op)
	}
	if op.remove {
		w.deliverRemoval(chat, op, id)
		return false
	}
	var err error
	if id != 0 {
		err = w.edit(chat, op, id)
		if err == nil {
			w.shown(op, id)
			if op.reused {
				w.attached(chat, op, id)
			}
			op.fate.reached()
			return false
		}
		if errors.Is(err, telegram.ErrMessageNotFound) && op.frame {
			// The animation's next frames are skipped (no call on a gone
			// id); what follows it is sent anew.
			w.mu.Lock()
			op.msg.id, op.msg.shown = 0, nil
			w.mu.Unlock()
			return false
		}
		if !errors.Is(err, telegram.ErrMessageNotFound) || !op.resend {
			return w.failed(chat, op, err)
		}
		w.log.Info("message to edit is gone; sending a new one", "chat", chat, "msg", id)
		op.reused = false
	}
	if op.c.photo != nil {
		return w.sendCaptioned(chat, op)
	}
	newID, err := w.tg.Send(w.ctx, chat, op.c.text, op.c.kb)
	if err != nil && op.notice {
		w.log.Info("a notice could not be delivered", "chat", chat, "err", err)
		return false
	}
	if err != nil {
		return w.failed(chat, op, err)
	}
	if op.msg == nil {
		w.mu.Lock()
		if c := w.chats[chat]; c != nil {
			c.sentNew(newID)
		}
		w.mu.Unlock()
		w.settle(chat, []*outOp{op})
		return false
	}
	w.sentNew(chat, op, newID, formText)
	return false
}

// sendCaptioned sends a slot's new message that is a picture with its
// caption and keyboard (content.photo): one call where a picture and a
// text under it took two.
func (w *workers) sendCaptioned(chat int64, op *outOp) (moved bool) {
	ps, ok := w.tg.(PhotoSender)
	if !ok {
		w.log.Warn("the messenger cannot send photos; dropping one", "chat", chat)
		return false
	}
	p := op.c.photo
	id, fileID, err := ps.SendPhoto(w.ctx, chat, p.PNG, p.FileID, op.c.text, op.c.kb)
	if err != nil {
		return w.failed(chat, op, err)
	}
	if p.Sent != nil && fileID != "" {
		p.Sent(fileID)
	}
	w.sentNew(chat, op, id, formPhoto)
	return false
}

// sentNew notes that a slot's op went out as a new message id of form.
func (w *workers) sentNew(chat int64, op *outOp, id int, form msgForm) {
	w.mu.Lock()
	op.msg.sentAs = form
	w.mu.Unlock()
	w.shown(op, id)
	w.attached(chat, op, id) // the id is stored before the hook runs
	op.fate.reached()
}

// edit changes message id to op's content: its text, or its caption if it
// is a photo (as this process sent it, else as the content says).
func (w *workers) edit(chat int64, op *outOp, id int) error {
	w.mu.Lock()
	photo := op.c.caption
	if op.msg != nil && op.msg.sentAs != formUnknown {
		photo = op.msg.sentAs == formPhoto
	}
	w.mu.Unlock()
	if !photo {
		return w.tg.Edit(w.ctx, chat, id, op.c.text, op.c.kb)
	}
	ce, ok := w.tg.(CaptionEditor)
	if !ok {
		return errors.New("outbox: the messenger cannot edit captions")
	}
	return ce.EditCaption(w.ctx, chat, id, op.c.text, op.c.kb)
}

// deliverPhoto sends op's picture, by file_id when it has one, and
// reports the file_id Telegram gave it.
func (w *workers) deliverPhoto(chat int64, op *outOp) (moved bool) {
	ps, ok := w.tg.(PhotoSender)
	if !ok {
		w.log.Warn("the messenger cannot send photos; dropping one", "chat", chat)
		return false
	}
	p := op.photo
	id, fileID, err := ps.SendPhoto(w.ctx, chat, p.PNG, p.FileID, p.Caption, nil)
	if err != nil {
		return w.failed(chat, op, err)
	}
	w.mu.Lock()
	if c := w.chats[chat]; c != nil {
		c.sentNew(id)
	}
	w.mu.Unlock()
	if p.Sent != nil && fileID != "" {
		p.Sent(fileID)
	}
	return false
}

// deliverRemoval deletes op's message; one already gone is fine.
func (w *workers) deliverRemoval(chat int64, op *outOp, id int) {
	d, ok := w.tg.(Deleter)
	if !ok {
		return
	}
	err := d.Delete(w.ctx, chat, id)
	switch {
	case err == nil, errors.Is(err, telegram.ErrMessageNotFound):
		w.mu.Lock()
		if c := w.chats[chat]; c != nil {
			c.deletedMsg(id)
		}
		w.mu.Unlock()
	case errors.Is(err, context.Canceled):
	default:
		// Telegram lets a bot delete its messages for 48 hours; past that
		// the message stays, which is all a failure costs.
		w.log.Info("a message could not be deleted", "chat", chat, "msg", id, "err", err)
	}
}

// attached reports a slot's message id, new or taken over (carryOver),
// and notes the chat's newest message.
func (w *workers) attached(chat int64, op *outOp, id int) {
	w.mu.Lock()
	c := w.chats[chat]
	if c != nil && !op.reused {
		c.sentNew(id)
	}
	attached := op.slot != "" && c != nil && c.slots[op.slot] == op.msg
	w.mu.Unlock()
	if attached && w.onSent != nil {
		w.onSent(chat, op.slot, id)
	}
}

func (w *workers) shown(op *outOp, id int) {
	if op.msg == nil {
		return
	}
	w.mu.Lock()
	op.msg.id = id
	ct := op.c
	op.msg.shown = &ct
	w.mu.Unlock()
}

// delivered marks the op mine was delivering as done with.
func (w *workers) delivered(mine *outChat, called bool) {
	w.mu.Lock()
	mine.sending = nil
	if called {
		mine.called = time.Now()
	}
	w.mu.Unlock()
}

// failed settles op, whose call Telegram refused with err; it reports
// true when the chat's queue moved to another chat id.
func (w *workers) failed(chat int64, op *outOp, err error) (moved bool) {
	var mig *telegram.MigratedError
	switch {
	case chat > 0 && errors.Is(err, ErrUnreachable):
		// Not the chat's fault as a 403 of a group is: nothing is paused,
		// the person's messages are held back until they open the bot (the
		// chat layer's Messenger returns ErrUnreachable).
		w.log.Info("a private message not sent: the person cannot receive it", "chat", chat)
		w.settle(chat, []*outOp{op})
		op.fate.unreachable()
	case errors.As(err, &mig) && mig.NewChatID != 0 && mig.NewChatID != chat:
		w.log.Info("group upgraded to a supergroup; moving the game", "from", chat, "to", mig.NewChatID)
		w.mu.Lock()
		if c := w.chats[chat]; c != nil {
			c.queue = append([]*outOp{op}, c.queue...)
			c.running = false
		}
		w.mu.Unlock()
		// onMigrate moves the game and calls Move; moving again is harmless.
		if w.onMigrate != nil {
			w.onMigrate(chat, mig.NewChatID)
		}
		w.move(chat, mig.NewChatID)
		return true
	case errors.Is(err, telegram.ErrForbidden):
		w.log.Info("the bot cannot write to the chat; pausing it", "chat", chat, "err", err)
		dropped := []*outOp{op}
		w.mu.Lock()
		if c := w.chats[chat]; c != nil {
			dropped = append(dropped, c.queue...)
			c.paused, c.queue = true, nil
		}
		w.mu.Unlock()
		w.settle(chat, dropped)
		op.fate.missed()
		if w.onForbidden != nil {
			w.onForbidden(chat)
		}
	case errors.Is(err, context.Canceled):
		// A stop: a kept message is sent by the next start.
		w.dropped(chat, []*outOp{op})
	default:
		w.log.Warn("delivering a message failed; dropping it", "chat", chat, "err", err)
		w.settle(chat, []*outOp{op})
		op.fate.missed()
	}
	return false
}

// Move hands chat from's queue and messages to chat to (a group upgraded
// to a supergroup).
func (o *Outbox) Move(from, to int64) { o.workers.move(from, to) }

// move is Move.
func (w *workers) move(from, to int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	src := w.chats[from]
	if src == nil || from == to {
		return
	}
	delete(w.chats, from)
	dst := w.chat(to)
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
	w.kick(to, dst)
}

// dropped logs what a stop left undelivered in chat's queue: kept
// messages wait in storage for the next start, the others are lost.
func (w *workers) dropped(chat int64, ops []*outOp) {
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
		w.log.Warn("stopping with messages undelivered", "chat", chat, "kept_for_next_start", kept, "lost", lost)
	}
}
