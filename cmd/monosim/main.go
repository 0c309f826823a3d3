package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // -h: the usage is printed
		}
		fmt.Fprintln(os.Stderr, "monosim:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("monosim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg Config
	fs.StringVar(&cfg.Edition, "edition", engine.Classic, "edition: "+strings.Join(editionIDs(), ", "))
	fs.IntVar(&cfg.Players, "players", 4, "players per game")
	fs.IntVar(&cfg.Games, "games", 10000, "games to play")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the run; each game's seed derives from it")
	fs.IntVar(&cfg.MaxTurns, "max-turns", 1000, "player-turns after which a game counts as capped")
	fs.IntVar(&cfg.Warmup, "warmup", 0, "leave each seat's first `N` turns of a game out of the landing statistics")
	fs.IntVar(&cfg.Workers, "workers", 1, "goroutines playing games")
	jail := fs.String("jail", "short", "jail strategy of the computer players: short or long")
	seats := fs.String("seats", "", "levels of the seats, one per seat: e.g. `hard,normal` (easy, normal, hard; default all normal; sets -players)")
	rotate := fs.Bool("rotate", true, "with -seats, move every level one seat on per game, so seat order does not bias the result")
	lang := fs.String("lang", "en", "language of square and group names: "+strings.Join(languages, ", "))
	asJSON := fs.Bool("json", false, "print one JSON object instead of tables")
	plot := fs.String("plot", "", "draw landing shares and return per group into this PNG `file`")
	progress := fs.Bool("progress", false, "show a progress bar on stderr even when it is not a terminal")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	var err error
	if cfg.Jail, err = ai.ParseJailStrategy(*jail); err != nil {
		return err
	}
	if *seats != "" && !flagSet(fs, "players") {
		cfg.Players = len(strings.Split(*seats, ","))
	}
	if cfg.Lineup, err = parseLineup(*seats, cfg.Players, *rotate); err != nil {
		return err
	}
	names, err := newNamer(*lang, cfg.Edition)
	if err != nil {
		return err
	}
	if *progress || isTerminal(stderr) {
		cfg.Progress = progressBar(stderr, cfg.Games)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if cfg.Edition == DealEdition {
		return runDeal(cfg, *asJSON, stdout, stderr)
	}
	res, err := Run(cfg)
	if cfg.Progress != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return err
	}
	names.name(res)
	if *plot != "" {
		if err := writePlot(*plot, res, names); err != nil {
			return err
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	printTables(stdout, res, names)
	printBalance(stdout, res)
	printLevelWins(stdout, res.Levels, cfg.Lineup.Rotate)
	return nil
}

// flagSet reports whether the command line set flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// editionIDs lists the board engine's editions and the Deal card game,
// sorted.
func editionIDs() []string {
	ids := append(engine.Editions(), DealEdition)
	sort.Strings(ids)
	return ids
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar returns a Progress callback drawing a bar on w.
func progressBar(w io.Writer, total int) func(int) {
	const width = 40
	return func(done int) {
		if total <= 0 {
			return
		}
		n := done * width / total
		fmt.Fprintf(w, "\r[%s%s] %d/%d games", strings.Repeat("#", n), strings.Repeat(".", width-n), done, total)
	}
}

func printTables(w io.Writer, r *Result, names *namer) {
	fmt.Fprintf(w, "edition %s, %d players, jail %s, seed %d, turn cap %d\n", r.Edition, r.Players, r.Jail, r.Seed, r.MaxTurns)
	fmt.Fprintf(w, "games %d: finished %d, capped %d\n", r.Games, r.Finished, r.Capped)
	fmt.Fprintf(w, "turns %d (%d actions) in %.2fs: %.0f turns/s\n\n", r.Turns, r.Steps, r.Seconds, r.TurnsPerSecond)

	l := r.Length
	fmt.Fprintf(w, "game length of finished games (player-turns): min %d, p10 %d, median %d, mean %.1f, p90 %d, max %d\n",
		l.Min, l.P10, l.Median, l.Mean, l.P90, l.Max)
	printHistogram(w, l)
	if r.Capped > 0 {
		fmt.Fprintf(w, "  capped      %8d (reached %d turns)\n", r.Capped, r.MaxTurns)
	}

	fmt.Fprintf(w, "\nwins by seat (finished games):\n")
	for i, c := range r.Wins {
		fmt.Fprintf(w, "  seat %d  %8d  %5.1f %%   (moving %d%s: %d)\n", i, c, 100*r.WinRate[i], i+1, ordinal(i+1), r.WinsByOrder[i])
	}

	fmt.Fprintf(w, "\nwhere player-turns end (share of %d player-turns", r.Landing.Counted)
	if r.Landing.Warmup > 0 {
		fmt.Fprintf(w, ", each seat's first %d turns of a game left out", r.Landing.Warmup)
	}
	fmt.Fprintf(w, "):\n")
	type row struct {
		name  string
		share float64
	}
	rows := make([]row, 0, len(r.Landing.EndOfTurn)+1)
	jailSquare := engine.EditionByID(r.Edition).JailSquare
	for sq, s := range r.Landing.EndOfTurn {
		name := fmt.Sprintf("%2d %s", sq, names.square(sq))
		if sq == jailSquare {
			name += " (just visiting)"
		}
		rows = append(rows, row{name, s})
	}
	rows = append(rows, row{"in jail", r.Landing.InJail})
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].share > rows[j].share })
	for i, x := range rows {
		fmt.Fprintf(w, "  %2d. %-36s %6.3f %%\n", i+1, x.name, 100*x.share)
	}
}

// printHistogram draws l's non-empty buckets as bars, the fullest 50 wide.
func printHistogram(w io.Writer, l Length) {
	top := 1
	for _, c := range l.Histogram {
		top = max(top, c)
	}
	for i, c := range l.Histogram {
		if c > 0 {
			fmt.Fprintf(w, "  %5d-%-5d %8d %s\n", i*l.Bucket, (i+1)*l.Bucket-1, c, strings.Repeat("*", c*50/top))
		}
	}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}
