package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestTurnLinesLeaveABankruptcysDeedsToItsSummary: the deeds a bankrupt
// hands over are listed once, by the bankruptcy's own summary message; the
// turn message says who went bankrupt, and still shows a deed received in
// a trade.
func TestTurnLinesLeaveABankruptcysDeedsToItsSummary(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{})
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := &kit.Record{ID: 1, Status: kit.StatusPlaying, Edition: engine.Classic, State: &state.Board{Game: g},
		Seats: []kit.Seat{{User: 1, Name: "Оля"}, {User: 2, Name: "Богдан"}, {User: 3, Name: "Вера"}}}
	traded := engine.Event{Kind: engine.EvDeedReceived, Player: 2, Other: 0, Square: 3}
	bankrupt := engine.Event{Kind: engine.EvBankrupt, Player: 1, Other: 0}
	handed := engine.Event{Kind: engine.EvDeedReceived, Player: 0, Other: 1, Square: 1}
	Of(rec).Turn = []engine.Event{traded, bankrupt, handed}
	for _, lang := range locales.Languages {
		text := strings.Join(b.text.turnLines(lang, rec), "\n")
		for _, want := range []engine.Event{traded, bankrupt} {
			if line := b.text.eventLine(lang, rec, want); !strings.Contains(text, line) {
				t.Errorf("%s: the turn lacks %q:\n%s", lang, line, text)
			}
		}
		if line := b.text.eventLine(lang, rec, handed); strings.Contains(text, line) {
			t.Errorf("%s: the turn repeats the bankruptcy's deed %q:\n%s", lang, line, text)
		}
	}
}
