package deal_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// TestDealInlinePostsTheCardPlayed: a card chosen from the inline list is
// posted into the group naming the card and the move, in the group's
// language (issue #27, item 5), with a button that reopens the list; a
// second result of the same, now outdated, answer is refused, and its
// posted message is edited to say so: it no longer names a card that
// stayed in the hand, and the group gets no extra message. With the
// longest and shortest names, in every language.
func TestDealInlinePostsTheCardPlayed(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"ru", "uk", "en"} {
		t.Run(lang, func(t *testing.T) {
			h := namedHarness(t)
			h.Users[0], h.Users[2] = h.Users[2], h.Users[0] // the shortest name plays first
			h.StartDeal(lang)
			rec := h.Record()
			u := h.UserOf(rec, int(deal.Of(rec).Game.Current))
			ans := h.inlineHand(u)
			end, private := h.bot.Catalog().T(lang, "deal_inline_end", nil), h.bot.Catalog().T(lang, "deal_inline_to_private", nil)
			var plays []fakeapi.InlineResult // results that play a card at once
			for _, r := range ans.Results {
				if len(r.Keyboard) == 0 {
					t.Fatalf("result %q has no button: its refusal could not be edited", r.Title)
				}
				if r.Text != end && r.Text != private {
					plays = append(plays, r)
				}
			}
			if len(plays) < 2 {
				t.Fatalf("the first hand offers %d cards to play at once; the test needs two: %+v", len(plays), ans.Results)
			}
			ver := deal.Of(rec).Game.Version
			msg, inlineID, err := h.API.ChooseInlineResult(u, testChat, ans.QueryID, plays[0].ID)
			if err != nil || inlineID == "" {
				t.Fatalf("choosing %q: inline id %q, %v", plays[0].Title, inlineID, err)
			}
			h.Settle()
			if v := deal.Of(h.Record()).Game.Version; v != ver+1 {
				t.Fatalf("%q was not played (version %d → %d)", plays[0].Title, ver, v)
			}
			posted := h.Message(msg)
			if !strings.Contains(posted.Text, plays[0].Title) || posted.Edits != 0 || !posted.ViaBot {
				t.Fatalf("the message posted for %q names no card, or was edited: %+v", plays[0].Title, posted)
			}
			if b := posted.Keyboard[0][0]; b.InlineHere == nil || b.Text != h.bot.Catalog().T(lang, "deal_btn_hand", nil) {
				t.Fatalf("the posted move's button does not reopen the hand: %+v", b)
			}

			// The same answer's second card: the hand changed since.
			sent := len(h.API.Messages(testChat))
			msg, inlineID, err = h.API.ChooseInlineResult(u, testChat, ans.QueryID, plays[1].ID)
			if err != nil || inlineID == "" {
				t.Fatal(err)
			}
			h.Settle()
			if v := deal.Of(h.Record()).Game.Version; v != ver+1 {
				t.Fatalf("an outdated choice was played (version %d → %d)", ver+1, v)
			}
			refused := h.Message(msg)
			if refused.Edits != 1 || strings.Contains(refused.Text, plays[1].Title) ||
				!strings.Contains(refused.Text, h.bot.Catalog().T(lang, "deal_btn_hand", nil)) || !strings.Contains(refused.Text, "tg://user?id=") {
				t.Fatalf("the outdated choice's message was not edited to say so:\n%+v", refused)
			}
			if n := len(h.API.Messages(testChat)); n != sent {
				t.Fatalf("the refusal added %d messages to the group besides the edit", n-sent)
			}
		})
	}
}
