package bot

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Tokens mark the seats in every message.
var tokens = []string{"🔴", "🔵", "🟢", "🟡", "🟣", "🟠"}

func escape(s string) string { return html.EscapeString(s) }

// mention links a person so they are notified even without a username.
func mention(s Seat) string {
	return `<a href="tg://user?id=` + strconv.FormatInt(s.User, 10) + `">` + escape(s.Name) + `</a>`
}

func (b *Bot) seatName(rec *Record, p engine.PlayerID) string {
	if p < 0 || int(p) >= len(rec.Seats) {
		return "🏦" // only the bank is not a seat; callers name it in words where it matters
	}
	return tokens[int(p)%len(tokens)] + " " + escape(rec.Seats[p].Name)
}

func (b *Bot) money(lang string, n int) string { return b.cat.Money(lang, n) }

// maxText is Telegram's limit for a message, in UTF-16 units after entity
// parsing; counting the raw HTML keeps a margin.
const maxText = 4096

func textLen(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// fitLines keeps the newest lines that fit in budget, marking a cut.
func fitLines(lines []string, budget int) []string {
	used := 0
	for i := len(lines) - 1; i >= 0; i-- {
		used += textLen(lines[i]) + 1
		if used > budget-2 {
			return append([]string{"…"}, lines[i+1:]...)
		}
	}
	return lines
}

func (b *Bot) renderLobby(lang string, rec *Record) string {
	var names []string
	for i, s := range rec.Seats {
		names = append(names, tokens[i%len(tokens)]+" "+escape(s.Name))
	}
	ed := editionOf(rec.Options)
	return b.cat.T(lang, "lobby_text", map[string]any{
		"Edition": b.cat.T(lang, "edition_"+ed.ID, nil),
		"Players": strings.Join(names, "\n"), "Count": len(rec.Seats), "Max": maxPlayersOf(rec.Options), "Min": ed.MinPlayers,
		"Cash": b.cat.Money(lang, b.rulesOf(rec.Options).StartingCash),
	}) + "\n\n" + strings.Join(b.optionLines(lang, rec.Options, false), "\n")
}

// Keyboards.

type kbBuilder struct {
	rec  *Record
	rows [][]tgbotapi.InlineKeyboardButton
}

func (k *kbBuilder) press(op Op, arg int) string {
	return Press{Game: k.rec.ID, Rev: k.rec.Rev, Op: op, Arg: arg}.Encode()
}

func (k *kbBuilder) row(buttons ...tgbotapi.InlineKeyboardButton) {
	if len(buttons) > 0 {
		k.rows = append(k.rows, buttons)
	}
}

func (k *kbBuilder) btn(text string, op Op, arg int) tgbotapi.InlineKeyboardButton {
	return tgbotapi.NewInlineKeyboardButtonData(text, k.press(op, arg))
}

func (k *kbBuilder) markup() *tgbotapi.InlineKeyboardMarkup { return markup(k.rows) }

// markup is an inline keyboard of rows (nil if there are none).
func markup(rows [][]tgbotapi.InlineKeyboardButton) *tgbotapi.InlineKeyboardMarkup {
	if len(rows) == 0 {
		return nil
	}
	m := tgbotapi.NewInlineKeyboardMarkup(rows...)
	return &m
}

func (b *Bot) lobbyKeyboard(lang string, rec *Record) *tgbotapi.InlineKeyboardMarkup {
	k := &kbBuilder{rec: rec}
	k.row(k.btn(b.cat.T(lang, "btn_join", nil), OpJoin, 0), k.btn(b.cat.T(lang, "btn_leave", nil), OpLeave, 0))
	k.row(k.btn(b.cat.T(lang, "btn_start", nil), OpStart, 0), k.btn(b.cat.T(lang, "btn_cancel", nil), OpCancel, 0))
	return k.markup()
}

// confirmKeyboard asks before something destructive; arg names the seat
// a resignation is for, so nobody else can confirm it.
func confirmKeyboard(cat *locales.Catalog, lang string, rec *Record, yes, no Op, arg int) *tgbotapi.InlineKeyboardMarkup {
	k := &kbBuilder{rec: rec}
	k.row(k.btn(cat.T(lang, "btn_yes", nil), yes, arg), k.btn(cat.T(lang, "btn_no", nil), no, 0))
	return k.markup()
}
