package main

import (
	"fmt"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

// Config is one simulation run.
type Config struct {
	Edition  string
	Players  int
	Games    int
	Seed     uint64
	MaxTurns int // player-turns after which a game counts as capped
	// Warmup leaves each seat's first Warmup turns of every game out of
	// the landing statistics: every token starts on the start square, so
	// the first laps are not where tokens are later on.
	Warmup  int
	Jail    ai.JailStrategy
	Workers int
	// Lineup is the seats' levels (-seats, levels.go); empty: all normal.
	Lineup Lineup
	// Progress, when set, is called now and then with the games done so
	// far (from any worker goroutine, never concurrently).
	Progress func(done int)
}

// Result is what a run measured. Everything but Seconds and
// TurnsPerSecond depends only on the Config (not on Workers or timing).
type Result struct {
	Edition  string `json:"edition"`
	Players  int    `json:"players"`
	Jail     string `json:"jail"`
	Seed     uint64 `json:"seed"`
	MaxTurns int    `json:"max_turns"`
	Played
	// Wins counts finished games by the winner's seat; WinRate is Wins
	// over finished games. WinsByOrder counts by the winner's place in
	// the turn order (0 = moved first).
	Wins        []int     `json:"wins"`
	WinRate     []float64 `json:"win_rate"`
	WinsByOrder []int     `json:"wins_by_order"`
	// Levels is each -seats entry's result (levels.go), when levels were
	// seated.
	Levels  []LevelWins `json:"levels,omitempty"`
	Landing Landing     `json:"landing"`
	Balance Balance     `json:"balance"`
}

// Balance is the report a designer balances an edition with: per ownable
// group what was paid and earned, each seat's win rate with its
// confidence interval, how long games are and how many were capped, and
// what stakes returned on squares with one.
type Balance struct {
	Groups      []GroupBalance `json:"groups"`
	Seats       []SeatWins     `json:"seats"`
	P10         int            `json:"length_p10"`
	P50         int            `json:"length_p50"`
	P90         int            `json:"length_p90"`
	CappedShare float64        `json:"capped_share"`
	Stakes      []StakeBalance `json:"stakes,omitempty"`
}

// Played is how many games a run played and how: the part of Result and
// DealResult the two games share (their JSON inlines it).
type Played struct {
	Games          int     `json:"games"`
	Finished       int     `json:"finished"`
	Capped         int     `json:"capped"`
	Turns          int64   `json:"turns"` // completed player-turns, capped games included
	Steps          int64   `json:"steps"` // actions applied
	Seconds        float64 `json:"seconds"`
	TurnsPerSecond float64 `json:"turns_per_second"`
	Length         Length  `json:"length"`
}

// Length is the distribution of finished games' lengths in player-turns.
type Length struct {
	Min    int     `json:"min"`
	Mean   float64 `json:"mean"`
	Median int     `json:"median"`
	P10    int     `json:"p10"`
	P90    int     `json:"p90"`
	Max    int     `json:"max"`
	// Histogram counts finished games by length, in buckets of Bucket
	// player-turns: Histogram[i] counts lengths in [i*Bucket, (i+1)*Bucket).
	Bucket    int   `json:"bucket"`
	Histogram []int `json:"histogram"`
}

// Landing is where player-turns end, as fractions of the player-turns
// counted (all but each seat's first Warmup turns of a game): EndOfTurn
// by square (the jail square's entry is "just visiting"), InJail for
// turns that end in jail. They sum to 1.
type Landing struct {
	Warmup    int       `json:"warmup"`
	Counted   int64     `json:"counted"` // player-turns counted
	EndOfTurn []float64 `json:"end_of_turn"`
	InJail    float64   `json:"in_jail"`
	Counts    []int64   `json:"counts"` // raw counts behind EndOfTurn
	JailCount int64     `json:"in_jail_count"`
}

// tally is what one worker accumulates; tallies add up exactly, so the
// result does not depend on how games were spread over workers.
type tally struct {
	finished, capped int
	turns, steps     int64
	counted          int64 // player-turns in the landing statistics
	lengths          []int // finished games by length (index = turns)
	wins, byOrder    []int
	entryWins        []int // by the winner's -seats entry (levels.go)
	ends             []int64
	jail             int64
	seatTurns        []int // in the game being played
	obs              []observer
}

func newTally(cfg *Config, squares int) *tally {
	return &tally{
		lengths:   make([]int, cfg.MaxTurns+1),
		wins:      make([]int, cfg.Players),
		entryWins: make([]int, cfg.Players),
		byOrder:   make([]int, cfg.Players),
		ends:      make([]int64, squares),
		seatTurns: make([]int, cfg.Players),
	}
}

// played is what t counted of cfg's games, played in secs, their lengths
// l.
func (t *tally) played(cfg *Config, secs float64, l Length) Played {
	p := Played{Games: cfg.Games, Finished: t.finished, Capped: t.capped, Turns: t.turns, Steps: t.steps,
		Seconds: secs, Length: l}
	if secs > 0 {
		p.TurnsPerSecond = float64(t.turns) / secs
	}
	return p
}

// newBoardTally is a tally with the observers of the edition's games.
func newBoardTally(cfg *Config, ed *engine.Edition) *tally {
	t := newTally(cfg, len(ed.Squares))
	t.obs = newObservers(ed)
	return t
}

func (t *tally) add(o *tally) {
	t.finished += o.finished
	t.capped += o.capped
	t.turns += o.turns
	t.steps += o.steps
	t.counted += o.counted
	for i := range t.lengths {
		t.lengths[i] += o.lengths[i]
	}
	for i := range t.wins {
		t.wins[i] += o.wins[i]
		t.entryWins[i] += o.entryWins[i]
		t.byOrder[i] += o.byOrder[i]
	}
	for i := range t.ends {
		t.ends[i] += o.ends[i]
	}
	t.jail += o.jail
	for i, ob := range t.obs {
		ob.merge(o.obs[i])
	}
}

// gameSeed derives game i's seed from the run's seed (a splitmix64 step),
// so every game's seed is fixed whatever worker plays it.
func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// playGame plays game i to its end or to the turn cap, adding to t.
func playGame(cfg *Config, i int, players []*ai.Player, t *tally) error {
	g, _, err := engine.New(engine.Config{Edition: cfg.Edition, Players: cfg.Players, Seed: gameSeed(cfg.Seed, i)})
	if err != nil {
		return err
	}
	first := int(g.Current)
	turns := 0
	clear(t.seatTurns)
	for _, ob := range t.obs {
		ob.startGame(g)
	}
	for g.Phase != engine.PhaseGameOver && turns < cfg.MaxTurns {
		cur, turn := g.Current, g.Turn
		events, err := ai.Step(g, players)
		if err != nil {
			return fmt.Errorf("game %d (seed %d), turn %d: %w", i, gameSeed(cfg.Seed, i), g.Turn, err)
		}
		t.steps++
		for _, ob := range t.obs {
			ob.events(g, turns, events)
		}
		if g.Turn == turn && g.Phase != engine.PhaseGameOver {
			continue
		}
		// cur's turn is over: record where it ended, after the warm-up.
		turns++
		if t.seatTurns[cur]++; t.seatTurns[cur] <= cfg.Warmup {
			continue
		}
		t.counted++
		pl := &g.Players[cur]
		if pl.InJail {
			t.jail++
		} else {
			t.ends[pl.Pos]++
		}
	}
	for _, ob := range t.obs {
		ob.endGame(g, turns)
	}
	t.turns += int64(turns)
	if g.Phase != engine.PhaseGameOver {
		t.capped++
		return nil
	}
	t.finished++
	t.lengths[turns]++
	t.wins[g.Winner]++
	t.entryWins[cfg.Lineup.Entry(int(g.Winner), i)]++
	t.byOrder[(int(g.Winner)-first+cfg.Players)%cfg.Players]++
	return nil
}

// Run plays cfg.Games games with computer players and returns the
// statistics.
func Run(cfg Config) (*Result, error) {
	ed := engine.EditionByID(cfg.Edition)
	if ed == nil {
		return nil, fmt.Errorf("unknown edition %q", cfg.Edition)
	}
	if cfg.Players < ed.MinPlayers || cfg.Players > ed.MaxPlayers {
		return nil, fmt.Errorf("edition %s takes %d to %d players", ed.ID, ed.MinPlayers, ed.MaxPlayers)
	}
	if cfg.Games < 0 || cfg.MaxTurns < 1 || cfg.Warmup < 0 {
		return nil, fmt.Errorf("need games >= 0, max-turns >= 1 and warmup >= 0")
	}
	start := time.Now()
	total := newBoardTally(&cfg, ed)
	err := playAll(&cfg, total, func() (*tally, func(int, *tally) error) {
		pl := &ai.Player{}
		players := make([]*ai.Player, cfg.Players)
		for i := range players {
			players[i] = pl
		}
		own := make([]ai.Player, cfg.Players)
		return newBoardTally(&cfg, ed), func(i int, t *tally) error {
			// A computer player remembers its trade offers, so every
			// game starts with a fresh one: a game's result must not
			// depend on the games the worker played before it.
			*pl = ai.Player{Jail: cfg.Jail}
			if cfg.Lineup.Mixed() { // a player per seat, at its level
				for s := range own {
					own[s] = ai.Player{Jail: cfg.Jail, Level: cfg.Lineup.At(s, i)}
					players[s] = &own[s]
				}
			}
			return playGame(&cfg, i, players, t)
		}
	})
	if err != nil {
		return nil, err
	}
	secs := time.Since(start).Seconds()
	return summarize(&cfg, total, secs), nil
}

func summarize(cfg *Config, t *tally, secs float64) *Result {
	r := &Result{
		Edition: cfg.Edition, Players: cfg.Players, Jail: cfg.Jail.String(), Seed: cfg.Seed,
		MaxTurns: cfg.MaxTurns, Played: t.played(cfg, secs, lengthStats(t.lengths, cfg.MaxTurns)),
		Wins: t.wins, WinsByOrder: t.byOrder, WinRate: make([]float64, cfg.Players),
	}
	for i, w := range t.wins {
		if t.finished > 0 {
			r.WinRate[i] = float64(w) / float64(t.finished)
		}
	}
	if len(cfg.Lineup.Levels) > 0 {
		r.Levels = levelWins(cfg.Lineup.Levels, t.entryWins, t.finished)
	}
	r.Landing = Landing{Warmup: cfg.Warmup, Counted: t.counted, EndOfTurn: make([]float64, len(t.ends)), Counts: t.ends, JailCount: t.jail}
	if t.counted > 0 {
		for i, c := range t.ends {
			r.Landing.EndOfTurn[i] = float64(c) / float64(t.counted)
		}
		r.Landing.InJail = float64(t.jail) / float64(t.counted)
	}
	r.Balance = Balance{Seats: seatWins(t.wins, t.finished), P10: r.Length.P10, P50: r.Length.Median, P90: r.Length.P90}
	if cfg.Games > 0 {
		r.Balance.CappedShare = float64(t.capped) / float64(cfg.Games)
	}
	for _, ob := range t.obs {
		switch ob := ob.(type) {
		case *groupStats:
			r.Balance.Groups = ob.balance(cfg.Games)
		case *stakeStats:
			r.Balance.Stakes = ob.balance()
		}
	}
	return r
}

func lengthStats(lengths []int, maxTurns int) Length {
	bucket := max(1, (maxTurns+19)/20)
	l := Length{Bucket: bucket, Histogram: make([]int, (maxTurns+bucket)/bucket)}
	n, sum := 0, 0
	for turns, c := range lengths {
		if c == 0 {
			continue
		}
		if n == 0 {
			l.Min = turns
		}
		l.Max = turns
		n += c
		sum += turns * c
		l.Histogram[turns/bucket] += c
	}
	if n == 0 {
		return l
	}
	l.Mean = float64(sum) / float64(n)
	l.P10, l.Median, l.P90 = quantile(lengths, n, 0.1), quantile(lengths, n, 0.5), quantile(lengths, n, 0.9)
	return l
}

// quantile is the smallest length with at least q·n games at or below it.
func quantile(lengths []int, n int, q float64) int {
	need := int(q*float64(n) + 0.999999) // ceil
	need = max(need, 1)
	seen := 0
	for turns, c := range lengths {
		seen += c
		if seen >= need {
			return turns
		}
	}
	return len(lengths) - 1
}
