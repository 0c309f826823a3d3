package bottest

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// Parallel is how many of a package's parallel tests run at once unless
// -parallel says otherwise. End-to-end tests spend most of their time
// waiting — for the fake Bot API's Telegram limits, the timer runner's
// ticks, a child process's start — not computing, so go test's default of
// one per processor left a 2-core machine mostly idle: package bot took
// ~250 s of wall time for well under 100 s of processor time.
const Parallel = 8

// Main is a test package's TestMain: it runs the tests with -parallel
// Parallel unless the command line set -parallel.
func Main(m *testing.M) {
	flag.Parse()
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit {
		if err := flag.Set("test.parallel", strconv.Itoa(Parallel)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
