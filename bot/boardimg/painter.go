package boardimg

import (
	"image"

	"golang.org/x/image/font/opentype"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// What drawing a picture holds: the Renderer's fonts and words, and the
// painter of one picture over them, which the squares (render.go), the
// tokens (tokens.go) and the legend (legend.go) draw with.

// Words is what the picture needs from the locales; *locales.Catalog has it.
type Words interface {
	T(lang, id string, data map[string]any) string
	// MoneyOf formats an amount in the edition's currency.
	MoneyOf(lang, edition string, amount int) string
}

// Renderer draws boards. It is safe for concurrent use.
type Renderer struct {
	words                 Words
	regular, medium, bold *opentype.Font
	nameFonts             nameFonts
}

// painter draws one picture.
type painter struct {
	*Renderer
	g      *engine.Game
	ed     *engine.Edition
	lang   string
	names  []string // drawable, not yet cut to the legend's width
	shaper *nameShaper
	faces  faces
	img    *image.RGBA
	cells  []cell
	sh     shapes
}
