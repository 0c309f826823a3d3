package boardimg

import (
	"flag"
	"image"
	"path/filepath"
	"testing"

	"github.com/go-text/typesetting/di"
)

var namesPreview = flag.String("names-preview", "", "write the picture of TestNamesOfEveryScript into this directory, to look at")

// worldNames are names as Telegram gives them in a group of many scripts:
// Arabic, Hebrew with points, Latin mixed with Arabic, Cyrillic with an
// emoji, emoji only.
var worldNames = []string{"ليلى", "דָּנִי", "Ali علي", "🦄 Юля", "🦄🦄", "Олег"}

// TestNamesOfEveryScript: the picture draws every name the chat shows, in
// its own script and direction, never another name ("Player 2") and never
// a mark in place of letters it can draw.
func TestNamesOfEveryScript(t *testing.T) {
	t.Parallel()
	r := renderer(t, catalog(t))
	g := newGame(t, editions()[0])
	g.Players = g.Players[:len(worldNames)]
	p, err := r.painter(g, "en", worldNames)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ليلى", "דָּנִי", "Ali علي", "Юля", "…", "Олег"}
	for i, w := range want {
		if p.names[i] != w {
			t.Errorf("%q is drawn as %q, want %q", worldNames[i], p.names[i], w)
		}
	}
	img, err := r.Draw(g, "en", worldNames)
	if err != nil {
		t.Fatal(err)
	}
	if *namesPreview != "" {
		writePNG(t, filepath.Join(*namesPreview, "names.png"), img)
	}
	// Each name's place in the legend holds its letters: far more ink
	// than the ellipsis of the emoji-only name.
	rows := legendNameBoxes(t, img, len(worldNames))
	dots := inkCount(img, rows[4])
	if dots == 0 {
		t.Fatal("the emoji-only name left no mark beside its seat")
	}
	for i, box := range rows {
		if i == 4 {
			continue
		}
		if n := inkCount(img, box); n < 4*dots {
			t.Errorf("%q: %d dark pixels in its place in the legend, an ellipsis has %d", worldNames[i], n, dots)
		}
	}
}

// legendNameBoxes are where the legend writes the names of n seats: from
// the name's start to the middle of the row of each seat, found by the
// seat's token in the legend.
func legendNameBoxes(t *testing.T, img *image.RGBA, n int) []image.Rectangle {
	t.Helper()
	area := image.Rect(depth+1, depth+1, boardSize-depth-1, boardSize-depth-1).Inset(legendPad)
	x := area.Min.X + 34 // the legend's token column
	var boxes []image.Rectangle
	for seat := range n {
		top, bottom := -1, -1
		for y := area.Min.Y; y < area.Max.Y; y++ {
			if img.RGBAAt(x-8, y) == playerColor(seat) {
				if top < 0 {
					top = y
				}
				bottom = y
			}
		}
		if top < 0 {
			t.Fatalf("seat %d has no token in the legend", seat+1)
		}
		cy := (top + bottom) / 2
		boxes = append(boxes, image.Rect(area.Min.X+60, cy-legendRow/2, area.Min.X+area.Dx()/2+40, cy+legendRow/2))
	}
	return boxes
}

// inkCount is the number of dark pixels (text) in r.
func inkCount(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if int(c.R)+int(c.G)+int(c.B) < 3*110 {
				n++
			}
		}
	}
	return n
}

// TestArabicShaped: an Arabic name takes its joined forms and runs right
// to left; a Hebrew one runs right to left; a mixed name keeps its Latin
// part on the left of a left-to-right line.
func TestArabicShaped(t *testing.T) {
	t.Parallel()
	r := renderer(t, catalog(t))
	n := newNameShaper(r.nameFonts)

	line := n.shape("ليلى", legendText)
	if len(line.runs) != 1 || line.runs[0].Direction != di.DirectionRTL {
		t.Fatalf("ليلى: %d runs, want one right-to-left run", len(line.runs))
	}
	joined := 0
	for _, g := range line.runs[0].Glyphs {
		isolated, _ := n.arabic.NominalGlyph([]rune("ليلى")[g.TextIndex()])
		if g.GlyphID != isolated {
			joined++
		}
	}
	if joined < 3 { // ل joins forward, ي both ways, ل both ways, ى backward
		t.Errorf("ليلى: %d of 4 letters in a joined form, want at least 3", joined)
	}
	for _, name := range []string{"ليلى", "דני"} {
		glyphs := n.shape(name, legendText).runs[0].Glyphs
		if first, last := glyphs[0].TextIndex(), glyphs[len(glyphs)-1].TextIndex(); first <= last {
			t.Errorf("%s: the leftmost glyph is letter %d, the rightmost %d: not right to left", name, first, last)
		}
	}

	mixed := n.shape("Ali علي", legendText)
	if len(mixed.runs) < 2 || mixed.runs[0].Direction != di.DirectionLTR || mixed.runs[len(mixed.runs)-1].Direction != di.DirectionRTL {
		t.Fatalf("Ali علي: runs %v, want the Latin run on the left, the Arabic on the right", directions(mixed))
	}
	// An Arabic name with a Latin word: the line runs right to left, the
	// Latin word at its left end.
	rev := n.shape("علي Ali", legendText)
	if len(rev.runs) < 2 || rev.runs[0].Direction != di.DirectionLTR || rev.runs[len(rev.runs)-1].Direction != di.DirectionRTL {
		t.Fatalf("علي Ali: runs %v, want the Latin run on the left of the Arabic", directions(rev))
	}
}

func directions(l shapedLine) []di.Direction {
	var ds []di.Direction
	for _, r := range l.runs {
		ds = append(ds, r.Direction)
	}
	return ds
}

// TestFitNameCuts: a long name is cut with an ellipsis to the width given,
// at its logical end (the left end of a right-to-left name).
func TestFitNameCuts(t *testing.T) {
	t.Parallel()
	r := renderer(t, catalog(t))
	n := newNameShaper(r.nameFonts)
	for _, name := range []string{"Bartholomew the Magnificent of Kyiv", "عبد الرحمن بن عبد الله الحسيني"} {
		line := n.fitName(name, legendText, 200)
		if w := line.width.Ceil(); w > 200 {
			t.Errorf("%q is %d px, wider than 200", line.text, w)
		}
		if []rune(line.text)[len([]rune(line.text))-1] != '…' {
			t.Errorf("%q is cut without an ellipsis at its end: %q", name, line.text)
		}
	}
	if line := n.fitName("Олег", legendText, 200); line.text != "Олег" {
		t.Errorf("a short name changed: %q", line.text)
	}
}
