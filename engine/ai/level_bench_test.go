package ai

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// BenchmarkHardDecision times every decision of a hard seat in whole
// games against normal seats (classic, business and lux; two and four
// seats), one op a game, and reports the decisions' p50, p99 and
// maximum in milliseconds of wall-clock time, and the p99 and maximum of
// the CPU time the decision's thread used (on Linux: what it costs
// whatever else runs on the machine). The budget is 50 ms a decision on
// one core. Run it with -cpu 1.
//
//	go test ./engine/ai -run XXX -bench BenchmarkHardDecision -benchtime 30x -cpu 1
func BenchmarkHardDecision(b *testing.B) {
	var times, cpu []time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
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
				c0, cok := threadCPU()
				start := time.Now()
				memo.Decide(g, p)
				times = append(times, time.Since(start))
				if c1, ok := threadCPU(); ok && cok {
					cpu = append(cpu, c1-c0)
				}
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
	slices.Sort(cpu)
	ms := func(d []time.Duration, q float64) float64 {
		return float64(d[min(len(d)-1, int(q*float64(len(d))))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(times, 0.5), "p50-ms")
	b.ReportMetric(ms(times, 0.99), "p99-ms")
	b.ReportMetric(ms(times, 1), "max-ms")
	if len(cpu) > 0 {
		b.ReportMetric(ms(cpu, 0.99), "p99-cpu-ms")
		b.ReportMetric(ms(cpu, 1), "max-cpu-ms")
	}
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
