package bot

import (
	"context"
	"errors"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// chatLang is the language of an answer to a person of userLang in chat
// (kit.PersonLang); with no userLang, the chat's own.
func (b *Bot) chatLang(chat int64, userLang string) string {
	var s kit.Settings
	_ = b.store.View(func(tx *storage.Tx) error {
		s = b.loadSettings(tx, chat)
		return nil
	})
	return kit.PersonLang(s, userLang)
}

// answer answers a press with what its change says (a toast or an
// alert), or with why nothing of it was stored.
func (b *Bot) answer(ctx context.Context, id string, st *kit.Change, err error) {
	if errors.Is(err, kit.ErrDuplicate) {
		// Applied, and answered, by the process before a restart: Telegram
		// delivered the press again because its offset was not saved yet.
		return
	}
	text, alert := "", false
	switch {
	case errors.Is(err, storage.ErrNotSaved):
		// The disk gave out: nothing of the press was stored, and the
		// person must know to try again rather than see the game freeze.
		lang := locales.Default
		if st != nil {
			lang = st.ChatLang()
			if st.AnswerLang != "" {
				lang = st.AnswerLang
			}
		}
		text, alert = b.cat.T(lang, "alert_not_saved", nil), true
	case st != nil && err == nil:
		st.Pressed = true // bot/publish
		text = st.Toast
		if st.Alert != "" {
			text, alert = st.Alert, true
		}
	}
	if aerr := b.tg.AnswerCallback(ctx, id, text, alert); aerr != nil {
		b.log.Debug("answering callback", "err", aerr)
	}
}
