package board

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

func turnKind(t *testing.T) *Kind {
	t.Helper()
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	return bareKind(cat, Config{})
}

func gameRecord(t *testing.T, edition string, players int) *kit.Record {
	t.Helper()
	g, _, err := engine.New(engine.Config{Edition: edition, Players: players, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := &kit.Record{ID: 1, Rev: 1, Status: kit.StatusPlaying, Edition: edition, State: &state.Board{Game: g}}
	for i := range players {
		rec.Seats = append(rec.Seats, kit.Seat{User: int64(100 + i), Name: []string{"Аня", "Богдан", "Віра", "Dan", "Eve", "Фёдор"}[i]})
	}
	return rec
}

// TestJustVisitingIsNotJail: a move that ends on the jail's square without
// going to jail says "just visiting", in every edition; a move that ends in
// jail (the lux edition jails whoever stops there) names the jail; /board
// tells a visitor from a prisoner.
func TestJustVisitingIsNotJail(t *testing.T) {
	b := turnKind(t)
	for _, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		rec := gameRecord(t, ed, 3)
		jail := Of(rec).Game.EditionData().JailSquare
		for _, lang := range locales.Languages {
			visiting := b.cat.T(lang, "turn_visiting", nil)
			Of(rec).Turn = []engine.Event{{Kind: engine.EvTurnStarted, Player: 0, Amount: 1},
				{Kind: engine.EvRolled, Player: 0, Dice: [2]int{4, 6}}, {Kind: engine.EvMoved, Player: 0, Square: jail}}
			if got := strings.Join(b.text.turnLines(lang, rec), "\n"); !strings.Contains(got, visiting) {
				t.Errorf("%s %s: a visit to the jail reads %q", ed, lang, got)
			}
			// Only where stopping there jails (the lux edition) does a move
			// end in jail; elsewhere a player is sent there without a move.
			Of(rec).Turn = append(Of(rec).Turn, engine.Event{Kind: engine.EvSentToJail, Player: 0, Square: jail, Amount: 1})
			if got := strings.Join(b.text.turnLines(lang, rec), "\n"); Of(rec).Game.Rules.JailOnStop && strings.Contains(got, visiting) {
				t.Errorf("%s %s: a move that ends in jail reads as a visit: %q", ed, lang, got)
			}
			Of(rec).Game.Players[0].Pos, Of(rec).Game.Players[1].Pos, Of(rec).Game.Players[1].InJail = jail, jail, true
			lines := strings.Split(b.text.renderPlayers(lang, rec), "\n")
			if !strings.Contains(lines[0], visiting) || strings.Contains(lines[1], visiting) ||
				!strings.Contains(lines[1], b.cat.T(lang, "in_jail", nil)) {
				t.Errorf("%s %s: /board does not tell the visitor from the prisoner:\n%s", ed, lang, strings.Join(lines, "\n"))
			}
			Of(rec).Game.Players[0].Pos, Of(rec).Game.Players[1].Pos, Of(rec).Game.Players[1].InJail = 0, 0, false
		}
	}
}

// TestSalaryWhereItWasEarned: the salary of a move past the start is on
// the move's line, between the roll and the square the move ends on.
func TestSalaryWhereItWasEarned(t *testing.T) {
	b := turnKind(t)
	rec := gameRecord(t, engine.Classic, 3)
	Of(rec).Turn = []engine.Event{{Kind: engine.EvTurnStarted, Player: 0, Amount: 9},
		{Kind: engine.EvRolled, Player: 0, Dice: [2]int{3, 4}}, {Kind: engine.EvMoved, Player: 0, From: 36, Square: 3},
		{Kind: engine.EvPassedStart, Player: 0, Amount: 200}, {Kind: engine.EvLanded, Player: 0, Square: 3}}
	for _, lang := range locales.Languages {
		lines := b.text.turnLines(lang, rec)
		if len(lines) != 1 {
			t.Fatalf("%s: a roll, its move and the salary are %d lines: %q", lang, len(lines), lines)
		}
		start, salary, square := strings.Index(lines[0], "7"), strings.Index(lines[0], b.text.money(lang, rec, 200)),
			strings.Index(lines[0], b.text.squareName(lang, rec, 3))
		if start < 0 || salary < start || square < salary {
			t.Errorf("%s: %q is not roll, salary, square in that order", lang, lines[0])
		}
	}
}

// TestDeedCardFitsAnAlert: every deed's card of every edition, with its
// owner named (the longest name a seat may have, cut short where it must)
// and mortgaged, fits an alert.
func TestDeedCardFitsAnAlert(t *testing.T) {
	b := turnKind(t)
	for _, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		rec := gameRecord(t, ed, 3)
		rec.Seats[0].Name = strings.Repeat("Щ", 32)
		squares := Of(rec).Game.EditionData().Squares
		for sq := range squares {
			if !squares[sq].Ownable() {
				continue
			}
			Of(rec).Game.Props[sq].Owner, Of(rec).Game.Props[sq].Mortgaged = 0, true
			for _, lang := range locales.Languages {
				card := b.deed.deedCard(lang, rec, sq)
				if n := utf8.RuneCountInString(card); n > 200 || kit.TextLen(card) > 200 {
					t.Errorf("%s %s deed %d: %d characters, over an alert's 200:\n%s", ed, lang, sq, n, card)
				}
				if !strings.Contains(card, "ЩЩЩЩЩЩЩЩЩЩ") || !strings.Contains(card, b.text.money(lang, rec, squares[sq].Price)) {
					t.Errorf("%s %s deed %d: the card lacks the owner or the price:\n%s", ed, lang, sq, card)
				}
			}
		}
	}
}

// TestBuyPromptVariants: the buy prompt by the player's means and the
// auction rule: enough cash; short, with deeds to mortgage that would
// cover it; short beyond what could be raised — with and without auctions.
func TestBuyPromptVariants(t *testing.T) {
	b := turnKind(t)
	for _, auctions := range []bool{true, false} {
		rec := gameRecord(t, engine.Classic, 3)
		g := Of(rec).Game
		g.Rules.Auctions = auctions
		g.Phase, g.Step = engine.PhaseBuyDecision, engine.StepTurnEnd
		p := g.Current
		g.Players[p].Pos = 39 // Boardwalk, $400
		suffix := ""
		if !auctions {
			suffix = "_no_auction"
		}
		cases := []struct {
			cash  int
			owns  int // a deed of p's (-1: none)
			id    string
			short int
		}{
			{1500, -1, "prompt_buy", 0},
			{360, 37, "prompt_buy_short_raise" + suffix, 40},
			{360, -1, "prompt_buy_short" + suffix, 40},
			{100, 1, "prompt_buy_short" + suffix, 300}, // a $30 mortgage cannot cover $300
		}
		for _, c := range cases {
			g.Bank += int64(g.Players[p].Cash - c.cash)
			g.Players[p].Cash = c.cash
			for sq := range g.Props {
				if g.Props[sq].Owner == p {
					g.Props[sq].Owner = engine.NoOwner
				}
			}
			if c.owns >= 0 {
				g.Props[c.owns].Owner = p
			}
			data := map[string]any{"Player": kit.SeatName(rec, p), "Square": b.text.squareName("en", rec, 39),
				"Amount": b.text.money("en", rec, 400), "Short": b.text.money("en", rec, c.short)}
			if got, want := b.text.buyPrompt("en", rec), b.cat.T("en", c.id, data); got != want {
				t.Errorf("auctions %v, cash %d, owns %d: %q, want %s: %q", auctions, c.cash, c.owns, got, c.id, want)
			}
		}
	}
}

// TestStakeOfferedOnce: while the gamble square or the casino waits for a
// stake, the prompt offers it and no event line repeats the offer; once
// decided, the turn's lines tell it.
func TestStakeOfferedOnce(t *testing.T) {
	b := turnKind(t)
	rec := gameRecord(t, engine.Lux, 3)
	offered := engine.Event{Kind: engine.EvCasinoOffered, Player: 0, Amount: 1000}
	Of(rec).Turn = []engine.Event{{Kind: engine.EvTurnStarted, Player: 0, Amount: 1}, offered}
	line := b.text.eventLine("en", rec, offered)
	Of(rec).Game.Phase = engine.PhaseGamble
	if got := b.text.turnLines("en", rec); len(got) != 0 {
		t.Errorf("the offer is repeated above its prompt: %q", got)
	}
	Of(rec).Game.Phase = engine.PhaseTurnStart
	if got := b.text.turnLines("en", rec); strings.Join(got, "\n") != line {
		t.Errorf("after the decision the lines are %q, want the offer %q", got, line)
	}
}

// bareKind is the board's kind without a host: for tests of its texts and
// rules that need only the catalog and the config.
func bareKind(cat *locales.Catalog, cfg Config) *Kind {
	return (&core{cat: cat, cfg: cfg}).wire()
}
