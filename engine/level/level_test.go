package level

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestParseAndString(t *testing.T) {
	for _, l := range All {
		got, err := Parse(l.String())
		if err != nil || got != l {
			t.Errorf("Parse(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := Parse("expert"); err == nil {
		t.Error("Parse accepted an unknown level")
	}
	var zero Level
	if zero != Normal {
		t.Error("the zero level is not normal: old records would change strength")
	}
}

func TestNextCycles(t *testing.T) {
	l, seen := Easy, []Level{}
	for range len(All) {
		seen = append(seen, l)
		l = l.Next()
	}
	if l != Easy || !slices.Equal(seen, All[:]) {
		t.Errorf("cycle %v, back to %v", seen, l)
	}
}

func TestParseList(t *testing.T) {
	got, err := ParseList("hard, normal,easy", 3)
	if err != nil || !slices.Equal(got, []Level{Hard, Normal, Easy}) {
		t.Errorf("ParseList = %v, %v", got, err)
	}
	if got, err := ParseList("", 4); err != nil || !slices.Equal(got, make([]Level, 4)) {
		t.Errorf("empty list = %v, %v; want four normal seats", got, err)
	}
	if _, err := ParseList("hard", 2); err == nil {
		t.Error("one level for two seats was accepted")
	}
	if _, err := ParseList("hard,wild", 2); err == nil {
		t.Error("an unknown level was accepted")
	}
}

// TestJSON: a seat stores its level by name; a seat without one (written
// before levels) and an unknown name read as normal.
func TestJSON(t *testing.T) {
	type seat struct {
		Level Level `json:"level,omitempty"`
	}
	b, err := json.Marshal(seat{Hard})
	if err != nil || string(b) != `{"level":"hard"}` {
		t.Fatalf("marshal = %s, %v", b, err)
	}
	if b, _ := json.Marshal(seat{}); string(b) != `{}` {
		t.Errorf("a normal seat stores %s, want nothing", b)
	}
	for in, want := range map[string]Level{`{}`: Normal, `{"level":"easy"}`: Easy, `{"level":"grandmaster"}`: Normal} {
		var s seat
		if err := json.Unmarshal([]byte(in), &s); err != nil || s.Level != want {
			t.Errorf("%s reads as %v, %v; want %v", in, s.Level, err, want)
		}
	}
}
