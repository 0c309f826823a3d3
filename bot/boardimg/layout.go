package boardimg

import "image"

// The picture is a square board boardSize pixels wide: phones show it at
// full width, and Telegram keeps photos up to 1 280 pixels unscaled. Text
// is at least minText pixels high (legible on a phone at that width).
const (
	boardSize = 1080
	// depth is how far a side square reaches into the board (and a
	// corner's size). It holds, from the board's edge inwards: the owner's
	// flag, the tokens, two lines of the name and the colour band.
	depth      = 256
	ownerStrip = 26
	tokenZone  = 34
	bandDepth  = 28
	textPad    = 4 // between the text and a zone's edge
	textAcross = 2 // the same across a side square
	minText    = 22
)

// side is the edge of the board a square lies on.
type side uint8

const (
	bottom side = iota
	left
	top
	right
)

// cell is where one square is drawn.
type cell struct {
	rect   image.Rectangle
	side   side
	corner bool
}

// sideCounts splits the squares between the corners over the four sides,
// the first sides taking one more when they do not divide evenly.
func sideCounts(squares int) [4]int {
	var c [4]int
	rest := squares - 4
	for s := range c {
		c[s] = rest / 4
		if s < rest%4 {
			c[s]++
		}
	}
	return c
}

// layout places the squares of a board of n squares (n ≥ 4) the way a
// printed board does: square 0 in the bottom-right corner, then along the
// bottom to the left, up the left side, along the top and down the right.
func layout(n int) []cell {
	counts := sideCounts(n)
	span := boardSize - 2*depth
	far := boardSize - depth
	corners := [4]image.Rectangle{
		image.Rect(far, far, boardSize, boardSize),
		image.Rect(0, far, depth, boardSize),
		image.Rect(0, 0, depth, depth),
		image.Rect(far, 0, boardSize, depth),
	}
	cells := make([]cell, 0, n)
	for s := bottom; s <= right; s++ {
		cells = append(cells, cell{rect: corners[s], side: s, corner: true})
		c := counts[s]
		for j := 0; j < c; j++ {
			a, b := depth+j*span/c, depth+(j+1)*span/c
			var r image.Rectangle
			switch s {
			case bottom:
				r = image.Rect(boardSize-b, far, boardSize-a, boardSize)
			case left:
				r = image.Rect(0, boardSize-b, depth, boardSize-a)
			case top:
				r = image.Rect(a, 0, b, depth)
			case right:
				r = image.Rect(far, a, boardSize, b)
			}
			cells = append(cells, cell{rect: r, side: s})
		}
	}
	return cells[:n]
}

// zone is the part of a side square between from and to pixels away from
// the board's outer edge.
func (c cell) zone(from, to int) image.Rectangle {
	r := c.rect
	switch c.side {
	case bottom:
		return image.Rect(r.Min.X, r.Max.Y-to, r.Max.X, r.Max.Y-from)
	case top:
		return image.Rect(r.Min.X, r.Min.Y+from, r.Max.X, r.Min.Y+to)
	case left:
		return image.Rect(r.Min.X+from, r.Min.Y, r.Min.X+to, r.Max.Y)
	default:
		return image.Rect(r.Max.X-to, r.Min.Y, r.Max.X-from, r.Max.Y)
	}
}

// vertical reports whether the square's long side runs up and down (the
// top and bottom rows), so its name is written bottom to top.
func (c cell) vertical() bool { return !c.corner && (c.side == bottom || c.side == top) }

// Zones of a side square, measured from the outer edge.
func (c cell) ownerZone() image.Rectangle { return c.zone(0, ownerStrip) }
func (c cell) tokenArea() image.Rectangle { return c.zone(ownerStrip, ownerStrip+tokenZone) }
func (c cell) bandZone() image.Rectangle  { return c.zone(depth-bandDepth, depth) }

// textArea is where the name goes: between the tokens and the band, less
// padding; for a corner, its upper part.
func (c cell) textArea() image.Rectangle {
	if c.corner {
		r := c.rect.Inset(10)
		r.Max.Y = r.Min.Y + 110
		return r
	}
	r := c.zone(ownerStrip+tokenZone, depth-bandDepth)
	// Across the square (its narrow side) the text may come closer to the
	// grid lines: two lines of a name need every pixel of it.
	if c.vertical() {
		return image.Rect(r.Min.X+textAcross, r.Min.Y+textPad, r.Max.X-textAcross, r.Max.Y-textPad)
	}
	return image.Rect(r.Min.X+textPad, r.Min.Y+textAcross, r.Max.X-textPad, r.Max.Y-textAcross)
}

// Where things go in a corner, from its top: the name above arrowAt, the
// tokens below cornerTokensFrom.
const (
	arrowAt          = 135
	cornerTokensFrom = 150
)

// inner is a square's drawing area: its cell less the grid line.
func inner(c cell) image.Rectangle {
	r := c.rect
	r.Min = r.Min.Add(image.Pt(1, 1))
	r.Max = r.Max.Sub(image.Pt(1, 1))
	if r.Min.X == 1 {
		r.Min.X = 2
	}
	if r.Min.Y == 1 {
		r.Min.Y = 2
	}
	if r.Max.X == boardSize-1 {
		r.Max.X = boardSize - 2
	}
	if r.Max.Y == boardSize-1 {
		r.Max.Y = boardSize - 2
	}
	return r
}
