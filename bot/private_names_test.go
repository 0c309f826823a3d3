package bot

import (
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestPrivateComposerShowsTheGroupsBoard: the group's board is Russian
// (its creator's language; nothing pinned); a player whose Telegram speaks
// English composes a trade privately in English, but the squares in it
// are named as the group sees them, so that "Житная ул." in the group is
// not "Mediterranean Avenue" in the offer (issue #27, item 7). The text
// keeps its language for the game.
func TestPrivateComposerShowsTheGroupsBoard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.Users[0], h.Users[2] = h.Users[2], h.Users[0] // Вера (ru) opens the game
	h.StartGame()
	rec := h.Record()
	var alice = h.Users[2]
	if alice.LanguageCode != "en" {
		t.Fatalf("the harness's users changed: %+v", h.Users)
	}
	seat := engine.PlayerID(rec.SeatOf(alice.ID))
	h.Edit(func(r *kit.Record) {
		board.Of(r).Game.Current = seat
		board.Of(r).Game.Props[1].Owner = seat
	})
	h.MustPress(alice, board.OpTrade)
	h.PressPrivate(alice, board.OpTrTo, int((seat+1)%3))
	h.PressPrivate(alice, board.OpTrGive, 1)
	m, _ := h.API.LastMessage(alice.ID)
	ru, en := h.bot.cat.T("ru", "sq_classic_1", nil), h.bot.cat.T("en", "sq_classic_1", nil)
	if !strings.Contains(m.Text, ru) || strings.Contains(m.Text, en) {
		t.Errorf("the composer names square 1 not as the group (%q) does:\n%s", ru, m.Text)
	}
	if !strings.Contains(m.Text, h.bot.cat.T("en", "composer_ready", nil)) && !strings.Contains(m.Text, h.bot.cat.T("en", "composer_ask_something", nil)) {
		t.Errorf("the composer is not in its person's language (en):\n%s", m.Text)
	}
	// The group pins Ukrainian: the squares are named as the group now
	// names them, the text stays in the language Alice's private views of
	// this game keep (issue #27, item 7) — as it does when she presses
	// from a Telegram app in another language, or opens a new composer.
	h.Say(h.Users[0], "/lang uk")
	h.PressPrivate(alice, board.OpTrGive, 1)
	h.PressPrivate(alice, board.OpTrGive, 1)
	m, _ = h.API.LastMessage(alice.ID)
	uk := h.bot.cat.T("uk", "sq_classic_1", nil)
	if !strings.Contains(m.Text, uk) || !strings.Contains(m.Text, h.bot.cat.T("en", "composer_ask_something", nil)) {
		t.Errorf("after /lang uk in the group the composer reads:\n%s", m.Text)
	}
	alice.LanguageCode = "ru"
	h.PressPrivate(alice, board.OpTrGive, 1) // taken out
	h.PressPrivate(alice, board.OpTrGive, 1) // and in again
	m, _ = h.API.LastMessage(alice.ID)
	if !strings.Contains(m.Text, uk) || !strings.Contains(m.Text, h.bot.cat.T("en", "composer_ask_something", nil)) {
		t.Errorf("pressed from a Russian app, the composer reads:\n%s", m.Text)
	}
	if l := h.Record().Seats[seat].Lang; l != "en" {
		t.Errorf("Alice's private views are stored as %q, want en", l)
	}
}

// TestDealHandShowsTheGroupsCards: in a Deal game whose group reads
// Russian, a person whose Telegram speaks English reads their hand in
// English, its cards named as on the group's table.
func TestDealHandShowsTheGroupsCards(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil)
	h.Users[0], h.Users[2] = h.Users[2], h.Users[0] // Вера (ru) opens the game
	h.Say(h.Users[0], "/newgame deal")
	for _, u := range h.Users[1:] {
		h.MustPress(u, OpJoin)
	}
	h.MustPress(h.Users[0], OpStart)
	alice := h.Users[2]
	rec := h.Record()
	h.API.PushMessage(alice.ID, alice, "/start "+deal.HandPayload(testChat, rec.ID))
	h.Settle()
	rec = h.Record()
	seat := engine.PlayerID(rec.SeatOf(alice.ID))
	var text string
	for _, m := range h.API.Messages(alice.ID) {
		if m.ID == deal.Of(rec).Hands[seat].Msg {
			text = m.Text
		}
	}
	title := h.bot.cat.T("en", "deal_hand_title", map[string]any{"Count": 0})
	if !strings.Contains(text, title[:strings.Index(title, "(")]) {
		t.Fatalf("Alice's hand is not in English:\n%s", text)
	}
	for _, c := range deal.Of(rec).Game.View(dealengine.PlayerID(seat)).Hand {
		kind := strconv.Itoa(int(dealengine.Cards[c].Kind))
		ru, en := h.bot.cat.T("ru", "deal_card_"+kind, nil), h.bot.cat.T("en", "deal_card_"+kind, nil)
		if !strings.Contains(text, ru) || (en != ru && strings.Contains(text, "• "+en)) {
			t.Errorf("card %d is not named as the group's table names it (%q):\n%s", c, ru, text)
		}
	}
}
