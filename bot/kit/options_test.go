package kit

import (
	"testing"
	"time"
)

func TestLocationFallsBackToUTC(t *testing.T) {
	for _, name := range []string{"", "Mars/Olympus", "../../etc/passwd"} {
		if got := (ChatOptions{TimeZone: name}).Location(); got != time.UTC {
			t.Errorf("TimeZone %q: got %v, want UTC", name, got)
		}
	}
	for _, name := range TimeZones[1:] {
		loc := (ChatOptions{TimeZone: name}).Location()
		if loc.String() != name {
			t.Errorf("TimeZone %q: got %v", name, loc)
		}
	}
	kyiv := (ChatOptions{TimeZone: "Europe/Kyiv"}).Location()
	noon := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	if h := noon.In(kyiv).Hour(); h != 15 {
		t.Errorf("noon UTC in Kyiv in July: hour %d, want 15", h)
	}
}
