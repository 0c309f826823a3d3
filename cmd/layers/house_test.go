package main

import (
	"slices"
	"testing"
)

// TestHouseOfTheFixture measures testdata/house, whose drawing is known:
// top.go uses middle.go and bottom.go, middle.go uses bottom.go, and
// bottom.go calls top.go's helper — the one arrow that must run back up,
// and the one call of the walk from Entry that climbs back.
func TestHouseOfTheFixture(t *testing.T) {
	t.Parallel()
	h, err := measure([]string{"./testdata/house"}, "github.com/monopoly-tg/monopoly-bot/cmd/layers/testdata/house.Entry")
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Packages) != 1 {
		t.Fatalf("packages: %d, want 1", len(h.Packages))
	}
	p := h.Packages[0]
	if p.Files != 3 || p.Arrows != 4 || p.Floors != 3 {
		t.Errorf("files %d arrows %d floors %d, want 3, 4, 3", p.Files, p.Arrows, p.Floors)
	}
	want := []Arrow{{From: "bottom.go", To: "top.go", Names: []string{"helper"}}}
	if !slices.EqualFunc(p.Back, want, func(a, b Arrow) bool {
		return a.From == b.From && a.To == b.To && slices.Equal(a.Names, b.Names)
	}) {
		t.Errorf("back arrows %+v, want %+v", p.Back, want)
	}
	w := h.Walk
	if w.Functions != 4 || w.Calls != 4 || len(w.Climbs) != 1 || w.Climbs[0].To != "house.helper" {
		t.Errorf("walk %+v, want 4 functions, 4 calls, one climb to house.helper", w)
	}
}

// TestBestOrderBreaksACycleOnce: a cycle of three files costs one arrow
// back up, whatever the order the files come in.
func TestBestOrderBreaksACycleOnce(t *testing.T) {
	t.Parallel()
	edges := map[[2]string]bool{{"a", "b"}: true, {"b", "c"}: true, {"c", "a"}: true, {"a", "c"}: true}
	for _, files := range [][]string{{"a", "b", "c"}, {"c", "b", "a"}, {"b", "a", "c"}} {
		order := bestOrder(files, edges)
		pos := map[string]int{}
		for i, f := range order {
			pos[f] = i
		}
		back := 0
		for k := range edges {
			if pos[k[1]] < pos[k[0]] {
				back++
			}
		}
		if back != 1 {
			t.Errorf("%v → %v: %d arrows back up, want 1", files, order, back)
		}
	}
}
