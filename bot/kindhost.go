package bot

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// kindHost is the chat layer as the kinds see it (kit.Host).
type kindHost struct{ b *Bot }

func (h kindHost) Change(chat int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return h.b.change(chat, updateID, fn)
}

func (h kindHost) ChangeVia(chat, via int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return h.b.changeVia(chat, via, updateID, fn)
}

func (h kindHost) PressChange(chat int64, updateID int, q kit.PressIn, p kit.Press, fn func(c *kit.Change, lang string)) (*kit.Change, error) {
	return h.b.pressChange(chat, updateID, q.From, p, fn)
}

func (h kindHost) Finish(ctx context.Context, c *kit.Change, err error) { h.b.finish(ctx, c, err, "") }

func (h kindHost) Answer(ctx context.Context, callbackID string, c *kit.Change, err error) {
	h.b.answer(ctx, callbackID, c, err)
}

func (h kindHost) AnswerPress(ctx context.Context, callbackID, text string, alert bool) {
	_ = h.b.tg.AnswerCallback(ctx, callbackID, text, alert)
}

func (h kindHost) AnswerInline(ctx context.Context, queryID string, results []kit.InlineResult, privateText, privatePayload string) {
	im, ok := h.b.tg.(InlineMessenger)
	if !ok {
		return
	}
	if err := im.AnswerInline(ctx, queryID, inlineResults(results), privateText, privatePayload); err != nil {
		h.b.log.Debug("answering an inline query", "err", err)
	}
}

func (h kindHost) RememberMessage(chat int64, game uint64, set func(*kit.Record) bool) {
	h.b.publisher.RememberMessage(chat, game, set)
}

func (h kindHost) Lock(chat int64) func() { return h.b.lock(chat) }

func (h kindHost) ChatLang(chat int64, userLang string) string { return h.b.chatLang(chat, userLang) }

func (h kindHost) Settings(chat int64) kit.Settings {
	var s kit.Settings
	_ = h.b.store.View(func(tx *storage.Tx) error { s = h.b.loadSettings(tx, chat); return nil })
	return s
}

func (h kindHost) Seed() uint64 { return h.b.seed() }

func (h kindHost) Snapshot(chat int64) (*kit.Record, error) { return h.b.Snapshot(chat) }

func (h kindHost) LastGame(chat int64) *kit.Record { return h.b.lastGame(chat) }

var _ kit.Host = kindHost{}
