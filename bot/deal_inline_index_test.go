package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestDealInlineChoiceRemembersTheGroup: a person who plays a card inline
// (and never opened the private chat) is found inline after a restart
// that re-shows nothing: the choice stored the group in their private
// chat's settings.
func TestDealInlineChoiceRemembersTheGroup(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}})
	h.startDeal("en")
	rec := h.record()
	u := h.userOf(rec, engine.PlayerID(rec.Deal.Game.Current))
	if err := h.bot.store.Update(func(tx *storage.Tx) error { // as if never opened
		s := h.settings(u.ID)
		s.DealChat = 0
		return putJSON(tx.PutSettings, u.ID, s)
	}); err != nil {
		t.Fatal(err)
	}
	ans := h.inlineHand(u)
	if _, _, err := h.api.ChooseInlineResult(u, testChat, ans.QueryID, ans.Results[0].ID); err != nil {
		t.Fatal(err)
	}
	h.settle()
	if got := h.settings(u.ID).DealChat; got != testChat {
		t.Fatalf("after an inline move the private chat names group %d, want %d", got, testChat)
	}
	h.quietRestart(clock)
	// Found, the person gets their moves or at least their cards to look at.
	if a := h.inlineHand(u); len(a.Results) == 0 {
		t.Fatal("after the restart inline mode did not find the player's game")
	}
}

// quietRestart stops the bot and starts it again once the game has not
// changed for a while, so the start re-shows nothing.
func (h *harness) quietRestart(clock *fakeClock) {
	h.t.Helper()
	clock.Add(10 * time.Minute)
	h.stop()
	h.start()
	h.settle()
}
