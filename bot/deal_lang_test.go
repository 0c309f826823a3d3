package bot

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
)

// TestDealHandsInEachPersonsLanguage: while the group pinned no language,
// each private hand follows its person's own Telegram language (the table
// follows the chat's); once the chat pins one with /lang, the hands follow
// it too.
func TestDealHandsInEachPersonsLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil) // Alice en, Богдан uk, Вера ru
	h.say(h.users[0], "/newgame deal")
	for _, u := range h.users[1:] {
		h.mustPress(u, OpJoin)
	}
	h.mustPress(h.users[0], OpStart)
	rec := h.record()
	for _, u := range h.users {
		h.api.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
		h.settle()
	}
	title := func(lang string) string {
		s := h.bot.cat.T(lang, "deal_hand_title", map[string]any{"Count": 0})
		return s[:strings.Index(s, "(")] // the title without its count
	}
	hand := func(i int) string {
		r := h.record()
		for _, m := range h.api.Messages(h.users[i].ID) {
			if m.ID == r.Deal.Hands[i].Msg {
				return m.Text
			}
		}
		t.Fatalf("no hand message for %s", h.users[i].FirstName)
		return ""
	}
	for _, u := range h.users {
		seat := int(h.record().SeatOf(u.ID))
		if got := hand(seat); !strings.Contains(got, title(u.LanguageCode)) {
			t.Errorf("%s (%s) sees their hand as:\n%s", u.FirstName, u.LanguageCode, got)
		}
		opened := h.bot.cat.T(u.LanguageCode, "deal_private_opened", nil)
		found := false
		for _, m := range h.api.Messages(u.ID) {
			found = found || m.Text == opened
		}
		if !found {
			t.Errorf("%s was not told in their language that the hand is below", u.FirstName)
		}
	}
	h.say(h.users[0], "/lang uk")
	// Pinning reaches a hand at its next change: play on until every hand
	// was re-shown, or at most a few moves.
	for range 6 {
		pinned := true
		for _, u := range h.users {
			if !strings.Contains(hand(int(h.record().SeatOf(u.ID))), title("uk")) {
				pinned = false
			}
		}
		if pinned {
			return
		}
		if !h.dealStep() {
			break
		}
	}
	for _, u := range h.users {
		if got := hand(int(h.record().SeatOf(u.ID))); !strings.Contains(got, title("uk")) {
			t.Errorf("after /lang uk %s sees their hand as:\n%s", u.FirstName, got)
		}
	}
}
