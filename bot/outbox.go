package bot

import (
	"context"
	"errors"
	"log/slog"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// Outbox sits between the game and Telegram. Handlers queue what a chat
// should show and return at once; one worker per chat with something
// queued delivers it in order, paced by the chat's budget (a group gets
// about 20 sends and edits a minute, shared). The worker waits for the
// budget before it picks the next item, so while it waits:
//
//   - several edits of one message collapse into the latest content, and
//   - a message still waiting to be sent takes the newest content instead
//     of being sent and then edited ("re-targeting").
//
// Messages that are edited over time (the lobby, a turn's message) are
// named by a slot; a slot knows its message id once it has been sent.
// Content equal to what the message already shows is not sent again, so
// "message is not modified" is avoided rather than provoked.
//
// Failures: an edit of a message that is gone (deleted, too old) sends a
// fresh message instead; a group upgraded to a supergroup moves the queue
// to the new chat id (and the game with it, through onMigrate); 403 pauses
// the chat (onForbidden) and drops its queue until Resume.
//
// Callback answers do not go through the outbox: they never wait behind
// messages.
type Outbox struct {
	tg    Messenger
	ready func(chat int64) time.Time // nil: no pacing
	// keeping is ready for an op that may wait (an edit): it leaves a call
	// of a group's budget for a new message (nil: ready).
	keeping func(chat int64) time.Time
	// leaving is ready for an op nobody waits for (a tidy op): it leaves
	// tidyKept calls of a group's budget for what follows (nil: keeping).
	leaving func(chat int64, kept int) time.Time
	closing atomic.Bool // Close: deliver what is left as fast as the budget allows
	log     *slog.Logger

	// Hooks into the game layer, called without the outbox's lock.
	onMigrate   func(from, to int64)
	onForbidden func(chat int64)
	onSent      func(chat int64, slot string, id int) // a slot's message got a new id
	onKept      func(chat int64, seq uint64)          // a kept message is settled: delivered, or never will be

	// carryWithin: a turn's next message takes over the closed one
	// (carryOver) while the chat's last call is more recent than this, or
	// the chat waits for its budget; 0: only then.
	carryWithin time.Duration
	// tidyWait: how long a tidy op may wait for spare budget (tidyWait).
	tidyWait time.Duration

	ctx  context.Context
	stop context.CancelFunc

	mu    sync.Mutex
	chats map[int64]*outChat
	busy  sync.WaitGroup // running workers
}

type outChat struct {
	newest  int       // the newest message the bot sent into the chat (this run) and did not delete
	recent  []int     // the bot's last messages in the chat, oldest first: newest after a deletion
	called  time.Time // when the last call into the chat was made
	queue   []*outOp
	slots   map[string]*outMsg
	running bool   // a worker owns the chat
	paused  bool   // 403: nothing is sent until Resume
	sending *outOp // the op being delivered, if any
}

// outMsg is one message of a slot, sent or still waiting to be.
type outMsg struct {
	id    int
	shown *content // what Telegram shows, when known
}

type content struct {
	text string
	kb   *tgbotapi.InlineKeyboardMarkup
}

func (c *content) same(o *content) bool {
	return c != nil && o != nil && c.text == o.text && reflect.DeepEqual(c.kb, o.kb)
}

type outOp struct {
	msg    *outMsg // nil: a plain message, never merged
	slot   string  // the slot msg belonged to when queued ("" when detached)
	c      content
	resend bool       // the message is gone: send a fresh one
	photo  *kit.Photo // a picture (outbox_send.go), never merged
	notice bool       // a private notice (Notify): a failure drops it, nothing more
	kept   uint64     // stored until delivered (outbox_kept.go); 0: in memory only
	frame  bool       // one step of an animation (Frames): never merged away
	remove bool       // delete msg's message (Remove), if it was ever sent
	since  time.Time  // when the oldest content this op carries was queued
	was    string     // the slot a detached message belonged to (Detach)
	reused bool       // a slot's new message that took over its detached one (carryOver)
	// tidy: nobody waits for it — the final text of a message that a newer
	// one replaced (Detach): it goes after what people wait for, while
	// the budget has room, and merges meanwhile; from tidyBy on it no
	// longer waits for spare budget, and from tidyLast on it goes in its
	// turn like any other.
	tidy             bool
	tidyBy, tidyLast time.Time
	// awaited: a press's result (Change.Pressed), which someone looks at
	// the chat for: it goes before other edits (a computer's move, an
	// auction's countdown, tidying). It still leaves the group's last call
	// for a reply (keep): without that, a reply to a command waited up to
	// a spread interval (3.3 s p95 in BenchmarkHumanPace, over its 2 s).
	awaited bool
	// refused, if set, is told that the person of a private message
	// cannot receive it (SendPrivate); called by the worker, without locks.
	refused func()
}

// readier is what telegram.Client offers for pacing.
type readier interface{ ReadyAt(chat int64) time.Time }

func newOutbox(tg Messenger, log *slog.Logger) *Outbox {
	o := &Outbox{tg: tg, log: log, chats: map[int64]*outChat{}, tidyWait: tidyWait}
	if r, ok := tg.(readier); ok {
		o.ready = r.ReadyAt
	}
	if k, ok := tg.(interface{ ReadyAtKeeping(int64) time.Time }); ok {
		o.keeping = k.ReadyAtKeeping
	}
	if l, ok := tg.(interface {
		ReadyAtLeaving(int64, int) time.Time
	}); ok {
		o.leaving = l.ReadyAtLeaving
	}
	o.ctx, o.stop = context.WithCancel(context.Background())
	return o
}

func (o *Outbox) chat(id int64) *outChat {
	c := o.chats[id]
	if c == nil {
		c = &outChat{slots: map[string]*outMsg{}}
		o.chats[id] = c
	}
	return c
}

// Send queues a new message that is never merged with another.
func (o *Outbox) Send(chat int64, text string, kb *kit.Markup) {
	o.sendKept(chat, 0, text, tgMarkup(kb))
}

// sendKept is Send for a message kept in storage under seq until it is
// delivered (0: none); a paused chat drops it.
func (o *Outbox) sendKept(chat int64, seq uint64, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	o.mu.Lock()
	c := o.chat(chat)
	if !c.paused {
		c.queue = append(c.queue, &outOp{c: content{text, kb}, kept: seq, since: time.Now()})
		o.kick(chat, c)
	}
	paused := c.paused
	o.mu.Unlock()
	if paused {
		o.settle(chat, []*outOp{{kept: seq}})
	}
}

// settle tells that ops are done with, delivered or dropped: their kept
// copies go. Called without o.mu.
func (o *Outbox) settle(chat int64, ops []*outOp) {
	for _, op := range ops {
		if op.kept != 0 && o.onKept != nil {
			o.onKept(chat, op.kept)
		}
	}
}

// Put makes slot's message show text and kb: an edit if the message
// exists (known is its id from storage, 0 if none), else a new message,
// whose id is reported through onSent. A queued, not yet delivered change
// of the same message is replaced.
func (o *Outbox) Put(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.put(chat, slot, known, content{text, tgMarkup(kb)}, true, false)
}

// Detach gives slot's message its last content (an edit, or a send if it
// was never sent) and forgets the slot: the next Put of it starts a new
// message. If the message is gone by then, nothing is sent.
func (o *Outbox) Detach(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.put(chat, slot, known, content{text, tgMarkup(kb)}, false, false)
}

// put is Put (attach) or Detach; awaited says the content is a press's
// result, which someone looks at the chat for (finish: Change.Pressed).
func (o *Outbox) put(chat int64, slot string, known int, ct content, attach, awaited bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	m := c.slots[slot]
	if m == nil {
		if known == 0 && !attach {
			return // nothing to finalize: the message never existed
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
		return
	}
	// The message's last queued change takes the newest content, unless
	// it is a frame of an animation, which must be seen: the content
	// follows it.
	for i := len(c.queue) - 1; i >= 0; i-- {
		if op := c.queue[i]; op.msg == m {
			if !op.frame && !op.remove {
				op.c, op.resend, op.slot, op.was = ct, attach, slot, was
				op.awaited = op.awaited || awaited
				o.markTidy(op, !attach)
				return
			}
			break
		}
	}
	op := &outOp{msg: m, slot: slot, was: was, c: ct, resend: attach, awaited: awaited, since: time.Now()}
	o.markTidy(op, !attach)
	c.queue = append(c.queue, op)
	o.kick(chat, c)
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
		op := c.next(waited || o.carryWithin > 0 && time.Since(c.called) < o.carryWithin)
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
			continue
		}
		moved := false
		survive(o.log, chat, "delivery", func() { moved = o.deliver(chat, op, id) })
		o.delivered(mine, true)
		if moved {
			return
		}
	}
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
		err = o.tg.Edit(o.ctx, chat, id, op.c.text, op.c.kb)
		if err == nil {
			o.shown(op, id)
			if op.reused {
				o.attached(chat, op, id)
			}
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
	o.shown(op, newID)
	o.attached(chat, op, newID)
	return false
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

func (o *Outbox) failed(chat int64, op *outOp, err error) (moved bool) {
	var mig *telegram.MigratedError
	switch {
	case chat > 0 && errors.Is(err, errUnreachable):
		// Not the chat's fault as a 403 of a group is: nothing is paused,
		// the person's messages are held back until they open the bot (reach.go).
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

// Holds reports whether slot still names the message id: neither detached
// nor followed by a newer message since it was sent.
func (o *Outbox) Holds(chat int64, slot string, id int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chats[chat]
	if c == nil {
		return false
	}
	m := c.slots[slot]
	return m != nil && m.id == id
}

// HasSlot reports whether this process put anything in chat's slot: a
// message queued or sent whose id may not have reached the record yet.
func (o *Outbox) HasSlot(chat int64, slot string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chats[chat]
	return c != nil && c.slots[slot] != nil
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

// Idle reports whether nothing is queued or being delivered.
func (o *Outbox) Idle() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, c := range o.chats {
		if c.running || len(c.queue) > 0 {
			return false
		}
	}
	return true
}

// Close delivers what is queued, waiting at most timeout, then abandons
// the rest (storage still knows which messages were never sent).
func (o *Outbox) Close(timeout time.Duration) {
	o.closing.Store(true) // nothing waits for a kept call any more
	done := make(chan struct{})
	go func() { o.busy.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(timeout):
		o.log.Warn("outbox not flushed in time; dropping the rest")
		o.stop()
		<-done
	}
	o.stop()
}
