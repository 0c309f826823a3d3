package reach

import (
	"context"
	"errors"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/outbox"
)

// Messenger is the part of the Telegram Bot API the bot needs (package
// bot's Messenger), so tests and other transports can provide it; the
// guard wraps it.
type Messenger interface {
	Send(ctx context.Context, chatID int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error)
	Edit(ctx context.Context, chatID int64, msgID int, text string, kb *tgbotapi.InlineKeyboardMarkup) error
	AnswerCallback(ctx context.Context, id, text string, alert bool) error
	IsAdmin(ctx context.Context, chatID, userID int64) bool
}

// inlineMessenger is package bot's InlineMessenger, passed on.
type inlineMessenger interface {
	AnswerInline(ctx context.Context, queryID string, results []any, privateText, privatePayload string) error
	EditInline(ctx context.Context, chat int64, inlineMessageID, text string, kb *tgbotapi.InlineKeyboardMarkup) error
}

// Guarded is the Messenger every part of the bot uses: Telegram's, with
// private messages to unreachable people held back.
type Guarded struct {
	Messenger
	r *Reach
}

// Guard is m with private messages to unreachable people held back, and
// Telegram's refusals of them remembered.
func (r *Reach) Guard(m Messenger) *Guarded { return &Guarded{Messenger: m, r: r} }

func (g *Guarded) Send(ctx context.Context, chat int64, text string, kb *tgbotapi.InlineKeyboardMarkup) (int, error) {
	if g.r.Unreachable(chat) {
		return 0, ErrUnreachable
	}
	id, err := g.Messenger.Send(ctx, chat, text, kb)
	return id, g.r.refusedBy(chat, err)
}

func (g *Guarded) Edit(ctx context.Context, chat int64, msg int, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	if g.r.Unreachable(chat) {
		return ErrUnreachable
	}
	return g.r.refusedBy(chat, g.Messenger.Edit(ctx, chat, msg, text, kb))
}

// SendPhoto, ReadyAt and AnswerInline pass on what the Messenger offers
// (the outbox and the kinds look for them).
func (g *Guarded) SendPhoto(ctx context.Context, chat int64, data []byte, fileID, caption string, kb *tgbotapi.InlineKeyboardMarkup) (int, string, error) {
	ps, ok := g.Messenger.(outbox.PhotoSender)
	if !ok {
		return 0, "", errors.New("bot: the messenger cannot send photos")
	}
	if g.r.Unreachable(chat) {
		return 0, "", ErrUnreachable
	}
	id, file, err := ps.SendPhoto(ctx, chat, data, fileID, caption, kb)
	return id, file, g.r.refusedBy(chat, err)
}

func (g *Guarded) EditCaption(ctx context.Context, chat int64, msg int, caption string, kb *tgbotapi.InlineKeyboardMarkup) error {
	ce, ok := g.Messenger.(outbox.CaptionEditor)
	if !ok {
		return errors.New("bot: the messenger cannot edit captions")
	}
	if g.r.Unreachable(chat) {
		return ErrUnreachable
	}
	return g.r.refusedBy(chat, ce.EditCaption(ctx, chat, msg, caption, kb))
}

func (g *Guarded) ReadyAt(chat int64) time.Time {
	if r, ok := g.Messenger.(outbox.Readier); ok {
		return r.ReadyAt(chat)
	}
	return time.Time{}
}

// Delete, ReadyAtKeeping and ReadyAtLeaving pass on what the outbox looks
// for too.
func (g *Guarded) Delete(ctx context.Context, chat int64, msg int) error {
	d, ok := g.Messenger.(outbox.Deleter)
	if !ok {
		return errors.New("bot: the messenger cannot delete messages")
	}
	return d.Delete(ctx, chat, msg)
}

func (g *Guarded) ReadyAtKeeping(chat int64) time.Time {
	if k, ok := g.Messenger.(interface{ ReadyAtKeeping(int64) time.Time }); ok {
		return k.ReadyAtKeeping(chat)
	}
	return g.ReadyAt(chat)
}

func (g *Guarded) ReadyAtLeaving(chat int64, kept int) time.Time {
	if l, ok := g.Messenger.(interface{ ReadyAtLeaving(int64, int) time.Time }); ok {
		return l.ReadyAtLeaving(chat, kept)
	}
	return g.ReadyAtKeeping(chat)
}

func (g *Guarded) AnswerInline(ctx context.Context, queryID string, results []any, privateText, privatePayload string) error {
	im, ok := g.Messenger.(inlineMessenger)
	if !ok {
		return errors.New("bot: the messenger cannot answer inline queries")
	}
	return im.AnswerInline(ctx, queryID, results, privateText, privatePayload)
}

func (g *Guarded) EditInline(ctx context.Context, chat int64, inlineMessageID, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	im, ok := g.Messenger.(inlineMessenger)
	if !ok {
		return errors.New("bot: the messenger cannot edit inline messages")
	}
	return im.EditInline(ctx, chat, inlineMessageID, text, kb)
}
