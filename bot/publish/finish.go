package publish

import (
	"context"
	"errors"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
)

// Finish shows the result of a committed change in the chat. It runs after
// the transaction, never inside it, under the chat's lock: it only queues
// what the chat should show into the outbox, which delivers it in order,
// within Telegram's limits, without holding up the chat's next update.
// callbackID is the press that made the change ("" for none): a pressed
// change's live messages are awaited by the person who pressed.
func (p *Publisher) Finish(ctx context.Context, st *kit.Change, err error, callbackID string) {
	if errors.Is(err, kit.ErrDuplicate) {
		return
	}
	if err != nil {
		chat := int64(0)
		if st != nil {
			chat = st.Chat
		}
		p.log.Error("changing chat state", "chat", chat, "err", err)
		return
	}
	if st == nil || st.Duplicate {
		return
	}
	chat := st.Chat
	lang := st.ChatLang()
	st.Pressed = st.Pressed || callbackID != ""
	for _, r := range st.Replies {
		p.sendReply(st, r)
	}
	p.host.Compose(st, lang) // the lobby, the kind's Show, votes, the reminder
	// Messages the change ended — the previous turn's, an ended offer's
	// (whatever ended it: a trade button, a timeout, a player leaving) —
	// get their final text before a slot's next message is shown.
	for _, f := range st.Finals {
		p.animate(st, orChat(f.Chat, chat), f.Slot, f.Msg)
		p.out.PutContent(orChat(f.Chat, chat), f.Slot, f.Msg, outbox.Content{Text: f.Text, Caption: f.Caption}, false, false)
	}
	for _, s := range st.Shows {
		p.animate(st, orChat(s.Chat, chat), s.Slot, s.Msg)
		if s.Then != nil && s.Chat > 0 {
			p.putThen(chat, s, st.Pressed) // private.go
			continue
		}
		p.out.PutContent(orChat(s.Chat, chat), s.Slot, s.Msg, outbox.Content{Text: s.Text, KB: Markup(s.KB),
			Caption: s.Caption, Photo: s.Photo, Unhurried: st.Unhurried[s.Slot]}, true, st.Pressed)
	}
	p.editInline(st)
	p.offerRematch(st, lang, st.Closing)
	for _, r := range st.Closing {
		p.sendReply(st, r)
	}
	p.sendUnclaimed(st)
}

// animate queues the frames the change gave slot's message (Change.Animate)
// before its next content, once.
func (p *Publisher) animate(st *kit.Change, chat int64, slot string, msg int) {
	if frames := st.Frames[slot]; len(frames) > 0 {
		delete(st.Frames, slot)
		p.out.Frames(chat, slot, msg, frames)
	}
}

// orChat is a message's chat: its own (a person's private chat), else the
// change's.
func orChat(own, chat int64) int64 {
	if own != 0 {
		return own
	}
	return chat
}

// editInline makes the change's edits of messages posted through inline
// mode (Change.EditInline) once the chat's lock is released: they are
// calls to Telegram, never under the lock, and the outbox knows no inline
// message.
func (p *Publisher) editInline(st *kit.Change) {
	im, ok := p.tg.(InlineEditor)
	if !ok {
		return
	}
	for _, e := range st.InlineEdits {
		p.Later(st.Chat, func() {
			if err := im.EditInline(context.Background(), st.Chat, e.ID, e.Text, Markup(e.KB)); err != nil {
				p.log.Debug("editing a message posted through inline mode", "chat", st.Chat, "err", err)
			}
		})
	}
}
