package engine

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestGroupsOfOneKind: the index and the computer players tell a colour
// set by its first square, so every edition's groups must be of one kind;
// every deed is in a group; and there are at most 64 groups and 64
// squares, a bit each in a mask.
func TestGroupsOfOneKind(t *testing.T) {
	for _, id := range Editions() {
		ed := EditionByID(id)
		if ed.GroupCount() > 64 || len(ed.Squares) > 64 {
			t.Errorf("%s: %d groups and %d squares; masks of groups (CompleteSetMask) and of squares (DeedMask) hold 64", id, ed.GroupCount(), len(ed.Squares))
		}
		for sq := range ed.Squares {
			if s := &ed.Squares[sq]; s.Ownable() && s.Group < 0 {
				t.Errorf("%s: deed %d is in no group", id, sq)
			}
		}
		for gi := 0; gi < ed.GroupCount(); gi++ {
			sqs := ed.Group(gi)
			if len(sqs) == 0 {
				t.Errorf("%s: group %d is empty", id, gi)
				continue
			}
			for _, sq := range sqs {
				if k := ed.Squares[sq].Kind; k != ed.Squares[sqs[0]].Kind || !ed.Squares[sq].Ownable() {
					t.Errorf("%s: group %d mixes square %d (kind %d) with square %d (kind %d)", id, gi, sq, k, sqs[0], ed.Squares[sqs[0]].Kind)
				}
			}
			if ed.ColourSet(gi) != (ed.Squares[sqs[0]].Kind == SquareStreet) {
				t.Errorf("%s: group %d: ColourSet %v", id, gi, ed.ColourSet(gi))
			}
		}
	}
}

// TestIndexOfClonesAndDecodedGames: a clone and a decoded game build
// their own index, and changing one leaves the other's index true.
// (TestRandomGames checks the index against a scan after every step.)
func TestIndexOfClonesAndDecodedGames(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	buf := make([]Action, 0, 64)
	g := newTestGame(t, 4, nil)
	play := func(g *Game, steps int) {
		for i := 0; i < steps && g.Phase != PhaseGameOver; i++ {
			p, a := randomAction(r, g, buf)
			if _, err := g.Apply(p, a); err != nil {
				continue
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
	}
	owned := func(g *Game) int {
		n := 0
		for p := range g.Players {
			for gi := 0; gi < g.EditionData().GroupCount(); gi++ {
				n += g.OwnedInGroup(PlayerID(p), gi)
			}
		}
		return n
	}
	for owned(g) < 8 && g.Phase != PhaseGameOver {
		play(g, 50)
	}
	if g.hold.owned == nil {
		t.Fatal("the index was never built")
	}
	c := g.Clone()
	var d Game
	if err := json.Unmarshal([]byte(snapshot(t, g)), &d); err != nil {
		t.Fatal(err)
	}
	play(c, 400)
	play(&d, 400)
	for _, x := range []*Game{g, c, &d} {
		if err := x.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
	// By hand, then Reindex.
	for sq := range g.Props {
		if g.Props[sq].Owner != NoOwner && g.Props[sq].Buildings == 0 && !g.setHasBuildings(g.ed.Squares[sq].Group) {
			g.Props[sq].Owner = (g.Props[sq].Owner + 1) % 4
			if g.Players[g.Props[sq].Owner].Bankrupt {
				g.Props[sq].Owner = NoOwner
				g.Props[sq].Mortgaged, g.Props[sq].Received = false, false
			}
			break
		}
	}
	if err := g.CheckInvariants(); err == nil {
		t.Fatal("an index left stale by a change by hand was not caught")
	}
	g.Reindex()
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestPlacementsAgreeWithCanPlace: placements, which looks only at whole
// colour sets, counts exactly the squares that canPlace accepts.
func TestPlacementsAgreeWithCanPlace(t *testing.T) {
	buf := make([]Action, 0, 64)
	checked := 0
	for seed := uint64(1); seed <= 60; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		rules := EditionByID(Classic).Rules
		rules.EvenBuilding = seed%2 == 0
		rules.BuildBeforeRollOnly = false
		g, _, err := New(Config{Edition: Classic, Players: 2 + int(seed%3), Seed: seed, Rules: &rules})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3000 && g.Phase != PhaseGameOver; i++ {
			p, a := randomAction(r, g, buf)
			g.Apply(p, a)
			for q := range g.Players {
				for _, kind := range []int{1, Hotel} {
					want := 0
					for sq := range g.Props {
						if g.Props[sq].Owner == PlayerID(q) && g.canPlace(PlayerID(q), sq) == nil && g.nextKind(sq) == kind {
							want++
						}
					}
					if got := g.placements(PlayerID(q), kind); got != want {
						t.Fatalf("seed %d step %d: placements(%d, %d) = %d, canPlace accepts %d", seed, i, q, kind, got, want)
					}
					if want > 0 {
						checked++
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position with a place to build")
	}
	t.Logf("%d positions with places to build", checked)
}
