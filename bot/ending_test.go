package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestEndingOfWholeGames plays whole classic games in ru, uk and en through
// the fake Bot API and reads their ending message: the standings with net
// worth, the length in turns and time, and the highlights, each worked out
// here again from the replayed events of the archived game rather than
// from the bot's tally.
func TestEndingOfWholeGames(t *testing.T) {
	for _, lang := range locales.Languages {
		t.Run(lang, func(t *testing.T) { endingOfWholeGame(t, lang) })
	}
}

func endingOfWholeGame(t *testing.T, lang string) {
	h := newHarness(t, 42, nil)
	h.users[0].LanguageCode = lang
	h.playToEnd(rand.New(rand.NewPCG(1, 2)))
	evs := h.replayArchive()
	arch := h.archivedRecord()
	g := arch.Game
	cat, money := h.bot.cat, func(n int) string { return h.bot.cat.MoneyOf(lang, arch.Edition, n) }

	msg, _, ok := h.findButton(OpRematch, 0, true)
	if !ok {
		t.Fatal("the ending message has no 🔁 Rematch button")
	}
	ending := h.message(msg).Text
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
	if arch.Tally.Started == 0 || arch.Tally.Ended < arch.Tally.Started {
		t.Fatalf("the tally has no start or end: %+v", arch.Tally)
	}
	played := time.Duration(arch.Tally.Ended-arch.Tally.Started) * time.Millisecond
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
		case engine.EvLeftJail, engine.EvBankrupt:
			inJail[e.Player] = false
		case engine.EvTurnStarted:
			if inJail[e.Player] {
				stay[e.Player]++
				longest[e.Player] = max(longest[e.Player], stay[e.Player])
			}
		}
	}
	if top.Amount == 0 || len(setRent) == 0 || len(longest) == 0 {
		t.Fatalf("the game had no rent or no jail stay to show: choose another seed")
	}
	want = append(want, cat.T(lang, "ending_top_rent", map[string]any{"Amount": money(top.Amount),
		"Square": cat.T(lang, fmt.Sprintf("sq_%s_%d", arch.Edition, top.Square), nil),
		"Player": kit.SeatName(arch, top.Player), "Other": kit.SeatName(arch, top.Other)}))
	bestGroup, best := -1, 0
	for grp := 0; grp < ed.GroupCount(); grp++ {
		if setRent[grp] > 0 && setRent[grp] >= best {
			bestGroup, best = grp, setRent[grp]
		}
	}
	want = append(want, cat.T(lang, "ending_best_set", map[string]any{"Amount": money(best),
		"Set": cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", arch.Edition, bestGroup), nil) + " " +
			cat.T(lang, fmt.Sprintf("group_%s_%d", arch.Edition, bestGroup), nil)}))
	jailed, most := engine.PlayerID(-1), 0
	for p := range g.Players {
		if n := longest[engine.PlayerID(p)]; n > most {
			jailed, most = engine.PlayerID(p), n
		}
	}
	want = append(want, cat.N(lang, "ending_jail", most, map[string]any{"Player": kit.SeatName(arch, jailed)}))

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
	t.Logf("%s ending:\n%s", lang, ending)

	// Every bankruptcy was summed up: who is out, and what went where.
	texts := h.texts()
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

// playToEnd presses the offered buttons until the game is over.
func (h *harness) playToEnd(r *rand.Rand) {
	h.t.Helper()
	h.startGame()
	seen := map[engine.EventKind]bool{}
	for presses := 0; h.step(r, seen); presses++ {
		if presses == 6000 {
			h.t.Fatalf("game not over after %d presses", presses)
		}
	}
}

// message is the chat's message msg as it is now.
func (h *harness) message(msg int) fakeapi.Message {
	h.t.Helper()
	for _, m := range h.api.Messages(testChat) {
		if m.ID == msg {
			return m
		}
	}
	h.t.Fatalf("no message %d", msg)
	return fakeapi.Message{}
}

// texts are all the chat's messages, joined.
func (h *harness) texts() string {
	var sb strings.Builder
	for _, m := range h.api.Messages(testChat) {
		sb.WriteString(m.Text + "\n")
	}
	return sb.String()
}
