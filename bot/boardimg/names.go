package boardimg

import (
	"bytes"
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"strings"
	"unicode"

	"github.com/go-text/typesetting/di"
	tsfont "github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// The players' names (and the amounts beside them, for the hryvnia sign
// the Go fonts lack) are drawn by a shaper (go-text/typesetting's HarfBuzz
// port), not by x/image's drawer, which places one glyph per rune left to
// right: Arabic letters take their joined forms only through the font's
// layout tables, and a right-to-left name must run right to left, a mixed
// one ("Ali علي") in runs ordered by the bidirectional algorithm. The Go
// font draws Latin and Cyrillic as everywhere else on the board; subsets
// of Noto Sans Arabic and Noto Sans Hebrew (fonts/, OFL) draw those
// scripts, a one-glyph subset of Noto Sans Bold the sign ₴. Emoji have no
// font here and are left out of a name.

var (
	//go:embed fonts/NotoSansArabic-Regular.subset.ttf
	arabicTTF []byte
	//go:embed fonts/NotoSansHebrew-Regular.subset.ttf
	hebrewTTF []byte
	//go:embed fonts/NotoSans-Bold.hryvnia.ttf
	hryvniaTTF []byte
)

// nameFonts are the fonts of names, parsed once and shared (a
// typesetting Font is safe for concurrent use, a Face is not).
type nameFonts struct {
	latin, arabic, hebrew, signs *tsfont.Font
}

func loadNameFonts() (nameFonts, error) {
	var fs nameFonts
	for _, f := range []struct {
		dst **tsfont.Font
		ttf []byte
	}{{&fs.latin, gomedium.TTF}, {&fs.arabic, arabicTTF}, {&fs.hebrew, hebrewTTF}, {&fs.signs, hryvniaTTF}} {
		face, err := tsfont.ParseTTF(bytes.NewReader(f.ttf))
		if err != nil {
			return fs, fmt.Errorf("boardimg: name font: %w", err)
		}
		*f.dst = face.Font
	}
	return fs, nil
}

// nameShaper shapes names for one picture.
type nameShaper struct {
	latin, arabic, hebrew, signs *tsfont.Face
	shaper                       shaping.HarfbuzzShaper
	seg                          shaping.Segmenter
	ras                          shapes
}

func newNameShaper(fs nameFonts) *nameShaper {
	return &nameShaper{latin: tsfont.NewFace(fs.latin), arabic: tsfont.NewFace(fs.arabic), hebrew: tsfont.NewFace(fs.hebrew),
		signs: tsfont.NewFace(fs.signs)}
}

// ResolveFace picks the font of r: the script's own font for Arabic and
// Hebrew, else the Go font, else whichever has the letter.
func (n *nameShaper) ResolveFace(r rune) *tsfont.Face {
	switch {
	case unicode.Is(unicode.Arabic, r):
		return n.arabic
	case unicode.Is(unicode.Hebrew, r):
		return n.hebrew
	}
	for _, f := range n.all() {
		if _, ok := f.NominalGlyph(r); ok {
			return f
		}
	}
	return n.latin
}

func (n *nameShaper) all() []*tsfont.Face {
	return []*tsfont.Face{n.latin, n.arabic, n.hebrew, n.signs}
}

// covered reports whether a font of names has r.
func (n *nameShaper) covered(r rune) bool {
	for _, f := range n.all() {
		if _, ok := f.NominalGlyph(r); ok {
			return true
		}
	}
	return false
}

// maxMarks bounds the combining marks kept on one letter: Arabic vowel
// signs and Hebrew points need one or two, "Zalgo" names stack dozens.
const maxMarks = 2

// clean reduces a Telegram name to what the fonts can draw on one line:
// composed (NFC), without controls or formatting characters (bidi
// overrides included: the name's own letters decide its direction), with
// at most maxMarks marks per letter, without what no font has (emoji),
// spaces collapsed. It may return "".
func (n *nameShaper) clean(name string) string {
	var sb strings.Builder
	space, marks, letter, arabic := false, 0, false, false
	for _, r := range norm.NFC.String(name) {
		switch {
		case unicode.IsSpace(r):
			space = sb.Len() > 0
			letter, arabic = false, false
			continue
		case r == '\u200C' || r == '\u200D': // joiners shape Persian and Arabic words
			if arabic {
				sb.WriteRune(r)
			}
			continue
		case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Me):
			continue
		case unicode.Is(unicode.Mn, r):
			if !letter || marks >= maxMarks || !n.covered(r) {
				continue
			}
			marks++
			sb.WriteRune(r)
			continue
		}
		if !n.covered(r) {
			letter, arabic = false, false
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteRune(r)
		letter, marks, arabic = true, 0, unicode.Is(unicode.Arabic, r)
	}
	return strings.TrimRight(sb.String(), "\u200C\u200D")
}

// shapedLine is one line of a name, shaped, its runs in visual order
// (left to right).
type shapedLine struct {
	text  string
	runs  []shaping.Output
	width fixed.Int26_6
}

// rtl reports whether text reads right to left: its first strong letter
// is Arabic or Hebrew (the bidi algorithm's rules P2 and P3).
func rtl(text string) bool {
	for _, r := range text {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return false
		case bidi.R, bidi.AL:
			return true
		}
	}
	return false
}

// shape lays text out on one line at size pixels.
func (n *nameShaper) shape(text string, size float64) shapedLine {
	line := shapedLine{text: text}
	runes := []rune(text)
	if len(runes) == 0 {
		return line
	}
	dir := di.DirectionLTR
	if rtl(text) {
		dir = di.DirectionRTL
	}
	in := shaping.Input{Text: runes, RunEnd: len(runes), Direction: dir, Face: n.latin, Size: fixed.Int26_6(size * 64)}
	for _, part := range n.seg.Split(in, n) {
		out := n.shaper.Shape(part)
		line.runs = append(line.runs, out)
		line.width += out.Advance
	}
	visualOrder(dir, line.runs)
	return line
}

// visualOrder puts runs shaped in logical order into the order they are
// seen: on a line of direction dir, each stretch of runs of the other
// direction is reversed, and a right-to-left line as a whole. A name has
// only these two levels (numbers inside an Arabic name stay in their run).
func visualOrder(dir di.Direction, runs []shaping.Output) {
	reverse := func(rs []shaping.Output) {
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
	}
	from := -1
	for i, r := range runs {
		if r.Direction == dir {
			if from >= 0 {
				reverse(runs[from:i])
				from = -1
			}
		} else if from < 0 {
			from = i
		}
	}
	if from >= 0 {
		reverse(runs[from:])
	}
	if dir == di.DirectionRTL {
		reverse(runs)
	}
}

// fitName shapes name at size, cut with an ellipsis at its logical end
// until it is at most maxW pixels wide.
func (n *nameShaper) fitName(name string, size float64, maxW int) shapedLine {
	line := n.shape(name, size)
	runes := []rune(name)
	for k := len(runes) - 1; line.width.Ceil() > maxW && k > 0; k-- {
		line = n.shape(strings.TrimRightFunc(string(runes[:k]), unicode.IsSpace)+"…", size)
	}
	if line.width.Ceil() > maxW {
		line = n.shape("…", size)
	}
	return line
}

// draw fills the glyphs of line in col, its baseline's left end at (x, y).
func (n *nameShaper) draw(dst *image.RGBA, line shapedLine, x, y int, col color.Color) {
	dot := fixed.I(x)
	for _, run := range line.runs {
		scale := float32(run.Size) / 64 / float32(run.Face.Upem())
		for _, g := range run.Glyphs {
			outline, ok := run.Face.GlyphDataOutline(g.GlyphID)
			if ok && len(outline.Segments) > 0 {
				ox := float32(dot+g.XOffset) / 64
				oy := float32(fixed.I(y)-g.YOffset) / 64
				n.glyph(dst, outline, ox, oy, scale, col)
			}
			dot += g.Advance
		}
	}
}

// glyph rasterizes one outline (font units, y up) with its origin at
// (ox, oy) in pixels.
func (n *nameShaper) glyph(dst *image.RGBA, outline tsfont.GlyphOutline, ox, oy, scale float32, col color.Color) {
	pts := make([][2]float32, 0, 3*len(outline.Segments))
	at := func(p tsfont.SegmentPoint) [2]float32 { return [2]float32{ox + p.X*scale, oy - p.Y*scale} }
	for _, s := range outline.Segments {
		for _, p := range s.ArgsSlice() {
			pts = append(pts, at(p))
		}
	}
	box := bounds(pts).Intersect(dst.Rect)
	if box.Empty() {
		return
	}
	ras := &n.ras.ras
	ras.Reset(box.Dx(), box.Dy())
	bx, by := float32(box.Min.X), float32(box.Min.Y)
	rel := func(p tsfont.SegmentPoint) (float32, float32) { q := at(p); return q[0] - bx, q[1] - by }
	for _, s := range outline.Segments {
		a := s.Args
		switch s.Op {
		case opentype.SegmentOpMoveTo:
			x, y := rel(a[0])
			ras.MoveTo(x, y)
		case opentype.SegmentOpLineTo:
			x, y := rel(a[0])
			ras.LineTo(x, y)
		case opentype.SegmentOpQuadTo:
			x1, y1 := rel(a[0])
			x2, y2 := rel(a[1])
			ras.QuadTo(x1, y1, x2, y2)
		case opentype.SegmentOpCubeTo:
			x1, y1 := rel(a[0])
			x2, y2 := rel(a[1])
			x3, y3 := rel(a[2])
			ras.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	ras.ClosePath()
	ras.Draw(dst, box, image.NewUniform(col), image.Point{})
}
