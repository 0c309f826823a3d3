package deal_test

import (
	"strconv"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestDealSurvivesMigration: a group with a Deal game becomes a
// supergroup. The table appears in the supergroup at once, with the link
// to the hands naming the supergroup; the hands in the private chats and
// inline mode go on playing the game there; after a restart the table is
// still the supergroup's message and inline mode still finds the game.
func TestDealSurvivesMigration(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}})
	h.StartDeal("en")
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"},
		From: &tgbotapi.User{ID: 11}, MigrateToChatID: superChat}})
	h.Settle()
	if rec := h.Record(); rec != nil {
		t.Fatalf("the game stays in the old group: %+v", rec)
	}
	super := func() *kit.Record {
		t.Helper()
		rec, err := h.bot.Snapshot(superChat)
		if err != nil || rec == nil || deal.Of(rec) == nil {
			t.Fatalf("no Deal game in the supergroup (%v)", err)
		}
		return rec
	}
	table := func(when string) int {
		t.Helper()
		rec := super()
		link := "https://t.me/" + fakeapi.BotUsername + "?start=" + deal.HandPayload(superChat, rec.ID)
		for _, m := range h.API.Messages(superChat) {
			if m.ID != deal.Of(rec).TableMsg {
				continue
			}
			for _, row := range m.Keyboard {
				for _, b := range row {
					if b.URL == link {
						return m.ID
					}
				}
			}
		}
		t.Fatalf("%s: the supergroup shows no table (message %d) with the link %s", when, deal.Of(rec).TableMsg, link)
		return 0
	}
	table("after the migration")

	// The hand in the private chat plays the supergroup's game.
	endTurn := func(what string) {
		t.Helper()
		rec := super()
		seat := deal.Of(rec).Game.Current
		u := h.UserOf(rec, int(seat))
		ver := deal.Of(rec).Game.Version
		for _, b := range deal.Buttons(rec, int(seat)) {
			if b.Op == deal.OpAct && b.Action.Kind == dealengine.ActEndTurn {
				h.HandPress(u, b.Op, b.Arg)
				break
			}
		}
		if v := deal.Of(super()).Game.Version; v == ver {
			t.Fatalf("%s: %s's hand button did not end the turn", what, u.FirstName)
		}
	}
	endTurn("after the migration")

	// Inline mode finds the game in the supergroup and plays in it.
	inline := func(what string) {
		t.Helper()
		rec := super()
		u := h.UserOf(rec, int(deal.Of(rec).Game.Current))
		ans := h.inlineHand(u)
		if len(ans.Results) == 0 {
			t.Fatalf("%s: %s got no moves inline", what, u.FirstName)
		}
		if !strings.HasPrefix(ans.Results[0].ID, strconv.FormatUint(uint64(-superChat), 36)+"_") {
			t.Fatalf("%s: the inline result %q does not name the supergroup", what, ans.Results[0].ID)
		}
		ver := deal.Of(rec).Game.Version
		if _, _, err := h.API.ChooseInlineResult(u, superChat, ans.QueryID, ans.Results[0].ID); err != nil {
			t.Fatal(err)
		}
		h.Settle()
		if v := deal.Of(super()).Game.Version; v != ver+1 {
			t.Fatalf("%s: the inline choice was not played (version %d → %d)", what, ver, v)
		}
	}
	inline("after the migration")

	// A restart that re-shows nothing: the game has not changed lately.
	shown := table("before the restart")
	h.quietRestart(clock)
	if again := table("after a restart"); again != shown {
		t.Fatalf("after a restart the table moved to message %d from %d", again, shown)
	}
	inline("after a restart")
	endTurn("after a restart")
}
