package bot

import (
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

func (b *Bot) renderLobby(lang string, rec *Record) string {
	if k, ok := b.kindOf(rec).(lobbyKind); ok { // and the pace, and whatever rules the edition offers
		return k.LobbyText(lang, rec) + "\n\n" + strings.Join(b.optionLines(lang, rec.Options, false), "\n")
	}
	var names []string
	for i, s := range rec.Seats {
		names = append(names, kit.Tokens[i%len(kit.Tokens)]+" "+kit.Escape(s.Name))
	}
	ed := kit.EditionOf(rec.Options)
	fewest, most := b.seatLimits(rec)
	return b.cat.T(lang, "lobby_text", map[string]any{
		"Edition": b.cat.T(lang, "edition_"+ed.ID, nil),
		"Players": strings.Join(names, "\n"), "Count": len(rec.Seats), "Max": most, "Min": fewest,
		"Cash": b.money(lang, rec.Options, b.rulesOf(rec.Options).StartingCash),
	}) + "\n\n" + b.cat.T(lang, "lobby_about_"+ed.ID, nil) + "\n" + strings.Join(b.optionLines(lang, rec.Options, false), "\n")
}

func (b *Bot) lobbyKeyboard(lang string, rec *Record) *tgbotapi.InlineKeyboardMarkup {
	k := &kit.Keyboard{Rec: rec}
	k.Row(k.Btn(b.cat.T(lang, "btn_join", nil), OpJoin, 0), k.Btn(b.cat.T(lang, "btn_leave", nil), OpLeave, 0))
	b.computerRow(k, lang, rec) // bot/seats.go
	k.Row(k.Btn(b.cat.T(lang, "btn_start", nil), OpStart, 0), k.Btn(b.cat.T(lang, "btn_cancel", nil), OpCancel, 0))
	return k.Markup()
}
