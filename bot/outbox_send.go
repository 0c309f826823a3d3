package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
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
	c.queue = append(c.queue, &outOp{photo: &p})
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
	_, fileID, err := ps.SendPhoto(o.ctx, chat, p.PNG, p.FileID, p.Caption)
	if err != nil {
		return o.failed(chat, op, err)
	}
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
	c.queue = append(c.queue, &outOp{c: content{text: text}, notice: true})
	o.kick(chat, c)
}

// SendPrivate queues a message to a person's private chat, like Send;
// if the person cannot receive it (never opened the bot, or blocked it),
// refused is called instead (bot/reach.go).
func (o *Outbox) SendPrivate(user int64, text string, kb *tgbotapi.InlineKeyboardMarkup, refused func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.chat(user)
	if c.paused {
		return
	}
	c.queue = append(c.queue, &outOp{c: content{text, kb}, refused: refused})
	o.kick(user, c)
}
