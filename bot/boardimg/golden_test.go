package boardimg

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

var (
	update  = flag.Bool("update", false, "rewrite the golden pictures and the words they were drawn with")
	preview = flag.String("preview", "", "also write the full-size pictures into this directory, to look at")
)

// The golden pictures are drawn with the words stored beside them, not the
// live locales, so that rewording a square does not break them (the fit
// test holds the live words): they change only when the drawing or the
// edition's data does. -update records the words the renderer asks for.

// wordKey names one request for a word.
func wordKey(lang, id string, data map[string]any) string {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.WriteString(lang + " " + id)
	for _, k := range keys {
		fmt.Fprintf(&sb, " %s=%v", k, data[k])
	}
	return sb.String()
}

// recorder passes requests to the live catalog and keeps the answers.
type recorder struct {
	cat   *locales.Catalog
	words map[string]string
}

func (r *recorder) T(lang, id string, data map[string]any) string {
	s := r.cat.T(lang, id, data)
	r.words[wordKey(lang, id, data)] = s
	return s
}

// MoneyOf records an edition's own currency under "money_<edition>",
// the usual one under "money".
func (r *recorder) MoneyOf(lang, edition string, amount int) string {
	s, id := r.cat.MoneyOf(lang, edition, amount), "money"
	if s != r.cat.Money(lang, amount) {
		id = "money_" + edition
	}
	r.words[wordKey(lang, id, map[string]any{"N": amount})] = s
	return s
}

// stored answers from a recording; a request it does not hold fails the test.
type stored struct {
	t     testing.TB
	words map[string]string
}

func (s stored) get(key string) string {
	w, ok := s.words[key]
	if !ok {
		s.t.Errorf("no stored word for %q: run go test ./bot/boardimg -update", key)
	}
	return w
}

func (s stored) T(lang, id string, data map[string]any) string {
	return s.get(wordKey(lang, id, data))
}

func (s stored) MoneyOf(lang, edition string, amount int) string {
	if w, ok := s.words[wordKey(lang, "money_"+edition, map[string]any{"N": amount})]; ok {
		return w
	}
	return s.get(wordKey(lang, "money", map[string]any{"N": amount}))
}

// goldenScale is how much the stored pictures are reduced: small enough to
// keep the repository light, large enough to see what changed.
const goldenScale = 4

// shrink averages each goldenScale × goldenScale block of img into a pixel.
func shrink(img *image.RGBA) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/goldenScale, b.Dy()/goldenScale))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			var sum [4]int
			for dy := range goldenScale {
				for dx := range goldenScale {
					p := img.Pix[img.PixOffset(b.Min.X+x*goldenScale+dx, b.Min.Y+y*goldenScale+dy):]
					for k := range sum {
						sum[k] += int(p[k])
					}
				}
			}
			const n = goldenScale * goldenScale
			out.SetRGBA(x, y, color.RGBA{uint8(sum[0] / n), uint8(sum[1] / n), uint8(sum[2] / n), uint8(sum[3] / n)})
		}
	}
	return out
}

// TestGolden draws the sample games of every edition and compares them,
// reduced, with the stored pictures.
func TestGolden(t *testing.T) {
	for _, ed := range editions() {
		t.Run(ed, func(t *testing.T) {
			wordsFile := filepath.Join("testdata", ed+".words.json")
			var words Words
			rec := &recorder{words: map[string]string{}}
			if *update {
				rec.cat = catalog(t)
				words = rec
			} else {
				buf, err := os.ReadFile(wordsFile)
				if err != nil {
					t.Fatalf("%v: run go test ./bot/boardimg -update", err)
				}
				st := stored{t: t}
				if err := json.Unmarshal(buf, &st.words); err != nil {
					t.Fatal(err)
				}
				words = st
			}
			r := renderer(t, words)
			// The game in the middle of play in every language, and a new
			// game (every seat on the start square) in one.
			type picture struct {
				name string
				game *engine.Game
				lang string
			}
			var pictures []picture
			for _, lang := range locales.Languages {
				pictures = append(pictures, picture{ed + "." + lang, sampleGame(t, ed), lang})
			}
			pictures = append(pictures, picture{ed + ".new.en", newGame(t, ed), "en"})
			for _, pic := range pictures {
				img, err := r.Draw(pic.game, pic.lang, sampleNames)
				if err != nil {
					t.Fatal(err)
				}
				if *preview != "" {
					writePNG(t, filepath.Join(*preview, pic.name+".png"), img)
				}
				got := shrink(img)
				file := filepath.Join("testdata", pic.name+".png")
				if *update {
					writePNG(t, file, got)
					continue
				}
				compareGolden(t, file, got)
			}
			if *update {
				buf, err := json.MarshalIndent(rec.words, "", "\t")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(wordsFile, append(buf, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func compareGolden(t *testing.T, file string, got *image.RGBA) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("%v: run go test ./bot/boardimg -update", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != got.Bounds() {
		t.Fatalf("%s: size %v, the picture is %v", file, want.Bounds(), got.Bounds())
	}
	diff, first := 0, image.Point{-1, -1}
	for y := range got.Rect.Dy() {
		for x := range got.Rect.Dx() {
			if !alike(color.RGBAModel.Convert(want.At(x, y)).(color.RGBA), got.RGBAAt(x, y)) {
				if diff == 0 {
					first = image.Pt(x, y)
				}
				diff++
			}
		}
	}
	if diff > 0 {
		t.Errorf("%s: %d pixels differ, the first at %v (×%d in the picture); if the change is meant, run go test ./bot/boardimg -update and look at the pictures",
			file, diff, first, goldenScale)
	}
}

// alike reports whether two reduced pixels match: equal within what
// floating-point rounding of antialiased edges may change on another
// processor (fused multiply-add on arm64), far less than any real change.
func alike(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return x-y <= 3 || y-x <= 3 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// editions are the engine's editions in a stable order.
func editions() []string {
	eds := engine.Editions()
	sort.Strings(eds)
	return eds
}

func writePNG(t *testing.T, file string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
