package deal_test

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
)

// TestDealHandReopenedWithOneNotice: a hand opened again through the
// group's link says so once. The old hand message, without buttons, reads
// that the hand is further down; below the person's /start comes the hand
// alone, no second notice. The first opening's notice (what the chat is
// for) is sent once, whatever the language.
func TestDealHandReopenedWithOneNotice(t *testing.T) {
	t.Parallel()
	for i, lang := range []string{"ru", "uk", "en"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, uint64(20+i), nil)
			h.StartDeal(lang)
			rec := h.Record()
			seat := int(deal.Of(rec).Game.Current)
			u := h.UserOf(rec, seat)
			old := deal.Of(rec).Hands[seat].Msg
			start := h.API.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
			h.Settle()
			cat := h.bot.Catalog()
			opened, moved := cat.T(lang, "deal_private_opened", nil), cat.T(lang, "deal_hand_moved", nil)
			hand := deal.Of(h.Record()).Hands[seat].Msg
			msgs := h.API.History(u.ID)
			after, notices := afterLast(msgs, u.ID), 0
			for _, m := range msgs {
				if m.Text == opened {
					notices++
				}
				if m.ID == old && (m.Text != moved || m.Keyboard != nil) {
					t.Errorf("the old hand message reads %q with buttons %v, want %q without", m.Text, m.Keyboard, moved)
				}
			}
			if len(after) != 1 || after[0].ID != hand || hand == old || after[0].Keyboard == nil {
				t.Errorf("below /start (update %d) the bot sent %d messages, want the hand %d alone with its buttons:\n%s", start, len(after), hand, texts(after))
			}
			if notices != 1 {
				t.Errorf("%q was said %d times, want once (the first opening)", opened, notices)
			}
		})
	}
}

// TestDealHandMovedInItsLanguage: the old hand message's last words are in
// the language the hand was drawn in, even when the link is opened again
// from a Telegram app in another language (the group pinned none).
func TestDealHandMovedInItsLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 9, nil)
	h.Say(h.Users[0], "/newgame deal")
	h.JoinAndStart()
	rec := h.Record()
	for _, u := range h.Users {
		h.API.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
		h.Settle()
	}
	bohdan := h.Users[1] // Ukrainian
	seat := int(rec.SeatOf(bohdan.ID))
	old := deal.Of(h.Record()).Hands[seat].Msg
	bohdan.LanguageCode = "en"
	h.API.PushMessage(bohdan.ID, bohdan, "/start "+deal.HandPayload(testChat, rec.ID))
	h.Settle()
	want := h.bot.Catalog().T("uk", "deal_hand_moved", nil)
	if m := h.FindMessage(bohdan.ID, old); m == nil || m.Text != want || m.Keyboard != nil {
		t.Fatalf("the old hand message is %+v, want %q without buttons", m, want)
	}
	if after := afterLast(h.API.History(bohdan.ID), bohdan.ID); len(after) != 1 || after[0].ID != deal.Of(h.Record()).Hands[seat].Msg {
		t.Fatalf("below /start the bot sent, want the hand alone:\n%s", texts(after))
	}
}

// afterLast is what the bot sent to a private chat after user's last
// message there (msgs: the chat's History).
func afterLast(msgs []fakeapi.Message, user int64) []fakeapi.Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].From == user {
			return msgs[i+1:]
		}
	}
	return msgs
}

func texts(msgs []fakeapi.Message) string {
	s := ""
	for _, m := range msgs {
		s += "· " + m.Text + "\n"
	}
	return s
}
