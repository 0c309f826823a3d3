package bot

import (
	"context"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Who can be written to privately is bot/reach's (b.reach): the guarded
// Messenger, the refusal memory and its stored Settings.Reach, telling a
// group once. reachHost is the chat layer as it asks it (reach.Host).
type reachHost struct{ b *Bot }

func (h reachHost) Stored(user int64) *kit.Reach {
	var s Settings
	_ = h.b.store.View(func(tx *storage.Tx) error { s = h.b.loadSettings(tx, user); return nil })
	return s.Reach
}

func (h reachHost) Change(user int64, fn func(cur *kit.Reach) (*kit.Reach, bool)) error {
	defer h.b.lock(user)()
	_, err := h.b.change(user, 0, func(c *chatState) error {
		if next, changed := fn(c.Settings.Reach); changed {
			c.Settings.Reach, c.SettingsChanged = next, true
		}
		return nil
	})
	return err
}

func (h reachHost) Detach(chat int64, fn func()) { h.b.detach(chat, fn) }

func (h reachHost) Now() time.Time { return h.b.cfg.Now() }

func (h reachHost) Send(chat int64, text string, kb *kit.Markup) { h.b.out.Send(chat, text, kb) }

// putThen queues a message to a person's private chat (s.Chat) whose
// delivery or refusal something in chat follows (kit.Delivery): the press
// that asked for it is answered, and chat shows what the outcome says,
// once the outbox knows which it is. A person known to be unreachable
// costs no request (guarded): the refusal follows at once.
func (b *Bot) putThen(chat int64, s kit.Shown, awaited bool) {
	r := *s.Then
	b.out.PutPrivate(s.Chat, s.Slot, s.Msg, s.Text, tgMarkup(s.KB), awaited,
		func() { b.reached(chat, r.Press, r.Delivered) },
		func() { b.reached(chat, r.Press, r.Refused) })
}

// reached does what the outcome of a private message says in chat.
// Called by the private chat's outbox worker, without locks.
func (b *Bot) reached(chat int64, press string, o kit.Outcome) {
	if press != "" {
		text, alert := o.Toast, false
		if o.Alert != "" {
			text, alert = o.Alert, true
		}
		if err := b.tg.AnswerCallback(context.Background(), press, text, alert); err != nil {
			b.log.Debug("answering a press after its private message", "err", err)
		}
	}
	if o.Remove != "" {
		b.out.Remove(chat, o.Remove, o.RemoveMsg)
	}
	if sh := o.Show; sh != nil {
		b.out.Put(chat, sh.Slot, sh.Msg, sh.Text, sh.KB)
	}
	if o.Say != "" {
		b.out.Send(chat, o.Say, nil)
	}
}
