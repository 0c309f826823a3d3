package bot

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// testParallel is how many of this package's parallel tests run at once
// unless -parallel says otherwise. The tests here spend most of their time
// waiting — for the fake Bot API's Telegram limits, the timer runner's
// ticks, a child process's start — not computing, so go test's default of
// one per processor left a 2-core machine mostly idle: the package took
// ~250 s of wall time for well under 100 s of processor time.
const testParallel = 8

func TestMain(m *testing.M) {
	flag.Parse()
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit {
		if err := flag.Set("test.parallel", strconv.Itoa(testParallel)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
