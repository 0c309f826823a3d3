package board_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
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
	h.StartGame()
	rec := h.Record()
	x := board.Of(rec).Game.Current
	ux := h.UserOf(rec, int(x))
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = x })
	h.MustPress(ux, board.OpTrade)
	h.PressPrivate(ux, board.OpTrTo, int((x+1)%3))
	lang := locales.Normalize(ux.LanguageCode)
	m, _ := h.API.LastMessage(ux.ID)
	problem := strings.SplitN(h.bot.Catalog().T(lang, "composer_problem", map[string]any{"Reason": ""}), ":", 2)[0]
	if !strings.Contains(m.Text, h.bot.Catalog().T(lang, "composer_empty", nil)) || strings.Contains(m.Text, problem) {
		t.Fatalf("the empty composer:\n%s", m.Text)
	}
	// A deed for nothing is a gift, not a trade: the composer says what
	// is missing rather than that the offer is invalid.
	h.PressPrivate(ux, board.OpTrGive, 1)
	if m, _ := h.API.LastMessage(ux.ID); !strings.Contains(m.Text, h.bot.Catalog().T(lang, "composer_ask_something", nil)) {
		t.Fatalf("the composer with only a deed given:\n%s", m.Text)
	}
	h.PressPrivate(ux, board.OpTrMode, board.EditTake)
	h.PressPrivate(ux, board.OpTrAdd, 10)
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
	if m, _ := h.API.LastMessage(ux.ID); !strings.Contains(m.Text, h.bot.Catalog().T(lang, "composer_ready", nil)) {
		t.Fatalf("the composer with a deed for cash:\n%s", m.Text)
	}
}

// TestTradeLinkGoesWhenUsedOrOver: a deep link posted for a person the bot
// could not write to is deleted once the composer reaches that person by a
// later 🤝, and loses its button, saying why, when the game ends.
func TestTradeLinkGoesWhenUsedOrOver(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = board.Of(r).Game.Current }) // something to trade: 🤝 shows
	ux := h.Current(testChat)
	h.API.Kick(ux.ID)
	trade := func(u fakeapi.User) {
		t.Helper()
		msg, data, ok := h.ButtonIn(testChat, board.OpTrade)
		if !ok {
			t.Fatal("no 🤝 button")
		}
		h.Press(u, msg, data)
	}
	trade(ux)
	links := h.LinkMessages()
	if len(links) != 1 {
		t.Fatalf("%d deep links, want 1", len(links))
	}
	h.API.Unkick(ux.ID) // the person started the bot meanwhile
	h.API.PushMessage(ux.ID, ux, "/start")
	h.Settle()
	trade(ux)
	// Used, the link is deleted: a notice of it would pile up under the turn.
	if used := h.FindMessage(testChat, links[0].ID); !used.Deleted {
		t.Errorf("the link after the composer reached the person: %q %v", used.Text, used.Keyboard)
	}

	// Another player's link stays until the game ends.
	var uy = h.Users[0]
	for _, u := range h.Users {
		if u.ID != ux.ID {
			uy = u
			break
		}
	}
	h.API.Kick(uy.ID)
	trade(uy)
	links = h.LinkMessages()
	if len(links) != 1 {
		t.Fatalf("%d deep links, want 1", len(links))
	}
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], bot.OpEndGameYes)
	over := h.FindMessage(testChat, links[0].ID)
	if over.Keyboard != nil || over.Text != h.bot.Catalog().T("en", "trade_link_expired", nil) {
		t.Errorf("the link after the game's end: %q %v", over.Text, over.Keyboard)
	}
}

// TestOfferRefusalsNameWhoMay: an offer's buttons pressed by the wrong
// player say who may press them, in the presser's language.
func TestOfferRefusalsNameWhoMay(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	h.PressPrivate(p.UX, board.OpTrSend, 0)
	id := board.Of(h.Record()).Game.NextTrade
	rec := h.Record()
	var third = p.UX
	for _, u := range h.Users {
		if u.ID != p.UX.ID && u.ID != p.UY.ID {
			third = u
		}
	}
	lang := locales.Normalize(third.LanguageCode)
	msg, data := h.offerButton(board.OpOfAccept, id)
	h.Press(third, msg, data)
	if a, want := h.LastAnswer(), h.bot.Catalog().T(lang, "refuse_offer_to", map[string]any{"Player": kit.Isolate(rec.Seats[p.Y].Name)}); !a.ShowAlert || a.Text != want {
		t.Errorf("a third player's accept answered %+v, want %q", a, want)
	}
	msg, data = h.offerButton(board.OpOfWithdraw, id)
	h.Press(p.UY, msg, data)
	if a, want := h.LastAnswer(), h.bot.Catalog().T(locales.Normalize(p.UY.LanguageCode), "refuse_offer_by", map[string]any{"Player": kit.Isolate(rec.Seats[p.X].Name)}); !a.ShowAlert || a.Text != want {
		t.Errorf("the counterparty's withdraw answered %+v, want %q", a, want)
	}
	if after := h.Record(); len(board.Of(after).Game.Trades) != 1 || board.Of(after).Game.Trades[0].From != p.X || board.Of(after).Game.Phase == engine.PhaseGameOver {
		t.Fatal("a refused offer press changed the offer")
	}
}
