package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
)

// leave makes u leave the running game: /leave, then confirm.
func (h *harness) leave(u fakeapi.User) {
	h.T.Helper()
	h.Say(u, "/leave")
	msg, data, ok := h.FindButton(board.OpResignYes, 0, true)
	if !ok {
		h.T.Fatal("/leave did not ask for confirmation")
	}
	h.Press(u, msg, data)
}

// endByLeaving plays a game of the three people that ends at once: Богдан
// and Вера leave, so Alice wins. It returns the ended game as archived
// and the ending message's 🔁 Rematch button.
func (h *harness) endByLeaving(newgame string) (ended *kit.Record, msg int, data string) {
	h.T.Helper()
	h.Say(h.Users[0], newgame)
	for _, u := range h.Users[1:] {
		h.MustPress(u, OpJoin)
	}
	h.MustPress(h.Users[0], OpStart)
	h.leave(h.Users[1])
	h.leave(h.Users[2])
	if rec := h.Record(); rec != nil {
		h.T.Fatalf("the game did not end when all but one left: %+v", rec.Status)
	}
	msg, data, ok := h.FindButton(OpRematch, 0, true)
	if !ok {
		h.T.Fatal("the ending message has no 🔁 Rematch button")
	}
	return h.ArchivedRecord(), msg, data
}

func mustJSONString(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestRematchOpensLobbyWithSamePlayersAndSettings: 🔁 Rematch under a
// lux game's ending opens a lux lobby with the same people already joined
// and the game's options (random seating here); the ending message loses its button and says
// who opened the rematch; a second press, and a press after the rematch's
// lobby was cancelled, are refused with the reason; someone who did not
// play cannot open it.
func TestRematchOpensLobbyWithSamePlayersAndSettings(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.API.SetAdmins(testChat, h.Users[2].ID)
	h.Say(h.Users[2], "/settings")
	h.PressSetting(h.Users[2], OpSetView, settings.PageRules)
	h.PressSetting(h.Users[2], OpSetRule, ruleIndex(t, "random_order"))
	h.Say(h.Users[2], "/lang en")
	ended, msg, data := h.endByLeaving("/newgame lux")
	lang := "en"
	if !ended.Options.RandomOrder || ended.Edition != "lux" {
		t.Fatalf("the game did not play with the chat's settings: %+v", ended.Options)
	}

	stranger := fakeapi.User{ID: 99, FirstName: "Eve", LanguageCode: "en"}
	h.Press(stranger, msg, data)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.cat.T(lang, "alert_rematch_not_player", nil) {
		t.Fatalf("a stranger's press answered %+v", a)
	}
	if h.Record() != nil || h.Message(msg).Keyboard == nil {
		t.Fatal("a stranger's press opened a lobby or took the button away")
	}

	h.Press(h.Users[1], msg, data)
	lobby := h.Record()
	if lobby == nil || lobby.Status != kit.StatusLobby || lobby.RematchOf != ended.ID || lobby.Creator != h.Users[1].ID {
		t.Fatalf("no rematch lobby: %+v", lobby)
	}
	if got, want := mustJSONString(t, lobby.Seats), mustJSONString(t, ended.Seats); got != want {
		t.Errorf("rematch seats %s, want the game's %s", got, want)
	}
	if lobby.Edition != "lux" || lobby.Kind != ended.Kind || mustJSONString(t, lobby.Options) != mustJSONString(t, ended.Options) {
		t.Errorf("rematch %s/%s options %s, want the game's %s/%s %s", lobby.Kind, lobby.Edition,
			mustJSONString(t, lobby.Options), ended.Kind, ended.Edition, mustJSONString(t, ended.Options))
	}
	end := h.Message(msg)
	opened := h.bot.cat.T(lang, "rematch_opened", map[string]any{"Player": kit.Name(h.Users[1].FirstName)})
	if end.Keyboard != nil || !strings.HasSuffix(end.Text, opened) || !strings.Contains(end.Text, h.bot.cat.T(lang, "standings_title", nil)) {
		t.Errorf("the ending message after the rematch: %q, buttons %v", end.Text, end.Keyboard)
	}
	if _, _, ok := h.FindButton(OpJoin, 0, true); !ok {
		t.Error("the rematch's lobby message was not posted")
	}

	// Pressed again (the button was still on someone's screen).
	h.Press(h.Users[0], msg, data)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.cat.T(lang, "alert_rematch_already", nil) {
		t.Errorf("a second press answered %+v", a)
	}
	if rec := h.Record(); rec == nil || rec.ID != lobby.ID {
		t.Fatal("a second press changed the lobby")
	}
	// Cancelled, the rematch is not opened again by the old button.
	h.CancelLobby(h.Users[1]) // a lobby asks before it is cancelled
	h.Press(h.Users[2], msg, data)
	if a := h.LastAnswer(); a.Text != h.bot.cat.T(lang, "alert_rematch_already", nil) || h.Record() != nil {
		t.Errorf("a press after the rematch was cancelled answered %+v and left %+v", a, h.Record())
	}
}

// TestRematchKeepsComputerSeats: a rematch seats the computers again, as
// they were.
func TestRematchKeepsComputerSeats(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil)
	h.Users[0].LanguageCode = "uk"
	h.LobbyWithComputers(1)
	h.MustPress(h.Users[1], OpJoin)
	h.MustPress(h.Users[0], OpStart)
	h.leave(h.Users[1])
	h.leave(h.Users[0]) // the computer wins
	if h.Record() != nil {
		t.Fatal("the game did not end")
	}
	ended := h.ArchivedRecord()
	h.MustPress(h.Users[0], OpRematch)
	lobby := h.Record()
	if lobby == nil || mustJSONString(t, lobby.Seats) != mustJSONString(t, ended.Seats) || !lobby.Seats[1].Computer {
		t.Fatalf("rematch seats %+v, want %+v", lobby, ended.Seats)
	}
}

// TestBoardAfterTheGame: /board with no game running sends the final
// board of the last game, also while its rematch gathers players.
func TestBoardAfterTheGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.endByLeaving("/newgame")
	photos := func() int {
		n := 0
		for _, m := range h.API.Messages(testChat) {
			if m.Photo != "" {
				n++
			}
		}
		return n
	}
	before := photos()
	h.Say(h.Users[2], "/board")
	if photos() != before+1 {
		t.Fatal("/board after the game sent no picture")
	}
	if !strings.Contains(h.Texts(), h.bot.cat.T("en", "ending_last_board", nil)) ||
		strings.Contains(h.Texts(), h.bot.cat.T("en", "no_game", nil)) {
		t.Error("/board after the game did not say it shows the last game")
	}
	h.MustPress(h.Users[0], OpRematch)
	h.Say(h.Users[1], "/board")
	if photos() != before+2 {
		t.Error("/board beside the rematch's lobby sent no picture")
	}
}

// TestStatsOfBankruptPlayer: someone whose only game ended in bankruptcy
// has no best net worth to show in /stats and /top, not a "$0".
func TestStatsOfBankruptPlayer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	ended, _, _ := h.endByLeaving("/newgame")
	h.Say(h.Users[1], "/stats") // Богдан left: bankrupt
	stats, _ := h.API.LastMessage(testChat)
	none := h.bot.cat.T("en", "stats_no_worth", nil)
	zero := h.bot.cat.Money("en", 0)
	if !strings.Contains(stats.Text, none) || strings.Contains(stats.Text, zero) {
		t.Errorf("/stats of a bankrupt player: %q", stats.Text)
	}
	h.Say(h.Users[1], "/top")
	top, _ := h.API.LastMessage(testChat)
	alice := h.bot.cat.Money("en", board.Of(ended).Game.NetWorth(0))
	if strings.Contains(top.Text, zero) || !strings.Contains(top.Text, none) || !strings.Contains(top.Text, alice) {
		t.Errorf("/top: %q (Alice's net worth %s)", top.Text, alice)
	}
}

// TestRematchOfDealGame: Monopoly Deal's result has the button too, and
// its rematch is a Deal lobby of the same people.
func TestRematchOfDealGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 33, nil)
	h.StartDeal("en")
	for steps := 0; h.Record() != nil; steps++ {
		if steps == 2000 || !h.DealStep() {
			t.Fatalf("the Deal game did not end (%d moves)", steps)
		}
	}
	ended := h.ArchivedRecord()
	msg, _, ok := h.FindButton(OpRematch, 0, true)
	if !ok {
		t.Fatal("the Deal result has no 🔁 Rematch button")
	}
	h.MustPress(h.Users[2], OpRematch)
	lobby := h.Record()
	if lobby == nil || lobby.Kind != ended.Kind || lobby.Edition != ended.Edition || lobby.RematchOf != ended.ID ||
		mustJSONString(t, lobby.Seats) != mustJSONString(t, ended.Seats) {
		t.Fatalf("the Deal rematch %+v, want a lobby of %s with seats %+v", lobby, ended.Kind, ended.Seats)
	}
	if end := h.Message(msg); end.Keyboard != nil || !strings.Contains(end.Text, "🔁") {
		t.Errorf("the Deal result after the rematch: %q %v", end.Text, end.Keyboard)
	}
	h.MustPress(h.Users[2], OpStart)
	if rec := h.Record(); rec == nil || rec.Status != kit.StatusPlaying || deal.Of(rec) == nil || len(rec.Seats) != len(ended.Seats) {
		t.Fatalf("the rematch did not start as a Deal game: %+v", rec)
	}
}

// TestRematchOfAGameLongGone: behind more than a few archived lobbies the
// game is not looked for; the press is refused with the reason and the
// message keeps its words, not its button.
func TestRematchOfAGameLongGone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	_, msg, data := h.endByLeaving("/newgame")
	for range rematchLookback {
		h.Say(h.Users[0], "/newgame")
		h.CancelLobby(h.Users[0])
	}
	h.Press(h.Users[1], msg, data)
	gone := h.bot.cat.T("en", "alert_rematch_gone", nil) // the chat's; the alert is the presser's
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("uk", "alert_rematch_gone", nil) || h.Record() != nil {
		t.Fatalf("the press answered %+v and left %+v", a, h.Record())
	}
	if end := h.Message(msg); end.Keyboard != nil || !strings.HasSuffix(end.Text, gone) || !strings.Contains(end.Text, "Final standings") {
		t.Errorf("the old ending after the refusal: %q %v", end.Text, end.Keyboard)
	}
}
