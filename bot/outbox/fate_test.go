package outbox

import (
	"slices"
	"testing"
)

// An op's fate tells each of its hooks once, in the order they were
// joined (a content merged into an op still queued tells both), and skips
// the hooks nobody set.
func TestFateTellsJoinedHooksInOrder(t *testing.T) {
	t.Parallel()
	var told []string
	hook := func(s string) func() { return func() { told = append(told, s) } }
	var f fate
	f.join(fate{delivered: hook("delivered 1"), undelivered: hook("undelivered 1")})
	f.join(fate{})
	f.join(fate{delivered: hook("delivered 2"), undelivered: hook("undelivered 2"), refused: hook("refused 2")})

	f.reached()
	if want := []string{"delivered 1", "delivered 2"}; !slices.Equal(told, want) {
		t.Fatalf("reached told %q, want %q", told, want)
	}
	told = nil
	f.missed()
	if want := []string{"undelivered 1", "undelivered 2"}; !slices.Equal(told, want) {
		t.Fatalf("missed told %q, want %q", told, want)
	}
	told = nil
	f.unreachable()
	if want := []string{"refused 2", "undelivered 1", "undelivered 2"}; !slices.Equal(told, want) {
		t.Fatalf("unreachable told %q, want %q", told, want)
	}

	fate{}.reached() // no hook: nothing to call, no panic
	fate{}.unreachable()
}
