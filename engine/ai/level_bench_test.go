package ai

import (
	"slices"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// BenchmarkHardDecision times every decision of a hard seat in whole
// games against normal seats (classic, business and lux; two and four
// seats), one op a game, and reports the decisions' p50, p99 and
// maximum in milliseconds: the budget is 50 ms a decision on one core.
// Run it with -cpu 1.
//
//	go test ./engine/ai -run XXX -bench BenchmarkHardDecision -benchtime 30x -cpu 1
func BenchmarkHardDecision(b *testing.B) {
	var times []time.Duration
	eds := []string{engine.Classic, engine.Business, engine.Lux}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ed := eds[i%len(eds)]
		players := 2 + 2*(i/len(eds)%2)
		g, _, err := engine.New(engine.Config{Edition: ed, Players: players, Seed: uint64(1000 + i)})
		if err != nil {
			b.Fatal(err)
		}
		hard := &Player{Level: level.Hard}
		normal := &Player{}
		seats := make([]*Player, players)
		for s := range seats {
			seats[s] = normal
		}
		seats[i%players] = hard
		for steps := 0; g.Phase != engine.PhaseGameOver && g.Turn < 1000 && steps < 200000; steps++ {
			if p := engine.PlayerID(i % players); hardDue(g, p) {
				memo := *hard // the timed decision leaves the game's player as it was
				start := time.Now()
				memo.Decide(g, p)
				times = append(times, time.Since(start))
			}
			if _, err := Step(g, seats); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	ms := func(q float64) float64 {
		return float64(times[min(len(times)-1, int(q*float64(len(times))))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(len(times))/float64(b.N), "decisions/game")
}

// hardDue reports whether seat p has a decision now: an offer to answer,
// a bid, or the decision the game waits for.
func hardDue(g *engine.Game, p engine.PlayerID) bool {
	for _, t := range g.Trades {
		if t.To == p {
			return true
		}
	}
	if g.Phase == engine.PhaseAuction {
		return !g.Auction.Passed[p] && g.Auction.Leader != p
	}
	return g.Waiting() == p
}
