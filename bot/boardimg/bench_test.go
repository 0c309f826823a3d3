package boardimg

import "testing"

// BenchmarkRender draws and encodes the sample game of every edition; the
// png-bytes metric is the picture's size. Targets: ≤ 50 ms and ≤ 500 KB.
//
//	go test ./bot/boardimg -run - -bench Render -benchtime 20x
func BenchmarkRender(b *testing.B) {
	r := renderer(b, catalog(b))
	for _, ed := range editions() {
		b.Run(ed, func(b *testing.B) {
			g := sampleGame(b, ed)
			size := 0
			for b.Loop() {
				out, err := r.Render(g, "ru", sampleNames)
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(size), "png-bytes")
		})
	}
}

// BenchmarkDraw is the drawing alone, without the PNG encoding.
func BenchmarkDraw(b *testing.B) {
	r := renderer(b, catalog(b))
	for _, ed := range editions() {
		b.Run(ed, func(b *testing.B) {
			g := sampleGame(b, ed)
			for b.Loop() {
				if _, err := r.Draw(g, "ru", sampleNames); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
