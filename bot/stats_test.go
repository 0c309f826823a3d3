package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

func (h *harness) stats(user int64) (here, all stats.PlayerStats) {
	_ = h.bot.store.View(func(tx *storage.Tx) error {
		here, all, _, _ = stats.Load(tx, testChat, user)
		return nil
	})
	return
}

// TestStatsAfterGames: a game stopped by /endgame and a game played to the
// end count in every player's statistics (in the chat and overall), in the
// transaction that ends them; /stats and /top show them; /history lists
// the running game's recent events.
func TestStatsAfterGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.Say(alice, "/top")
	if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("en", "top_empty", nil) {
		t.Errorf("/top before any game: %q", last.Text)
	}
	// A cancelled lobby is not a game played.
	h.Say(alice, "/newgame")
	h.CancelLobby(alice)
	if here, _ := h.stats(alice.ID); here.Played != 0 {
		t.Fatal("a cancelled lobby counted as a game")
	}

	h.StartGame()
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 30; i++ {
		h.Step(r, seen)
	}
	rec := h.Record()
	if len(board.Of(rec).History) == 0 || len(board.Of(rec).History) > board.MaxHistory+board.HistorySlack {
		t.Fatalf("history holds %d events", len(board.Of(rec).History))
	}
	h.Say(h.Users[2], "/history")
	last, _ := h.API.LastMessage(testChat)
	lines := strings.Split(last.Text, "\n")
	if !strings.HasPrefix(last.Text, h.bot.cat.T("en", "history_title", nil)) || len(lines) < 3 || len(lines) > board.HistoryShown+1 {
		t.Errorf("/history answered %d lines: %q", len(lines), last.Text)
	}
	if want := boardOf(h).EventLine("en", rec, board.Of(rec).History[len(board.Of(rec).History)-1]); want != "" && !strings.Contains(last.Text, want) {
		t.Errorf("/history lacks the newest event %q", want)
	}
	worth, won := map[int64]int{}, map[int64]int{}
	for i, s := range rec.Seats {
		worth[s.User] = board.Of(rec).Game.NetWorth(engine.PlayerID(i))
	}
	// The ranking's leader, alone ahead, counts the /endgame as a win.
	rank := board.Of(rec).Game.Standings()
	if worth[rec.Seats[rank[0]].User] > worth[rec.Seats[rank[1]].User] && !board.Of(rec).Game.Players[rank[0]].Bankrupt {
		won[rec.Seats[rank[0]].User] = 1
	}
	if len(won) == 0 {
		t.Fatal("no player leads alone: pick another seed")
	}
	h.Say(alice, "/endgame")
	h.MustPress(alice, OpEndGameYes)
	for _, u := range h.Users {
		here, all := h.stats(u.ID)
		if here.Played != 1 || all.Played != 1 || here.Won != won[u.ID] || all.Won != won[u.ID] || here.BestWorth != worth[u.ID] {
			t.Errorf("%s after /endgame: here %+v, overall %+v (net worth %d, want %d won)", u.FirstName, here, all, worth[u.ID], won[u.ID])
		}
	}
	if last, _ := h.API.LastMessage(testChat); len(last.Keyboard) == 0 || !strings.Contains(last.Keyboard[0][0].Data, string(OpRematch)) {
		t.Errorf("the /endgame standings offer no rematch: %q %+v", last.Text, last.Keyboard)
	}
	h.Say(alice, "/history")
	if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("en", "no_game", nil) {
		t.Errorf("/history without a game: %q", last.Text)
	}

	// A whole game: one winner, the others bankrupt.
	h.StartGame()
	for i := 0; i < 6000 && h.Step(r, seen); i++ {
	}
	if h.Record() != nil {
		t.Fatal("the game did not end")
	}
	arch := h.ArchivedRecord()
	winner := arch.Seats[board.Of(arch).Game.Winner].User
	for _, u := range h.Users {
		here, all := h.stats(u.ID)
		wantWon, wantBankrupt := won[u.ID], 1
		if u.ID == winner {
			wantWon, wantBankrupt = wantWon+1, 0
		}
		if here.Played != 2 || here.Won != wantWon || here.Bankrupt != wantBankrupt || fmt.Sprint(all) != fmt.Sprint(here) {
			t.Errorf("%s after the game: here %+v, overall %+v", u.FirstName, here, all)
		}
		if u.ID == winner {
			if _, _, ok := here.Favourite(); !ok {
				t.Errorf("the winner owns streets but has no favourite set: %+v", here.Sets)
			}
		}
	}
	h.Say(alice, "/stats")
	last, _ = h.API.LastMessage(testChat)
	for _, want := range []string{h.bot.cat.T("en", "stats_here", nil), h.bot.cat.T("en", "stats_all", nil), "Games: 2", "Alice &lt;A&amp;B&gt;",
		h.bot.cat.T("en", "stats_wins_note", nil)} {
		if !strings.Contains(last.Text, want) {
			t.Errorf("/stats lacks %q: %q", want, last.Text)
		}
	}
	h.Say(alice, "/top")
	last, _ = h.API.LastMessage(testChat)
	lines = strings.Split(last.Text, "\n")
	if len(lines) != 4 || !strings.Contains(lines[1], "1. "+kit.Name(arch.Seats[board.Of(arch).Game.Winner].Name)) {
		t.Errorf("/top does not list the winner first: %q", last.Text)
	}
}
