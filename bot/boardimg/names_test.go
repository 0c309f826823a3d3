package boardimg

import "testing"

// TestUndrawableNameIsNoOtherName: a name the font cannot draw (Arabic,
// emoji only) stays a mark beside the seat's colour; the picture never
// calls the person by another name, such as "Player 2", which the chat
// does not know.
func TestUndrawableNameIsNoOtherName(t *testing.T) {
	cat := catalog(t)
	r := renderer(t, cat)
	g := newGame(t, editions()[0])
	names := []string{"Алиса", "ليلى", "🦄🦄"}
	p, err := r.painter(g, "ru", names)
	if err != nil {
		t.Fatal(err)
	}
	if p.names[0] != "Алиса" {
		t.Errorf("a drawable name is drawn as %q", p.names[0])
	}
	for i := 1; i < len(names) && i < len(p.names); i++ {
		if p.names[i] != "…" {
			t.Errorf("%q is drawn as %q, want the mark of a name the font lacks", names[i], p.names[i])
		}
	}
}
