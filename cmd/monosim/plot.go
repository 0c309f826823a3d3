package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The chart: landing shares per square (and in jail) as horizontal bars,
// then the return on investment per ownable group. Bars take their
// group's colour. The Go fonts, embedded by their packages, cover Latin
// and Cyrillic, so names in every -lang can be drawn.

const (
	plotWidth  = 1100
	rowHeight  = 20
	labelWidth = 330
	plotMargin = 24
	fontSize   = 13
)

var (
	ink        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	faint      = color.RGBA{0x88, 0x88, 0x88, 0xff}
	grid       = color.RGBA{0xe4, 0xe4, 0xe4, 0xff}
	paper      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	jailColour = color.RGBA{0x55, 0x55, 0x55, 0xff}
	plainBar   = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	// groupColours are by group index: the classic colour sets in board
	// order, then the ports and the utilities; other editions reuse them.
	groupColours = []color.RGBA{
		{0x8b, 0x4a, 0x2b, 0xff}, {0x8e, 0xc9, 0xea, 0xff}, {0xd6, 0x3a, 0x96, 0xff}, {0xf3, 0x93, 0x1f, 0xff},
		{0xe0, 0x26, 0x2b, 0xff}, {0xf2, 0xd5, 0x1b, 0xff}, {0x1f, 0xa5, 0x4f, 0xff}, {0x1c, 0x4f, 0xa8, 0xff},
		{0x6b, 0x6b, 0x7b, 0xff}, {0xa3, 0xa0, 0x8c, 0xff},
	}
)

func groupColour(gi int) color.RGBA {
	if gi < 0 {
		return plainBar
	}
	return groupColours[gi%len(groupColours)]
}

type canvas struct {
	img           *image.RGBA
	regular, bold font.Face
}

func newFace(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

func (c *canvas) rect(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.img, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{}, draw.Src)
}

// text draws s with its baseline at y, starting at x (right-aligned to x
// when right is set).
func (c *canvas) text(face font.Face, s string, x, y int, col color.Color, right bool) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	if right {
		x -= d.MeasureString(s).Ceil()
	}
	d.Dot = fixed.P(x, y)
	d.DrawString(s)
}

// bar is one row of a bar chart.
type bar struct {
	label  string
	value  float64
	text   string // printed after the bar
	colour color.RGBA
}

// bars draws a titled horizontal bar chart from y on and returns the y
// below it. Bars are scaled to the largest value.
func (c *canvas) bars(title, note string, rows []bar, y int) int {
	c.text(c.bold, title, plotMargin, y+fontSize, ink, false)
	y += fontSize + 6
	if note != "" {
		c.text(c.regular, note, plotMargin, y+fontSize, faint, false)
		y += fontSize + 6
	}
	y += 6
	top := 0.0
	for _, r := range rows {
		top = max(top, r.value)
	}
	// Room is left after the longest bar for its value; grid lines mark
	// quarters of the top value.
	x0, x1 := plotMargin+labelWidth, plotWidth-plotMargin-170
	for i := 0; i <= 4; i++ {
		x := x0 + (x1-x0)*i/4
		c.rect(x, y, x+1, y+len(rows)*rowHeight, grid)
	}
	for _, r := range rows {
		base := y + rowHeight - 6
		c.text(c.regular, clip(r.label, 44), x0-8, base, ink, true)
		w := 0
		if top > 0 {
			w = int(float64(x1-x0) * r.value / top)
		}
		c.rect(x0, y+3, x0+max(w, 1), y+rowHeight-3, r.colour)
		c.text(c.regular, r.text, x0+w+6, base, ink, false)
		y += rowHeight
	}
	return y + 18
}

// writePlot draws the chart of r into the PNG file path.
func writePlot(path string, r *Result, names *namer) error {
	img, err := plotImage(r, names)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func plotImage(r *Result, names *namer) (*image.RGBA, error) {
	ed := engine.EditionByID(r.Edition)
	if ed == nil {
		return nil, fmt.Errorf("unknown edition %q", r.Edition)
	}
	regular, err := newFace(goregular.TTF, fontSize)
	if err != nil {
		return nil, err
	}
	bold, err := newFace(gobold.TTF, fontSize+2)
	if err != nil {
		return nil, err
	}

	landing := make([]bar, 0, len(r.Landing.EndOfTurn)+1)
	for sq, share := range r.Landing.EndOfTurn {
		label := fmt.Sprintf("%d  %s", sq, names.square(sq))
		col := groupColour(ed.Squares[sq].Group)
		if sq == ed.JailSquare {
			label += " (just visiting)"
		}
		landing = append(landing, bar{label, share, fmt.Sprintf("%.2f %%", 100*share), col})
	}
	landing = append(landing, bar{"in jail", r.Landing.InJail, fmt.Sprintf("%.2f %%", 100*r.Landing.InJail), jailColour})
	var groups []bar
	for _, g := range r.Balance.Groups {
		groups = append(groups, bar{names.group(g.Group), g.ROI,
			fmt.Sprintf("%.2f (%.0f a game)", g.ROI, g.RentPerGame), groupColour(g.Group)})
	}

	height := plotMargin + (len(landing)+len(groups))*rowHeight + 4*(fontSize+6) + 2*(12+18) + plotMargin
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, plotWidth, height)), regular: regular, bold: bold}
	c.rect(0, 0, plotWidth, height, paper)
	y := plotMargin
	note := fmt.Sprintf("%s, %d players, %d games, %d player-turns counted", r.Edition, r.Players, r.Games, r.Landing.Counted)
	if r.Landing.Warmup > 0 {
		note += fmt.Sprintf(" (each seat's first %d turns of a game left out)", r.Landing.Warmup)
	}
	y = c.bars("Where player-turns end", note, landing, y)
	c.bars("Return on investment per group", "rent collected over what was paid for the deeds and buildings (rent per game)", groups, y)
	return c.img, nil
}
