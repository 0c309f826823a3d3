package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

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
// to the new chat id (and the game with it, through Options.OnMigrate);
// 403 pauses the chat (Options.OnForbidden) and drops its queue until
// Resume.
//
// Callback answers do not go through the outbox: they never wait behind
// messages.
//
// Outbox is the front: its methods are what the chat layer calls, each
// finding the chat's queue (chat.go) and starting its worker (deliver.go).
type Outbox struct{ *core }

// core is what the parts of the outbox share: the transport and its
// pacing, the chat layer's hooks, the chats' queues (op.go) under one
// lock, and the workers that deliver them.
type core struct {
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

	// Hooks into the chat layer (Options), called without the outbox's lock.
	onMigrate   func(from, to int64)
	onForbidden func(chat int64)
	onSent      func(chat int64, slot string, id int)
	onKept      func(chat int64, seq uint64)

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

	workers *workers // deliver.go
}

// workers deliver: one per chat with something queued, started by what
// is queued (kick), each making its chat's calls in order and telling the
// chat layer what came of them (deliver.go).
type workers struct{ *core }

// Options are what the chat layer gives New: the log, the carry-over
// window and the hooks through which the outbox tells it what happened.
// The hooks are called by a chat's worker, without the outbox's lock; a
// nil hook is not called.
type Options struct {
	Logger *slog.Logger // nil: slog.Default()
	// CarryWithin: while a group's last call is more recent than this, a
	// turn's next message takes over the closed one, as it does while the
	// group waits for its budget; 0: 30 s; negative: only while it waits.
	CarryWithin time.Duration
	// OnSent: slot's message in chat got the id, a new message or one it
	// took over (the chat layer stores it: the slot's known id).
	OnSent func(chat int64, slot string, id int)
	// OnMigrate: chat from became the supergroup to. The outbox has
	// moved its queue already; the chat layer moves the game (and may
	// call Move again, harmlessly).
	OnMigrate func(from, to int64)
	// OnForbidden: the bot may no longer write to chat (403); the chat is
	// paused and its queue dropped until Resume.
	OnForbidden func(chat int64)
	// OnKept: the message kept in storage under seq (SendKept) is
	// settled — delivered, or never will be — and its copy may go.
	OnKept func(chat int64, seq uint64)
}

// Messenger is the transport the outbox delivers through (the Telegram
// client, or the chat layer's guard around it): a text message sent or
// edited, with Telegram's keyboard. Readier, PhotoSender and Deleter are
// what it may offer besides.
type Messenger interface {
	Send(ctx context.Context, chatID int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error)
	Edit(ctx context.Context, chatID int64, msgID int, text string, kb *tgbotapi.InlineKeyboardMarkup) error
}

// Readier is what a Messenger offers for pacing (telegram.Client has it):
// when chat may next be called within its budget. Without it nothing
// waits.
type Readier interface{ ReadyAt(chat int64) time.Time }

// PhotoSender is what a Messenger offers to send pictures
// (telegram.Client has it); without it a photo is dropped.
type PhotoSender interface {
	SendPhoto(ctx context.Context, chatID int64, data []byte, fileID, caption string, kb *tgbotapi.InlineKeyboardMarkup) (int, string, error)
}

// CaptionEditor is what a Messenger offers to edit a photo's caption and
// keyboard (telegram.Client has it).
type CaptionEditor interface {
	EditCaption(ctx context.Context, chatID int64, messageID int, caption string, kb *tgbotapi.InlineKeyboardMarkup) error
}

// Deleter is what a Messenger offers to delete messages (telegram.Client
// has it); without it a removal leaves the message as it is.
type Deleter interface {
	Delete(ctx context.Context, chatID int64, messageID int) error
}

// ErrUnreachable is what a Messenger returns for a private message the
// person cannot receive (they never opened the bot, or blocked it): the
// outbox drops the message, calls its refused func (SendPrivate) and
// pauses nothing. It wraps telegram.ErrForbidden for callers that only
// know that.
var ErrUnreachable = fmt.Errorf("bot: the person has not opened the bot or blocked it: %w", telegram.ErrForbidden)

// New makes the outbox that delivers to tg.
func New(tg Messenger, opts Options) *Outbox {
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	o := &core{tg: tg, log: log, chats: map[int64]*outChat{}, tidyWait: tidyWait,
		onSent: opts.OnSent, onMigrate: opts.OnMigrate, onForbidden: opts.OnForbidden, onKept: opts.OnKept,
		carryWithin: opts.CarryWithin}
	o.workers = &workers{o}
	if o.carryWithin == 0 {
		o.carryWithin = carryOverWithin
	}
	if r, ok := tg.(Readier); ok {
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
	return &Outbox{o}
}

// carryOverWithin is how recent a group's last message must be for the
// next turn to take over the closed one (Options.CarryWithin's default): a
// group that plays now. Past it, the turn is a new message that notifies.
const carryOverWithin = 30 * time.Second

// tidyWait (core.tidyWait) bounds how long a tidy op waits for spare
// budget; twice that, how long it goes after what people wait for: an old
// turn's buttons (which still answer a press correctly) are gone within
// it even in a group that plays faster than its budget.
const tidyWait = 15 * time.Second

func (o *core) chat(id int64) *outChat {
	c := o.chats[id]
	if c == nil {
		c = &outChat{slots: map[string]*outMsg{}}
		o.chats[id] = c
	}
	return c
}

// settle tells that ops are done with, delivered or dropped: their kept
// copies go. Called without o.mu.
func (o *core) settle(chat int64, ops []*outOp) {
	for _, op := range ops {
		if op.kept != 0 && o.onKept != nil {
			o.onKept(chat, op.kept)
		}
	}
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
		if op != nil && (tidy || !op.tidy && !op.c.unhurried) && (t.IsZero() || op.since.Before(t)) {
			t = op.since
		}
	}
	return t
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
