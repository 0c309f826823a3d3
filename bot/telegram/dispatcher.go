package telegram

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"sync"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Handler processes one update. Updates of one chat arrive one at a time,
// in update_id order; different chats run concurrently.
type Handler interface {
	Handle(ctx context.Context, u tgbotapi.Update)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, u tgbotapi.Update)

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, u tgbotapi.Update) { f(ctx, u) }

// NoChat is the lane of updates that belong to no chat (inline queries,
// callbacks from inline messages, poll answers). Telegram never uses 0 as
// a chat id.
const NoChat int64 = 0

// ChatID is the chat an update belongs to, or NoChat. Unlike
// tgbotapi.Update.FromChat it does not panic on a callback query from an
// inline message, which has no message.
func ChatID(u tgbotapi.Update) int64 {
	msg := func(m *tgbotapi.Message) int64 {
		if m == nil || m.Chat == nil {
			return NoChat
		}
		return m.Chat.ID
	}
	switch {
	case u.Message != nil:
		return msg(u.Message)
	case u.EditedMessage != nil:
		return msg(u.EditedMessage)
	case u.ChannelPost != nil:
		return msg(u.ChannelPost)
	case u.EditedChannelPost != nil:
		return msg(u.EditedChannelPost)
	case u.CallbackQuery != nil:
		return msg(u.CallbackQuery.Message)
	case u.MyChatMember != nil:
		return u.MyChatMember.Chat.ID
	case u.ChatMember != nil:
		return u.ChatMember.Chat.ID
	case u.ChatJoinRequest != nil:
		return u.ChatJoinRequest.Chat.ID
	case u.InlineQuery != nil && u.InlineQuery.From != nil:
		return u.InlineQuery.From.ID // no chat: the person's lane (their private chat's)
	case u.ChosenInlineResult != nil && u.ChosenInlineResult.From != nil:
		return u.ChosenInlineResult.From.ID
	}
	return NoChat
}

// ErrClosed is returned by Dispatch after Close.
var ErrClosed = errors.New("telegram: dispatcher closed")

// DispatcherOptions tune a Dispatcher.
type DispatcherOptions struct {
	// Workers is how many chats are handled at once (default 64). Handlers
	// sit out flood waits of up to a minute, so a small pool would let a few
	// busy groups stall all the others.
	Workers int
	// MaxQueued bounds the updates accepted but not finished; Dispatch
	// blocks beyond it (default 1024), which in turn slows the poller.
	MaxQueued int
	// Start is the watermark before the first update: the stored offset
	// minus one.
	Start int
	// OnWatermark, if set, is called with each new watermark, from one
	// goroutine, in increasing order. Calls are coalesced: a slow callback
	// (a disk sync) sees only the latest value, and never holds up workers.
	OnWatermark func(watermark int)
	Logger      *slog.Logger
}

type chatLane struct {
	queue []tgbotapi.Update
	busy  bool
}

// Dispatcher runs a Handler with one ordered lane per chat.
type Dispatcher struct {
	h     Handler
	ctx   context.Context
	opts  DispatcherOptions
	log   *slog.Logger
	slots chan struct{} // one token per queued or running update

	mu       sync.Mutex
	cond     *sync.Cond // signals workers: a lane is ready, or closing
	lanes    map[int64]*chatLane
	ready    []int64 // lanes with queued updates and no worker, FIFO
	closed   bool
	last     int          // highest update_id accepted
	inflight []int        // accepted, not finished, ascending
	done     map[int]bool // finished but not yet below the watermark
	mark     int
	advanced chan struct{} // closed and replaced when mark moves

	notify  chan struct{}  // a wake-up for the notifier, never blocks
	workers sync.WaitGroup // the workers
	bg      sync.WaitGroup // the notifier and the goroutine that ends it
}

// NewDispatcher starts the workers. ctx is what handlers get: cancel it to
// abort work in flight; queued updates are then dropped unhandled, and the
// watermark stays below them and below the updates whose handlers were
// running, so they are all fetched again next run. For a graceful stop,
// call Close and Wait instead, and cancel ctx only if that takes too long.
func NewDispatcher(ctx context.Context, h Handler, opts DispatcherOptions) *Dispatcher {
	if opts.Workers <= 0 {
		opts.Workers = 64
	}
	if opts.MaxQueued <= 0 {
		opts.MaxQueued = 1024
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	d := &Dispatcher{
		h:        h,
		ctx:      ctx,
		opts:     opts,
		log:      opts.Logger,
		slots:    make(chan struct{}, opts.MaxQueued),
		lanes:    map[int64]*chatLane{},
		done:     map[int]bool{},
		last:     opts.Start,
		mark:     opts.Start,
		advanced: make(chan struct{}),
		notify:   make(chan struct{}, 1),
	}
	d.cond = sync.NewCond(&d.mu)
	for range opts.Workers {
		d.workers.Add(1)
		go d.work()
	}
	// Wake the workers when ctx ends so they drop what is queued.
	stop := context.AfterFunc(ctx, func() {
		d.mu.Lock()
		d.cond.Broadcast()
		d.mu.Unlock()
	})
	workersGone := make(chan struct{})
	if opts.OnWatermark != nil {
		d.bg.Add(1)
		go d.notifier(workersGone)
	}
	d.bg.Add(1)
	go func() {
		defer d.bg.Done()
		d.workers.Wait()
		stop()
		close(workersGone)
	}()
	return d
}

// Dispatch queues u on its chat's lane. Updates must come in increasing
// update_id order; one at or below an id already accepted is a redelivery
// and is ignored. It blocks while MaxQueued updates are pending.
func (d *Dispatcher) Dispatch(ctx context.Context, u tgbotapi.Update) error {
	select {
	case d.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-d.ctx.Done():
		return d.ctx.Err()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		<-d.slots
		return ErrClosed
	}
	if err := d.ctx.Err(); err != nil { // the workers may be gone already
		<-d.slots
		return err
	}
	if u.UpdateID <= d.last {
		<-d.slots
		return nil
	}
	d.last = u.UpdateID
	d.inflight = append(d.inflight, u.UpdateID)
	chat := ChatID(u)
	ln, ok := d.lanes[chat]
	if !ok {
		ln = &chatLane{}
		d.lanes[chat] = ln
	}
	ln.queue = append(ln.queue, u)
	if !ln.busy && len(ln.queue) == 1 {
		d.ready = append(d.ready, chat)
		d.cond.Signal()
	}
	return nil
}

// Watermark is the highest update_id such that it and every update before
// it have been handled. The offset to store is Watermark()+1.
func (d *Dispatcher) Watermark() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.mark
}

// OffsetWith is the getUpdates offset that holds once update id is handled
// too: one past the highest update_id such that it and every update before
// it are handled or are id. A handler stores it in the transaction that
// applies id, so that a quiet bot confirms an update in that one commit
// instead of a commit of its own after it (OnWatermark then finds the
// offset stored). Exactness holds either way: it never counts an update
// that is neither handled nor the one being committed.
func (d *Dispatcher) OffsetWith(id int) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	mark := d.mark
	for _, x := range d.inflight {
		if x != id && !d.done[x] {
			break
		}
		mark = x
	}
	return mark + 1
}

// Advanced returns a channel that is closed when the watermark next moves.
func (d *Dispatcher) Advanced() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.advanced
}

// Close stops accepting updates; what is queued is still handled (unless
// the handlers' ctx ends). Wait then blocks until it is.
func (d *Dispatcher) Close() {
	d.mu.Lock()
	d.closed = true
	d.cond.Broadcast()
	d.mu.Unlock()
}

// Wait blocks until Close (or the end of ctx) has let every worker finish,
// and the last watermark has been reported to OnWatermark.
func (d *Dispatcher) Wait() {
	d.bg.Wait()
}

func (d *Dispatcher) work() {
	defer d.workers.Done()
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		for len(d.ready) == 0 && !d.closed && d.ctx.Err() == nil {
			d.cond.Wait()
		}
		if d.ctx.Err() != nil {
			d.dropQueued()
			return
		}
		if len(d.ready) == 0 { // closed and drained
			return
		}
		chat := d.ready[0]
		d.ready = d.ready[1:]
		ln := d.lanes[chat]
		u := ln.queue[0]
		ln.queue = ln.queue[1:]
		ln.busy = true

		d.mu.Unlock()
		d.handle(u)
		d.mu.Lock()

		ln.busy = false
		if d.ctx.Err() == nil {
			d.finish(u.UpdateID)
		}
		// Otherwise the handler may have been cut short before its
		// transaction committed, so the update stays unconfirmed: a
		// redelivery is harmless (the handler skips what it applied), a
		// loss is not.
		<-d.slots
		if len(ln.queue) > 0 {
			// To the back of the line, so one busy chat cannot starve others.
			d.ready = append(d.ready, chat)
			d.cond.Signal()
		} else {
			delete(d.lanes, chat)
		}
	}
}

// dropQueued forgets updates no worker has started; mu must be held.
func (d *Dispatcher) dropQueued() {
	for _, chat := range d.ready {
		if ln := d.lanes[chat]; ln != nil {
			for range ln.queue {
				<-d.slots
			}
			delete(d.lanes, chat)
		}
	}
	d.ready = nil
}

func (d *Dispatcher) handle(u tgbotapi.Update) {
	defer func() {
		// A panicking update would panic again on every redelivery, so it
		// counts as handled: one lost update beats a bot stuck forever.
		if r := recover(); r != nil {
			d.log.Error("telegram: handler panicked", "update", u.UpdateID, "chat", ChatID(u), "panic", r, "stack", string(debug.Stack()))
		}
	}()
	d.h.Handle(d.ctx, u)
}

// finish marks id handled and moves the watermark; mu must be held.
func (d *Dispatcher) finish(id int) {
	d.done[id] = true
	moved := false
	for len(d.inflight) > 0 && d.done[d.inflight[0]] {
		d.mark = d.inflight[0]
		delete(d.done, d.mark)
		d.inflight = d.inflight[1:]
		moved = true
	}
	if !moved {
		return
	}
	close(d.advanced)
	d.advanced = make(chan struct{})
	select {
	case d.notify <- struct{}{}:
	default: // the notifier has a wake-up pending and will read the latest mark
	}
}

// notifier reports watermarks to OnWatermark until the workers are gone,
// then reports the final one.
func (d *Dispatcher) notifier(stop <-chan struct{}) {
	defer d.bg.Done()
	reported := d.opts.Start
	report := func() {
		if w := d.Watermark(); w > reported {
			reported = w
			d.opts.OnWatermark(w)
		}
	}
	for {
		select {
		case <-d.notify:
			report()
		case <-stop:
			report()
			return
		}
	}
}
