package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// TestDealJSON runs the command with -edition deal -json and checks the
// fields the issue asks for.
func TestDealJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run([]string{"-edition", "deal", "-players", "4", "-games", "300", "-seed", "5", "-json", "-workers", "2"}, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	var r DealResult
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Edition != DealEdition || r.Games != 300 || r.Finished+r.Capped != 300 || r.Turns <= 0 || r.Steps < r.Turns {
		t.Fatalf("result %+v", r)
	}
	wins := 0
	for i, w := range r.Wins {
		wins += w
		if lo, hi := r.WinCI[i][0], r.WinCI[i][1]; !(lo <= r.WinRate[i] && r.WinRate[i] <= hi) {
			t.Errorf("seat %d: rate %.3f outside its interval [%.3f, %.3f]", i, r.WinRate[i], lo, hi)
		}
	}
	if wins != r.Finished || r.ThreeSets != float64(r.Finished)/300 {
		t.Errorf("wins %d, finished %d, three sets %.3f", wins, r.Finished, r.ThreeSets)
	}
	if l := r.Length; !(l.Min <= l.P10 && l.P10 <= l.Median && l.Median <= l.P90 && l.P90 <= l.Max) || l.Max == 0 {
		t.Errorf("length %+v", l)
	}
	var text bytes.Buffer
	if err := run([]string{"-edition", "deal", "-players", "3", "-games", "20"}, &text, &errOut); err != nil || !bytes.Contains(text.Bytes(), []byte("wins by seat")) {
		t.Errorf("table output: %v\n%s", err, text.String())
	}
	if err := run([]string{"-edition", "deal", "-players", "6"}, &text, &errOut); err == nil {
		t.Error("6 players accepted")
	}
}

// TestDealDeterministic: the figures do not depend on the workers.
func TestDealDeterministic(t *testing.T) {
	cfg := Config{Players: 3, Games: 300, Seed: 9, MaxTurns: 1000, Workers: 1}
	a, err := RunDeal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	b, err := RunDeal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.Seconds, a.TurnsPerSecond, b.Seconds, b.TurnsPerSecond = 0, 0, 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("1 worker %+v\n3 workers %+v", a, b)
	}
}

// TestDealSeatsFair: over 4 000 four-player games every seat wins 25 %
// give or take 2.7 points (four standard errors), and nearly every game
// ends with three sets.
func TestDealSeatsFair(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 4 000 games")
	}
	r, err := RunDeal(Config{Players: 4, Games: 4000, Seed: 1, MaxTurns: 1000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, rate := range r.WinRate {
		if rate < 0.223 || rate > 0.277 {
			t.Errorf("seat %d wins %.1f %%", i, 100*rate)
		}
	}
	if r.ThreeSets < 0.99 {
		t.Errorf("only %.1f %% of games won by three sets", 100*r.ThreeSets)
	}
}

// BenchmarkDealTurn measures one Monopoly Deal player-turn between
// computer players (every decision of the turn, answers of the others
// included), going on with the next of 16 dealt games when one ends, from
// a copy kept aside, so nothing is allocated. It reports 0 allocs/op.
//
//	go test -run=NONE -bench=DealTurn -benchmem -benchtime=200000x ./cmd/monosim
func BenchmarkDealTurn(b *testing.B) {
	var starts [16]*deal.Game
	for i := range starts {
		g, _, err := deal.New(deal.Config{Players: 4, Seed: gameSeed(1, i)})
		if err != nil {
			b.Fatal(err)
		}
		starts[i] = g
	}
	g, next := starts[0].Clone(), 1
	b.ReportAllocs()
	for b.Loop() {
		if g.Phase == deal.PhaseGameOver {
			g.Reset(starts[next%len(starts)])
			next++
		}
		for turn := g.Turn; g.Turn == turn && g.Phase != deal.PhaseGameOver; {
			if _, err := dealai.Step(g); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestDealSeatsLevels: -seats seats Deal's computer levels, rotated one
// seat each game, and reports each entry's wins with its interval; the
// figures do not depend on the workers, and a bad list is refused.
func TestDealSeatsLevels(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	err := run([]string{"-edition", "deal", "-seats", "normal,easy", "-games", "200", "-seed", "3", "-json", "-workers", "2"}, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	var r DealResult
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Players != 2 || len(r.Levels) != 2 || r.Levels[0].Level != "normal" || r.Levels[1].Level != "easy" ||
		r.Levels[0].Wins+r.Levels[1].Wins != r.Finished {
		t.Fatalf("players %d, levels %+v, %d finished", r.Players, r.Levels, r.Finished)
	}
	for _, l := range r.Levels {
		if !(l.Low <= l.Rate && l.Rate <= l.High) {
			t.Errorf("%s: rate %.3f outside [%.3f, %.3f]", l.Level, l.Rate, l.Low, l.High)
		}
	}
	one, err := RunDeal(Config{Players: 2, Games: 200, Seed: 3, MaxTurns: 1000, Workers: 1,
		Lineup: Lineup{Levels: []level.Level{level.Normal, level.Easy}, Rotate: true}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one.Levels, r.Levels) || !reflect.DeepEqual(one.Wins, r.Wins) {
		t.Errorf("1 worker: %+v by level, %v by seat; 2 workers: %+v, %v", one.Levels, one.Wins, r.Levels, r.Wins)
	}
	var text bytes.Buffer
	if err := run([]string{"-edition", "deal", "-seats", "easy,normal", "-games", "20"}, &text, &errOut); err != nil || !bytes.Contains(text.Bytes(), []byte("wins by level")) {
		t.Errorf("table output: %v\n%s", err, text.String())
	}
	for _, bad := range [][]string{{"-seats", "normal,expert"}, {"-seats", "normal,easy", "-players", "3"}} {
		if err := run(append([]string{"-edition", "deal", "-games", "1"}, bad...), &out, &errOut); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
