package board

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestLongestTexts renders the biggest messages a game can produce — six
// players with 32-character names, every deed owned, built or mortgaged,
// a turn full of events — in every language, within Telegram's limits.
func TestLongestTexts(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{})
	g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: 6, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := &kit.Record{ID: 1 << 50, Rev: 1 << 40, Status: kit.StatusPlaying, Edition: engine.Classic, State: &state.Board{Game: g}}
	for i := 0; i < 6; i++ {
		rec.Seats = append(rec.Seats, kit.Seat{User: int64(1e12 + i), Name: strings.Repeat("Щ&<", 11)[:32]})
	}
	ed := g.EditionData()
	for sq := range g.Props {
		if ed.Squares[sq].Ownable() {
			g.Props[sq].Owner = engine.PlayerID(sq % 6)
			if sq%3 == 0 {
				g.Props[sq].Mortgaged = true
			} else if ed.Squares[sq].Kind == engine.SquareStreet {
				g.Props[sq].Buildings = 4
			}
		}
		g.Players[sq%6].JailCards = [2]bool{true, true}
	}
	for k := engine.EventKind(1); int(k) < len(eventIDs)+1; k++ {
		Of(rec).Turn = append(Of(rec).Turn, engine.Event{Kind: k, Player: 5, Other: 4, Square: 39, Amount: 1999999, Cost: 1999999, Dice: [2]int{6, 6}})
	}
	for _, lang := range locales.Languages {
		for name, text := range map[string]string{
			"turn":      b.text.renderTurn(lang, rec),
			"closed":    b.text.renderClosedTurn(lang, rec),
			"board":     b.text.renderBoard(lang, rec),
			"standings": b.text.renderStandings(lang, rec),
			"help":      cat.T(lang, "help", nil),
		} {
			if n := kit.TextLen(text); n > 4096 || n == 0 {
				t.Errorf("%s %s: %d UTF-16 units", lang, name, n)
			}
			if strings.Contains(text, "Щ&<") {
				t.Errorf("%s %s: a name is not HTML-escaped", lang, name)
			}
		}
		for sq := range ed.Squares {
			if ed.Squares[sq].Ownable() {
				if n := len([]rune(b.deed.deedText(lang, engine.Classic, sq))); n > 200 {
					t.Errorf("%s deed %d: %d characters, over the alert limit", lang, sq, n)
				}
			}
		}
		kb := b.turn.turnKeyboard(lang, rec)
		for _, row := range kb.Rows {
			for _, btn := range row {
				if len(btn.Data) > kit.MaxCallbackData {
					t.Errorf("callback data %q too long", btn.Data)
				}
			}
		}
	}
}
