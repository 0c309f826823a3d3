package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
)

// DealEdition is the -edition value of Monopoly Deal, the card game: its
// games are played by engine/deal and engine/deal/dealai, not the board
// engine.
const DealEdition = "deal"

// DealResult is what a Monopoly Deal run measured. Everything but Seconds
// and TurnsPerSecond depends only on the Config.
type DealResult struct {
	Edition  string `json:"edition"`
	Players  int    `json:"players"`
	Seed     uint64 `json:"seed"`
	MaxTurns int    `json:"max_turns"`
	Played
	// Wins counts finished games by the winner's seat, WinRate over
	// finished games with its 95 % Wilson interval in WinCI; WinsByOrder
	// counts by the winner's place in the turn order (0 = moved first).
	Wins        []int        `json:"wins"`
	WinRate     []float64    `json:"win_rate"`
	WinCI       [][2]float64 `json:"win_ci95"`
	WinsByOrder []int        `json:"wins_by_order"`
	// ThreeSets is the share of all games won by three complete sets: the
	// game's only way to end, so the games not capped.
	ThreeSets float64 `json:"three_sets_share"`
	// Levels is each -seats entry's result (levels.go), when levels were
	// seated.
	Levels []LevelWins `json:"levels,omitempty"`
}

// runDeal plays cfg's Monopoly Deal games and prints the result.
func runDeal(cfg Config, asJSON bool, stdout, stderr io.Writer) error {
	res, err := RunDeal(cfg)
	if cfg.Progress != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	printDeal(stdout, res)
	printLevelWins(stdout, res.Levels, cfg.Lineup.Rotate)
	return nil
}

// RunDeal plays cfg.Games games of Monopoly Deal between computer players
// (cfg.Jail is not used) on cfg.Workers goroutines, at the levels of
// cfg.Lineup (none: every seat normal, as it always played).
func RunDeal(cfg Config) (*DealResult, error) {
	if cfg.Players < deal.MinPlayers || cfg.Players > deal.MaxPlayers {
		return nil, fmt.Errorf("Monopoly Deal takes %d to %d players", deal.MinPlayers, deal.MaxPlayers)
	}
	if cfg.Games < 0 || cfg.MaxTurns < 1 {
		return nil, fmt.Errorf("need games >= 0 and max-turns >= 1")
	}
	if n := len(cfg.Lineup.Levels); n > 0 && n != cfg.Players {
		return nil, fmt.Errorf("-seats names %d levels for %d players", n, cfg.Players)
	}
	start := time.Now()
	total := newTally(&cfg, 0)
	err := playAll(&cfg, total, func() (*tally, func(int, *tally) error) {
		seats := newDealSeats(cfg.Lineup)
		return newTally(&cfg, 0), func(i int, t *tally) error { return playDeal(&cfg, i, t, seats) }
	})
	if err != nil {
		return nil, err
	}
	return summarizeDeal(&cfg, total, time.Since(start).Seconds()), nil
}

// playDeal plays game i to its end or to the turn cap, adding to t. With
// seats nil every seat is normal; after New, a game allocates nothing.
func playDeal(cfg *Config, i int, t *tally, seats *dealSeats) error {
	g, _, err := deal.New(deal.Config{Players: cfg.Players, Seed: gameSeed(cfg.Seed, i)})
	if err != nil {
		return err
	}
	first := int(g.Current)
	for g.Phase != deal.PhaseGameOver && g.Turn <= cfg.MaxTurns {
		if seats == nil {
			_, err = dealai.Step(g)
		} else {
			p := g.Waiting()
			_, err = g.Apply(p, seats.player(i, p).Decide(g, p))
		}
		if err != nil {
			return fmt.Errorf("game %d (seed %d), turn %d: %w", i, gameSeed(cfg.Seed, i), g.Turn, err)
		}
		t.steps++
	}
	// g.Turn counts turns started: the last one is complete only when it
	// won the game.
	turns := g.Turn - 1
	if g.Phase != deal.PhaseGameOver {
		t.turns += int64(turns)
		t.capped++
		return nil
	}
	turns++
	t.turns += int64(turns)
	t.finished++
	t.lengths[min(turns, cfg.MaxTurns)]++
	t.wins[g.Winner]++
	t.entryWins[cfg.Lineup.Entry(int(g.Winner), i)]++
	t.byOrder[(int(g.Winner)-first+cfg.Players)%cfg.Players]++
	return nil
}

func summarizeDeal(cfg *Config, t *tally, secs float64) *DealResult {
	// Deal games are short: the histogram spans the longest game, not the
	// turn cap, so its buckets are a few turns wide.
	longest := 1
	for turns, c := range t.lengths {
		if c > 0 {
			longest = max(longest, turns)
		}
	}
	r := &DealResult{
		Edition: DealEdition, Players: cfg.Players, Seed: cfg.Seed, MaxTurns: cfg.MaxTurns,
		Played: t.played(cfg, secs, lengthStats(t.lengths[:longest+1], longest)),
		Wins:   t.wins, WinsByOrder: t.byOrder,
		WinRate: make([]float64, cfg.Players), WinCI: make([][2]float64, cfg.Players),
	}
	if cfg.Games > 0 {
		r.ThreeSets = float64(t.finished) / float64(cfg.Games)
	}
	if len(cfg.Lineup.Levels) > 0 {
		r.Levels = levelWins(cfg.Lineup.Levels, t.entryWins, t.finished)
	}
	for i, w := range t.wins {
		if t.finished > 0 {
			r.WinRate[i] = float64(w) / float64(t.finished)
			low, high := winInterval(w, t.finished)
			r.WinCI[i] = [2]float64{low, high}
		}
	}
	return r
}

func printDeal(w io.Writer, r *DealResult) {
	fmt.Fprintf(w, "Monopoly Deal, %d players, seed %d, turn cap %d\n", r.Players, r.Seed, r.MaxTurns)
	fmt.Fprintf(w, "games %d: won by three sets %d (%.2f %%), capped %d\n", r.Games, r.Finished, 100*r.ThreeSets, r.Capped)
	fmt.Fprintf(w, "turns %d (%d actions) in %.2fs: %.0f turns/s\n\n", r.Turns, r.Steps, r.Seconds, r.TurnsPerSecond)
	l := r.Length
	fmt.Fprintf(w, "game length of finished games (player-turns): p10 %d, median %d, p90 %d (min %d, mean %.1f, max %d)\n",
		l.P10, l.Median, l.P90, l.Min, l.Mean, l.Max)
	printHistogram(w, l)
	fmt.Fprintf(w, "  capped      %8d (reached %d turns)\n", r.Capped, r.MaxTurns)
	fmt.Fprintf(w, "\nwins by seat (finished games, 95 %% interval):\n")
	for i, c := range r.Wins {
		fmt.Fprintf(w, "  seat %d  %8d  %5.1f %%  [%4.1f, %4.1f]   (moving %d%s: %d)\n", i, c, 100*r.WinRate[i],
			100*r.WinCI[i][0], 100*r.WinCI[i][1], i+1, ordinal(i+1), r.WinsByOrder[i])
	}
}
