package outbox

import (
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Queueing: what the chat layer and the kinds ask the outbox to show in a
// chat (a person's private chat: private.go). Each call returns at once:
// the chat's queue takes it (chat.go), merged with what is queued for the
// same message, and the chat's worker (deliver.go) delivers it later, in
// the chat's order (order.go). A paused chat (Pause, or a 403) drops what
// it is given.

// Send queues a new message that is never merged with another.
func (o *Outbox) Send(chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	o.SendKept(chat, 0, text, kb)
}

// SendKept is Send for a message kept in storage under seq until it is
// delivered (0: none): once it is settled, delivered or dropped (a paused
// chat drops it), Options.OnKept is told.
func (o *Outbox) SendKept(chat int64, seq uint64, text string, kb *tgbotapi.InlineKeyboardMarkup) {
	if !o.add(chat, &outOp{c: content{text: text, kb: kb}, kept: seq, since: time.Now()}) {
		o.settle(chat, []*outOp{{kept: seq}})
	}
}

// add queues a plain op for chat (chat.go's add) and starts the chat's
// worker; it reports false when the chat is paused and dropped it.
func (o *Outbox) add(chat int64, op *outOp) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(chat)
	if !c.add(op) {
		return false
	}
	o.workers.kick(chat, c)
	return true
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
	c := o.chat(chat)
	if _, queued := c.put(slot, known, ct, attach, awaited, o.tidyWait); queued {
		o.workers.kick(chat, c)
	}
}

// Frames queues texts that slot's message shows one after another, each
// an edit without buttons, before whatever is queued for it next: an
// animation (a casino's reels stopping), paced like every edit. A message
// not sent, and not being sent, is not animated.
func (o *Outbox) Frames(chat int64, slot string, known int, texts []string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if c := o.chat(chat); c.frames(slot, known, texts) {
		o.workers.kick(chat, c)
	}
}

// SendPhoto queues a picture: a send like any other, in the chat's order
// and within its budget. Never merged with another.
func (o *Outbox) SendPhoto(chat int64, p kit.Photo) {
	o.add(chat, &outOp{photo: &p, since: time.Now()})
}

// Remove deletes slot's message (known: its id from storage, 0 if none)
// and forgets the slot: a message that only mattered for a moment (a
// reminder whose decision was taken, a used link, a closed menu) does
// not stay in the chat, under the live turn. Changes of it still queued
// are dropped; a message never sent is not sent at all.
func (o *Outbox) Remove(chat int64, slot string, known int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if c := o.chat(chat); c.remove(slot, known) {
		o.workers.kick(chat, c)
	}
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
