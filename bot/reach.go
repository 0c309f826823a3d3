package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Private messages go only to people who can receive them. Telegram
// refuses a message to someone who never opened the bot ("bot can't
// initiate conversation with a user") or blocked it ("bot was blocked by
// the user"); each refusal still costs a request. After one, the person is
// remembered as unreachable (their private chat's Settings.Reach, in
// storage) and nothing more is sent to them — by the outbox, the trade
// composer, the 🔔 — until they write to the bot (/start), which clears it.

// errUnreachable marks a private message not sent because the person
// cannot receive it: refused by Telegram just now, or known to be. It is a
// 403 (telegram.ErrForbidden) for callers that only know that.
var errUnreachable = outbox.ErrUnreachable

// refusedPerson says whether err is Telegram refusing a private message
// because of the person (not a missing right or a deleted account).
func refusedPerson(err error) bool {
	var e *tgbotapi.Error
	if !errors.As(err, &e) || e.Code != 403 {
		return false
	}
	d := strings.ToLower(e.Message)
	return strings.Contains(d, "can't initiate conversation") || strings.Contains(d, "blocked by the user")
}

// guarded is the Messenger every part of the bot uses: Telegram's, with
// private messages to unreachable people held back.
type guarded struct {
	Messenger
	b *Bot
}

func (g *guarded) Send(ctx context.Context, chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error) {
	if g.b.unreachable(chat) {
		return 0, errUnreachable
	}
	id, err := g.Messenger.Send(ctx, chat, text, kb)
	return id, g.b.refusedBy(chat, err)
}

func (g *guarded) Edit(ctx context.Context, chat int64, msg int, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	if g.b.unreachable(chat) {
		return errUnreachable
	}
	return g.b.refusedBy(chat, g.Messenger.Edit(ctx, chat, msg, text, kb))
}

// SendPhoto, ReadyAt and AnswerInline pass on what the Messenger offers
// (the outbox and the kinds look for them).
func (g *guarded) SendPhoto(ctx context.Context, chat int64, data []byte, fileID, caption string, kb *tgbotapi.InlineKeyboardMarkup) (int, string, error) {
	ps, ok := g.Messenger.(outbox.PhotoSender)
	if !ok {
		return 0, "", errors.New("bot: the messenger cannot send photos")
	}
	if g.b.unreachable(chat) {
		return 0, "", errUnreachable
	}
	id, file, err := ps.SendPhoto(ctx, chat, data, fileID, caption, kb)
	return id, file, g.b.refusedBy(chat, err)
}

func (g *guarded) EditCaption(ctx context.Context, chat int64, msg int, caption string, kb *tgbotapi.InlineKeyboardMarkup) error {
	ce, ok := g.Messenger.(outbox.CaptionEditor)
	if !ok {
		return errors.New("bot: the messenger cannot edit captions")
	}
	if g.b.unreachable(chat) {
		return errUnreachable
	}
	return g.b.refusedBy(chat, ce.EditCaption(ctx, chat, msg, caption, kb))
}

func (g *guarded) ReadyAt(chat int64) time.Time {
	if r, ok := g.Messenger.(outbox.Readier); ok {
		return r.ReadyAt(chat)
	}
	return time.Time{}
}

// Delete, ReadyAtKeeping and ReadyAtLeaving pass on what the outbox looks
// for too.
func (g *guarded) Delete(ctx context.Context, chat int64, msg int) error {
	d, ok := g.Messenger.(outbox.Deleter)
	if !ok {
		return errors.New("bot: the messenger cannot delete messages")
	}
	return d.Delete(ctx, chat, msg)
}

func (g *guarded) ReadyAtKeeping(chat int64) time.Time {
	if k, ok := g.Messenger.(interface{ ReadyAtKeeping(int64) time.Time }); ok {
		return k.ReadyAtKeeping(chat)
	}
	return g.ReadyAt(chat)
}

func (g *guarded) ReadyAtLeaving(chat int64, kept int) time.Time {
	if l, ok := g.Messenger.(interface{ ReadyAtLeaving(int64, int) time.Time }); ok {
		return l.ReadyAtLeaving(chat, kept)
	}
	return g.ReadyAtKeeping(chat)
}

func (g *guarded) AnswerInline(ctx context.Context, queryID string, results []any, privateText, privatePayload string) error {
	im, ok := g.Messenger.(InlineMessenger)
	if !ok {
		return errors.New("bot: the messenger cannot answer inline queries")
	}
	return im.AnswerInline(ctx, queryID, results, privateText, privatePayload)
}

func (g *guarded) EditInline(ctx context.Context, chat int64, inlineMessageID, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	im, ok := g.Messenger.(InlineMessenger)
	if !ok {
		return errors.New("bot: the messenger cannot edit inline messages")
	}
	return im.EditInline(ctx, chat, inlineMessageID, text, kb)
}

// unreachable says whether nothing may be sent to chat: a person's
// private chat that Telegram refused.
func (b *Bot) unreachable(chat int64) bool {
	if chat <= 0 {
		return false
	}
	b.reach.mu.Lock()
	known := b.reach.refused[chat]
	b.reach.mu.Unlock()
	if known {
		return true
	}
	var s Settings
	_ = b.store.View(func(tx *storage.Tx) error { s = b.loadSettings(tx, chat); return nil })
	if s.Reach == nil || s.Reach.Refused == 0 {
		return false
	}
	b.remember(chat, true)
	return true
}

func (b *Bot) remember(user int64, refused bool) {
	b.reach.mu.Lock()
	defer b.reach.mu.Unlock()
	if !refused {
		delete(b.reach.refused, user)
		return
	}
	if b.reach.refused == nil {
		b.reach.refused = map[int64]bool{}
	}
	b.reach.refused[user] = true
}

// refusedBy passes err on; a refusal of a person's private chat is
// remembered (at once in memory, stored apart: the caller may hold that
// chat's lock) and returned as errUnreachable.
func (b *Bot) refusedBy(chat int64, err error) error {
	if err == nil || chat <= 0 || !refusedPerson(err) {
		return err
	}
	b.refused(chat)
	return fmt.Errorf("%w (%w)", errUnreachable, err)
}

// refused remembers that the person cannot be written to: at once in
// memory, and stored apart (the caller may hold their chat's lock).
func (b *Bot) refused(chat int64) {
	b.remember(chat, true)
	b.detach(chat, func() {
		defer b.lock(chat)()
		_, cerr := b.change(chat, 0, func(c *chatState) error {
			r := kit.Reach{}
			if c.Settings.Reach != nil {
				r = *c.Settings.Reach
			}
			if r.Refused != 0 {
				return nil
			}
			r.Refused, r.Greeted = b.cfg.Now().UnixMilli(), false
			c.Settings.Reach, c.SettingsChanged = &r, true
			return nil
		})
		if cerr != nil {
			b.log.Warn("storing that a person cannot be written to", "user", chat, "err", cerr)
		}
	})
}

// reachable is a person writing to the bot in their private chat: they
// can be written to again. The caller holds no lock of theirs.
func (b *Bot) reachable(user int64) {
	if !b.unreachable(user) {
		return
	}
	b.remember(user, false)
	defer b.lock(user)()
	_, err := b.change(user, 0, func(c *chatState) error {
		if c.Settings.Reach == nil || c.Settings.Reach.Refused == 0 {
			return nil
		}
		c.Settings.Reach, c.SettingsChanged = nil, true // the groups told may be told again
		return nil
	})
	if err != nil {
		b.log.Warn("storing that a person opened the bot", "user", user, "err", err)
	}
}

// tellGroup says once in group that the person, just refused, cannot be
// written to privately, with a link that opens the bot; name is theirs,
// lang the group's. Called without locks (an outbox worker, a handler).
func (b *Bot) tellGroup(group, user int64, name, lang string) {
	if group >= 0 {
		return
	}
	defer b.lock(user)()
	first := false
	_, err := b.change(user, 0, func(c *chatState) error {
		first = false
		r := kit.Reach{}
		if c.Settings.Reach != nil {
			r = *c.Settings.Reach
		}
		if slices.Contains(r.Told, group) {
			return nil
		}
		if r.Refused == 0 { // the refusal's own change may come later (refusedBy)
			r.Refused, r.Greeted = b.cfg.Now().UnixMilli(), false
		}
		r.Told = append(slices.Clone(r.Told), group)
		if len(r.Told) > maxTold {
			r.Told = r.Told[len(r.Told)-maxTold:]
		}
		c.Settings.Reach, c.SettingsChanged, first = &r, true, true
		return nil
	})
	if err != nil || !first {
		return
	}
	who := kit.Mention(kit.Seat{User: user, Name: name})
	kb := kit.MarkupOf([][]kit.Button{{kit.URLButton(b.cat.T(lang, "btn_open_bot", nil), "https://t.me/"+b.cfg.Username+"?start="+openPayload)}})
	b.out.Send(group, b.cat.T(lang, "private_unreachable", map[string]any{"Player": who}), kb)
}

// openPayload is the start payload of the link that opens the bot: any
// /start makes the person reachable; this one is answered as /start is.
const openPayload = "hi"

// maxTold bounds a person's list of groups told.
const maxTold = 16

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
