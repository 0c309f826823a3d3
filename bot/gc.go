package bot

import (
	"runtime/debug"
)

// Garbage collector settings for a running bot, unless the operator set
// GOGC or GOMEMLIMIT. A bot keeps little live data (some tens of MB for a
// thousand games) but allocates for every update; at Go's default (100) a
// busy bot collects ten times a second, and each cycle takes a processor
// away for several milliseconds, which on a two-core machine was most of
// the latency tail (BenchmarkThousandChats: p99 ~4.5 ms at 100, ~3.6 ms at
// 400). The soft limit keeps memory bounded: near it the collector works
// harder again.
const (
	gcPercent     = 400
	gcMemoryLimit = 256 << 20
)

// TuneGC applies the bot's garbage collector settings where getenv shows
// that GOGC and GOMEMLIMIT were not set, and returns a function that
// restores the previous ones (for tests and benchmarks).
func TuneGC(getenv func(string) string) (restore func()) {
	percent, limit := -2, int64(-1) // unchanged
	if getenv("GOGC") == "" {
		percent = debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(gcMemoryLimit)
	}
	return func() {
		if percent != -2 {
			debug.SetGCPercent(percent)
		}
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
	}
}
