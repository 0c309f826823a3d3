package deal_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestDealHandsInEachPersonsLanguage: while the group pinned no language,
// each private hand follows its person's own Telegram language (the table
// follows the chat's) and keeps it for the game: neither a /lang in the
// group nor a Telegram app in another language changes it.
func TestDealHandsInEachPersonsLanguage(t *testing.T) {
	t.Parallel()
	h := namedHarness(t) // the right-to-left name ru, the longest uk, the shortest en
	h.Say(h.Users[0], "/newgame deal")
	for _, u := range h.Users[1:] {
		h.MustPress(u, bot.OpJoin)
	}
	h.MustPress(h.Users[0], bot.OpStart)
	rec := h.Record()
	for _, u := range h.Users {
		h.API.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
		h.Settle()
	}
	title := func(lang string) string {
		s := h.bot.Catalog().T(lang, "deal_hand_title", map[string]any{"Count": 0})
		return s[:strings.Index(s, "(")] // the title without its count
	}
	hand := func(i int) string {
		r := h.Record()
		for _, m := range h.API.Messages(h.Users[i].ID) {
			if m.ID == deal.Of(r).Hands[i].Msg {
				return m.Text
			}
		}
		t.Fatalf("no hand message for %s", h.Users[i].FirstName)
		return ""
	}
	for _, u := range h.Users {
		seat := int(h.Record().SeatOf(u.ID))
		if got := hand(seat); !strings.Contains(got, title(u.LanguageCode)) {
			t.Errorf("%s (%s) sees their hand as:\n%s", u.FirstName, u.LanguageCode, got)
		}
		opened := h.bot.Catalog().T(u.LanguageCode, "deal_private_opened", nil)
		found := false
		for _, m := range h.API.Messages(u.ID) {
			found = found || m.Text == opened
		}
		if !found {
			t.Errorf("%s was not told in their language that the hand is below", u.FirstName)
		}
	}
	// The group pins Ukrainian: the table follows, each private hand keeps
	// the language it was drawn in (issue #27, item 7: no hand switches
	// under its older messages), re-drawn or not, with the cards named as
	// the table now names them.
	h.Say(h.Users[0], "/lang uk")
	for range 6 {
		if !h.DealStep() {
			break
		}
	}
	rec = h.Record()
	for _, u := range h.Users {
		seat := int(rec.SeatOf(u.ID))
		got := hand(seat)
		if !strings.Contains(got, title(u.LanguageCode)) {
			t.Errorf("after /lang uk %s (%s) sees their hand as:\n%s", u.FirstName, u.LanguageCode, got)
		}
		if l := rec.Seats[seat].Lang; l != u.LanguageCode {
			t.Errorf("%s's private views are stored as %q, want %q", u.FirstName, l, u.LanguageCode)
		}
		for _, c := range deal.Of(rec).Game.View(dealengine.PlayerID(seat)).Hand {
			kind := strconv.Itoa(int(dealengine.Cards[c].Kind))
			if uk := h.bot.Catalog().T("uk", "deal_card_"+kind, nil); !strings.Contains(got, uk) {
				t.Errorf("%s's hand names card %d not as the table now does (%q):\n%s", u.FirstName, c, uk, got)
			}
		}
	}
	// The English speaker's other Telegram app speaks Russian: their
	// inline answer and their hand stay English.
	alice := h.Users[2]
	alice.LanguageCode = "ru"
	seat := rec.SeatOf(alice.ID)
	h.inlineHand(alice)
	calls := h.API.Calls("answerInlineQuery")
	if p := calls[len(calls)-1].Params; p["switch_pm_text"] != h.bot.Catalog().T("en", "deal_btn_private", nil) {
		t.Errorf("%s's inline answer from a Russian app is not in English: %v", alice.FirstName, p)
	}
	h.API.PushMessage(alice.ID, alice, "/start "+deal.HandPayload(testChat, rec.ID)) // her hand opened again, from that app
	h.Settle()
	if got := hand(int(seat)); !strings.Contains(got, title("en")) {
		t.Errorf("%s's hand opened from a Russian app reads:\n%s", alice.FirstName, got)
	}
}
