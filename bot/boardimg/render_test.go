package boardimg

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/font"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestNamesFit holds every square name of every edition, in every
// language, to its square at a legible size.
func TestNamesFit(t *testing.T) {
	cat := catalog(t)
	r := renderer(t, cat)
	fs := faces{}
	for _, ed := range editions() {
		squares := engine.EditionByID(ed).Squares
		cells := layout(len(squares))
		for _, lang := range locales.Languages {
			for i := range squares {
				id := "sq_" + ed + "_" + strconv.Itoa(i)
				if name := cat.T(lang, id, nil); name == id {
					t.Errorf("%s %s: no name", lang, id)
					continue
				}
				b, area, ok := r.nameBlock(fs, ed, i, cells[i], lang)
				if !ok {
					t.Errorf("%s %s %q does not fit %v at %vpx (lines %q, %d×%d)",
						lang, id, r.squareName(ed, i, lang), area.Size(), nameSizes[len(nameSizes)-1], b.lines, b.width(), b.height())
				}
			}
		}
	}
}

func TestFitBreaksEvenly(t *testing.T) {
	r := renderer(t, catalog(t))
	fs := faces{}
	face := fs.get(r.regular, minText)
	wide := func(s string) int { b, _ := fitAt(face, pieces(s), 1000, 1000); return b.width() }
	for _, tc := range []struct {
		text  string
		maxW  int
		lines []string
	}{
		{"Шанс", 100, []string{"Шанс"}},
		{"North Carolina Avenue", wide("North Carolina"), []string{"North Carolina", "Avenue"}},
		{"вул. Велика Васильківська", wide("Васильківська"), []string{"вул. Велика", "Васильківська"}},
		{"Интернет-провайдер", wide("провайдер"), []string{"Интернет-", "провайдер"}},
		{"a b c", 1000, []string{"a b c"}},
		{"1-я Парковая ул.", wide("Парковая ул."), []string{"1-я", "Парковая ул."}},
		{"Тюрьма (просто в гостях)", wide("(просто в гостях)"), []string{"Тюрьма", "(просто в гостях)"}},
	} {
		b, ok := fitAt(face, pieces(tc.text), tc.maxW, 1000)
		if !ok || strings.Join(b.lines, "|") != strings.Join(tc.lines, "|") {
			t.Errorf("%q in %dpx: %q (fits %v), want %q", tc.text, tc.maxW, b.lines, ok, tc.lines)
		}
	}
	if b, ok := fitAt(face, pieces("Водопроводная"), 60, 1000); ok {
		t.Errorf("a word wider than the box fits: %q", b.lines)
	}
	if b, ok := fitAt(face, pieces("one two three"), 1000, face.Metrics().Height.Ceil()); !ok || len(b.lines) != 1 {
		t.Errorf("one line's height: %q, %v", b.lines, ok)
	}
}

func TestCleanName(t *testing.T) {
	r := renderer(t, catalog(t))
	for in, want := range map[string]string{
		"Алиса":                "Алиса",
		"Тарас 🇺🇦":             "Тарас",
		"🦄🦄":                   "",
		"  Їжак \n\t Бо  ":     "Їжак Бо",
		"Ре\u0301на":           "Рена",  // no composed form: the accent goes
		"e\u0301te\u0301":      "été",   // composed
		"Zalgo\u0337\u0322":    "Zalgo", // stacked marks would climb out of the row
		"a\u202Eb\u200Dc\x00d": "abcd",
		"日本語 Name":             "Name",
		"ґ\u0457\u0454\u0456":  "ґїєі",
		"ليلى":                 "ليلى",
		"דָּנִי":               "דָּנִי",        // Hebrew points stay
		"مُحَمَّد":             "مُحَمَّد",      // Arabic vowel signs stay
		"می\u200Cخواهم":        "می\u200Cخواهم", // a Persian non-joiner stays
		"Ali \u202Bعلي\u202C":  "Ali علي",
	} {
		if got := newNameShaper(r.nameFonts).clean(in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTruncate(t *testing.T) {
	r := renderer(t, catalog(t))
	face := faces{}.get(r.medium, legendText)
	if got := truncate(face, "Alice", 500); got != "Alice" {
		t.Errorf("a short name changed: %q", got)
	}
	long := strings.Repeat("Бартоломей ", 10)
	got := truncate(face, long, 200)
	if !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("truncate = %q", got)
	}
	if w := font.MeasureString(face, got).Ceil(); w > 200 {
		t.Errorf("%q is %dpx, wider than 200", got, w)
	}
}

// TestRenderDeterministic: the same game gives the same bytes, also when
// pictures are drawn concurrently (the bot caches by game and version).
func TestRenderDeterministic(t *testing.T) {
	r := renderer(t, catalog(t))
	for _, ed := range editions() {
		g := sampleGame(t, ed)
		first, err := r.Render(g, "uk", sampleNames)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		out := make([][]byte, 4)
		for k := range out {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out[k], _ = r.Render(g.Clone(), "uk", sampleNames)
			}()
		}
		wg.Wait()
		for k := range out {
			if !bytes.Equal(out[k], first) {
				t.Errorf("%s: render %d differs from the first", ed, k)
			}
		}
	}
}

// TestTelegramLimits: a photo Telegram takes unscaled, within its limits
// and the README's size target, and wide enough for a phone.
func TestTelegramLimits(t *testing.T) {
	r := renderer(t, catalog(t))
	for _, ed := range editions() {
		for _, lang := range locales.Languages {
			b, err := r.Render(sampleGame(t, ed), lang, sampleNames)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width < 1080 || cfg.Width+cfg.Height > 10000 || len(b) > 500<<10 {
				t.Errorf("%s %s: %d×%d, %d bytes", ed, lang, cfg.Width, cfg.Height, len(b))
			}
		}
	}
}

func TestUnknownEdition(t *testing.T) {
	r := renderer(t, catalog(t))
	if _, err := r.Render(&engine.Game{Edition: "no-such-edition"}, "en", nil); !errors.Is(err, ErrNoEdition) {
		t.Errorf("unknown edition: %v", err)
	}
}

// TestBadGame: a game that does not fit its board is refused, not drawn
// (and does not panic).
func TestBadGame(t *testing.T) {
	r := renderer(t, catalog(t))
	for name, damage := range map[string]func(g *engine.Game){
		"deeds missing":   func(g *engine.Game) { g.Props = g.Props[:10] },
		"position beyond": func(g *engine.Game) { g.Players[1].Pos = len(g.Props) },
		"position below":  func(g *engine.Game) { g.Players[0].Pos = -1 },
		"owner beyond":    func(g *engine.Game) { g.Props[1].Owner = engine.PlayerID(len(g.Players)) },
		"owner below":     func(g *engine.Game) { g.Props[1].Owner = -2 },
	} {
		g := sampleGame(t, engine.Classic)
		damage(g)
		if _, err := r.Render(g, "en", sampleNames); !errors.Is(err, ErrBadGame) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestLayout(t *testing.T) {
	for _, n := range []int{40, 36, 38} {
		cells := layout(n)
		if len(cells) != n {
			t.Fatalf("%d squares: %d cells", n, len(cells))
		}
		area := 0
		for i, c := range cells {
			area += c.rect.Dx() * c.rect.Dy()
			if !c.rect.In(image.Rect(0, 0, boardSize, boardSize)) || c.rect.Dx() < 60 || c.rect.Dy() < 60 {
				t.Errorf("%d squares: cell %d is %v", n, i, c.rect)
			}
			for j := range i {
				if c.rect.Overlaps(cells[j].rect) {
					t.Errorf("%d squares: cells %d and %d overlap", n, j, i)
				}
			}
			if i > 0 && !touching(cells[i-1].rect, c.rect) {
				t.Errorf("%d squares: cell %d does not follow cell %d", n, i, i-1)
			}
		}
		if !touching(cells[n-1].rect, cells[0].rect) {
			t.Errorf("%d squares: the last cell does not lead back to the start", n)
		}
		ring := boardSize*boardSize - (boardSize-2*depth)*(boardSize-2*depth)
		if area != ring {
			t.Errorf("%d squares cover %d pixels of the ring's %d", n, area, ring)
		}
		if c := cells[0]; !c.corner || c.rect.Max != image.Pt(boardSize, boardSize) {
			t.Errorf("the start is %v, not the bottom-right corner", c.rect)
		}
	}
}

// touching reports whether a and b share an edge.
func touching(a, b image.Rectangle) bool {
	return a.Inset(-1).Overlaps(b) && !a.Overlaps(b)
}

// TestPictureShowsTheGame looks at the pixels that carry the game: each
// player's token in their colour on their square, the current player's
// ring and framed square, owners' colours, the hatching of mortgages,
// buildings.
func TestPictureShowsTheGame(t *testing.T) {
	r := renderer(t, catalog(t))
	for _, ed := range editions() {
		g := sampleGame(t, ed)
		img, err := r.Draw(g, "en", sampleNames)
		if err != nil {
			t.Fatal(err)
		}
		cells := layout(len(g.Props))
		for seat, pl := range g.Players {
			if pl.Bankrupt { // no token where it would stand alone
				spot := tokenSpots(cells[pl.Pos], 1)[0]
				if got := img.RGBAAt(int(spot[0])+4, int(spot[1])+10); near(got, playerColor(seat)) {
					t.Errorf("%s: bankrupt seat %d has a token on square %d", ed, seat, pl.Pos)
				}
				continue
			}
			spots := seatSpots(g, cells, seat)
			x, y := int(spots[0]), int(spots[1])
			if got := img.RGBAAt(x+4, y+10); !near(got, playerColor(seat)) {
				t.Errorf("%s: seat %d's token at (%d,%d) is %v, not its colour", ed, seat, x, y, got)
			}
			// The ring, beside the token along the board's edge (across it
			// lie the owner's flag and the square's name).
			ring := img.RGBAAt(x+tokenRadius+4, y)
			if c := cells[pl.Pos]; !c.corner && !c.vertical() {
				ring = img.RGBAAt(x, y+tokenRadius+4)
			}
			current := seat == int(g.Current)
			// Beside a token that is not on top, a neighbour's may lie where
			// the ring would be (the yellow seat's looks like the ring).
			alone := len(seatsOn(g, pl.Pos)) == 1
			if near(ring, highlight) != current && (current || alone) {
				t.Errorf("%s: seat %d (current %v) ring colour %v", ed, seat, current, ring)
			}
			if edge := inner(cells[pl.Pos]).Min.Add(image.Pt(1, 1)); (img.RGBAAt(edge.X, edge.Y) == highlight) != (pl.Pos == g.Players[g.Current].Pos) {
				t.Errorf("%s: seat %d's square %d framed %v, the current seat is on %d", ed, seat, pl.Pos, img.RGBAAt(edge.X, edge.Y), g.Players[g.Current].Pos)
			}
		}
		occupied := map[int]bool{}
		for _, pl := range g.Players {
			occupied[pl.Pos] = occupied[pl.Pos] || !pl.Bankrupt
		}
		// The same game without mortgages: exactly the mortgaged squares
		// look different.
		free := g.Clone()
		for i := range free.Props {
			free.Props[i].Mortgaged = false
		}
		unmarked, err := r.Draw(free, "en", sampleNames)
		if err != nil {
			t.Fatal(err)
		}
		for i, prop := range g.Props {
			c := cells[i]
			if c.corner || !engine.EditionByID(ed).Squares[i].Ownable() {
				continue
			}
			if !occupied[i] {
				// The owner's flag: the seat's colour in the middle of the
				// outer edge, the edge's ends left free (a colour set's band
				// runs the square's whole width), no other seat's colour.
				zone := c.ownerZone().Intersect(inner(c))
				owned := prop.Owner != engine.NoOwner
				for seat := range g.Players {
					n := count(img, zone, playerColor(seat))
					if mine := owned && seat == int(prop.Owner); mine && n < 300 || !mine && n > 0 {
						t.Errorf("%s: square %d (owner %d) has %d pixels of seat %d's colour at its edge", ed, i, prop.Owner, n, seat)
					}
				}
				ends := []image.Point{zone.Min.Add(image.Pt(1, 1)), zone.Max.Sub(image.Pt(2, 2))}
				for _, pt := range ends {
					if px := img.RGBAAt(pt.X, pt.Y); owned && near(px, playerColor(int(prop.Owner))) {
						t.Errorf("%s: square %d's owner mark reaches the end of its edge at %v, as a colour set's band would", ed, i, pt)
					}
				}
			}
			// An owned square's paper is not tinted in the owner's colour
			// (a tint read as one more colour set).
			if text := c.textArea(); !prop.Mortgaged && img.RGBAAt(text.Min.X, text.Min.Y) != paper {
				t.Errorf("%s: square %d's paper is %v", ed, i, img.RGBAAt(text.Min.X, text.Min.Y))
			}
			if differ := !sameRegion(img, unmarked, inner(c)); differ != prop.Mortgaged {
				t.Errorf("%s: square %d mortgaged %v, but lifting mortgages changes its picture: %v", ed, i, prop.Mortgaged, differ)
			}
			houses := count(img, c.bandZone(), houseFill)
			hotels := count(img, c.bandZone(), hotelFill)
			switch n := prop.Buildings; {
			case n == 0 && houses+hotels > 0, n > 0 && n < engine.Hotel && houses == 0, n == engine.Hotel && hotels == 0:
				t.Errorf("%s: square %d with %d buildings shows %d house and %d hotel pixels", ed, i, n, houses, hotels)
			}
		}
	}
}

func sameRegion(a, b *image.RGBA, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if !bytes.Equal(a.Pix[a.PixOffset(r.Min.X, y):a.PixOffset(r.Max.X, y)], b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)]) {
			return false
		}
	}
	return true
}

func seatSpots(g *engine.Game, cells []cell, seat int) []float32 {
	if g.Players[seat].Bankrupt {
		return nil
	}
	var here []int
	for s, pl := range g.Players {
		if pl.Pos == g.Players[seat].Pos && !pl.Bankrupt {
			here = append(here, s)
		}
	}
	for k, s := range here {
		if s == seat {
			pt := tokenSpots(cells[g.Players[seat].Pos], len(here))[k]
			return pt[:]
		}
	}
	return nil
}

// seatsOn are the seats whose tokens stand on square sq.
func seatsOn(g *engine.Game, sq int) []int {
	var on []int
	for seat, pl := range g.Players {
		if !pl.Bankrupt && pl.Pos == sq {
			on = append(on, seat)
		}
	}
	return on
}

func count(img *image.RGBA, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

// near reports whether two colours differ by little in every channel: the
// rasterizer's coverage inside a figure is not always exactly full.
func near(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return x-y < 24 || y-x < 24 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// TestWordsExist: every word the picture asks the live locales for exists
// (a missing message comes back as its id).
func TestWordsExist(t *testing.T) {
	cat := catalog(t)
	for _, ed := range editions() {
		rec := &recorder{cat: cat, words: map[string]string{}}
		r := renderer(t, rec)
		for _, lang := range locales.Languages {
			if _, err := r.Draw(sampleGame(t, ed), lang, sampleNames); err != nil {
				t.Fatal(err)
			}
		}
		for key, word := range rec.words {
			// sq_short_ names are optional: most squares have none.
			if id := strings.Fields(key)[1]; word == id && !strings.HasPrefix(id, "sq_short_") {
				t.Errorf("%s: no message %s", ed, key)
			}
		}
		if len(rec.words) == 0 {
			t.Errorf("%s: the picture asked for no words", ed)
		}
	}
}

// TestWinnerMarked: once the game is over the winner's token is ringed,
// not the token of the seat that moved last.
func TestWinnerMarked(t *testing.T) {
	r := renderer(t, catalog(t))
	g := sampleGame(t, engine.Classic)
	g.Phase, g.Winner = engine.PhaseGameOver, 4
	img, err := r.Draw(g, "en", sampleNames)
	if err != nil {
		t.Fatal(err)
	}
	cells := layout(len(g.Props))
	for _, seat := range []int{int(g.Current), int(g.Winner)} {
		spot := seatSpots(g, cells, seat)
		ring := img.RGBAAt(int(spot[0])+tokenRadius+4, int(spot[1]))
		if near(ring, highlight) != (seat == int(g.Winner)) {
			t.Errorf("seat %d (winner %d): ring colour %v", seat, g.Winner, ring)
		}
	}
}

// TestLegendFitsManySeats: with more seats than any edition has now, the
// legend's rows get shorter and it stays inside the middle of the board.
func TestLegendFitsManySeats(t *testing.T) {
	r := renderer(t, catalog(t))
	g := sampleGame(t, engine.Classic)
	for len(g.Players) < 8 {
		g.Players = append(g.Players, engine.Player{Cash: 1500, Pos: len(g.Players)})
	}
	p, err := r.painter(g, "uk", append(sampleNames, "Сьомий", "Восьмий"))
	if err != nil {
		t.Fatal(err)
	}
	sentinel := color.RGBA{1, 2, 3, 0xFF}
	fill(p.img, p.img.Rect, sentinel)
	p.legend()
	mid := image.Rect(depth+1, depth+1, boardSize-depth-1, boardSize-depth-1)
	if outside := boardSize*boardSize - mid.Dx()*mid.Dy(); count(p.img, p.img.Rect, sentinel) != outside {
		t.Errorf("%d seats: the legend draws outside the middle of the board", len(g.Players))
	}
	if n := count(p.img, mid, playerColor(len(g.Players)-1)); n < 100 {
		t.Errorf("the last seat's token is not in the legend (%d pixels of its colour)", n)
	}
}

// TestTokenSpots: up to eight tokens on any square stay inside it and do
// not cover each other's middle.
func TestTokenSpots(t *testing.T) {
	for _, squares := range []int{40, 36} {
		for i, c := range layout(squares) {
			for n := 1; n <= 8; n++ {
				spots := tokenSpots(c, n)
				for k, s := range spots {
					r := image.Rect(int(s[0])-tokenRadius, int(s[1])-tokenRadius, int(s[0])+tokenRadius, int(s[1])+tokenRadius)
					if !r.In(c.rect) {
						t.Errorf("%d squares, square %d, %d tokens: token %d at %v leaves the square %v", squares, i, n, k, r, c.rect)
					}
					for j := range k {
						dx, dy := s[0]-spots[j][0], s[1]-spots[j][1]
						if dx*dx+dy*dy < 4*tokenRadius*tokenRadius {
							t.Errorf("%d squares, square %d, %d tokens: tokens %d and %d overlap", squares, i, n, j, k)
						}
					}
				}
			}
		}
	}
}
