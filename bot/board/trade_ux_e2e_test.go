package board_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestComposerOpensWithoutAnError: a composer with a counterparty chosen
// and nothing else shows what to do, not a refusal; once something is
// chosen it says it is ready.
func TestComposerOpensWithoutAnError(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.startGame()
	rec := h.record()
	x := board.Of(rec).Game.Current
	ux := h.userOf(rec, x)
	h.edit(func(r *Record) { board.Of(r).Game.Props[1].Owner = x })
	h.mustPress(ux, OpTrade)
	h.pressPrivate(ux, OpTrTo, int((x+1)%3))
	lang := locales.Normalize(ux.LanguageCode)
	m, _ := h.api.LastMessage(ux.ID)
	problem := strings.SplitN(h.bot.cat.T(lang, "composer_problem", map[string]any{"Reason": ""}), ":", 2)[0]
	if !strings.Contains(m.Text, h.bot.cat.T(lang, "composer_empty", nil)) || strings.Contains(m.Text, problem) {
		t.Fatalf("the empty composer:\n%s", m.Text)
	}
	// A deed for nothing is a gift, not a trade: the composer says what
	// is missing rather than that the offer is invalid.
	h.pressPrivate(ux, OpTrGive, 1)
	if m, _ := h.api.LastMessage(ux.ID); !strings.Contains(m.Text, h.bot.cat.T(lang, "composer_ask_something", nil)) {
		t.Fatalf("the composer with only a deed given:\n%s", m.Text)
	}
	h.pressPrivate(ux, OpTrMode, editTake)
	h.pressPrivate(ux, OpTrAdd, 10)
	h.pressPrivate(ux, OpTrMode, editItems)
	if m, _ := h.api.LastMessage(ux.ID); !strings.Contains(m.Text, h.bot.cat.T(lang, "composer_ready", nil)) {
		t.Fatalf("the composer with a deed for cash:\n%s", m.Text)
	}
}

// TestTradeLinkGoesWhenUsedOrOver: a deep link posted for a person the bot
// could not write to is deleted once the composer reaches that person by a
// later 🤝, and loses its button, saying why, when the game ends.
func TestTradeLinkGoesWhenUsedOrOver(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.startGame()
	h.edit(func(r *Record) { board.Of(r).Game.Props[1].Owner = board.Of(r).Game.Current }) // something to trade: 🤝 shows
	ux := h.current(testChat)
	h.api.Kick(ux.ID)
	trade := func(u fakeapi.User) {
		t.Helper()
		msg, data, ok := h.buttonIn(testChat, OpTrade)
		if !ok {
			t.Fatal("no 🤝 button")
		}
		h.press(u, msg, data)
	}
	trade(ux)
	links := h.linkMessages()
	if len(links) != 1 {
		t.Fatalf("%d deep links, want 1", len(links))
	}
	h.api.Unkick(ux.ID) // the person started the bot meanwhile
	h.api.PushMessage(ux.ID, ux, "/start")
	h.settle()
	trade(ux)
	// Used, the link is deleted: a notice of it would pile up under the turn.
	if used := h.findMsg(testChat, links[0].ID); !used.Deleted {
		t.Errorf("the link after the composer reached the person: %q %v", used.Text, used.Keyboard)
	}

	// Another player's link stays until the game ends.
	var uy = h.users[0]
	for _, u := range h.users {
		if u.ID != ux.ID {
			uy = u
			break
		}
	}
	h.api.Kick(uy.ID)
	trade(uy)
	links = h.linkMessages()
	if len(links) != 1 {
		t.Fatalf("%d deep links, want 1", len(links))
	}
	h.say(h.users[0], "/endgame")
	h.mustPress(h.users[0], OpEndGameYes)
	over := h.findMsg(testChat, links[0].ID)
	if over.Keyboard != nil || over.Text != h.bot.cat.T("en", "trade_link_expired", nil) {
		t.Errorf("the link after the game's end: %q %v", over.Text, over.Keyboard)
	}
}

// TestOfferRefusalsNameWhoMay: an offer's buttons pressed by the wrong
// player say who may press them, in the presser's language.
func TestOfferRefusalsNameWhoMay(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	h.pressPrivate(p.ux, OpTrSend, 0)
	id := board.Of(h.record()).Game.NextTrade
	rec := h.record()
	var third = p.ux
	for _, u := range h.users {
		if u.ID != p.ux.ID && u.ID != p.uy.ID {
			third = u
		}
	}
	lang := locales.Normalize(third.LanguageCode)
	msg, data := h.offerButton(OpOfAccept, id)
	h.press(third, msg, data)
	if a, want := h.lastAnswer(), h.bot.cat.T(lang, "refuse_offer_to", map[string]any{"Player": kit.Isolate(rec.Seats[p.y].Name)}); !a.ShowAlert || a.Text != want {
		t.Errorf("a third player's accept answered %+v, want %q", a, want)
	}
	msg, data = h.offerButton(OpOfWithdraw, id)
	h.press(p.uy, msg, data)
	if a, want := h.lastAnswer(), h.bot.cat.T(locales.Normalize(p.uy.LanguageCode), "refuse_offer_by", map[string]any{"Player": kit.Isolate(rec.Seats[p.x].Name)}); !a.ShowAlert || a.Text != want {
		t.Errorf("the counterparty's withdraw answered %+v, want %q", a, want)
	}
	if after := h.record(); len(board.Of(after).Game.Trades) != 1 || board.Of(after).Game.Trades[0].From != p.x || board.Of(after).Game.Phase == engine.PhaseGameOver {
		t.Fatal("a refused offer press changed the offer")
	}
}
