package boardimg

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// sampleNames are display names as Telegram delivers them: Cyrillic,
// too long, emoji only, flags, combining marks, a right-to-left override.
var sampleNames = []string{
	"Алиса",
	"Bartholomew the Magnificent of Kyiv",
	"🦄🦄",
	"Тарас 🇺🇦",
	"Zalgơ̷̢ te\u202Ext",
	"Їжачок",
}

func catalog(t testing.TB) *locales.Catalog {
	t.Helper()
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func renderer(t testing.TB, words Words) *Renderer {
	t.Helper()
	r, err := New(words)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sampleGame is a game of edition in the middle of play, built from the
// edition's data alone so that it looks alike for every edition: sets
// complete with one to five buildings, sets split between players, a
// mortgaged deed and a mortgaged set, unowned sets; tokens sharing a
// square, one in jail, one bankrupt; a jackpot.
func sampleGame(t testing.TB, edition string) *engine.Game {
	t.Helper()
	ed := engine.EditionByID(edition)
	players := min(5, ed.MaxPlayers)
	rules := ed.Rules
	rules.FreeParkingJackpot = true
	g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: 7, Rules: &rules})
	if err != nil {
		t.Fatal(err)
	}
	for group := 0; group < ed.GroupCount(); group++ {
		owner := engine.PlayerID(group % (players - 1))
		for k, sq := range ed.Group(group) {
			prop := &g.Props[sq]
			switch group % 4 {
			case 0: // a complete set with buildings
				prop.Owner = owner
				if ed.Squares[sq].Kind == engine.SquareStreet {
					prop.Buildings = int8(min(engine.Hotel, group/4+k+1))
				}
			case 1: // split, one deed mortgaged
				prop.Owner = engine.PlayerID((int(owner) + k) % (players - 1))
				prop.Mortgaged = k == 0
			case 3: // a mortgaged set
				prop.Owner = owner
				prop.Mortgaged = true
			}
		}
	}
	n := len(ed.Squares)
	for seat := range g.Players {
		g.Players[seat].Pos = []int{0, n/4 + 3, n/4 + 3, ed.JailSquare, n - 2}[seat%5]
		g.Players[seat].Cash = 1500 - 337*seat
	}
	g.Players[3].InJail = true
	g.Players[players-1].Bankrupt = true
	g.Players[players-1].Cash = 0
	g.Current = 1
	g.Jackpot = 350
	return g
}
