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
// edition's data alone so that it looks alike for every edition: complete
// sets with one to five buildings, sets split between players and partly
// unowned, mortgaged deeds; tokens on each kind of side, two sharing a
// square, one in jail, a bankrupt seat; a jackpot where the board has a
// free parking or the edition its own (the lux casino's).
func sampleGame(t testing.TB, edition string) *engine.Game {
	t.Helper()
	ed := engine.EditionByID(edition)
	players := min(6, ed.MaxPlayers)
	rules := ed.Rules
	for _, sq := range ed.Squares { // the jackpot, where the board has its square
		rules.FreeParkingJackpot = rules.FreeParkingJackpot || sq.Kind == engine.SquareFreeParking
	}
	g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: 7, Rules: &rules})
	if err != nil {
		t.Fatal(err)
	}
	for group := 0; group < ed.GroupCount(); group++ {
		owner := engine.PlayerID(group % (players - 1))
		for k, sq := range ed.Group(group) {
			prop := &g.Props[sq]
			switch group % 3 {
			case 0: // a complete set with buildings
				prop.Owner = owner
				if ed.Squares[sq].Kind == engine.SquareStreet {
					prop.Buildings = int8(min(engine.Hotel, group/3+k+1))
				}
			case 1: // split, one deed mortgaged, one unowned
				if k < 2 {
					prop.Owner = engine.PlayerID((int(owner) + k) % (players - 1))
				}
				prop.Mortgaged = k == 0
			case 2: // every other one a mortgaged set, else unowned
				if group%2 == 0 {
					prop.Owner, prop.Mortgaged = owner, true
				}
			}
		}
	}
	n := len(ed.Squares)
	for seat := range g.Players {
		g.Players[seat].Pos = []int{n/2 + 2, n/4 + 3, n/4 + 3, ed.JailSquare, n - 2, 2}[seat%6]
		g.Players[seat].Cash = 1500 - 337*seat
	}
	g.Players[3].InJail = true
	g.Players[players-1].Bankrupt = true
	g.Players[players-1].Cash = 0
	g.Current = 1
	if rules.FreeParkingJackpot || ed.Jackpot > 0 { // money from nowhere: no check here
		g.Jackpot = 350
	}
	return g
}

// newGame is a game of edition as it starts, with every seat taken.
func newGame(t testing.TB, edition string) *engine.Game {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: edition, Players: engine.EditionByID(edition).MaxPlayers, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
