package bot

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The chat layer as the settings menu's presses and the menu sent ask it
// (settings.Host): the chat's lock and change, the answers to a press, and
// showing the change (finish). Apart from settingshost.go, whose words and
// options the lobby's text uses too.

func (h settingsHost) Lock(chat int64) func() { return h.b.lock(chat) }

func (h settingsHost) Change(chat int64, updateID int, fn func(c *kit.Change) error) (*kit.Change, error) {
	return h.b.change(chat, updateID, fn)
}

func (h settingsHost) Answer(ctx context.Context, callbackID string, c *kit.Change, err error) {
	h.b.answer(ctx, callbackID, c, err)
}

func (h settingsHost) AnswerPress(ctx context.Context, callbackID, text string, alert bool) {
	_ = h.b.tg.AnswerCallback(ctx, callbackID, text, alert)
}

func (h settingsHost) Finish(ctx context.Context, c *kit.Change, err error, callbackID string) {
	h.b.finish(ctx, c, err, callbackID)
}

func (h settingsHost) ChatLang(chat int64, userLang string) string {
	return h.b.chatLang(chat, userLang)
}

func (h settingsHost) IsAdmin(ctx context.Context, chat, user int64) bool {
	return h.b.tg.IsAdmin(ctx, chat, user)
}
