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

// inlineHand asks for u's hand through inline mode in the group and
// returns the answer.
func (h *harness) inlineHand(u fakeapi.User) fakeapi.InlineAnswer {
	h.T.Helper()
	before := len(h.API.InlineAnswers(u.ID))
	h.API.PushInlineQuery(u, "", "supergroup")
	h.Settle()
	answers := h.API.InlineAnswers(u.ID)
	if len(answers) != before+1 {
		h.T.Fatalf("%s's inline query was not answered", u.FirstName)
	}
	a := answers[len(answers)-1]
	if a.CacheTime != 0 || !a.IsPersonal {
		h.T.Fatalf("an inline hand must be personal and never cached: cache_time %d, is_personal %v", a.CacheTime, a.IsPersonal)
	}
	return a
}

// TestDealInlineHand: the table's 🃏 button opens inline mode; the answer
// lists the asker's own moves only (no other player's card), End turn
// first, personal and never cached; choosing a result plays it; the same
// choice again (stale) and another person's choice of it (foreign) change
// nothing.
func TestDealInlineHand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartDeal("en")
	if !strings.Contains(h.API.Calls("sendMessage")[len(h.API.Calls("sendMessage"))-1].Params["reply_markup"]+
		allMarkups(h.API), `"switch_inline_query_current_chat":""`) {
		t.Fatal("the table has no button opening inline mode")
	}
	rec := h.Record()
	g := deal.Of(rec).Game
	cur := g.Current
	u := h.UserOf(rec, int(cur))
	ans := h.inlineHand(u)
	if len(ans.Results) == 0 {
		t.Fatal("the player whose turn it is got no moves")
	}
	// Nothing names a card only another player holds.
	mine := map[string]bool{}
	for _, c := range g.Hand(cur).Cards(nil) {
		mine[h.bot.Catalog().T("en", "deal_card_"+strconv.Itoa(int(dealengine.Cards[c].Kind)), nil)] = true
	}
	for c, pl := range g.Places {
		name := h.bot.Catalog().T("en", "deal_card_"+strconv.Itoa(int(dealengine.Cards[c].Kind)), nil)
		if pl.Zone != dealengine.ZoneHand || pl.Owner == cur || mine[name] || dealengine.Cards[c].Type == dealengine.TypeMoney {
			// (a money card's name is an amount, which labels show too;
			// bot/deal's TestNoCardReachesAnotherPlayer covers every card)
			continue
		}
		for _, r := range ans.Results {
			if strings.Contains(r.Title+" "+r.Description+" "+r.Text, name) {
				t.Fatalf("%s's inline hand shows %q, a card of seat %d", u.FirstName, name, pl.Owner)
			}
		}
	}
	for _, r := range ans.Results {
		if !strings.HasPrefix(r.ID, strconv.FormatUint(uint64(-testChat), 36)+"_"+strconv.FormatUint(rec.ID, 36)+"_") {
			t.Fatalf("result id %q does not name the group and the game", r.ID)
		}
	}
	other := h.Users[0]
	if other.ID == u.ID {
		other = h.Users[1]
	}
	// A player the game does not wait for gets nothing to choose: every
	// result posts a message, and one that plays nothing would be noise
	// (issue #27); the answer's button leads to their hand.
	if idle := h.inlineHand(other); len(idle.Results) != 0 {
		t.Fatalf("a player the game does not wait for got %d results: %+v", len(idle.Results), idle.Results)
	}
	// The first result is End turn, whatever the hand.
	if ans.Results[0].Title != h.bot.Catalog().T("en", "deal_btn_end", nil) {
		t.Fatalf("the first result is %q, not End turn", ans.Results[0].Title)
	}

	// A forged choice of u's result by another person, then u's own
	// (tapped in the group), then the same again (stale).
	pick := ans.Results[0].ID
	ver := g.Version
	h.API.PushUpdate(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{ResultID: pick,
		From: &tgbotapi.User{ID: other.ID, FirstName: other.FirstName}}})
	h.Settle()
	if v := deal.Of(h.Record()).Game.Version; v != ver {
		t.Fatalf("another person's choice of %s's result was played (version %d → %d)", u.FirstName, ver, v)
	}
	if _, _, err := h.API.ChooseInlineResult(u, testChat, ans.QueryID, pick); err != nil {
		t.Fatal(err)
	}
	h.Settle()
	if v := deal.Of(h.Record()).Game.Version; v != ver+1 {
		t.Fatalf("the chosen result was not played (version %d → %d)", ver, v)
	}
	h.API.PushUpdate(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{ResultID: pick,
		From: &tgbotapi.User{ID: u.ID, FirstName: u.FirstName}}})
	h.Settle()
	if v := deal.Of(h.Record()).Game.Version; v != ver+1 {
		t.Fatalf("a stale choice was played (version %d → %d)", ver+1, v)
	}
	last, _ := h.API.LastMessage(testChat)
	if !strings.Contains(last.Text, "outdated") {
		t.Fatalf("the refused choice was not answered in the group: %q", last.Text)
	}
}

func allMarkups(api *fakeapi.Server) string {
	var b strings.Builder
	for _, method := range []string{"sendMessage", "editMessageText"} {
		for _, r := range api.Calls(method) {
			b.WriteString(r.Params["reply_markup"])
		}
	}
	return b.String()
}

// TestDealInlineAfterRestart: after a restart that re-shows nothing (the
// game did not change in the last minutes), a person who opened their hand
// in the private chat still gets it inline: the private chat's settings
// name the group.
func TestDealInlineAfterRestart(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}})
	h.StartDeal("en")
	rec := h.Record()
	u := h.UserOf(rec, int(deal.Of(rec).Game.Current))
	h.quietRestart(clock)
	if a := h.inlineHand(u); len(a.Results) == 0 {
		t.Fatal("after the restart the player whose turn it is got no moves inline")
	}
}
