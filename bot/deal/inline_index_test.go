package deal_test

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestDealInlineChoiceRemembersTheGroup: a person who plays a card inline
// (and never opened the private chat) is found inline after a restart
// that re-shows nothing: the choice stored the group in their private
// chat's settings.
func TestDealInlineChoiceRemembersTheGroup(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}})
	h.StartDeal("en")
	rec := h.Record()
	u := h.UserOf(rec, int(deal.Of(rec).Game.Current))
	if err := h.bot.Store().Update(func(tx *storage.Tx) error { // as if never opened
		s := h.bot.ChatSettings(u.ID)
		s.Links.Set(deal.LinkKey, 0)
		return bottest.PutJSON(tx.PutSettings, u.ID, s)
	}); err != nil {
		t.Fatal(err)
	}
	ans := h.inlineHand(u)
	if _, _, err := h.API.ChooseInlineResult(u, testChat, ans.QueryID, ans.Results[0].ID); err != nil {
		t.Fatal(err)
	}
	h.Settle()
	if got := h.bot.ChatSettings(u.ID).Links.Get(deal.LinkKey); got != testChat {
		t.Fatalf("after an inline move the private chat names group %d, want %d", got, testChat)
	}
	h.quietRestart(clock)
	// Found, the answer leads to the person's hand in the private chat
	// (their moves, if the game waits for them).
	h.inlineHand(u)
	calls := h.API.Calls("answerInlineQuery")
	if p := calls[len(calls)-1].Params; p["switch_pm_parameter"] != deal.HandPayload(testChat, rec.ID) {
		t.Fatalf("after the restart inline mode did not find the player's game: %v", p)
	}
}

// quietRestart stops the bot and starts it again once the game has not
// changed for a while, so the start re-shows nothing.
func (h *harness) quietRestart(clock *bottest.Clock) {
	h.T.Helper()
	clock.Add(10 * time.Minute)
	h.Stop()
	h.Start()
	h.Settle()
}
