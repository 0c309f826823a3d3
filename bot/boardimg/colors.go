package boardimg

import (
	"image/color"
	"math"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The board's own colours: a warm paper tone for the squares, a paler one
// for the middle, and near-black ink.
var (
	paper     = color.RGBA{0xF4, 0xEF, 0xE1, 0xFF}
	middle    = color.RGBA{0xE3, 0xEE, 0xE0, 0xFF}
	ink       = color.RGBA{0x1E, 0x1E, 0x1E, 0xFF}
	softInk   = color.RGBA{0x6B, 0x6B, 0x6B, 0xFF}
	gridLine  = color.RGBA{0x3A, 0x3A, 0x3A, 0xFF}
	white     = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
	highlight = color.RGBA{0xFF, 0xC4, 0x00, 0xFF} // the current player's ring and row
	barsInk   = color.RGBA{0x55, 0x55, 0x55, 0xFF}
	houseFill = color.RGBA{0x2E, 0x9E, 0x4A, 0xFF}
	hotelFill = color.RGBA{0xD3, 0x2F, 0x2F, 0xFF}
	hatchInk  = color.RGBA{0x40, 0x40, 0x40, 0xA0}
)

// tokenColors are the colours of the chat's seat tokens (kit.Tokens, the
// one source of which seat has which colour): the picture draws seat n in
// the colour of the token the chat shows beside its name.
var tokenColors = map[string]color.RGBA{
	"🔴": {0xE5, 0x39, 0x35, 0xFF},
	"🔵": {0x1E, 0x6F, 0xD9, 0xFF},
	"🟢": {0x2E, 0x9D, 0x3A, 0xFF},
	"🟡": {0xF9, 0xC8, 0x00, 0xFF},
	"🟣": {0x8E, 0x24, 0xAA, 0xFF},
	"🟠": {0xEF, 0x6C, 0x00, 0xFF},
}

// playerColor is seat p's colour; seats past the tokens reuse them in
// order, as the chat does.
func playerColor(p int) color.RGBA { return tokenColors[kit.Tokens[p%len(kit.Tokens)]] }

// digitInk is the colour of a seat's number on its colour: white where it
// reads as large text does (WCAG contrast at least 3), else ink (yellow).
func digitInk(c color.RGBA) color.RGBA {
	if contrast(c, white) >= 3 {
		return white
	}
	return ink
}

// contrast is the WCAG contrast ratio of two colours (1 to 21).
func contrast(a, b color.RGBA) float64 {
	lum := func(c color.RGBA) float64 {
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// groupColors maps the locales' group marks (group_emoji_<edition>_<g>) to
// band colours, so an edition names its colours once, in its texts.
var groupColors = map[string]color.RGBA{
	"🟫": {0x95, 0x54, 0x36, 0xFF}, "🟤": {0x95, 0x54, 0x36, 0xFF},
	"🟦": {0x8C, 0xCF, 0xF0, 0xFF},
	"🩷": {0xD9, 0x3A, 0x96, 0xFF},
	"🟧": {0xF7, 0x94, 0x1D, 0xFF}, "🟠": {0xF7, 0x94, 0x1D, 0xFF},
	"🟥": {0xE0, 0x1F, 0x26, 0xFF}, "🔴": {0xE0, 0x1F, 0x26, 0xFF},
	"🟨": {0xF6, 0xDB, 0x1C, 0xFF}, "🟡": {0xF6, 0xDB, 0x1C, 0xFF},
	"🟩": {0x1F, 0xB2, 0x5A, 0xFF}, "🟢": {0x1F, 0xB2, 0x5A, 0xFF},
	"🔵": {0x00, 0x5C, 0xB0, 0xFF},
	"🟪": {0x7E, 0x3F, 0xB5, 0xFF}, "🟣": {0x7E, 0x3F, 0xB5, 0xFF},
	"⬛": {0x33, 0x33, 0x33, 0xFF}, "⚫": {0x33, 0x33, 0x33, 0xFF},
}

// spareGroupColors colour the streets of a group whose mark is not a colour
// (an edition that gives none); ports and utilities get no band at all.
var spareGroupColors = []color.RGBA{
	{0x95, 0x54, 0x36, 0xFF}, {0x8C, 0xCF, 0xF0, 0xFF}, {0xD9, 0x3A, 0x96, 0xFF},
	{0xF7, 0x94, 0x1D, 0xFF}, {0xE0, 0x1F, 0x26, 0xFF}, {0xF6, 0xDB, 0x1C, 0xFF},
	{0x1F, 0xB2, 0x5A, 0xFF}, {0x00, 0x5C, 0xB0, 0xFF}, {0x7E, 0x3F, 0xB5, 0xFF},
}

// tint mixes c with white: a square's background in its owner's colour,
// pale enough for black text.
func tint(c color.RGBA, percent int) color.RGBA {
	mix := func(v uint8) uint8 { return uint8((int(v)*percent + 255*(100-percent)) / 100) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xFF}
}
