package bot

import (
	"context"
	"errors"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
)

// finish shows the result of a committed change in the chat. It runs after
// the transaction, never inside it, under the chat's lock: it only queues
// what the chat should show into the outbox, which delivers it in order,
// within Telegram's limits, without holding up the chat's next update.
func (b *Bot) finish(ctx context.Context, st *chatState, err error, callbackID string) {
	if errors.Is(err, errDuplicate) {
		return
	}
	if err != nil {
		chat := int64(0)
		if st != nil {
			chat = st.Chat
		}
		b.log.Error("changing chat state", "chat", chat, "err", err)
		return
	}
	if st == nil || st.Duplicate {
		return
	}
	chat := st.Chat
	lang := st.ChatLang()
	st.Pressed = st.Pressed || callbackID != ""
	for _, r := range st.Replies {
		b.sendReply(st, r)
	}
	if rec := st.Rec; rec != nil {
		if st.Lobby {
			b.publishLobby(lang, st)
		}
		if rec.Status == StatusPlaying {
			b.kinds.Of(rec).Show(st, lang)
		}
	}
	b.voting().CloseOnEnd(st) // bot/votes
	b.timers.FinishReminder(st)
	// Messages the change ended — the previous turn's, an ended offer's
	// (whatever ended it: a trade button, a timeout, a player leaving) —
	// get their final text before a slot's next message is shown.
	for _, f := range st.Finals {
		b.animate(st, orChat(f.Chat, chat), f.Slot, f.Msg)
		b.out.PutContent(orChat(f.Chat, chat), f.Slot, f.Msg, outbox.Content{Text: f.Text, Caption: f.Caption}, false, false)
	}
	for _, s := range st.Shows {
		b.animate(st, orChat(s.Chat, chat), s.Slot, s.Msg)
		if s.Then != nil && s.Chat > 0 {
			b.putThen(chat, s, st.Pressed) // bot/reach.go
			continue
		}
		b.out.PutContent(orChat(s.Chat, chat), s.Slot, s.Msg, outbox.Content{Text: s.Text, KB: tgMarkup(s.KB),
			Caption: s.Caption, Photo: s.Photo, Unhurried: st.Unhurried[s.Slot]}, true, st.Pressed)
	}
	b.editInline(st)
	b.offerRematch(st, lang, st.Closing)
	for _, r := range st.Closing {
		b.sendReply(st, r)
	}
	b.sendUnclaimed(st)
}

// offerRematch gives the last of a game's closing messages the rematch
// button (rematch.go): a game over's or /endgame's.
func (b *Bot) offerRematch(st *chatState, lang string, closing []kit.Reply) {
	if (st.GameOver || st.Stopped) && len(closing) > 0 && st.Rec != nil {
		closing[len(closing)-1].KB = b.lobby().RematchKeyboard(lang, st.Rec)
	}
}

// animate queues the frames the change gave slot's message (Change.Animate)
// before its next content, once.
func (b *Bot) animate(st *chatState, chat int64, slot string, msg int) {
	if frames := st.Frames[slot]; len(frames) > 0 {
		delete(st.Frames, slot)
		b.out.Frames(chat, slot, msg, frames)
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

func (b *Bot) publishLobby(lang string, st *chatState) {
	rec := st.Rec
	slot := lobby.Slot(rec.ID)
	switch {
	case st.Remove && rec.Status == StatusLobby:
		st.Finalize(slot, rec.LobbyMsg, b.cat.T(lang, "lobby_cancelled", nil))
	case rec.Status == StatusPlaying:
		st.Finalize(slot, rec.LobbyMsg, b.lobby().Text(lang, rec)+"\n\n"+b.cat.T(lang, "lobby_started", nil))
	case st.Remove:
	default:
		l := b.lobby()
		st.Show(slot, rec.LobbyMsg, l.Text(lang, rec)+"\n\n"+l.Times(lang, rec), l.Keyboard(lang, rec))
	}
}

// rememberMessage stores a message id in the chat's record, if the record
// is still the same game and set reports a change. It does not bump the
// revision: the buttons on screen stay valid. The caller holds the chat's
// lock.
func (b *Bot) rememberMessage(chat int64, gameID uint64, set func(*Record) bool) {
	_, err := b.changeWith(chat, chat, 0, func(c *chatState) error {
		if c.Rec != nil && c.Rec.ID == gameID && set(c.Rec) {
			c.Quiet = true
		}
		return nil
	}, true)
	if err != nil {
		b.log.Warn("remembering message id", "chat", chat, "err", err)
	}
}

// editInline makes the change's edits of messages posted through inline
// mode (Change.EditInline) once the chat's lock is released: they are
// calls to Telegram, never under the lock, and the outbox knows no inline
// message.
func (b *Bot) editInline(st *chatState) {
	im, ok := b.tg.(InlineMessenger)
	if !ok {
		return
	}
	for _, e := range st.InlineEdits {
		b.later(st.Chat, func() {
			if err := im.EditInline(context.Background(), st.Chat, e.ID, e.Text, tgMarkup(e.KB)); err != nil {
				b.log.Debug("editing a message posted through inline mode", "chat", st.Chat, "err", err)
			}
		})
	}
}
