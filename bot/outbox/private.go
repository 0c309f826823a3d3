package outbox

import (
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Private delivery: what goes to a person's private chat, where a refusal
// is the person's doing (they never opened the bot, or blocked it: the
// Messenger returns ErrUnreachable) and pauses nothing. The chat layer
// hears what became of a message through its fate (fate.go).

// PutPrivate is PutAwaited for a slot's message in a person's private
// chat, telling what became of it: delivered once Telegram took it (sent,
// edited, or already showing it), undelivered if it did not reach the
// person — they cannot receive it (never opened the bot, or blocked it),
// Telegram refused the call, or the chat is paused. A content merged
// into one still queued tells both contents' hooks. Nothing is told when
// a stop leaves it undelivered (the chat layer shows it again on start).
// Either hook may be nil.
func (o *Outbox) PutPrivate(user int64, slot string, known int, text string, kb *tgbotapi.InlineKeyboardMarkup, awaited bool, delivered, undelivered func()) {
	told := fate{delivered: delivered, undelivered: undelivered}
	o.mu.Lock()
	c := o.chat(user)
	op, queued := c.put(slot, known, content{text: text, kb: kb}, true, awaited, o.tidyWait)
	if op != nil {
		op.fate.join(told)
	}
	if queued {
		o.workers.kick(user, c)
	}
	o.mu.Unlock()
	if op == nil {
		told.missed()
	}
}

// Notify queues a message to a person's private chat that may well be
// refused — the person never started a chat with the bot, or blocked it —
// without pausing the chat as a refused game message would.
func (o *Outbox) Notify(chat int64, text string) {
	o.add(chat, &outOp{c: content{text: text}, notice: true, since: time.Now()})
}

// SendPrivate queues a message to a person's private chat, like Send;
// if the person cannot receive it (never opened the bot, or blocked it),
// refused is called instead (the Messenger returned ErrUnreachable).
func (o *Outbox) SendPrivate(user int64, text string, kb *tgbotapi.InlineKeyboardMarkup, refused func()) {
	o.add(user, &outOp{c: content{text: text, kb: kb}, fate: fate{refused: refused}, since: time.Now()})
}
