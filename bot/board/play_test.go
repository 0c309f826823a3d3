package board

import (
	"fmt"
	"slices"
	"testing"
)

// TestSeatOrderDeterministic: random seating depends only on the seed.
func TestSeatOrderDeterministic(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed < 50; seed++ {
		a, b := SeatOrder(seed, 5), SeatOrder(seed, 5)
		if !slices.Equal(a, b) {
			t.Fatal("the same seed drew different orders")
		}
		s := slices.Clone(a)
		slices.Sort(s)
		if !slices.Equal(s, []int{0, 1, 2, 3, 4}) {
			t.Fatalf("not a permutation: %v", a)
		}
		seen[fmt.Sprint(a)] = true
	}
	if len(seen) < 5 {
		t.Errorf("50 seeds drew only %d different orders", len(seen))
	}
}
