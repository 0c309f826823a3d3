package deal

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Places says where every card lies, indexed by card number.
//
// It is the bulk of a saved game, so it is written as one string of three
// characters a card — zone, owner, colour — instead of 106 objects: about
// 320 bytes instead of 2 100.
type Places [DeckSize]Place

const (
	zoneChars  = "dxhbt" // ZoneDeck, ZoneDiscard, ZoneHand, ZoneBank, ZoneTable
	ownerChars = "-01234"
	colorChars = "0123456789"
)

// MarshalJSON writes the places as "zoc" triples.
func (ps Places) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 0, 3*DeckSize+2)
	buf = append(buf, '"')
	for i, pl := range ps {
		if int(pl.Zone) >= len(zoneChars) || pl.Owner < Nobody || int(pl.Owner) >= MaxPlayers ||
			pl.Color < 0 || pl.Color >= NumColors {
			return nil, fmt.Errorf("deal: card %d has no place to write: %+v", i, pl)
		}
		buf = append(buf, zoneChars[pl.Zone], ownerChars[pl.Owner+1], colorChars[pl.Color])
	}
	return append(buf, '"'), nil
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (ps *Places) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if len(s) != 3*DeckSize {
		return fmt.Errorf("deal: places of %d characters, want %d", len(s), 3*DeckSize)
	}
	var out Places
	for i := range out {
		z := strings.IndexByte(zoneChars, s[3*i])
		o := strings.IndexByte(ownerChars, s[3*i+1])
		c := strings.IndexByte(colorChars, s[3*i+2])
		if z < 0 || o < 0 || c < 0 {
			return fmt.Errorf("deal: card %d: bad place %q", i, s[3*i:3*i+3])
		}
		out[i] = Place{Zone: Zone(z), Owner: PlayerID(o - 1), Color: Color(c)}
	}
	*ps = out
	return nil
}
