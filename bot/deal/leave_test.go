package deal_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestDealLeave: /leave in a Deal game asks the player who sent it; only
// they may confirm; yes takes them out (their cards to the discards, the
// table says so, their hand closes) and the game goes on; the question
// keeps its text without buttons.
func TestDealLeave(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 4, nil)
	h.StartDeal("en")
	rec := h.Record()
	leaver := (deal.Of(rec).Game.Current + 1) % dealengine.PlayerID(deal.Of(rec).Game.Seats)
	u := h.UserOf(rec, int(leaver))
	other := h.UserOf(rec, int(deal.Of(rec).Game.Current))
	h.Say(u, "/leave")
	msg, yes, ok := h.FindButton(deal.OpLeaveYes, int(leaver), false)
	if !ok {
		t.Fatal("/leave asked no question")
	}
	h.Press(other, msg, yes)
	if a := h.LastAnswer(); !a.ShowAlert || deal.Of(h.Record()).Game.Out[leaver] {
		t.Fatalf("another player confirmed %s's /leave (answer %+v)", u.FirstName, a)
	}
	h.Press(u, msg, yes)
	rec = h.Record()
	g := deal.Of(rec).Game
	if !g.Out[leaver] || g.Phase == dealengine.PhaseGameOver || g.Active(leaver) {
		t.Fatalf("after yes: out %v, phase %d", g.Out, g.Phase)
	}
	for _, m := range h.API.Messages(testChat) {
		if m.ID == msg && (m.Keyboard != nil || !strings.Contains(m.Text, "✅")) {
			t.Errorf("the question reads %q with buttons %v", m.Text, m.Keyboard)
		}
		if m.ID == deal.Of(rec).TableMsg && !strings.Contains(m.Text, "leaves the game: hand, bank and properties go to the discard pile") {
			t.Errorf("the table does not tell that %s left: %q", u.FirstName, m.Text)
		}
	}
	private := h.API.Messages(u.ID)
	if hand := private[len(private)-1]; hand.Keyboard != nil || !strings.Contains(hand.Text, "You are out of this game") {
		t.Errorf("%s's hand reads %q with buttons %v", u.FirstName, hand.Text, hand.Keyboard)
	}
	h.Say(u, "/leave")
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, "You are not playing") {
		t.Errorf("a second /leave is answered %q", last.Text)
	}
}
