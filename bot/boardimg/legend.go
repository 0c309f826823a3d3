package boardimg

import (
	"image"
	"image/color"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Sizes of the legend in the middle of the board.
const (
	legendPad   = 26 // from the middle's edge
	legendRow   = 48
	legendText  = 27
	legendTitle = 36
	keyBox      = 30 // the mortgage key's swatch
)

var titleSizes = []float64{legendTitle, 32, 28, 24}

// legend fills the middle of the board: the edition's name, one row per
// player (token, name, cash; the current player's row marked), the
// jackpot when the rules have one, and what the hatching means.
func (p *painter) legend() {
	mid := image.Rect(depth+1, depth+1, boardSize-depth-1, boardSize-depth-1)
	fill(p.img, mid, middle)
	area := mid.Inset(legendPad)

	title, _ := fit(p.faces, p.bold, p.words.T(p.lang, "edition_"+p.ed.ID, nil), titleSizes, area.Dx(), 2*legendTitle+8)
	text := p.faces.get(p.medium, legendText)
	// The free-parking house rule's pot, or an edition's own (the lux
	// casino's).
	jackpot := p.g.Rules.FreeParkingJackpot || p.ed.Jackpot > 0 || p.g.Jackpot > 0
	mortgages := false
	for _, prop := range p.g.Props {
		mortgages = mortgages || prop.Mortgaged
	}
	height := title.height() + 24 + len(p.g.Players)*legendRow
	if jackpot {
		height += 24 + legendRow
	}
	if mortgages {
		height += 24 + keyBox
	}
	rowH := legendRow
	if n := len(p.g.Players); height > area.Dy() { // more seats than editions have now
		rowH = max(2*tokenRadius+4, legendRow-(height-area.Dy()+n-1)/n)
		height -= n * (legendRow - rowH)
	}
	y := area.Min.Y + max(0, (area.Dy()-height)/2)
	drawBlock(p.img, title, image.Rect(area.Min.X, y, area.Max.X, y+title.height()), ink)
	y += title.height() + 24

	for seat, pl := range p.g.Players {
		row := image.Rect(area.Min.X, y, area.Max.X, y+rowH)
		current := engine.PlayerID(seat) == p.marked() && !pl.Bankrupt
		if current {
			fill(p.img, row, tint(highlight, 45))
			fill(p.img, image.Rect(row.Min.X, row.Min.Y, row.Min.X+6, row.Max.Y), highlight)
		}
		cy := float32(row.Min.Y+row.Max.Y) / 2
		p.token(seat, float32(row.Min.X+34), cy)
		col := color.Color(ink)
		right := p.money(pl.Cash)
		if pl.Bankrupt {
			col, right = softInk, p.words.T(p.lang, "board_bankrupt", nil)
		}
		baseline := row.Min.Y + (rowH+text.Metrics().CapHeight.Ceil())/2
		amount := p.shaper.shape(right, legendText)
		rightW := amount.width.Ceil()
		p.shaper.draw(p.img, amount, row.Max.X-12-rightW, baseline, col)
		nameX := row.Min.X + 64
		name := p.shaper.fitName(p.names[seat], legendText, row.Max.X-12-rightW-20-nameX)
		p.shaper.draw(p.img, name, nameX, baseline, col)
		if pl.Bankrupt {
			fill(p.img, image.Rect(nameX, baseline-9, nameX+name.width.Ceil(), baseline-7), col)
		}
		y += rowH
	}
	if jackpot {
		y += 24
		line := p.shaper.fitName(p.words.T(p.lang, "board_jackpot", map[string]any{"Amount": p.money(p.g.Jackpot)}), legendText, area.Dx())
		p.shaper.draw(p.img, line, area.Min.X+(area.Dx()-line.width.Ceil())/2,
			y+(legendRow+text.Metrics().CapHeight.Ceil())/2-legendRow/4, ink)
		y += legendRow
	}
	if !mortgages {
		return
	}
	y += 24
	// The key: a hatched swatch and what it means.
	small := p.faces.get(p.regular, minText+2)
	key := truncate(small, p.words.T(p.lang, "board_mortgaged", nil), area.Dx()-keyBox-14)
	w := keyBox + 12 + font.MeasureString(small, key).Ceil()
	box := image.Rect(area.Min.X+(area.Dx()-w)/2, y, area.Min.X+(area.Dx()-w)/2+keyBox, y+keyBox)
	fill(p.img, box, paper)
	hatch(p.img, box, hatchInk)
	frame(p.img, box, 1, gridLine)
	p.write(small, key, box.Max.X+12, y+(keyBox+small.Metrics().CapHeight.Ceil())/2, ink)
}

// write draws one line of text with its baseline's left end at (x, y).
func (p *painter) write(face font.Face, s string, x, y int, col color.Color) {
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// money is an amount in the game's currency, written as the chat writes it.
func (p *painter) money(amount int) string {
	return p.words.MoneyOf(p.lang, p.ed.ID, amount)
}
