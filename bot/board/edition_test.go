package board

import (
	"slices"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

func TestStakes(t *testing.T) {
	for _, tc := range []struct {
		max, unit int
		want      []int
	}{
		{200, 1, []int{20, 50, 100, 200}},
		{3, 1, []int{1, 3}},
		{1, 1, []int{1}},
		{1_800_000, 1000, []int{180_000, 450_000, 900_000, 1_800_000}},
		{18_000, 1000, []int{1000, 4000, 9000, 18_000}},
		{2_000, 1000, []int{1000, 2000}}, // never below the smallest banknote
		{900, 1000, nil},
	} {
		if got := Stakes(tc.max, tc.unit); !slices.Equal(got, tc.want) {
			t.Errorf("Stakes(%d, %d) = %v, want %v", tc.max, tc.unit, got, tc.want)
		}
	}
}

func TestParseAmount(t *testing.T) {
	for in, want := range map[string]int{"500": 500, " 50 000 ": 50000, "50,000": 50000, "1\u00a0500\u00a0000": 1500000, "0": 0} {
		if got, ok := ParseAmount(in); !ok || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "-5", "ten", "5k", "1e3"} {
		if _, ok := ParseAmount(in); ok {
			t.Errorf("ParseAmount(%q) accepted", in)
		}
	}
}

func TestReelLine(t *testing.T) {
	spin := []engine.Event{{Kind: engine.EvCasinoOffered},
		{Kind: engine.EvReelStopped, Deck: 0, Card: engine.SymbolStar}, {Kind: engine.EvReelStopped, Deck: 1, Card: engine.SymbolBell}}
	if got := reelLine(spin); got != "⭐ | 🔔 | ▫️" {
		t.Errorf("two reels stopped: %q", got)
	}
	// An earlier spin of the same turn does not show in the next one.
	again := append(slices.Clone(spin), engine.Event{Kind: engine.EvCasinoOffered}, engine.Event{Kind: engine.EvReelStopped, Deck: 2, Card: engine.SymbolLemon})
	if got := reelLine(again); got != "▫️ | ▫️ | 🍋" {
		t.Errorf("a second spin: %q", got)
	}
	if got := reelLine(spin[:1]); got != "" {
		t.Errorf("no reel stopped: %q", got)
	}
}

// editionRecord is a running game of the edition with three seats.
func editionRecord(t *testing.T, edition string) *kit.Record {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: edition, Players: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	rec := &kit.Record{ID: 1 << 40, Rev: 9, Status: kit.StatusPlaying, Edition: edition, State: &state.Board{Game: g}}
	for i, name := range []string{"Аня", "Богдан", "Вера"} {
		rec.Seats = append(rec.Seats, kit.Seat{User: int64(100 + i), Name: name})
	}
	return rec
}

// TestLuxTurnMessage: the lux edition's money is hryvnias in every
// language, the jackpot is on the table, the casino offers stake buttons
// in whole thousands and its reels are one line.
func TestLuxTurnMessage(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{})
	rec := editionRecord(t, engine.Lux)
	g := Of(rec).Game
	casino := slices.IndexFunc(g.EditionData().Squares, func(s engine.Square) bool { return s.Kind == engine.SquareCasino })
	g.Players[g.Current].Pos = casino
	g.Phase, g.Step = engine.PhaseGamble, engine.StepGamble
	p := g.Current
	Of(rec).Turn = []engine.Event{{Kind: engine.EvCasinoOffered, Player: p, Amount: g.Players[p].Cash, Cost: g.Jackpot},
		{Kind: engine.EvReelStopped, Player: p, Deck: 0, Card: engine.SymbolSeven, Amount: 5},
		{Kind: engine.EvReelStopped, Player: p, Deck: 1, Card: engine.SymbolSeven, Amount: 5},
		{Kind: engine.EvReelStopped, Player: p, Deck: 2, Card: engine.SymbolCherry, Amount: 3}}
	for _, lang := range locales.Languages {
		text := b.text.renderTurn(lang, rec)
		for _, want := range []string{cat.MoneyOf(lang, engine.Lux, 1_500_000), cat.MoneyOf(lang, engine.Lux, 200_000), "7️⃣ | 7️⃣ | 🍒"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the turn message lacks %q:\n%s", lang, want, text)
			}
		}
		if board := b.text.renderBoard(lang, rec); !strings.Contains(board, cat.T(lang, "players_jackpot", map[string]any{"Amount": cat.MoneyOf(lang, engine.Lux, 200_000)})) {
			t.Errorf("%s: /board does not show the jackpot:\n%s", lang, board)
		}
		if strings.Contains(text, "$") || strings.Count(text, "🎰") != 2 {
			t.Errorf("%s: dollars, or the reels not on one line:\n%s", lang, text)
		}
		var stakes []int
		for _, row := range b.turn.turnKeyboard(lang, rec).Rows {
			for _, btn := range row {
				if p, err := kit.ParsePress(btn.Data); err == nil && p.Op == OpStake {
					stakes = append(stakes, p.Arg)
					if !strings.Contains(btn.Text, cat.MoneyOf(lang, engine.Lux, p.Arg)) {
						t.Errorf("%s: stake button %q does not show %d", lang, btn.Text, p.Arg)
					}
				}
			}
		}
		if want := []int{150_000, 375_000, 750_000, 1_500_000}; !slices.Equal(stakes, want) {
			t.Errorf("%s: stakes %v, want %v", lang, stakes, want)
		}
	}
}

// TestBusinessTurnMessage: branches and corporations have their own icons,
// held Удача/Неудача cards and a skipped turn are marked, the jail's
// choice has its buttons, and the Сюрприз deck is named.
func TestBusinessTurnMessage(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{})
	rec := editionRecord(t, engine.Business)
	g := Of(rec).Game
	ed := g.EditionData()
	set := ed.Group(0)
	for i, sq := range set {
		g.Props[sq].Owner = 1
		g.Props[sq].Buildings = int8(2 + 3*i) // 2 branches, then a corporation
	}
	g.Players[1].Luck, g.Players[2].Misfortune, g.Players[2].Skips[engine.SkipRestDay] = 1, 1, 1
	g.Phase, g.Step = engine.PhaseJailChoice, engine.StepJailChoice
	g.Players[g.Current].Pos = ed.JailSquare
	Of(rec).Turn = []engine.Event{{Kind: engine.EvCardDrawn, Player: 0, Deck: 0, Card: 3},
		{Kind: engine.EvWillSkip, Player: 2, Amount: engine.SkipRestDay},
		{Kind: engine.EvBuilt, Player: 1, Square: set[1], Cost: 50, Amount: engine.Hotel}}
	corporation := map[string]string{"en": "founds a corporation", "ru": "основывает корпорацию", "uk": "засновує корпорацію"}
	for _, lang := range locales.Languages {
		text := b.text.renderTurn(lang, rec)
		// The buildings are on the board (/board), not in the turn message.
		if board := b.text.renderBoard(lang, rec); !strings.Contains(board, "🏪🏪") || !strings.Contains(board, "🏢") {
			t.Errorf("%s: /board lacks the branches or the corporation:\n%s", lang, board)
		}
		for _, want := range []string{"🍀", "🌧", "💤", corporation[lang], cat.T(lang, "deck_business_0", nil), cat.T(lang, "skip_reason_1", nil),
			cat.T(lang, "prompt_jail_choice", map[string]any{"Player": kit.SeatName(rec, g.Current), "Amount": cat.MoneyOf(lang, engine.Business, g.Rules.JailFine)})} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the turn message lacks %q:\n%s", lang, want, text)
			}
		}
		// Money in М, as the rule book prints it, never in dollars.
		if strings.Contains(text, "$") || !strings.Contains(text, cat.MoneyOf(lang, engine.Business, 1500)) {
			t.Errorf("%s: the turn message does not write money in M:\n%s", lang, text)
		}
		if strings.Contains(text, "🏠") || strings.Contains(text, "🏨") {
			t.Errorf("%s: houses or hotels in the business edition:\n%s", lang, text)
		}
		ops := map[kit.Op]bool{}
		for _, row := range b.turn.turnKeyboard(lang, rec).Rows {
			for _, btn := range row {
				if p, err := kit.ParsePress(btn.Data); err == nil {
					ops[p.Op] = true
				}
			}
		}
		if !ops[OpPayFine] || !ops[OpStayInJail] || ops[OpRoll] {
			t.Errorf("%s: the jail's choice offers %v", lang, ops)
		}
	}
}

// TestEditionDeeds: every deed of every edition fits an alert, in the
// edition's words (branches, transport companies) and money.
func TestEditionDeeds(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{})
	for _, id := range []string{engine.Classic, engine.Business, engine.Lux} {
		ed := engine.EditionByID(id)
		for _, lang := range locales.Languages {
			for sq, s := range ed.Squares {
				if !s.Ownable() {
					continue
				}
				text := b.deed.deedText(lang, id, sq)
				if n := len([]rune(text)); n > 200 || strings.Contains(text, "deed_") {
					t.Errorf("%s %s deed %d: %d characters: %q", id, lang, sq, n, text)
				}
				if id == engine.Lux && (strings.Contains(text, "$") || !strings.Contains(text, "₴")) {
					t.Errorf("lux %s deed %d not in hryvnias: %q", lang, sq, text)
				}
			}
		}
	}
	en := b.deed.deedText("en", engine.Business, engine.EditionByID(engine.Business).Group(0)[0])
	if !strings.Contains(en, "branch") || strings.Contains(en, "house") {
		t.Errorf("a business deed speaks of houses: %q", en)
	}
	port := slices.IndexFunc(engine.EditionByID(engine.Lux).Squares, func(s engine.Square) bool { return s.Kind == engine.SquarePort })
	if lux := b.deed.deedText("uk", engine.Lux, port); !strings.Contains(lux, "транспортні компанії") || !strings.Contains(lux, "25\u00a0000\u00a0₴") {
		t.Errorf("a lux transport company's deed: %q", lux)
	}
}

// TestResultsInClassicDollars: a lux game's net worth counts in the
// statistics in classic dollars, comparable with the other editions'.
func TestResultsInClassicDollars(t *testing.T) {
	b := bareKind(nil, Config{})
	for _, id := range []string{engine.Lux, engine.Business} {
		rec := editionRecord(t, id)
		scale := EditionScale(Of(rec).Game.EditionData())
		for i, res := range b.Results(rec) {
			if want := Of(rec).Game.NetWorth(engine.PlayerID(i)) / scale; res.Worth != want || res.Worth > 2000 {
				t.Errorf("%s seat %d: worth %d, want %d in classic dollars", id, i, res.Worth, want)
			}
		}
	}
}
