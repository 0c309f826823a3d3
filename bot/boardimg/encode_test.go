package boardimg

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestEncodePNG: image/png decodes what encodePNG writes to the very
// pixels drawn, for a board and for a small picture of arbitrary colours.
func TestEncodePNG(t *testing.T) {
	board, err := renderer(t, catalog(t)).Draw(sampleGame(t, engine.Classic), "uk", sampleNames)
	if err != nil {
		t.Fatal(err)
	}
	noise := image.NewRGBA(image.Rect(3, 5, 40, 17)) // not at the origin, odd width
	seed := uint32(1)
	for i := range noise.Pix {
		seed = seed*1664525 + 1013904223
		noise.Pix[i] = byte(seed >> 24)
		if i%4 == 3 {
			noise.Pix[i] = 0xFF
		}
	}
	for _, img := range []*image.RGBA{board, noise} {
		var buf bytes.Buffer
		if err := encodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got.Bounds().Size() != img.Rect.Size() {
			t.Fatalf("decoded %v, drew %v", got.Bounds(), img.Rect)
		}
		bad := 0
		for y := range img.Rect.Dy() {
			for x := range img.Rect.Dx() {
				want := img.RGBAAt(img.Rect.Min.X+x, img.Rect.Min.Y+y)
				if want.A != 0xFF || color.RGBAModel.Convert(got.At(x, y)) != want {
					bad++
				}
			}
		}
		if bad > 0 {
			t.Errorf("%v: %d pixels differ after decoding", img.Rect, bad)
		}
	}
}
