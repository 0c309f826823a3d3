package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// TestLineupRotates: with rotation every entry sits in every seat equally
// often, and At and Entry agree.
func TestLineupRotates(t *testing.T) {
	l, err := parseLineup("hard,normal,easy", 3, true)
	if err != nil {
		t.Fatal(err)
	}
	seen := make([][3]int, 3) // entry × seat
	for game := range 9 {
		taken := [3]bool{}
		for seat := range 3 {
			e := l.Entry(seat, game)
			if taken[e] {
				t.Fatalf("game %d: entry %d sits twice", game, e)
			}
			taken[e] = true
			seen[e][seat]++
			if l.At(seat, game) != l.Levels[e] {
				t.Fatalf("game %d seat %d: At %v, entry %d is %v", game, seat, l.At(seat, game), e, l.Levels[e])
			}
		}
	}
	for e, seats := range seen {
		if seats != [3]int{3, 3, 3} {
			t.Errorf("entry %d sat %v times in seats 0..2 over 9 games, want 3 each", e, seats)
		}
	}
	fixed, _ := parseLineup("hard,normal", 2, false)
	if fixed.Entry(1, 5) != 1 || fixed.At(0, 5) != level.Hard {
		t.Error("without rotation an entry moved")
	}
	if _, err := parseLineup("hard", 2, true); err == nil {
		t.Error("one level for two players was accepted")
	}
	if (Lineup{Levels: []level.Level{level.Normal, level.Normal}}).Mixed() {
		t.Error("an all-normal lineup counts as mixed")
	}
}

// TestLevelWinsInterval: the rate and its interval come from the wins.
func TestLevelWinsInterval(t *testing.T) {
	rows := levelWins([]level.Level{level.Hard, level.Normal}, []int{600, 400}, 1000)
	if rows[0].Level != "hard" || rows[0].Rate != 0.6 || !(rows[0].Low < 0.6 && rows[0].High > 0.6) {
		t.Fatalf("hard row %+v", rows[0])
	}
	if half := (rows[0].High - rows[0].Low) / 2; half < 0.029 || half > 0.032 {
		t.Errorf("half-width %.4f of 1000 games at 60 %%, want about 0.030", half)
	}
}

// TestSeatsFlag: -seats sets the players and the report gives each
// level's wins, which add up to the finished games.
func TestSeatsFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run([]string{"-seats", "easy,hard", "-games", "20", "-seed", "5", "-max-turns", "400"}, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	text := out.String()
	if !strings.Contains(text, "2 players") || !strings.Contains(text, "wins by level") || !strings.Contains(text, "hard") {
		t.Fatalf("no level report:\n%s", text)
	}
	r, err := Run(Config{Edition: engine.Business, Players: 2, Games: 20, Seed: 5, MaxTurns: 400, Workers: 1,
		Lineup: Lineup{Levels: []level.Level{level.Easy, level.Hard}, Rotate: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Levels) != 2 || r.Levels[0].Wins+r.Levels[1].Wins != r.Finished {
		t.Errorf("level wins %+v do not add up to %d finished games", r.Levels, r.Finished)
	}
}
