package main

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

// TestFontCoversNames: the embedded font has a glyph for every letter of
// every square and group name in every language.
func TestFontCoversNames(t *testing.T) {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	ed := engine.EditionByID(engine.Classic)
	for _, lang := range languages {
		n, err := newNamer(lang, engine.Classic)
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for sq := range ed.Squares {
			all = append(all, n.square(sq))
		}
		for gi := 0; gi < ed.GroupCount(); gi++ {
			all = append(all, n.group(gi))
		}
		for _, s := range all {
			for _, r := range s {
				if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
					t.Errorf("%s: no glyph for %q in %q", lang, r, s)
				}
			}
		}
	}
}

// TestPlot draws a run's chart into a file and reads it back: one bar per
// square and per group, each bar in its group's colour.
func TestPlot(t *testing.T) {
	r, err := Run(Config{Edition: engine.Classic, Players: 4, Games: 40, Seed: 2, MaxTurns: 600, Jail: ai.JailShort, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	n, err := newNamer("uk", engine.Classic)
	if err != nil {
		t.Fatal(err)
	}
	n.name(r)
	path := filepath.Join(t.TempDir(), "chart.png")
	if err := writePlot(path, r, n); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	ed := engine.EditionByID(engine.Classic)
	rows := len(ed.Squares) + 1 + ed.GroupCount()
	if b.Dx() != plotWidth || b.Dy() < rows*rowHeight {
		t.Fatalf("image %v for %d rows", b, rows)
	}
	// Count the rows that have a pixel of each group's colour at the bars'
	// start: the squares of the group, plus its row in the second chart.
	x := plotMargin + labelWidth + 2
	seen := map[int]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		cr, cg, cb, _ := img.At(x, y).RGBA()
		for gi := 0; gi < ed.GroupCount(); gi++ {
			c := groupColour(gi)
			if uint8(cr>>8) == c.R && uint8(cg>>8) == c.G && uint8(cb>>8) == c.B {
				seen[gi]++
			}
		}
	}
	for gi := 0; gi < ed.GroupCount(); gi++ {
		if want := (len(ed.Group(gi)) + 1) * (rowHeight - 6); seen[gi] != want {
			t.Errorf("group %d: %d pixel rows in its colour, want %d", gi, seen[gi], want)
		}
	}
}
