package publish

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// putThen queues a message to a person's private chat (s.Chat) whose
// delivery or refusal something in chat follows (kit.Delivery): the press
// that asked for it is answered, and chat shows what the outcome says,
// once the outbox knows which it is. A person known to be unreachable
// costs no request (guarded): the refusal follows at once.
func (p *Publisher) putThen(chat int64, s kit.Shown, awaited bool) {
	r := *s.Then
	p.out.PutPrivate(s.Chat, s.Slot, s.Msg, s.Text, Markup(s.KB), awaited,
		func() { p.reached(chat, r.Press, r.Delivered) },
		func() { p.reached(chat, r.Press, r.Refused) })
}

// reached does what the outcome of a private message says in chat.
// Called by the private chat's outbox worker, without locks.
func (p *Publisher) reached(chat int64, press string, o kit.Outcome) {
	if press != "" {
		text, alert := o.Toast, false
		if o.Alert != "" {
			text, alert = o.Alert, true
		}
		if err := p.tg.AnswerCallback(context.Background(), press, text, alert); err != nil {
			p.log.Debug("answering a press after its private message", "err", err)
		}
	}
	if o.Remove != "" {
		p.out.Remove(chat, o.Remove, o.RemoveMsg)
	}
	if sh := o.Show; sh != nil {
		p.out.Put(chat, sh.Slot, sh.Msg, sh.Text, Markup(sh.KB))
	}
	if o.Say != "" {
		p.out.Send(chat, o.Say, nil)
	}
}
