package kit

import (
	"html"
	"strconv"
	"unicode/utf16"

	"github.com/monopoly-tg/monopoly-bot/locales"
)

// Tokens mark the seats in every message.
var Tokens = []string{"🔴", "🔵", "🟢", "🟡", "🟣", "🟠"}

// Escape makes text safe in an HTML message.
func Escape(s string) string { return html.EscapeString(s) }

// Isolate wraps a user-supplied name in U+2068 FIRST STRONG ISOLATE …
// U+2069 POP DIRECTIONAL ISOLATE, so that a right-to-left name (Arabic,
// Hebrew) is laid out on its own and cannot reverse the line around it
// ("1 500 ليلى $"). For plain text: buttons and alerts.
func Isolate(name string) string { return "\u2068" + name + "\u2069" }

// Name is a user-supplied name for an HTML message: escaped and isolated.
// Every person's (and chat's) name shown in a message goes through it.
func Name(name string) string { return Isolate(Escape(name)) }

// Mention links a person so they are notified even without a username;
// a computer seat is named.
func Mention(s Seat) string {
	if s.Computer {
		return Name(s.Name) // nobody to notify
	}
	return `<a href="tg://user?id=` + strconv.FormatInt(s.User, 10) + `">` + Name(s.Name) + `</a>`
}

// SeatName is a seat's token and name, escaped and isolated; p is a seat
// index in whatever type the kind's engine numbers players with.
func SeatName[P ~int | ~int8](rec *Record, p P) string {
	if p < 0 || int(p) >= len(rec.Seats) {
		return "🏦" // only the bank is not a seat; callers name it in words where it matters
	}
	return Tokens[int(p)%len(Tokens)] + " " + Name(rec.Seats[p].Name)
}

// SeatLabel is a seat's token and name as plain text (a button, an alert),
// isolated.
func SeatLabel(rec *Record, p int) string {
	if p < 0 || p >= len(rec.Seats) {
		return ""
	}
	return Tokens[p%len(Tokens)] + " " + Isolate(rec.Seats[p].Name)
}

// MaxText is Telegram's limit for a message, in UTF-16 units after entity
// parsing; counting the raw HTML keeps a margin.
const MaxText = 4096

// TextLen is the length of s as Telegram counts it.
func TextLen(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// FitLines keeps the newest lines that fit in budget, marking a cut.
func FitLines(lines []string, budget int) []string {
	used := 0
	for i := len(lines) - 1; i >= 0; i-- {
		used += TextLen(lines[i]) + 1
		if used > budget-2 {
			return append([]string{"…"}, lines[i+1:]...)
		}
	}
	return lines
}

// Keyboard builds the inline keyboard of a game's message: its buttons
// carry the game's id and a key of what they refer to (callback.go).
type Keyboard struct {
	Rec *Record
	// Key is the key of a button of op and arg (nil: 0, a button valid
	// while its game runs): the kind's fingerprint of what it refers to.
	Key  func(op Op, arg int) uint64
	rows [][]Button
}

// Data is the callback data of a button of the game, with its Key.
func (k *Keyboard) Data(op Op, arg int) string {
	var key uint64
	if k.Key != nil {
		key = k.Key(op, arg)
	}
	return k.KeyData(op, arg, key)
}

// KeyData is the callback data of a button that refers to what key
// fingerprints: its handler refuses it once the key changed.
func (k *Keyboard) KeyData(op Op, arg int, key uint64) string {
	return Press{Game: k.Rec.ID, Rev: key, Keyed: true, Op: op, Arg: arg}.Encode()
}

// KeyBtn is a button of the game with a key (KeyData).
func (k *Keyboard) KeyBtn(text string, op Op, arg int, key uint64) Button {
	return DataButton(text, k.KeyData(op, arg, key))
}

// Row adds a row of buttons (none: no row).
func (k *Keyboard) Row(buttons ...Button) {
	if len(buttons) > 0 {
		k.rows = append(k.rows, buttons)
	}
}

// Btn is a button of the game.
func (k *Keyboard) Btn(text string, op Op, arg int) Button {
	return DataButton(text, k.Data(op, arg))
}

// Markup is the keyboard built (nil if it has no rows).
func (k *Keyboard) Markup() *Markup { return MarkupOf(k.rows) }

// ConfirmKeyboard asks before something destructive; arg names the seat
// a resignation is for, so nobody else can confirm it.
func ConfirmKeyboard(cat *locales.Catalog, lang string, rec *Record, yes, no Op, arg int) *Markup {
	k := &Keyboard{Rec: rec}
	k.Row(k.Btn(cat.T(lang, "btn_yes", nil), yes, arg), k.Btn(cat.T(lang, "btn_no", nil), no, 0))
	return k.Markup()
}
