package dealtest

import (
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
)

// Deal is the whole bot under test (bottest.Harness) played at Monopoly
// Deal by its Users, through the buttons of their hands. Its moves are
// named for Deal, as a test may play the board games too.
type Deal struct{ *bottest.Harness }

// StartDeal opens a Deal lobby in lang as the first of Users, seats every
// one, starts the game and opens each player's hand through the group's
// link.
func (h Deal) StartDeal(lang string) {
	h.T.Helper()
	users := h.Users
	h.Say(users[0], "/lang "+lang)
	h.Say(users[0], "/newgame deal")
	h.JoinAndStart()
	rec := h.Record()
	if rec.Kind != deal.Name || deal.Of(rec) == nil {
		h.T.Fatalf("the Deal game did not start: %+v", rec)
	}
	link := "https://t.me/" + fakeapi.BotUsername + "?start=" + deal.HandPayload(bottest.Chat, rec.ID)
	if !h.GroupHasLink(link) {
		h.T.Fatalf("the table message has no link %s to the private chat", link)
	}
	for _, u := range users {
		h.API.PushMessage(u.ID, u, "/start "+deal.HandPayload(bottest.Chat, rec.ID))
		h.Settle()
	}
	rec = h.Record()
	for i, hd := range deal.Of(rec).Hands {
		if !hd.Open || hd.Msg == 0 {
			h.T.Fatalf("seat %d's hand was not shown in the private chat: %+v", i, hd)
		}
	}
}

// GroupHasLink reports whether a message of the group has a button that
// links to link.
func (h Deal) GroupHasLink(link string) bool {
	for _, m := range h.API.Messages(bottest.Chat) {
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

// HandPress presses the button op/arg of u's hand message in u's private
// chat, as it shows now.
func (h Deal) HandPress(u fakeapi.User, op kit.Op, arg int) {
	h.T.Helper()
	msg, data, ok := h.FindButtonIn(u.ID, op, arg, false)
	if !ok {
		h.T.Fatalf("%s has no %s:%d button in the private chat", u.FirstName, op, arg)
	}
	h.API.PushCallback(u.ID, msg, u, data)
	h.Settle()
}

// DealStep makes the move the engine's computer player would make for a
// seat the game waits for, through that person's (one of Users) hand
// buttons; false if the game waits for nobody or is over.
func (h Deal) DealStep() bool {
	h.T.Helper()
	rec := h.Record()
	if rec == nil {
		return false
	}
	g := deal.Of(rec).Game
	p := g.Waiting()
	if p == dealengine.Nobody {
		return false
	}
	u := h.UserOf(rec, int(p))
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
			if card, _ := deal.MarkOf(b.Arg); b.Op == deal.OpMark && sel.Has(card) != a.Cards.Has(card) {
				h.HandPress(u, deal.OpMark, b.Arg)
			}
		}
		msg, pay, ok := h.FindButtonIn(u.ID, deal.OpPay, 0, true) // its argument is the amount shown
		if !ok {
			h.T.Fatalf("%s has no Pay button", u.FirstName)
		}
		h.API.PushCallback(u.ID, msg, u, pay)
		h.Settle()
		return true
	case g.Phase == dealengine.PhasePlay && a.Kind != dealengine.ActEndTurn:
		h.HandPress(u, deal.OpCard, a.Card)
		if a.Kind == dealengine.ActPlay && dealengine.Cards[a.Card].Action == dealengine.ForcedDeal {
			h.HandPress(u, deal.OpTake, a.Take)
		}
		buttons = deal.Buttons(h.Record(), int(p))
	}
	b, ok := find(func(b deal.Button) bool { return b.Op == deal.OpAct && b.Action == a })
	if !ok {
		h.T.Fatalf("%s: the hand offers no button for %+v: %+v", u.FirstName, a, buttons)
	}
	h.HandPress(u, b.Op, b.Arg)
	return true
}
