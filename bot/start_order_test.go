package bot

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestBusinessLobbyFirstStarts: the business rule book names who starts
// (the youngest) instead of a roll, so the bot starts a business game with
// the lobby's first player (BUSINESS.md) and shows no roll for the order;
// the classic game still rolls.
func TestBusinessLobbyFirstStarts(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{42, 7, 3} {
		h := newHarness(t, seed, nil)
		h.OpenLobby(engine.Business)
		h.MustPress(h.Users[0], OpStart)
		rec := h.Record()
		if rec == nil || board.Of(rec).Game == nil {
			t.Fatal("the game did not start")
		}
		if board.Of(rec).Game.Current != 0 || rec.Seats[0].User != h.Users[0].ID {
			t.Fatalf("seed %d: seat %d starts; seat 0 is user %d, the lobby's first %d", seed, board.Of(rec).Game.Current, rec.Seats[0].User, h.Users[0].ID)
		}
		last, _ := h.API.LastMessage(testChat)
		if order := strings.Split(h.bot.cat.T("en", "turn_order", map[string]any{"Rolls": ""}), ":")[0]; strings.Contains(last.Text, order) {
			t.Errorf("seed %d: the business game shows a roll for the order:\n%s", seed, last.Text)
		}
	}
	h := newHarness(t, 42, nil)
	h.OpenLobby("")
	h.MustPress(h.Users[0], OpStart)
	last, _ := h.API.LastMessage(testChat)
	if order := strings.Split(h.bot.cat.T("en", "turn_order", map[string]any{"Rolls": ""}), ":")[0]; !strings.Contains(last.Text, order) {
		t.Errorf("the classic game shows no roll for the order:\n%s", last.Text)
	}
}
