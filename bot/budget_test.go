package bot

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestTurnBudget: a live game where every turn is roll (+ buy) costs at
// most 3 sends and edits a turn on average, even when every press waits for
// the previous message to be shown (so nothing is merged). With Telegram's
// 20 per minute per group that is over 6 turns a minute.
func TestTurnBudget(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	calls := func() int {
		return len(h.API.Calls("sendMessage")) + len(h.API.Calls("editMessageText")) + len(h.API.Calls("editMessageReplyMarkup"))
	}
	base, turn0 := calls(), board.Of(h.Record()).Game.Turn
	for i := 0; i < 300; i++ {
		rec := h.Record()
		if rec == nil {
			break
		}
		g := board.Of(rec).Game
		u := h.UserOf(rec, int(g.Current))
		switch {
		case g.Phase == engine.PhaseTurnStart && g.Players[g.Current].InJail &&
			g.Check(g.Current, engine.Action{Kind: engine.ActPayJailFine}) == nil:
			h.MustPress(u, board.OpPayFine)
		case g.Phase == engine.PhaseTurnStart, g.Phase == engine.PhaseTurnEnd && g.RollAgain:
			h.MustPress(u, board.OpRoll)
		case g.Phase == engine.PhaseBuyDecision && g.Check(g.Current, engine.Action{Kind: engine.ActBuy}) == nil:
			h.MustPress(u, board.OpBuy)
		case g.Phase == engine.PhaseTurnEnd:
			t.Fatal("the turn waits for an End press although nothing is left to decide")
		default:
			i = 300 // a debt or an auction: the budget of plain turns is measured
		}
	}
	rec := h.Record()
	turns := board.Of(rec).Game.Turn - turn0
	if turns < 50 {
		t.Fatalf("only %d turns played", turns)
	}
	perTurn := float64(calls()-base) / float64(turns)
	if perTurn > 3 {
		t.Fatalf("%.2f requests a turn, want at most 3", perTurn)
	}
	t.Logf("%d turns, %.2f requests a turn", turns, perTurn)
}
