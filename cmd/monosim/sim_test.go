package main

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
)

func testConfig(jail ai.JailStrategy, workers int) Config {
	return Config{Edition: engine.Classic, Players: 4, Games: 400, Seed: 7, MaxTurns: 600, Jail: jail, Workers: workers}
}

func sumShares(l Landing) float64 {
	s := l.InJail
	for _, x := range l.EndOfTurn {
		s += x
	}
	return s
}

// TestJSONOutput runs the command in-process with -json and checks the
// fields the issue asks for.
func TestJSONOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run([]string{"-games", "50", "-seed", "3", "-max-turns", "300", "-jail", "long", "-json", "-workers", "2"}, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if errOut.Len() != 0 {
		t.Errorf("unexpected stderr output (no progress bar without a terminal): %q", errOut.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out.String())
	}
	for _, k := range []string{"games", "turns", "seconds", "turns_per_second", "landing"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in the JSON", k)
		}
	}
	if m["games"] != 50.0 {
		t.Errorf("games = %v, want 50", m["games"])
	}
	if turns, _ := m["turns"].(float64); turns <= 0 {
		t.Errorf("turns = %v", m["turns"])
	}
	landing, _ := m["landing"].(map[string]any)
	eot, _ := landing["end_of_turn"].([]any)
	inJail, ok := landing["in_jail"].(float64)
	if len(eot) != 40 || !ok {
		t.Fatalf("landing = %v", landing)
	}
	sum := inJail
	for _, x := range eot {
		sum += x.(float64)
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("end_of_turn + in_jail = %v, want 1", sum)
	}
}

func TestTableOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"-games", "20", "-max-turns", "200"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"games 20", "turns/s", "wins by seat", "in jail", "Jail (just visiting)", "Illinois Avenue",
		"balance per group", "Dark blue", "seat win rates", "p10"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table output lacks %q:\n%s", want, out.String())
		}
	}
	if err := run([]string{"-jail", "sometimes"}, &out, &errOut); err == nil {
		t.Error("no error for an unknown jail strategy")
	}
}

// TestReproducible: the same seed gives the same result, whatever the
// number of workers.
func TestReproducible(t *testing.T) {
	a, err := Run(testConfig(ai.JailShort, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(testConfig(ai.JailShort, 3))
	if err != nil {
		t.Fatal(err)
	}
	a.Seconds, a.TurnsPerSecond, b.Seconds, b.TurnsPerSecond = 0, 0, 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("results differ:\n%+v\n%+v", a, b)
	}
	if a.Finished+a.Capped != a.Games {
		t.Fatalf("finished %d + capped %d != games %d", a.Finished, a.Capped, a.Games)
	}
	wins := 0
	for _, w := range a.Wins {
		wins += w
	}
	if wins != a.Finished {
		t.Fatalf("wins %d != finished %d", wins, a.Finished)
	}
	if math.Abs(sumShares(a.Landing)-1) > 1e-9 {
		t.Fatalf("shares sum to %v", sumShares(a.Landing))
	}
}

// TestLandingSanity compares where turns end with the well-known classic
// figures, which validates the engine's movement, cards and jail rules.
// Shares are of player-turns (not of rolls): with the long jail strategy
// every trip to jail (about 4 % of turns: square 30, two cards, three
// doubles) ends that turn and up to two more in jail, so "in jail" is the
// most frequent end of a turn at about 11 %; with the short strategy only
// the turn of the arrest ends there (about 4-5 %).
func TestLandingSanity(t *testing.T) {
	cfg := testConfig(ai.JailLong, 2)
	cfg.Games = 1000
	if testing.Short() {
		cfg.Games = 300
	}
	r, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l := r.Landing
	t.Logf("%d turns; in jail %.2f %%, Illinois %.2f %%, just visiting %.2f %%", r.Turns, 100*l.InJail, 100*l.EndOfTurn[24], 100*l.EndOfTurn[10])
	if l.InJail < 0.05 || l.InJail > 0.13 {
		t.Errorf("in jail %.3f, want 0.05-0.13", l.InJail)
	}
	for sq, x := range l.EndOfTurn {
		if x >= l.InJail {
			t.Errorf("square %d (%.3f) ends more turns than jail (%.3f)", sq, x, l.InJail)
		}
	}
	if l.EndOfTurn[30] != 0 {
		t.Errorf("a turn ended on go-to-jail: %.4f", l.EndOfTurn[30])
	}
	if x := l.EndOfTurn[10]; x < 0.015 || x > 0.03 {
		t.Errorf("just visiting %.3f, want 0.015-0.03", x)
	}
	for _, sq := range []int{7, 22, 36} { // most Chance cards move the token on
		if x := l.EndOfTurn[sq]; x > 0.015 {
			t.Errorf("Chance square %d ends %.3f of turns, want < 0.015", sq, x)
		}
	}
	// Illinois and the oranges are among the most landed streets.
	ed := engine.EditionByID(engine.Classic)
	var streets []int
	for sq, s := range ed.Squares {
		if s.Kind == engine.SquareStreet {
			streets = append(streets, sq)
		}
	}
	sort.SliceStable(streets, func(i, j int) bool { return l.EndOfTurn[streets[i]] > l.EndOfTurn[streets[j]] })
	rank := map[int]int{}
	for i, sq := range streets {
		rank[sq] = i + 1
	}
	if rank[24] > 3 {
		t.Errorf("Illinois is street number %d, want in the top 3", rank[24])
	}
	for _, sq := range []int{16, 18, 19} {
		if rank[sq] > 7 {
			t.Errorf("orange square %d is street number %d, want in the top 7", sq, rank[sq])
		}
	}
	for _, sq := range []int{1, 3, 37} { // the least landed streets
		if rank[sq] < len(streets)-5 {
			t.Errorf("square %d is street number %d, want among the last 5", sq, rank[sq])
		}
	}

	short := testConfig(ai.JailShort, 2)
	rs, err := Run(short)
	if err != nil {
		t.Fatal(err)
	}
	if x := rs.Landing.InJail; x < 0.025 || x > 0.065 {
		t.Errorf("short jail strategy: in jail %.3f, want 0.025-0.065", x)
	}
}

// TestWarmup: -warmup N leaves each seat's first N turns of every game out
// of the landing statistics (and nothing else), and the shares are of the
// turns counted.
func TestWarmup(t *testing.T) {
	base := testConfig(ai.JailLong, 2)
	cold, err := Run(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 3} {
		cfg := base
		cfg.Warmup = n
		warm, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Every seat plays at least three turns in a game (no game is
		// that short).
		if want := cold.Turns - int64(n*cfg.Players*cfg.Games); warm.Landing.Counted != want || warm.Turns != cold.Turns {
			t.Errorf("warm-up %d: %d of %d turns counted, want %d", n, warm.Landing.Counted, warm.Turns, want)
		}
		var counted int64 = warm.Landing.JailCount
		for _, c := range warm.Landing.Counts {
			counted += c
		}
		if counted != warm.Landing.Counted || math.Abs(sumShares(warm.Landing)-1) > 1e-9 {
			t.Errorf("warm-up %d: counts add to %d of %d, shares to %v", n, counted, warm.Landing.Counted, sumShares(warm.Landing))
		}
		if !reflect.DeepEqual(warm.Wins, cold.Wins) || warm.Steps != cold.Steps {
			t.Errorf("warm-up %d changed the games", n)
		}
	}
	// Nobody starts in jail, so leaving the first laps out raises the
	// share of turns ending there.
	cfg := base
	cfg.Warmup = 20
	warm, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("in jail: %.3f %% of all turns, %.3f %% after each seat's first 20", 100*cold.Landing.InJail, 100*warm.Landing.InJail)
	if warm.Landing.InJail <= cold.Landing.InJail {
		t.Errorf("in jail %.4f with the warm-up, %.4f without", warm.Landing.InJail, cold.Landing.InJail)
	}
}

// TestHelpListsEditions: -h names every edition the engine has.
func TestHelpListsEditions(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"-h"}, &out, &errOut); err == nil {
		t.Fatal("-h: no flag.ErrHelp")
	}
	for _, id := range engine.Editions() {
		if !strings.Contains(errOut.String(), id) {
			t.Errorf("-h does not list edition %q:\n%s", id, errOut.String())
		}
	}
	if err := run([]string{"-edition", "nonesuch", "-games", "1"}, &out, &errOut); err == nil {
		t.Error("no error for an unknown edition")
	}
	if err := run([]string{"-lang", "de", "-games", "1"}, &out, &errOut); err == nil {
		t.Error("no error for an unknown language")
	}
}

// TestNamesInLanguages: square and group names come from the locales.
func TestNamesInLanguages(t *testing.T) {
	for lang, want := range map[string]string{"en": "Boardwalk", "ru": "ул. Арбат", "uk": "Хрещатик"} {
		n, err := newNamer(lang, engine.Classic)
		if err != nil {
			t.Fatal(err)
		}
		got := n.square(39)
		if got == "" || strings.HasPrefix(got, "square") || want != "" && got != want {
			t.Errorf("%s: square 39 is %q", lang, got)
		}
		if g := n.group(7); g == "" || strings.HasPrefix(g, "group") {
			t.Errorf("%s: group 7 is %q", lang, g)
		}
	}
	n, _ := newNamer("en", "nonesuch")
	if got := n.square(3); got != "square 3" {
		t.Errorf("a square without a name: %q", got)
	}
}

// TestEveryEditionPlays: the simulator plays every edition the engine
// has, with the fewest and the most players it takes.
func TestEveryEditionPlays(t *testing.T) {
	for _, id := range engine.Editions() {
		ed := engine.EditionByID(id)
		for _, players := range []int{ed.MinPlayers, ed.MaxPlayers} {
			r, err := Run(Config{Edition: id, Players: players, Games: 20, Seed: 1, MaxTurns: 1000, Jail: ai.JailShort, Workers: 1})
			if err != nil {
				t.Fatalf("%s, %d players: %v", id, players, err)
			}
			if r.Turns == 0 || r.Finished+r.Capped != r.Games || len(r.Balance.Groups) != ed.GroupCount() {
				t.Errorf("%s, %d players: %d turns, %d finished, %d capped", id, players, r.Turns, r.Finished, r.Capped)
			}
		}
	}
}
