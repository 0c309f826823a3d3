package boardimg

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used: unlike the wall time, it
// does not grow when other processes share the cores.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRender draws and encodes the sample game of every edition; the
// png-bytes metric is the picture's size and cpu-ms/op the CPU time of one
// picture (the wall time, ns/op, counts waiting for a shared core too).
// Targets: ≤ 50 ms and ≤ 500 KB.
//
//	go test ./bot/boardimg -run - -bench Render -benchtime 20x
func BenchmarkRender(b *testing.B) {
	r := renderer(b, catalog(b))
	for _, ed := range editions() {
		b.Run(ed, func(b *testing.B) {
			g := sampleGame(b, ed)
			size := 0
			start := cpuTime(b)
			for b.Loop() {
				out, err := r.Render(g, "ru", sampleNames)
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(cpuTime(b)-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
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
