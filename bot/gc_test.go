package bot

import (
	"runtime/debug"
	"testing"
)

func TestTuneGCLeavesOperatorSettings(t *testing.T) {
	was := debug.SetGCPercent(123)
	wasLimit := debug.SetMemoryLimit(1 << 40)
	defer func() { debug.SetGCPercent(was); debug.SetMemoryLimit(wasLimit) }()

	restore := TuneGC(func(string) string { return "" })
	if got := debug.SetGCPercent(-1); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	debug.SetGCPercent(gcPercent)
	if got := debug.SetMemoryLimit(-1); got != gcMemoryLimit {
		t.Errorf("memory limit %d, want %d", got, gcMemoryLimit)
	}
	restore()
	if got := debug.SetGCPercent(-1); got != 123 {
		t.Errorf("restored GC percent %d, want 123", got)
	}
	debug.SetGCPercent(123)

	// An operator's GOGC and GOMEMLIMIT are left alone.
	set := func(k string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}[k] }
	restore = TuneGC(set)
	if got := debug.SetGCPercent(-1); got != 123 {
		t.Errorf("GC percent changed to %d despite GOGC", got)
	}
	debug.SetGCPercent(123)
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("memory limit changed to %d despite GOMEMLIMIT", got)
	}
	restore()
}
