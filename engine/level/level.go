package level

import (
	"fmt"
	"strings"
)

// Level is a computer seat's strength. The zero value is Normal.
type Level uint8

const (
	// Normal is the computer player as it always played: sensible, with
	// no look-ahead.
	Normal Level = iota
	// Easy plays worse in a way a beginner can see through: it buys and
	// builds timidly, bids low, does not seek trades and accepts fair-ish
	// ones.
	Easy
	// Hard plays better: it looks ahead for the decisions that decide
	// games and is not talked into lopsided trades.
	Hard
)

// All lists the levels from the weakest: the order a lobby's button
// cycles through.
var All = [...]Level{Easy, Normal, Hard}

// String returns "easy", "normal" or "hard".
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Normal:
		return "normal"
	case Hard:
		return "hard"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// Valid reports whether l is one of the levels.
func (l Level) Valid() bool { return l <= Hard }

// Next is the level after l in All, wrapping from hard to easy.
func (l Level) Next() Level {
	for i, x := range All {
		if x == l {
			return All[(i+1)%len(All)]
		}
	}
	return Normal
}

// Parse reads "easy", "normal" or "hard" (any case, spaces around allowed).
func Parse(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "easy":
		return Easy, nil
	case "normal", "":
		return Normal, nil
	case "hard":
		return Hard, nil
	}
	return Normal, fmt.Errorf("level: unknown level %q (want easy, normal or hard)", s)
}

// ParseList reads a comma-separated list of levels, one per seat, as
// monosim's -seats takes it: "hard,normal". An empty string is n normal
// seats; otherwise the list must name exactly n seats when n > 0.
func ParseList(s string, n int) ([]Level, error) {
	if strings.TrimSpace(s) == "" {
		return make([]Level, max(n, 0)), nil
	}
	parts := strings.Split(s, ",")
	if n > 0 && len(parts) != n {
		return nil, fmt.Errorf("level: %d levels for %d seats", len(parts), n)
	}
	out := make([]Level, len(parts))
	for i, p := range parts {
		l, err := Parse(p)
		if err != nil {
			return nil, err
		}
		out[i] = l
	}
	return out, nil
}

// MarshalText writes the level's name (a record stores "hard", not 2); a
// level that is none of them writes as "Level(n)", which reads back as
// Normal.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level's name; an unknown name reads as Normal, so
// that a record written by a later version with more levels still loads.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		v = Normal
	}
	*l = v
	return nil
}
