package boardimg

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"
)

// fill paints r in c.
func fill(dst *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// frame draws a line of width w just inside r.
func frame(dst *image.RGBA, r image.Rectangle, w int, c color.Color) {
	fill(dst, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	fill(dst, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	fill(dst, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), c)
	fill(dst, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// hatch lays diagonal stripes of c (with its alpha) over r: the mark of a
// mortgaged deed.
func hatch(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	a := uint32(c.A)
	blend := func(v *uint8, src uint8) { *v = uint8((uint32(src)*a + uint32(*v)*(255-a)) / 255) }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if (x+y)%14 < 3 {
				p := dst.Pix[dst.PixOffset(x, y):]
				blend(&p[0], c.R)
				blend(&p[1], c.G)
				blend(&p[2], c.B)
			}
		}
	}
}

// shapes draws antialiased figures. The rasterizer works on a small box
// around each figure, so a figure costs its own size, not the picture's.
type shapes struct {
	ras vector.Rasterizer
}

// polygon fills the closed polygon pts (absolute coordinates) with c.
func (s *shapes) polygon(dst *image.RGBA, c color.Color, pts ...[2]float32) {
	box := bounds(pts)
	s.ras.Reset(box.Dx(), box.Dy())
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	s.ras.MoveTo(pts[0][0]-ox, pts[0][1]-oy)
	for _, p := range pts[1:] {
		s.ras.LineTo(p[0]-ox, p[1]-oy)
	}
	s.ras.ClosePath()
	s.ras.Draw(dst, box, image.NewUniform(c), image.Point{})
}

// disc fills the circle of radius rad around (cx, cy) with c.
func (s *shapes) disc(dst *image.RGBA, cx, cy, rad float32, c color.Color) {
	box := image.Rect(int(cx-rad)-1, int(cy-rad)-1, int(cx+rad)+2, int(cy+rad)+2)
	s.ras.Reset(box.Dx(), box.Dy())
	x, y := cx-float32(box.Min.X), cy-float32(box.Min.Y)
	const k = 0.5523 // a quarter circle as one cubic Bézier
	kr := k * rad
	s.ras.MoveTo(x+rad, y)
	s.ras.CubeTo(x+rad, y+kr, x+kr, y+rad, x, y+rad)
	s.ras.CubeTo(x-kr, y+rad, x-rad, y+kr, x-rad, y)
	s.ras.CubeTo(x-rad, y-kr, x-kr, y-rad, x, y-rad)
	s.ras.CubeTo(x+kr, y-rad, x+rad, y-kr, x+rad, y)
	s.ras.ClosePath()
	s.ras.Draw(dst, box, image.NewUniform(c), image.Point{})
}

func bounds(pts [][2]float32) image.Rectangle {
	minX, minY, maxX, maxY := pts[0][0], pts[0][1], pts[0][0], pts[0][1]
	for _, p := range pts {
		minX, minY = min(minX, p[0]), min(minY, p[1])
		maxX, maxY = max(maxX, p[0]), max(maxY, p[1])
	}
	return image.Rect(int(minX)-1, int(minY)-1, int(maxX)+2, int(maxY)+2)
}

// house draws one building of the lower kind (a house, a branch): a
// pitched roof on a square body, size pixels wide, its bottom-left corner
// at (x, y).
func (s *shapes) house(dst *image.RGBA, x, y, size float32) {
	roof := size * 0.45
	outline := func(x, y, w float32, c color.Color) {
		s.polygon(dst, c, [2]float32{x, y}, [2]float32{x, y - w + roof}, [2]float32{x + w/2, y - w},
			[2]float32{x + w, y - w + roof}, [2]float32{x + w, y})
	}
	outline(x-1.5, y+1.5, size+3, white)
	outline(x, y, size, houseFill)
}

// hotel draws the higher kind (a hotel, a corporation): a stepped tower
// with rows of windows, w × h, its bottom-left corner at (x, y).
func (s *shapes) hotel(dst *image.RGBA, x, y, w, h float32) {
	step := h * 0.3
	tower := func(x, y, w, h, grow float32, c color.Color) {
		s.polygon(dst, c, [2]float32{x - grow, y + grow}, [2]float32{x - grow, y - h + step - grow},
			[2]float32{x + w/4 - grow, y - h + step - grow}, [2]float32{x + w/4 - grow, y - h - grow},
			[2]float32{x + 3*w/4 + grow, y - h - grow}, [2]float32{x + 3*w/4 + grow, y - h + step - grow},
			[2]float32{x + w + grow, y - h + step - grow}, [2]float32{x + w + grow, y + grow})
	}
	tower(x, y, w, h, 1.5, white)
	tower(x, y, w, h, 0, hotelFill)
	for row := float32(0); row < 2; row++ {
		for col := float32(0); col < 3; col++ {
			wx, wy := x+w*(0.18+0.27*col), y-h*(0.3+0.3*row)
			s.polygon(dst, white, [2]float32{wx, wy}, [2]float32{wx + w*0.14, wy}, [2]float32{wx + w*0.14, wy - h*0.14}, [2]float32{wx, wy - h*0.14})
		}
	}
}
