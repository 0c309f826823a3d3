package ai

import (
	"fmt"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// setStats is what one colour set earned over many games.
type setStats struct {
	invested  int64 // deeds bought and buildings built, less buildings sold back
	rent      int64 // rent paid on the set's deeds
	completed int   // games in which one player held the whole set
	won       int   // of those, games won by that player
}

// balance is what TestBusinessBalance measures.
type balance struct {
	games, ended, capped int
	turns                []int // length of every ended game
	wins                 []int // by seat
	sets                 []setStats
	// The gamble square and skipped turns.
	stakes, declined int    // stakes made and offers declined
	staked, gained   int64  // total staked, and the net gain on it
	skipped          [3]int // turns skipped, by engine.SkipReason
	finesPaid        int
	buildingsBought  int // buildings bought from another player
	// The lux casino: stakes, their squares, what came back (stake and
	// win), the jackpot won, and the tax inspections.
	spins                          int
	spun, spunSquares, spinReturns float64
	jackpotWon                     int64
	inspections, inspectionsTaxed  int
	inspectionTax                  int64
}

// measureBalance plays games of edition between default computer players
// and gathers the figures of BUSINESS.md's balance section.
func measureBalance(t *testing.T, edition string, players, games, maxTurns int) *balance {
	t.Helper()
	ed := engine.EditionByID(edition)
	b := &balance{games: games, wins: make([]int, players), sets: make([]setStats, ed.GroupCount())}
	pl := &Player{}
	s := seats(players, pl)
	for i := 0; i < games; i++ {
		*pl = Player{}
		g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: uint64(1000 + i)})
		if err != nil {
			t.Fatal(err)
		}
		completer := make([]engine.PlayerID, ed.GroupCount())
		for gi := range completer {
			completer[gi] = engine.NoOwner
		}
		turns := 0
		for g.Phase != engine.PhaseGameOver && turns < maxTurns {
			turn := g.Turn
			ev, err := Step(g, s)
			if err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			for _, e := range ev {
				switch e.Kind {
				case engine.EvBought:
					b.sets[ed.Squares[e.Square].Group].invested += int64(e.Amount)
				case engine.EvBuilt, engine.EvBuildingSold:
					sign := int64(1)
					if e.Kind == engine.EvBuildingSold {
						sign = -1
					}
					b.sets[ed.Squares[e.Square].Group].invested += sign * int64(e.Cost)
				case engine.EvRentPaid:
					b.sets[ed.Squares[e.Square].Group].rent += int64(e.Amount)
				case engine.EvGambleWon, engine.EvGambleLost:
					b.stakes++
					b.staked += int64(e.Amount)
					b.gained += int64(engine.GambleGain(e.Amount, e.Dice[0]))
				case engine.EvNoStake:
					b.declined++
				case engine.EvTurnSkipped:
					b.skipped[e.Amount]++
				case engine.EvJailFinePaid:
					b.finesPaid++
				case engine.EvBuildingTraded:
					b.buildingsBought++
				case engine.EvCasinoWon, engine.EvCasinoPush, engine.EvCasinoLost:
					b.spins++
					stake := float64(e.Amount)
					b.spun += stake
					b.spunSquares += stake * stake
					if e.Kind != engine.EvCasinoLost {
						b.spinReturns += stake + float64(e.Cost)
					}
				case engine.EvCasinoJackpot:
					b.jackpotWon += int64(e.Amount)
				case engine.EvInspectionFree, engine.EvInspectionTax:
					b.inspections++
					if e.Kind == engine.EvInspectionTax {
						b.inspectionsTaxed++
						b.inspectionTax += int64(e.Amount)
					}
				}
			}
			if g.Turn == turn {
				continue
			}
			turns++
			for gi := range completer {
				if completer[gi] == engine.NoOwner {
					completer[gi] = wholeSetOwner(g, ed, gi)
				}
			}
		}
		if g.Phase != engine.PhaseGameOver {
			b.capped++
			continue
		}
		b.ended++
		b.turns = append(b.turns, turns)
		b.wins[g.Winner]++
		for gi, p := range completer {
			if p != engine.NoOwner {
				b.sets[gi].completed++
				if p == g.Winner {
					b.sets[gi].won++
				}
			}
		}
	}
	return b
}

func wholeSetOwner(g *engine.Game, ed *engine.Edition, group int) engine.PlayerID {
	sqs := ed.Group(group)
	o := g.Props[sqs[0]].Owner
	for _, sq := range sqs[1:] {
		if g.Props[sq].Owner != o {
			return engine.NoOwner
		}
	}
	return o
}

func (b *balance) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "games %d: ended %d (%.1f %%), capped %d\n", b.games, b.ended, 100*float64(b.ended)/float64(b.games), b.capped)
	fmt.Fprintf(&sb, "wins by seat:")
	for i, w := range b.wins {
		fmt.Fprintf(&sb, " %d: %.1f %%", i, 100*float64(w)/float64(b.ended))
	}
	if b.stakes > 0 {
		fmt.Fprintf(&sb, "\ngamble: %.1f stakes a game (%.1f declined), mean stake %.0f, net gain %.3f per unit staked",
			float64(b.stakes)/float64(b.games), float64(b.declined)/float64(b.games),
			float64(b.staked)/float64(b.stakes), float64(b.gained)/float64(b.staked))
	}
	if b.spins > 0 {
		fmt.Fprintf(&sb, "\ncasino: %.1f stakes a game, mean stake %.0f, returned %.4f per unit staked (without the jackpot); jackpot won %.0f a game",
			float64(b.spins)/float64(b.games), b.spun/float64(b.spins), b.spinReturns/b.spun, float64(b.jackpotWon)/float64(b.games))
		fmt.Fprintf(&sb, "\ntax inspection: %.2f visits a game, %.1f %% taxed, mean tax %.0f",
			float64(b.inspections)/float64(b.games), 100*float64(b.inspectionsTaxed)/float64(max(1, b.inspections)),
			float64(b.inspectionTax)/float64(max(1, b.inspectionsTaxed)))
	}
	fmt.Fprintf(&sb, "\nskipped turns a game: jail %.1f, day off %.1f, card %.1f; jail fines paid a game %.1f; buildings bought from players a game %.2f",
		float64(b.skipped[engine.SkipJail])/float64(b.games), float64(b.skipped[engine.SkipRestDay])/float64(b.games),
		float64(b.skipped[engine.SkipCard])/float64(b.games), float64(b.finesPaid)/float64(b.games),
		float64(b.buildingsBought)/float64(b.games))
	fmt.Fprintf(&sb, "\nset  invested/game  rent/game  rent per 100 invested  completed  completer won\n")
	for gi, s := range b.sets {
		fmt.Fprintf(&sb, "%3d  %13.0f  %9.0f  %21.1f  %8.1f%%  %12.1f%%\n", gi,
			float64(s.invested)/float64(b.games), float64(s.rent)/float64(b.games), s.roi(),
			100*float64(s.completed)/float64(b.ended), 100*s.winShare())
	}
	return sb.String()
}

func (s *setStats) roi() float64 {
	if s.invested == 0 {
		return 0
	}
	return 100 * float64(s.rent) / float64(s.invested)
}

func (s *setStats) winShare() float64 {
	if s.completed == 0 {
		return 0
	}
	return float64(s.won) / float64(s.completed)
}

// TestBusinessBalance measures the business edition between four default
// computer players (the figures BUSINESS.md reports, printed with -v) and
// holds it to the targets. At least 95 % of games end within
// 1 000 player-turns, and every seat wins 25 % ± 4 points. No set is a
// dead buy: each is completed in at least 15 % of games, its completer
// wins at least one and a half times a seat's fair share, and its rent
// per game is at least half the median set's. No set is dominant: its
// completer's win share and its rent per game stay under twice the median
// set's. (Return on investment is reported, not bounded: it falls along
// the price ladder in every edition, the classic one too, because cheap
// sets are built up first while the opponents still have cash.)
//
//	go test ./engine/ai -run TestBusinessBalance -v
func TestBusinessBalance(t *testing.T) {
	const players, games = 4, 4000
	if testing.Short() {
		t.Skip("the balance measurement plays 4 000 games")
	}
	b := measureBalance(t, engine.Business, players, games, 1000)
	t.Logf("business, %d players:\n%s", players, b)
	b.checkLengthAndSeats(t)
	rents, shares := make([]float64, len(b.sets)), make([]float64, len(b.sets))
	for gi := range b.sets {
		rents[gi], shares[gi] = float64(b.sets[gi].rent), b.sets[gi].winShare()
	}
	mRent, mShare := median(rents), median(shares)
	for gi, s := range b.sets {
		switch {
		case float64(s.completed) < 0.15*float64(b.ended):
			t.Errorf("set %d completed in only %d of %d games", gi, s.completed, b.ended)
		case shares[gi] < 1.5/players:
			t.Errorf("set %d: its completer wins only %.1f %%", gi, 100*shares[gi])
		case rents[gi] < mRent/2 || rents[gi] > 2*mRent:
			t.Errorf("set %d: rent %.0f a game against a median of %.0f", gi, rents[gi]/games, mRent/games)
		case shares[gi] > 2*mShare:
			t.Errorf("set %d: its completer wins %.1f %% against a median of %.1f %%", gi, 100*shares[gi], 100*mShare)
		}
	}
}

// checkLengthAndSeats holds b to the issues' common targets: 95 % of the
// games end within the turn cap, and every seat of four wins 25 % ± 4.
func (b *balance) checkLengthAndSeats(t *testing.T) {
	t.Helper()
	if b.ended < b.games*95/100 {
		t.Errorf("only %d of %d games ended within the turn cap", b.ended, b.games)
	}
	for seat, w := range b.wins {
		if share := float64(w) / float64(b.ended); share < 0.21 || share > 0.29 {
			t.Errorf("seat %d wins %.1f %%", seat, 100*share)
		}
	}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s[len(s)/2]
}
