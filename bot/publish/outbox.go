package publish

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
)

// KitOutbox is the outbox (bot/outbox) as the kinds (kit.Outbox) and the
// chat layer call it: with kit keyboards, which become Telegram's here,
// where they enter the delivery (Markup). Everything else is the
// outbox's own.
type KitOutbox struct{ *outbox.Outbox }

var _ kit.Outbox = KitOutbox{}

func (o KitOutbox) Send(chat int64, text string, kb *kit.Markup) {
	o.Outbox.Send(chat, text, Markup(kb))
}

func (o KitOutbox) Put(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.Outbox.Put(chat, slot, known, text, Markup(kb))
}

func (o KitOutbox) Detach(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.Outbox.Detach(chat, slot, known, text, Markup(kb))
}

// SendPrivate is outbox.SendPrivate with a kit keyboard.
func (o KitOutbox) SendPrivate(user int64, text string, kb *kit.Markup, refused func()) {
	o.Outbox.SendPrivate(user, text, Markup(kb), refused)
}
