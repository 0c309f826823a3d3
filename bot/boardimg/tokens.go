package boardimg

import (
	"image"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Token sizes.
const (
	tokenRadius = 15
	tokenDigit  = minText
)

// tokens draws every active player's token on their square, and frames
// the square of the marked seat so that it is found at a glance.
func (p *painter) tokens() {
	if m := p.marked(); p.g.Active(m) {
		frame(p.img, inner(p.cells[p.g.Players[m].Pos]), 4, highlight)
	}
	at := map[int][]int{}
	for seat, pl := range p.g.Players {
		if !pl.Bankrupt {
			at[pl.Pos] = append(at[pl.Pos], seat)
		}
	}
	for i := range p.ed.Squares {
		seats := at[i]
		if len(seats) == 0 {
			continue
		}
		spots := tokenSpots(p.cells[i], len(seats))
		// The current player's token goes on top, its ring whole.
		for pass := range 2 {
			for k, seat := range seats {
				if (engine.PlayerID(seat) == p.marked()) == (pass == 1) {
					p.token(seat, spots[k][0], spots[k][1])
				}
			}
		}
	}
}

// tokenSpots are the centres for n tokens on a square: in rows along the
// board's edge, further rows towards the middle.
func tokenSpots(c cell, n int) [][2]float32 {
	const gap = 2*tokenRadius + 1
	var area image.Rectangle
	if c.corner {
		area = c.rect.Inset(12)
		area.Min.Y += cornerTokensFrom
	} else {
		area = c.tokenArea()
	}
	long := area.Dx()
	if !c.corner && !c.vertical() {
		long = area.Dy()
	}
	perRow := max(1, long/gap)
	rows := (n + perRow - 1) / perRow
	if c.corner { // a corner has room for even rows of at most three
		rows = (n + 2) / 3
		perRow = (n + rows - 1) / rows
	}
	spots := make([][2]float32, 0, n)
	for k := 0; k < n; k++ {
		row, col := k/perRow, k%perRow
		inRow := min(perRow, n-row*perRow)
		along := float32(long)/2 + (float32(col)-float32(inRow-1)/2)*gap
		outward := float32(gap)/2 + float32(row)*gap // from the outer edge
		var x, y float32
		switch {
		case c.corner:
			x = float32(area.Min.X) + along
			y = float32(area.Min.Y) + float32(area.Dy())/2 + (float32(row)-float32(rows-1)/2)*gap
		case c.side == bottom:
			x, y = float32(area.Min.X)+along, float32(area.Max.Y)-outward
		case c.side == top:
			x, y = float32(area.Min.X)+along, float32(area.Min.Y)+outward
		case c.side == left:
			x, y = float32(area.Min.X)+outward, float32(area.Min.Y)+along
		default:
			x, y = float32(area.Max.X)-outward, float32(area.Min.Y)+along
		}
		spots = append(spots, [2]float32{x, y})
	}
	return spots
}

// marked is the seat the picture singles out: the one whose turn it is,
// or the winner once the game is over (NoOwner if nobody won).
func (p *painter) marked() engine.PlayerID {
	if p.g.Phase == engine.PhaseGameOver {
		return p.g.Winner
	}
	return p.g.Current
}

// token draws seat's token: a disc in its colour with its number, ringed
// when the seat is marked (its turn, or it won), behind bars when the seat
// is in jail.
func (p *painter) token(seat int, x, y float32) {
	const rad = tokenRadius
	if engine.PlayerID(seat) == p.marked() {
		p.sh.disc(p.img, x, y, rad+5, highlight)
	}
	p.sh.disc(p.img, x, y, rad+2, white)
	p.sh.disc(p.img, x, y, rad, playerColor(seat))
	face := p.faces.get(p.bold, tokenDigit)
	digit := strconv.Itoa(seat + 1)
	w := font.MeasureString(face, digit)
	m := face.Metrics()
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(digitInk(playerColor(seat))), Face: face}
	d.Dot = fixed.Point26_6{
		X: fixed.I(int(x+0.5)) - w/2,
		Y: fixed.I(int(y+0.5)) + (m.CapHeight / 2),
	}
	d.DrawString(digit)
	if p.g.Players[seat].InJail {
		for _, dx := range []float32{-rad * 0.62, rad * 0.62} { // clear of the digit
			p.sh.polygon(p.img, barsInk, [2]float32{x + dx - 1.5, y - rad - 2}, [2]float32{x + dx + 1.5, y - rad - 2},
				[2]float32{x + dx + 1.5, y + rad + 2}, [2]float32{x + dx - 1.5, y + rad + 2})
		}
	}
}

// Size of an owner's flag, along the board's edge and across it.
const (
	flagLong  = 44
	flagShort = 20
	flagNotch = 9 // how deep the swallowtail cuts in
)

// ownerFlag marks a deed's owner on the square's outer edge: a swallowtail
// flag in the seat's colour with its number, as the seat's token has. A
// flag is neither a colour set's full-width band nor a token's disc, so an
// owner is never taken for either, and the number tells seats of near
// colours apart.
func (p *painter) ownerFlag(c cell, seat int) {
	zone := c.ownerZone().Intersect(inner(c))
	cx, cy := float32(zone.Min.X+zone.Max.X)/2, float32(zone.Min.Y+zone.Max.Y)/2
	along := c.side == bottom || c.side == top // the flag lies along the edge
	shape := func(grow float32) [][2]float32 {
		l, s, n := float32(flagLong)/2+grow, float32(flagShort)/2+grow, float32(flagNotch)
		if along {
			return [][2]float32{{cx - l, cy - s}, {cx + l, cy - s}, {cx + l - n, cy}, {cx + l, cy + s}, {cx - l, cy + s}}
		}
		return [][2]float32{{cx - s, cy - l}, {cx + s, cy - l}, {cx + s, cy + l}, {cx, cy + l - n}, {cx - s, cy + l}}
	}
	col := playerColor(seat)
	p.sh.polygon(p.img, white, shape(2)...)
	p.sh.polygon(p.img, col, shape(0)...)
	face := p.faces.get(p.bold, tokenDigit)
	digit := strconv.Itoa(seat + 1)
	w := font.MeasureString(face, digit)
	// The number sits in the flag's whole part, clear of the notch.
	x, y := cx, cy
	if along {
		x -= flagNotch / 2
	} else {
		y -= flagNotch / 2
	}
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(digitInk(col)), Face: face}
	d.Dot = fixed.Point26_6{X: fixed.I(int(x+0.5)) - w/2, Y: fixed.I(int(y+0.5)) + face.Metrics().CapHeight/2}
	d.DrawString(digit)
}
