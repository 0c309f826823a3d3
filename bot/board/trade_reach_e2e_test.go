package board_test

import (
	"strconv"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// privateCalls counts the calls that tried to post into a person's
// private chat, and how many of them Telegram refused with 403.
func (h *harness) privateCalls(user int64) (calls, refused int) {
	for _, r := range h.API.Requests() {
		if (r.Method == "sendMessage" || r.Method == "editMessageText") && r.Params["chat_id"] == strconv.FormatInt(user, 10) {
			calls++
			if r.Status == 403 {
				refused++
			}
		}
	}
	return calls, refused
}

// composer is the id of the newest message in user's private chat, which
// must be a composer with its buttons.
func (h *harness) composer(user int64) int {
	h.T.Helper()
	m, ok := h.API.LastMessage(user)
	if !ok || m.Keyboard == nil {
		h.T.Fatalf("no composer in the private chat: %+v", m)
	}
	return m.ID
}

// TestComposerForSomeoneWhoNeverStartedTheBot: a player who never opened
// the bot presses 🤝 three times: the first composer is refused by
// Telegram, the later ones are not even tried; the group gets one deep
// link, and each press is told to open it. Once the player opens the bot
// through the link, the composer arrives there and the link goes; the
// next 🤝 is told the composer is in the private chat, which gets a new
// composer while the previous one loses its stale buttons.
func TestComposerForSomeoneWhoNeverStartedTheBot(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.API.RequireStart(true)
	h.StartGame()
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = board.Of(r).Game.Current }) // something to trade: 🤝 shows
	ux := h.Current(testChat)
	lang := locales.Normalize(ux.LanguageCode)
	trade := func(want string) {
		t.Helper()
		msg, data, ok := h.ButtonIn(testChat, board.OpTrade)
		if !ok {
			t.Fatal("no 🤝 button")
		}
		h.Press(ux, msg, data)
		a := h.API.AnswersTo(ux.ID)
		if last := a[len(a)-1]; last.ShowAlert || last.Text != h.bot.Catalog().T(lang, want, nil) {
			t.Fatalf("🤝 answered %+v, want the toast %q", last, want)
		}
	}
	for range 3 {
		trade("trade_link_sent")
	}
	links := h.LinkMessages()
	if len(links) != 1 {
		t.Fatalf("%d deep links in the group after three 🤝, want 1", len(links))
	}
	if calls, refused := h.privateCalls(ux.ID); calls != 1 || refused != 1 {
		t.Fatalf("%d calls into the private chat (%d refused), want the first one only, refused", calls, refused)
	}
	if d := board.Of(h.Record()).Drafts[ux.ID]; d == nil || d.Msg != 0 || d.Link != links[0].ID {
		t.Fatalf("the draft after the refusals: %+v, want no composer and link %d", d, links[0].ID)
	}

	// The player follows the link: /start with its payload.
	h.API.PushMessage(ux.ID, ux, "/start "+board.TradePayload(testChat, h.Record().ID))
	h.Settle()
	first := h.composer(ux.ID)
	if d := board.Of(h.Record()).Drafts[ux.ID]; d == nil || d.Msg != first || d.Link != 0 {
		t.Fatalf("the draft after /start: %+v, want composer %d and no link", d, first)
	}
	if used := h.FindMessage(testChat, links[0].ID); !used.Deleted {
		t.Errorf("the used link is still in the group: %q", used.Text)
	}

	// Reachable now: 🤝 opens a new composer, the old one is closed.
	trade("trade_composer_sent")
	second := h.composer(ux.ID)
	if second == first {
		t.Fatal("🤝 did not send a new composer")
	}
	if old := h.FindMessage(ux.ID, first); old.Keyboard != nil || old.Text != h.bot.Catalog().T(lang, "composer_replaced", nil) {
		t.Errorf("the replaced composer: %q %v", old.Text, old.Keyboard)
	}
	if len(h.LinkMessages()) != 0 {
		t.Error("a deep link was posted for a person the bot can write to")
	}
	if d := board.Of(h.Record()).Drafts[ux.ID]; d == nil || d.Msg != second {
		t.Fatalf("the draft's composer is %+v, want %d", d, second)
	}
}
