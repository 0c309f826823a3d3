package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
)

// kitOutbox is the outbox (bot/outbox) as the kinds (kit.Outbox) and the
// chat layer call it: with kit keyboards, which become Telegram's here,
// where they enter the delivery (tgMarkup). Everything else is the
// outbox's own.
type kitOutbox struct{ *outbox.Outbox }

var _ kit.Outbox = kitOutbox{}

func (o kitOutbox) Send(chat int64, text string, kb *kit.Markup) {
	o.Outbox.Send(chat, text, tgMarkup(kb))
}

func (o kitOutbox) Put(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.Outbox.Put(chat, slot, known, text, tgMarkup(kb))
}

func (o kitOutbox) Detach(chat int64, slot string, known int, text string, kb *kit.Markup) {
	o.Outbox.Detach(chat, slot, known, text, tgMarkup(kb))
}

// SendPrivate is outbox.SendPrivate with a kit keyboard.
func (o kitOutbox) SendPrivate(user int64, text string, kb *kit.Markup, refused func()) {
	o.Outbox.SendPrivate(user, text, tgMarkup(kb), refused)
}
