package board_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestEndingOfWholeGames plays whole games of every board edition in ru,
// uk and en through the fake Bot API and reads their ending message: the
// standings with net worth, the length in turns and time, and the
// highlights, each worked out here again from the replayed events of the
// archived game rather than from the bot's tally.
func TestEndingOfWholeGames(t *testing.T) {
	t.Parallel()
	for i, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		for _, lang := range bottest.WholeGameLangs(i) {
			t.Run(ed+"/"+lang, func(t *testing.T) { t.Parallel(); endingOfWholeGame(t, ed, lang) })
		}
	}
}

func endingOfWholeGame(t *testing.T, edition, lang string) {
	h := newHarness(t, 42, nil)
	h.Users[0].LanguageCode = lang
	h.playToEnd(edition, rand.New(rand.NewPCG(1, 2)))
	evs := h.ReplayArchive()
	arch := h.ArchivedRecord()
	g := board.Of(arch).Game
	cat, money := h.bot.Catalog(), func(n int) string { return h.bot.Catalog().MoneyOf(lang, arch.Edition, n) }

	msg, _, ok := h.FindButton(bot.OpRematch, 0, true)
	if !ok {
		t.Fatal("the ending message has no 🔁 Rematch button")
	}
	ending := h.Message(msg).Text
	want := []string{
		cat.T(lang, "game_over", map[string]any{"Player": kit.Mention(arch.Seats[g.Winner])}),
		cat.T(lang, "standings_title", nil),
	}
	for i, p := range g.Standings() {
		id := "standings_line"
		if g.Players[p].Bankrupt {
			id = "standings_line_bankrupt"
		}
		want = append(want, cat.T(lang, id, map[string]any{"Rank": i + 1, "Player": kit.SeatName(arch, p), "Amount": money(g.NetWorth(p))}))
	}
	if board.Of(arch).Tally.Started == 0 || board.Of(arch).Tally.Ended < board.Of(arch).Tally.Started {
		t.Fatalf("the tally has no start or end: %+v", board.Of(arch).Tally)
	}
	played := time.Duration(board.Of(arch).Tally.Ended-board.Of(arch).Tally.Started) * time.Millisecond
	want = append(want, cat.N(lang, "ending_length", g.Turn, map[string]any{"Time": kit.LeftText(cat, lang, played)}),
		cat.T(lang, "ending_highlights", nil))

	// The highlights, from the events.
	top := engine.Event{}
	setRent := map[int]int{}
	inJail, stay, longest := map[engine.PlayerID]bool{}, map[engine.PlayerID]int{}, map[engine.PlayerID]int{}
	ed := g.EditionData()
	for _, e := range evs {
		switch e.Kind {
		case engine.EvRentPaid:
			if e.Amount > top.Amount {
				top = e
			}
			if grp := ed.Squares[e.Square].Group; ed.Squares[e.Square].Kind == engine.SquareStreet {
				setRent[grp] += e.Amount
			}
		case engine.EvSentToJail:
			inJail[e.Player], stay[e.Player] = true, 0
		case engine.EvLeftJail, engine.EvJailFinePaid, engine.EvJailCardUsed, engine.EvBankrupt:
			inJail[e.Player] = false
		case engine.EvTurnStarted, engine.EvTurnSkipped: // a skip: the business edition's jail
			if inJail[e.Player] && (e.Kind == engine.EvTurnStarted || e.Amount == engine.SkipJail) {
				stay[e.Player]++
				longest[e.Player] = max(longest[e.Player], stay[e.Player])
				inJail[e.Player] = e.Kind == engine.EvTurnStarted
			}
		}
	}
	var highlights []string
	if top.Amount > 0 {
		highlights = append(highlights, cat.T(lang, "ending_top_rent", map[string]any{"Amount": money(top.Amount),
			"Square": cat.T(lang, fmt.Sprintf("sq_%s_%d", arch.Edition, top.Square), nil),
			"Player": kit.SeatName(arch, top.Player), "Other": kit.SeatName(arch, top.Other)}))
	}
	bestGroup, best := -1, 0
	for grp := 0; grp < ed.GroupCount(); grp++ {
		if setRent[grp] > 0 && setRent[grp] >= best {
			bestGroup, best = grp, setRent[grp]
		}
	}
	if best > 0 {
		highlights = append(highlights, cat.T(lang, "ending_best_set", map[string]any{"Amount": money(best),
			"Set": cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", arch.Edition, bestGroup), nil) + " " +
				cat.T(lang, fmt.Sprintf("group_%s_%d", arch.Edition, bestGroup), nil)}))
	}
	jailed, most := engine.PlayerID(-1), 0
	for p := range g.Players {
		if n := longest[engine.PlayerID(p)]; n > most {
			jailed, most = engine.PlayerID(p), n
		}
	}
	if most > 0 {
		highlights = append(highlights, cat.N(lang, "ending_jail", most, map[string]any{"Player": kit.SeatName(arch, jailed)}))
	}
	if len(highlights) == 0 {
		t.Fatal("the game had no highlight to show: choose another seed")
	}
	want = append(want, highlights...)
	if strings.Count(ending, "\n") != len(want)+1 { // besides them, two empty lines
		t.Errorf("the ending has other lines than the %d expected:\n%s", len(want), ending)
	}

	lines := strings.Split(ending, "\n")
	at := 0
	for _, w := range want { // in this order
		for at < len(lines) && lines[at] != w {
			at++
		}
		if at == len(lines) {
			t.Fatalf("the ending lacks %q (or has it out of order):\n%s", w, ending)
		}
	}

	// Every bankruptcy was summed up: who is out, and what went where.
	texts := h.Texts()
	for _, e := range evs {
		if e.Kind != engine.EvBankrupt {
			continue
		}
		id := "ending_out_bank"
		if e.Other >= 0 {
			id = "ending_out_player"
		}
		head := cat.T(lang, id, map[string]any{"Player": kit.SeatName(arch, e.Player), "Other": kit.SeatName(arch, e.Other)})
		if !strings.Contains(texts, head) {
			t.Errorf("no summary of the bankruptcy %+v (%q)", e, head)
		}
	}
}

// playToEnd starts a game of the edition and presses the offered buttons
// until it is over.
func (h *harness) playToEnd(edition string, r *rand.Rand) {
	h.T.Helper()
	step := h.Step
	if edition == engine.Classic {
		h.StartGame()
	} else {
		h.OpenLobby(edition)
		h.MustPress(h.Users[0], bot.OpStart)
		step = h.EditionStep
	}
	seen := map[engine.EventKind]bool{}
	for presses := 0; step(r, seen); presses++ {
		if presses == 10000 {
			h.T.Fatalf("game not over after %d presses", presses)
		}
	}
}

// TestBankruptcyAsksOnce: a debtor who cannot pay sees one bankruptcy
// button; pressed, it gives way to one confirmation (and ⬅️ Back), which
// only the debtor can press; confirmed, a summary says what went to whom,
// the cash matching what the creditor's balance shows.
func TestBankruptcyAsksOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	var before *kit.Record
	for i := 0; before == nil; i++ {
		rec := h.Record()
		if rec == nil || i == 6000 {
			t.Fatal("the game ended before anyone could declare bankruptcy")
		}
		g := board.Of(rec).Game
		if g.Phase == engine.PhaseDebt && board.Of(rec).View.Menu == "" && g.Check(g.Debts[0].Debtor, engine.Action{Kind: engine.ActBankrupt}) == nil {
			before = rec
			break
		}
		h.Step(r, seen)
	}
	g := board.Of(before).Game
	debtor, creditor := g.Debts[0].Debtor, g.Debts[0].Creditor
	u := h.UserOf(before, int(debtor))
	count := func(op kit.Op) int {
		last, n := 0, 0
		for _, m := range h.API.Messages(testChat) {
			if m.Keyboard != nil {
				last = m.ID
			}
		}
		for _, row := range h.Message(last).Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					n++
				}
			}
		}
		return n
	}
	if count(board.OpBankrupt) != 1 || count(board.OpBankruptYes) != 0 {
		t.Fatalf("before asking: %d bankruptcy and %d confirmation buttons, want 1 and 0", count(board.OpBankrupt), count(board.OpBankruptYes))
	}
	h.MustPress(u, board.OpBankrupt)
	if count(board.OpBankrupt) != 0 || count(board.OpBankruptYes) != 1 || count(board.OpBack) != 1 {
		t.Fatalf("asked: %d bankruptcy, %d confirmation and %d back buttons, want 0, 1, 1", count(board.OpBankrupt), count(board.OpBankruptYes), count(board.OpBack))
	}
	for _, other := range h.Users {
		if other.ID != u.ID {
			h.MustPress(other, board.OpBankruptYes)
			if rec := h.Record(); rec == nil || board.Of(rec).Game.Players[debtor].Bankrupt {
				t.Fatalf("%s confirmed another player's bankruptcy", other.FirstName)
			}
			break
		}
	}
	h.MustPress(u, board.OpBankruptYes)
	after := h.Record()
	if after == nil {
		after = h.ArchivedRecord()
	}
	if !board.Of(after).Game.Players[debtor].Bankrupt {
		t.Fatal("the confirmed bankruptcy did not happen")
	}

	lang := "en"
	money := func(n int) string { return h.bot.Catalog().MoneyOf(lang, before.Edition, n) }
	var deeds []string
	cash := g.Players[debtor].Cash
	for sq, p := range g.Props {
		if p.Owner == debtor {
			name := h.bot.Catalog().T(lang, fmt.Sprintf("sq_%s_%d", before.Edition, sq), nil)
			if p.Mortgaged {
				name += " 🔒"
			}
			deeds = append(deeds, name)
			cash += int(p.Buildings) * g.EditionData().Squares[sq].HouseCost / 2 // sold to the bank first
		}
	}
	if creditor >= 0 {
		// What the creditor's balance shows, less the interest due at once
		// on mortgaged deeds it received.
		received := board.Of(after).Game.Players[creditor].Cash - g.Players[creditor].Cash
		hist := board.Of(after).History
		for i := len(hist) - 1; i >= 0 && hist[i].Kind != engine.EvBankrupt; i-- {
			if hist[i].Kind == engine.EvMortgageInterest && hist[i].Player == creditor {
				received += hist[i].Amount
			}
		}
		if received != cash {
			t.Fatalf("the creditor received %d in cash; the summary's rule says %d", received, cash)
		}
	}
	id := "ending_out_bank"
	if creditor >= 0 {
		id = "ending_out_player"
	}
	want := []string{h.bot.Catalog().T(lang, id, map[string]any{"Player": kit.SeatName(before, debtor), "Other": kit.SeatName(before, creditor)})}
	if cash > 0 {
		want = append(want, h.bot.Catalog().T(lang, "ending_out_cash", map[string]any{"Amount": money(cash)}))
	}
	if len(deeds) > 0 {
		deedsID := "ending_out_deeds"
		if creditor < 0 {
			deedsID = "ending_out_deeds_auction"
		}
		want = append(want, h.bot.Catalog().T(lang, deedsID, map[string]any{"Name": strings.Join(deeds, ", ")}))
	}
	cards := 0
	for _, has := range g.Players[debtor].JailCards {
		if has {
			cards++
		}
	}
	if cards > 0 {
		want = append(want, h.bot.Catalog().N(lang, "ending_out_cards", cards, nil))
	}
	summary := strings.Join(want, "\n")
	// A long list of deeds goes on over indented lines.
	if !strings.Contains(h.Texts(), summary) {
		t.Errorf("no bankruptcy summary %q among the messages", summary)
	}
}

// TestReadmeShowsARealEnding: README's ending example is the message a
// whole classic game ends with (text as Telegram shows it, then its
// button), on a fixed clock.
func TestReadmeShowsARealEnding(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	h, _ := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
	for i, name := range []string{"Olya", "Bohdan", "Vera"} {
		h.Users[i].FirstName, h.Users[i].LanguageCode = name, "en"
	}
	h.playToEnd(engine.Classic, rand.New(rand.NewPCG(1, 2)))
	msg, _, ok := h.FindButton(bot.OpRematch, 0, true)
	if !ok {
		t.Fatal("the ending has no 🔁 Rematch button")
	}
	m := h.Message(msg)
	got := bottest.ShownText(m.Text) + "\n\n[" + m.Keyboard[0][0].Text + "]"
	start := "<!-- ending example: en -->\n```text\n"
	_, rest, ok := strings.Cut(string(readme), start)
	want, _, ok2 := strings.Cut(rest, "\n```")
	if !ok || !ok2 || want != got {
		t.Errorf("README's ending example is not what the bot shows; it shows:\n%s%s\n```", start, got)
	}
}
