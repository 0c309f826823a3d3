package bot

import (
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

func (b *Bot) renderLobby(lang string, rec *Record) string {
	// The kind's own text, then the pace and whatever rules the edition offers.
	return b.settingsOf(rec.Kind).LobbyText(lang, rec) + "\n" + strings.Join(b.optionLines(lang, rec.Options, false), "\n")
}

func (b *Bot) lobbyKeyboard(lang string, rec *Record) *tgbotapi.InlineKeyboardMarkup {
	k := &kit.Keyboard{Rec: rec}
	k.Row(k.Btn(b.cat.T(lang, "btn_join", nil), OpJoin, 0), k.Btn(b.cat.T(lang, "btn_leave", nil), OpLeave, 0))
	b.computerRow(k, lang, rec) // bot/seats.go
	k.Row(k.Btn(b.cat.T(lang, "btn_start", nil), OpStart, 0), k.Btn(b.cat.T(lang, "btn_cancel", nil), OpCancel, 0))
	return k.Markup()
}
