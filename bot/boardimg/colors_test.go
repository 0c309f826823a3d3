package boardimg

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestOnePalette: the picture draws each seat in the colour of the token
// the chat shows for it (kit.Tokens is the one list), every token has a
// colour, no two seats share one, and the seat's number reads on it.
func TestOnePalette(t *testing.T) {
	t.Parallel()
	seen := map[[3]uint8]string{}
	for seat, token := range kit.Tokens {
		c, ok := tokenColors[token]
		if !ok {
			t.Errorf("seat %d's token %s has no colour on the picture", seat+1, token)
			continue
		}
		if playerColor(seat) != c {
			t.Errorf("seat %d is drawn in %v, its token %s is %v", seat+1, playerColor(seat), token, c)
		}
		key := [3]uint8{c.R, c.G, c.B}
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s share a colour", other, token)
		}
		seen[key] = token
		if contrast(c, digitInk(c)) < 3 {
			t.Errorf("seat %d's number reads poorly on %s: contrast %.1f", seat+1, token, contrast(c, digitInk(c)))
		}
	}
	if len(tokenColors) != len(kit.Tokens) {
		t.Errorf("%d colours for %d tokens: a colour no seat has", len(tokenColors), len(kit.Tokens))
	}
}
