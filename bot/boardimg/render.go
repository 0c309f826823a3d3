package boardimg

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// New parses the fonts once; words gives the names and labels.
func New(words Words) (*Renderer, error) {
	r := &Renderer{words: words}
	for _, f := range []struct {
		dst **opentype.Font
		ttf []byte
	}{{&r.regular, goregular.TTF}, {&r.medium, gomedium.TTF}, {&r.bold, gobold.TTF}} {
		parsed, err := opentype.Parse(f.ttf)
		if err != nil {
			return nil, fmt.Errorf("boardimg: %w", err)
		}
		*f.dst = parsed
	}
	var err error
	if r.nameFonts, err = loadNameFonts(); err != nil {
		return nil, err
	}
	return r, nil
}

// Errors of Render and Draw.
var (
	// ErrNoEdition: the game's edition is not one the engine knows.
	ErrNoEdition = errors.New("boardimg: unknown edition")
	// ErrBadGame: the game does not fit its board (a damaged record); the
	// picture is refused rather than drawn wrong or panicking.
	ErrBadGame = errors.New("boardimg: game does not fit its board")
)

// Render draws g for a chat in lang as a PNG. names are the seats' display
// names in seat order (any Unicode; what the font cannot draw is left out,
// long names are cut). The same arguments always give the same bytes.
func (r *Renderer) Render(g *engine.Game, lang string, names []string) ([]byte, error) {
	img, err := r.Draw(g, lang, names)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(256 << 10)
	if err := encodePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("boardimg: %w", err)
	}
	return buf.Bytes(), nil
}

// Draw is Render before the PNG encoding.
func (r *Renderer) Draw(g *engine.Game, lang string, names []string) (*image.RGBA, error) {
	p, err := r.painter(g, lang, names)
	if err != nil {
		return nil, err
	}
	fill(p.img, p.img.Rect, gridLine)
	for i := range p.ed.Squares {
		p.square(i)
	}
	p.tokens()
	p.legend()
	return p.img, nil
}

// painter prepares the drawing of g on a blank canvas.
func (r *Renderer) painter(g *engine.Game, lang string, names []string) (*painter, error) {
	ed := g.EditionData()
	if ed == nil {
		return nil, fmt.Errorf("%w %q", ErrNoEdition, g.Edition)
	}
	if err := fits(g, ed); err != nil {
		return nil, err
	}
	p := &painter{
		Renderer: r, g: g, ed: ed, lang: lang, faces: faces{},
		img:   image.NewRGBA(image.Rect(0, 0, boardSize, boardSize)),
		cells: layout(len(ed.Squares)),
	}
	p.shaper = newNameShaper(r.nameFonts)
	p.names = make([]string, len(g.Players))
	for i := range p.names {
		if i < len(names) {
			p.names[i] = p.shaper.clean(names[i])
		}
		if p.names[i] == "" { // nothing the fonts can draw (emoji only):
			// the seat's colour and number beside it are what tie it to the
			// chat; another name ("Player 2") would contradict the chat's
			p.names[i] = "…"
		}
	}
	return p, nil
}

// fits checks what the drawing indexes by: one deed per square, owners
// and positions within range.
func fits(g *engine.Game, ed *engine.Edition) error {
	n := len(ed.Squares)
	if len(g.Props) != n {
		return fmt.Errorf("%w: %d deeds, %d squares", ErrBadGame, len(g.Props), n)
	}
	for i, prop := range g.Props {
		if prop.Owner < engine.NoOwner || int(prop.Owner) >= len(g.Players) {
			return fmt.Errorf("%w: square %d owned by seat %d of %d", ErrBadGame, i, prop.Owner, len(g.Players))
		}
	}
	for seat, pl := range g.Players {
		if pl.Pos < 0 || pl.Pos >= n {
			return fmt.Errorf("%w: seat %d on square %d of %d", ErrBadGame, seat, pl.Pos, n)
		}
	}
	return nil
}

// squareName is square i's name in the chat's language.
func (r *Renderer) squareName(edition string, i int, lang string) string {
	// A name too long for its square has a shorter form for the picture
	// (sq_short_<edition>_<n>, such as the lux edition's «Компанія
	// мобільного зв'язку»); the messages keep the full one.
	short := "sq_short_" + edition + "_" + strconv.Itoa(i)
	if name := r.words.T(lang, short, nil); name != short && name != "" {
		return name
	}
	return r.words.T(lang, "sq_"+edition+"_"+strconv.Itoa(i), nil)
}

// bandColor is the colour band of square i, if it has one: the colour its
// group's mark names, or a spare colour for a street group without one.
func (p *painter) bandColor(i int) (color.RGBA, bool) {
	sq := &p.ed.Squares[i]
	if sq.Group < 0 {
		return color.RGBA{}, false
	}
	mark := p.words.T(p.lang, "group_emoji_"+p.ed.ID+"_"+strconv.Itoa(sq.Group), nil)
	if c, ok := groupColors[mark]; ok {
		return c, true
	}
	if sq.Kind == engine.SquareStreet {
		return spareGroupColors[sq.Group%len(spareGroupColors)], true
	}
	return color.RGBA{}, false
}

// square draws square i: background, colour band, owner's flag, hatching
// when mortgaged, buildings, name. An owned square keeps the paper's
// colour: a tint in the owner's colour read as one more colour set.
func (p *painter) square(i int) {
	c := p.cells[i]
	box := inner(c)
	prop := p.g.Props[i]
	owned := p.ed.Squares[i].Ownable() && prop.Owner != engine.NoOwner
	fill(p.img, box, paper)
	if c.corner {
		p.name(i, c, box)
		if p.ed.Squares[i].Kind == engine.SquareStart {
			p.startArrow(c)
		}
		return
	}
	if band, ok := p.bandColor(i); ok {
		fill(p.img, c.bandZone().Intersect(box), band)
	}
	if owned && prop.Mortgaged {
		hatch(p.img, box, hatchInk)
	}
	if owned {
		p.ownerFlag(c, int(prop.Owner))
	}
	p.buildings(c, int(prop.Buildings))
	p.name(i, c, box)
}

// name writes square i's name in its text area.
func (p *painter) name(i int, c cell, box image.Rectangle) {
	b, area, _ := p.nameBlock(p.faces, p.ed.ID, i, c, p.lang)
	area = area.Intersect(box)
	if c.vertical() {
		drawBlockUp(p.img, b, area, ink)
	} else {
		drawBlock(p.img, b, area, ink)
	}
}

// nameBlock breaks square i's name into lines for cell c and reports
// whether it fits there at a legible size.
func (r *Renderer) nameBlock(fs faces, edition string, i int, c cell, lang string) (block, image.Rectangle, bool) {
	area := c.textArea()
	text := r.squareName(edition, i, lang)
	if c.vertical() {
		b, ok := fit(fs, r.regular, text, nameSizes, area.Dy(), area.Dx())
		return b, area, ok
	}
	sizes := nameSizes
	if c.corner {
		sizes = cornerSizes
	}
	b, ok := fit(fs, r.regular, text, sizes, area.Dx(), area.Dy())
	return b, area, ok
}

// startArrow shows on the start square which way the tokens go: towards
// square 1, along the bottom to the left.
func (p *painter) startArrow(c cell) {
	const long, shaft, head = 130, 12, 34
	cx, y := float32(c.rect.Min.X+c.rect.Max.X)/2, float32(c.rect.Min.Y+arrowAt)
	x0, x1 := cx-long/2, cx+long/2
	p.sh.polygon(p.img, hotelFill,
		[2]float32{x0, y}, [2]float32{x0 + head, y - head/2}, [2]float32{x0 + head, y - shaft/2},
		[2]float32{x1, y - shaft/2}, [2]float32{x1, y + shaft/2}, [2]float32{x0 + head, y + shaft/2},
		[2]float32{x0 + head, y + head/2})
}

// cornerSizes are tried for the corners' names, which have more room.
var cornerSizes = []float64{28, 26, 24, minText}

// buildings marks a street's buildings on its colour band, on a white
// label so that it reads on every colour: a house icon with the count for
// the lower kind (houses, branches), a hotel icon for the higher (hotels,
// corporations). A square's width leaves no room for four legible icons.
func (p *painter) buildings(c cell, n int) {
	if n <= 0 {
		return
	}
	band := c.bandZone().Inset(3)
	const icon, digitW = 18, 13
	var label image.Rectangle
	centre := band.Min.Add(band.Max).Div(2)
	digits := n > 1 && n < engine.Hotel
	switch {
	case !digits:
		label = image.Rect(centre.X-14, centre.Y-13, centre.X+14, centre.Y+13)
	case c.vertical():
		label = image.Rect(centre.X-(icon+digitW+10)/2, band.Min.Y, centre.X+(icon+digitW+10)/2, band.Max.Y)
	default:
		label = image.Rect(band.Min.X, centre.Y-(icon+minText+6)/2, band.Max.X, centre.Y+(icon+minText+6)/2)
	}
	fill(p.img, label, white)
	frame(p.img, label, 1, gridLine)
	if n >= engine.Hotel {
		p.sh.hotel(p.img, float32(centre.X)-11, float32(centre.Y)+10, 22, 20)
		return
	}
	if !digits {
		p.sh.house(p.img, float32(centre.X)-icon/2, float32(centre.Y)+icon/2, icon)
		return
	}
	face := p.faces.get(p.bold, minText)
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(ink), Face: face}
	digit := strconv.Itoa(n)
	capH := face.Metrics().CapHeight.Ceil()
	if c.vertical() {
		x := float32(label.Min.X + 4)
		p.sh.house(p.img, x, float32(centre.Y)+icon/2, icon)
		d.Dot = fixed.P(int(x)+icon+3, centre.Y+capH/2)
	} else {
		p.sh.house(p.img, float32(centre.X)-icon/2, float32(label.Min.Y+3+icon), icon)
		d.Dot = fixed.P(centre.X-font.MeasureString(face, digit).Ceil()/2, label.Max.Y-4)
	}
	d.DrawString(digit)
}
