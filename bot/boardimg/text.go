package boardimg

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// nameSizes are the sizes a square's name is tried at, largest first.
var nameSizes = []float64{28, 26, 25, 24, 23, minText}

// faceKey names one font at one size.
type faceKey struct {
	font *opentype.Font
	size float64
}

// faces makes font faces on demand. A face is not safe for concurrent use,
// so every picture gets its own set.
type faces map[faceKey]font.Face

func (fs faces) get(f *opentype.Font, size float64) font.Face {
	k := faceKey{f, size}
	if face, ok := fs[k]; ok {
		return face
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil { // only an invalid size fails, and the sizes are constants
		panic("boardimg: " + err.Error())
	}
	fs[k] = face
	return face
}

// block is text broken into lines in one face.
type block struct {
	lines  []string
	face   font.Face
	lineH  int
	widths []int
}

// height is what the lines take from the top of the first to the bottom
// of the last.
func (b block) height() int {
	m := b.face.Metrics()
	return (len(b.lines)-1)*b.lineH + (m.Ascent + m.Descent).Ceil()
}

func (b block) width() int {
	w := 0
	for _, x := range b.widths {
		w = max(w, x)
	}
	return w
}

// piece is a unit of wrapping: a word, or the part of a hyphenated word up
// to and including its hyphen.
type piece struct {
	text  string
	space bool // a space separates it from the piece before
}

func pieces(text string) []piece {
	var out []piece
	for _, word := range strings.Fields(text) {
		first := true
		for word != "" {
			i := strings.IndexRune(word, '-')
			part := word
			// Break after a hyphen only between real parts ("Интернет-
			// провайдер"), never "1-" from "я".
			if i > 0 && utf8.RuneCountInString(word[:i]) >= 3 && utf8.RuneCountInString(word[i+1:]) >= 3 {
				part = word[:i+1]
			}
			out = append(out, piece{part, first})
			word, first = word[len(part):], false
		}
	}
	return out
}

// maxPieces bounds the search over line breaks (2^(n-1) ways); longer texts
// are wrapped greedily.
const maxPieces = 10

// fit breaks text into the fewest lines that fit maxW × maxH at the largest
// of sizes that allows it, the lines as even as possible. When nothing
// fits, it returns the smallest size's best attempt and false.
func fit(fs faces, f *opentype.Font, text string, sizes []float64, maxW, maxH int) (block, bool) {
	ps := pieces(text)
	var b block
	for _, size := range sizes {
		var ok bool
		b, ok = fitAt(fs.get(f, size), ps, maxW, maxH)
		if ok {
			return b, true
		}
	}
	return b, false
}

func fitAt(face font.Face, ps []piece, maxW, maxH int) (block, bool) {
	m := face.Metrics()
	lineH := (m.Height * 19 / 20).Ceil() // a little tighter than the font's own spacing
	b := block{face: face, lineH: lineH}
	if len(ps) == 0 {
		return b, true
	}
	space := font.MeasureString(face, " ").Ceil()
	w := make([]int, len(ps))
	for i, p := range ps {
		w[i] = font.MeasureString(face, p.text).Ceil()
	}
	lineWidth := func(from, to int) int {
		x := 0
		for i := from; i < to; i++ {
			if i > from && ps[i].space {
				x += space
			}
			x += w[i]
		}
		return x
	}
	// breaks is a bit set over the gaps between pieces: bit i breaks the
	// line after piece i. A set of lines that fits beats one that does not,
	// then fewer lines win, then narrower ones.
	tall := (m.Ascent + m.Descent).Ceil()
	type choice struct {
		breaks        uint
		lines, widest int
		fits          bool
		splitsParens  bool // a line opens a bracket another closes
	}
	var best choice
	seen := false
	try := func(breaks uint) {
		c := choice{breaks: breaks, lines: 1}
		from := 0
		for i := range ps {
			if i == len(ps)-1 || breaks&(1<<i) != 0 {
				c.widest = max(c.widest, lineWidth(from, i+1))
				c.splitsParens = c.splitsParens || opensBracket(ps[from:i+1])
				if i < len(ps)-1 {
					c.lines++
				}
				from = i + 1
			}
		}
		c.fits = c.widest <= maxW && (c.lines-1)*lineH+tall <= maxH
		switch {
		case !seen, c.fits && !best.fits:
		case c.fits != best.fits, c.lines > best.lines:
			return
		case c.lines < best.lines, c.splitsParens != best.splitsParens && !c.splitsParens:
		case c.splitsParens != best.splitsParens, c.widest >= best.widest:
			return
		}
		best, seen = c, true
	}
	if len(ps) <= maxPieces {
		for breaks := uint(0); breaks < 1<<(len(ps)-1); breaks++ {
			try(breaks)
		}
	} else {
		greedy, from := uint(0), 0
		for i := 1; i < len(ps); i++ {
			if lineWidth(from, i+1) > maxW {
				greedy |= 1 << (i - 1)
				from = i
			}
		}
		try(greedy)
	}
	from := 0
	for i := 0; i < len(ps); i++ {
		if i == len(ps)-1 || best.breaks&(1<<i) != 0 {
			var sb strings.Builder
			for j := from; j <= i; j++ {
				if j > from && ps[j].space {
					sb.WriteByte(' ')
				}
				sb.WriteString(ps[j].text)
			}
			line := sb.String()
			b.lines = append(b.lines, line)
			b.widths = append(b.widths, font.MeasureString(face, line).Ceil())
			from = i + 1
		}
	}
	return b, b.width() <= maxW && b.height() <= maxH
}

// opensBracket reports whether a line of pieces leaves a bracket open.
func opensBracket(line []piece) bool {
	depth := 0
	for _, p := range line {
		depth += strings.Count(p.text, "(") - strings.Count(p.text, ")")
	}
	return depth > 0
}

// drawBlock writes b centred in r, line by line.
func drawBlock(dst draw.Image, b block, r image.Rectangle, col color.Color) {
	m := b.face.Metrics()
	y := r.Min.Y + (r.Dy()-b.height())/2 + m.Ascent.Ceil()
	d := font.Drawer{Dst: dst, Src: image.NewUniform(col), Face: b.face}
	for i, line := range b.lines {
		d.Dot = fixed.P(r.Min.X+(r.Dx()-b.widths[i])/2, y+i*b.lineH)
		d.DrawString(line)
	}
}

// drawBlockUp writes b centred in r, turned a quarter to the left so that
// it reads from bottom to top (the board's top and bottom rows).
func drawBlockUp(dst draw.Image, b block, r image.Rectangle, col color.Color) {
	flat := image.NewAlpha(image.Rect(0, 0, r.Dy(), r.Dx()))
	drawBlock(flat, b, flat.Rect, color.Opaque)
	up := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	fw := flat.Rect.Dx()
	for y := 0; y < flat.Rect.Dy(); y++ {
		row := flat.Pix[y*flat.Stride : y*flat.Stride+fw]
		for x, a := range row {
			if a != 0 {
				up.Pix[(fw-1-x)*up.Stride+y] = a
			}
		}
	}
	draw.DrawMask(dst, r, image.NewUniform(col), image.Point{}, up, image.Point{}, draw.Over)
}

// truncate shortens s with an ellipsis until it is at most maxW wide.
func truncate(face font.Face, s string, maxW int) string {
	if font.MeasureString(face, s).Ceil() <= maxW {
		return s
	}
	runes := []rune(s)
	for n := len(runes) - 1; n > 0; n-- {
		t := strings.TrimRightFunc(string(runes[:n]), unicode.IsSpace) + "…"
		if font.MeasureString(face, t).Ceil() <= maxW {
			return t
		}
	}
	return "…"
}
