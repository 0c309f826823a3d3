package deal

import "math/bits"

// CardSet is a set of card numbers as a bit mask: actions name the cards a
// player pays or discards with it, and events the cards that moved, without
// allocating.
type CardSet [2]uint64

// Add returns s with card c.
func (s CardSet) Add(c int) CardSet {
	s[c>>6] |= 1 << (c & 63)
	return s
}

// Remove returns s without card c.
func (s CardSet) Remove(c int) CardSet {
	s[c>>6] &^= 1 << (c & 63)
	return s
}

// Has says whether card c is in s.
func (s CardSet) Has(c int) bool {
	return c >= 0 && c < DeckSize && s[c>>6]&(1<<(c&63)) != 0
}

// Len is the number of cards in s.
func (s CardSet) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Empty says whether s has no card.
func (s CardSet) Empty() bool { return s[0] == 0 && s[1] == 0 }

// Next returns the smallest card in s at or after c, or -1.
func (s CardSet) Next(c int) int {
	for c < 128 {
		w := s[c>>6] >> (c & 63)
		if w != 0 {
			n := c + bits.TrailingZeros64(w)
			if n >= DeckSize {
				return -1
			}
			return n
		}
		c = (c | 63) + 1
	}
	return -1
}

// Cards appends the cards of s to dst in ascending order.
func (s CardSet) Cards(dst []int) []int {
	for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
		dst = append(dst, c)
	}
	return dst
}

// Valid says whether s holds only card numbers of the deck.
func (s CardSet) Valid() bool { return s[1]>>(DeckSize-64) == 0 }
