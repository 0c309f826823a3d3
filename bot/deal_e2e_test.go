package bot

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
)

// startDeal opens a Deal lobby in lang, seats every user, starts the game
// and opens each player's hand through the group's link.
func (h *harness) startDeal(lang string) {
	h.t.Helper()
	h.say(h.users[0], "/lang "+lang)
	h.say(h.users[0], "/newgame deal")
	for _, u := range h.users[1:] {
		h.mustPress(u, OpJoin)
	}
	h.mustPress(h.users[0], OpStart)
	rec := h.record()
	if rec == nil || rec.Status != StatusPlaying || rec.Kind != deal.Name || rec.Deal == nil || len(rec.Seats) != len(h.users) {
		h.t.Fatalf("the Deal game did not start: %+v", rec)
	}
	link := "https://t.me/" + fakeapi.BotUsername + "?start=" + deal.HandPayload(testChat, rec.ID)
	if !h.groupHasLink(link) {
		h.t.Fatalf("the table message has no link %s to the private chat", link)
	}
	for _, u := range h.users {
		h.api.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
		h.settle()
	}
	rec = h.record()
	for i, hd := range rec.Deal.Hands {
		if !hd.Open || hd.Msg == 0 {
			h.t.Fatalf("seat %d's hand was not shown in the private chat: %+v", i, hd)
		}
	}
}

func (h *harness) groupHasLink(link string) bool {
	for _, m := range h.api.Messages(testChat) {
		for _, row := range m.Keyboard {
			for _, b := range row {
				if b.URL == link {
					return true
				}
			}
		}
	}
	return false
}

// handPress presses the button op/arg of u's hand message in u's private
// chat, as it shows now.
func (h *harness) handPress(u fakeapi.User, op Op, arg int) {
	h.t.Helper()
	msgs := h.api.Messages(u.ID)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				p, err := kit.ParsePress(b.Data)
				if err != nil {
					h.t.Fatalf("the bot made a button with bad data %q: %v", b.Data, err)
				}
				if p.Op == op && p.Arg == arg {
					h.api.PushCallback(u.ID, msgs[i].ID, u, b.Data)
					h.settle()
					return
				}
			}
		}
	}
	h.t.Fatalf("%s has no %s:%d button in the private chat", u.FirstName, op, arg)
}

// dealStep makes the move the engine's computer player would make for a
// seat the game waits for, through that person's hand buttons.
func (h *harness) dealStep(seen map[dealengine.EventKind]int) bool {
	h.t.Helper()
	rec := h.record()
	if rec == nil {
		return false
	}
	g := rec.Deal.Game
	p := g.Waiting()
	if p == dealengine.Nobody {
		return false
	}
	u := h.userOf(rec, engine.PlayerID(p))
	a := dealai.Decide(g, p)
	buttons := deal.Buttons(rec, int(p))
	find := func(match func(b deal.Button) bool) (deal.Button, bool) {
		for _, b := range buttons {
			if match(b) {
				return b, true
			}
		}
		return deal.Button{}, false
	}
	switch {
	case a.Kind == dealengine.ActPay:
		sel := buttons[len(buttons)-1].Action.Cards // the payment the hand offers
		for _, b := range buttons {
			if b.Op == deal.OpMark && sel.Has(b.Arg) != a.Cards.Has(b.Arg) {
				h.handPress(u, deal.OpMark, b.Arg)
			}
		}
		h.handPress(u, deal.OpPay, 0)
		seen[dealengine.EvPaid]++
		return true
	case g.Phase == dealengine.PhasePlay && (a.Kind == dealengine.ActBank || a.Kind == dealengine.ActPlace || a.Kind == dealengine.ActPlay):
		h.handPress(u, deal.OpCard, a.Card)
		if a.Kind == dealengine.ActPlay && dealengine.Cards[a.Card].Action == dealengine.ForcedDeal {
			h.handPress(u, deal.OpTake, a.Take)
		}
		buttons = deal.Buttons(h.record(), int(p))
	}
	b, ok := find(func(b deal.Button) bool { return b.Op == deal.OpAct && b.Action == a })
	if !ok { // a move the hand does not offer (re-colouring a wild): end the turn instead
		if a.Kind != dealengine.ActRecolor {
			h.t.Fatalf("%s: the hand offers no button for %+v: %+v", u.FirstName, a, buttons)
		}
		if b, ok = find(func(b deal.Button) bool { return b.Op == deal.OpAct && b.Action.Kind == dealengine.ActEndTurn }); !ok {
			if b, ok = find(func(b deal.Button) bool { return b.Op == deal.OpBack }); !ok {
				h.t.Fatalf("%s: no button for %+v among %+v", u.FirstName, a, buttons)
			}
		}
	}
	h.handPress(u, b.Op, b.Arg)
	return true
}

// TestDealGameEndToEnd plays whole 3-player Deal games through the fake
// Bot API, one in each language, every move pressed on a hand button in
// the person's private chat; the game is killed and restarted mid-turn.
func TestDealGameEndToEnd(t *testing.T) {
	for i, lang := range []string{"uk", "ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t, uint64(40+i), nil)
			h.startDeal(lang)
			seen := map[dealengine.EventKind]int{}
			steps := 0
			for ; steps < 2000 && h.dealStep(seen); steps++ {
				if steps == 25 {
					h.stop()
					h.start()
				}
			}
			if rec := h.record(); rec != nil {
				t.Fatalf("the game did not end in %d moves", steps)
			}
			last, _ := h.api.LastMessage(testChat)
			if !strings.Contains(last.Text, "🏆") {
				t.Fatalf("the last group message is not the result: %q", last.Text)
			}
			t.Logf("%s: %d moves", lang, steps)
		})
	}
}
