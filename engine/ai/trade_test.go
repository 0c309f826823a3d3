package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// wholeBoardGain is tradeGain's gain as it was first written: the
// holdings value of every group after the trade minus before. tradeGain
// values only the groups of the traded deeds, which must give the same.
func wholeBoardGain(g *engine.Game, p engine.PlayerID, t *engine.Trade) int {
	ed := g.EditionData()
	owners := make([]engine.PlayerID, len(g.Props))
	for sq := range g.Props {
		owners[sq] = g.Props[sq].Owner
	}
	value := func() int {
		v := 0
		for gi := 0; gi < ed.GroupCount(); gi++ {
			v += groupValue(g, ed, p, owners, gi)
		}
		return v
	}
	before := value()
	interest := 0
	for _, sq := range t.GiveDeeds {
		owners[sq] = p
		if g.Props[sq].Mortgaged {
			interest += (ed.Squares[sq].Mortgage*g.Rules.MortgageInterest + 99) / 100
		}
	}
	for _, sq := range t.TakeDeeds {
		owners[sq] = t.From
	}
	return value() - before + t.GiveCash - t.TakeCash - t.Debt - interest +
		jailCardValue*(len(t.GiveCards)-len(t.TakeCards))
}

func TestTradeGainValuesOnlyTheGroupsTraded(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	s := seats(4, &Player{})
	compared := 0
	for seed := uint64(1); seed <= 40; seed++ {
		g := newGame(t, 4, seed, nil)
		for g.Phase != engine.PhaseGameOver && g.Turn < 400 {
			if _, err := Step(g, s); err != nil {
				t.Fatal(err)
			}
			if g.Turn%7 != 0 {
				continue
			}
			from, to := engine.PlayerID(r.IntN(4)), engine.PlayerID(r.IntN(4))
			if from == to {
				continue
			}
			tr := engine.Trade{From: from, To: to, GiveCash: r.IntN(200), TakeCash: r.IntN(100)}
			for sq := range g.Props {
				switch o := g.Props[sq].Owner; {
				case o == from && r.IntN(3) == 0:
					tr.GiveDeeds = append(tr.GiveDeeds, sq)
				case o == to && r.IntN(3) == 0:
					tr.TakeDeeds = append(tr.TakeDeeds, sq)
				}
			}
			gain, _, ok := tradeGain(g, to, &tr)
			if !ok {
				continue
			}
			if want := wholeBoardGain(g, to, &tr); gain != want {
				t.Fatalf("seed %d turn %d: tradeGain %d, whole board %d, for %+v", seed, g.Turn, gain, want, tr)
			}
			if len(tr.GiveDeeds)+len(tr.TakeDeeds) > 0 {
				compared++
			}
		}
	}
	if compared < 100 {
		t.Fatalf("only %d trades with deeds compared", compared)
	}
}
