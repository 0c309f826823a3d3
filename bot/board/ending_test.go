package board

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestKeepTally: scripted events make the tally the ending shows — the
// start at turn 1, the biggest rent, the rent per set, jail stays counted
// in the seat's own turns begun in jail, the end at game over.
func TestKeepTally(t *testing.T) {
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ed := g.EditionData()
	rec := &kit.Record{State: &state.Board{Game: g}}
	turn := func(p engine.PlayerID, n int) engine.Event {
		return engine.Event{Kind: engine.EvTurnStarted, Player: p, Amount: n}
	}
	rent := func(payer, owner engine.PlayerID, sq, amount int) engine.Event {
		return engine.Event{Kind: engine.EvRentPaid, Player: payer, Other: owner, Square: sq, Amount: amount}
	}
	keepTally(rec, []engine.Event{turn(0, 1), rent(0, 1, 1, 10), rent(0, 1, 3, 20)}, 1000)
	keepTally(rec, []engine.Event{turn(1, 2), {Kind: engine.EvSentToJail, Player: 1}, rent(2, 0, 39, 200)}, 2000)
	// Богдан (seat 1) begins turns 4 and 7 in jail, leaves on turn 7 and
	// is sent back at once.
	for n := 3; n <= 8; n++ {
		evs := []engine.Event{turn(engine.PlayerID(n%3), n)}
		if n == 7 {
			evs = append(evs, engine.Event{Kind: engine.EvLeftJail, Player: 1}, engine.Event{Kind: engine.EvSentToJail, Player: 1})
		}
		keepTally(rec, evs, int64(1000*n))
	}
	keepTally(rec, []engine.Event{{Kind: engine.EvBankrupt, Player: 2, Other: engine.Bank}, {Kind: engine.EvGameOver, Player: 0}}, 9000)

	tl := Of(rec).Tally
	if tl.Started != 1000 || tl.Ended != 9000 {
		t.Errorf("started %d ended %d, want 1000 and 9000", tl.Started, tl.Ended)
	}
	if tl.TopRent != (state.Rent{Payer: 2, Owner: 0, Square: 39, Amount: 200}) {
		t.Errorf("biggest rent %+v", tl.TopRent)
	}
	brown, darkBlue := ed.Squares[1].Group, ed.Squares[39].Group
	if tl.SetRent[brown] != 30 || tl.SetRent[darkBlue] != 200 {
		t.Errorf("rent by set %v", tl.SetRent)
	}
	if got, _ := bestSet(rec); got != darkBlue {
		t.Errorf("most profitable set %d, want %d", got, darkBlue)
	}
	if j := tl.Jail[1]; j.Longest != 2 || !j.In || j.Turns != 0 {
		t.Errorf("Богдан's jail stays %+v, want the longest 2 and in again", j)
	}

	// The business edition's jail: sent there, one turn skipped, out; or
	// the fine paid at once, no stay.
	keepTally(rec, []engine.Event{{Kind: engine.EvSentToJail, Player: 2}, {Kind: engine.EvWillSkip, Player: 2, Amount: engine.SkipJail}}, 9500)
	keepTally(rec, []engine.Event{{Kind: engine.EvTurnSkipped, Player: 2, Amount: engine.SkipJail}, turn(0, 10)}, 9600)
	keepTally(rec, []engine.Event{{Kind: engine.EvSentToJail, Player: 0}, {Kind: engine.EvJailFinePaid, Player: 0}, turn(1, 11), turn(0, 12)}, 9700)
	if j0, j2 := Of(rec).Tally.Jail[0], Of(rec).Tally.Jail[2]; j2.Longest != 1 || j2.In || j0.Longest != 0 || j0.In {
		t.Errorf("business jail stays: %+v and %+v, want one turn and none", j2, j0)
	}

	// A turn 1 seen later (a record from before the tally) does not move
	// the start.
	keepTally(rec, []engine.Event{turn(0, 1)}, 99_000)
	if Of(rec).Tally.Started != 1000 {
		t.Errorf("the start moved to %d", Of(rec).Tally.Started)
	}
}

// TestEndingOfRecordWithoutTally: a game stored before the tally ends with
// its standings and a length counted from its lobby, and no highlights.
func TestEndingOfRecordWithoutTally(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{Now: func() time.Time { return time.UnixMilli(0) }})
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	day := 24 * time.Hour
	rec := &kit.Record{Status: kit.StatusPlaying, Edition: engine.Classic, State: &state.Board{Game: g},
		Seats:   []kit.Seat{{User: 1, Name: "Оля"}, {User: 2, Name: "Богдан"}},
		Created: 0, Updated: (2*day + 3*time.Hour + 10*time.Minute).Milliseconds()}
	for _, lang := range locales.Languages {
		text := b.ending.renderEnding(lang, rec)
		length := cat.N(lang, "ending_length", g.Turn, map[string]any{"Time": cat.T(lang, "ending_days", map[string]any{"Days": 2, "H": 3})})
		if !strings.HasPrefix(text, cat.T(lang, "standings_title", nil)) || !strings.HasSuffix(text, "\n"+length) {
			t.Errorf("%s: the ending of a record without a tally:\n%s\nwant the standings, then %q", lang, text, length)
		}
	}
}
