package deal

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// TestComputerPlaysAtSeatLevel: a computer seat's move is its level's
// (kit.Seat.Level, chosen in the lobby). Along a game, at a move where an
// easy and a normal computer would differ, the kind's computer turn makes
// the seat's own level's move.
func TestComputerPlaysAtSeatLevel(t *testing.T) {
	t.Parallel()
	k := testKind(t)
	for _, lv := range []level.Level{level.Easy, level.Normal} {
		g, evs, err := deal.New(deal.Config{Players: 3, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		rec := testRecord(g)
		rec.Seats[1] = kit.Seat{User: -1, Name: "🤖 Computer 1", Computer: true, Level: kit.Level(lv)}
		Of(rec).Hands[1].Open = false
		k.play.absorb(&kit.Change{Chat: testGroup, Rec: rec}, "en", evs, nil)
		differed := 0
		for step := 0; step < 600 && g.Phase != deal.PhaseGameOver; step++ {
			g = Of(rec).Game
			seat, byComputer := computerDue(rec)
			if !byComputer {
				p := g.Waiting()
				if err := k.play.apply(&kit.Change{Chat: testGroup, Rec: rec}, "en", 0, p, dealai.Decide(g, p)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want := dealai.DecideLevel(g, seat, lv)
			if want != dealai.DecideLevel(g, seat, level.Easy) || want != dealai.Decide(g, seat) {
				differed++
			}
			twin := g.Clone()
			if _, err := twin.Apply(seat, want); err != nil {
				t.Fatal(err)
			}
			if !k.play.computerTurn(&kit.Change{Chat: testGroup, Rec: rec}, "en") {
				t.Fatalf("%s, step %d: the computer did not move", lv, step)
			}
			if g := Of(rec).Game; g.Places != twin.Places || g.Version != twin.Version {
				t.Fatalf("%s, step %d: the computer did not make its level's move %+v", lv, step, want)
			}
		}
		if differed == 0 {
			t.Errorf("%s: no move where the levels differ", lv)
		}
	}
}
