package bot

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestRefusalsSayWhyInThePressersLanguage presses refused buttons through
// the fake Bot API as players of different languages: each alert names
// its reason — whose turn it is, who the question belongs to, how the
// game left an old button behind — in the presser's own language while
// the chat pinned none, in the chat's once /lang pins it, and in their own
// again after /lang auto; the chat's
// messages stay in the chat's language throughout.
func TestRefusalsSayWhyInThePressersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.Record()
	cur := board.Of(rec).Game.Current
	current := h.UserOf(rec, int(cur))
	var others []fakeapi.User
	for i := range rec.Seats {
		if engine.PlayerID(i) != cur {
			others = append(others, h.UserOf(rec, int(i)))
		}
	}
	if locales.Normalize(others[0].LanguageCode) == locales.Normalize(others[1].LanguageCode) {
		t.Fatalf("the test needs two players of different languages, has %q and %q", others[0].LanguageCode, others[1].LanguageCode)
	}
	expect := func(who fakeapi.User, lang, id string, data map[string]any) {
		t.Helper()
		a := h.LastAnswer()
		if want := h.bot.cat.T(lang, id, data); !a.ShowAlert || a.Text != want {
			t.Errorf("%s got %+v, want the alert %q", who.FirstName, a, want)
		}
	}
	own := func(u fakeapi.User) string { return locales.Normalize(u.LanguageCode) }

	// Not their turn: the alert names whose it is, in each one's language.
	msg, roll, ok := h.FindButton(board.OpRoll, 0, true)
	if !ok {
		t.Fatal("no roll button")
	}
	for _, u := range others {
		h.Press(u, msg, roll)
		expect(u, own(u), "refuse_turn_of", map[string]any{"Player": kit.Isolate(rec.Seats[cur].Name)})
	}

	// Someone else's question: it names whose it is.
	h.Say(current, "/leave")
	q, yes, ok := h.FindButton(board.OpResignYes, int(cur), false)
	if !ok {
		t.Fatal("no /leave question")
	}
	h.Press(others[0], q, yes)
	expect(others[0], own(others[0]), "refuse_menu_of", map[string]any{"Player": kit.Isolate(rec.Seats[cur].Name)})
	if board.Of(h.Record()).Game.Players[cur].Bankrupt {
		t.Fatal("someone else confirmed the current player's /leave")
	}

	// A second tap of a move already made: done (a toast), in the
	// presser's language.
	h.Press(current, msg, roll)
	h.Press(current, msg, roll)
	if a := h.LastAnswer(); a.ShowAlert || a.Text != h.bot.cat.T(own(current), "toast_done", nil) {
		t.Errorf("%s's second tap of Roll got %+v, want the toast %q", current.FirstName, a, h.bot.cat.T(own(current), "toast_done", nil))
	}

	// Old buttons: one made before keys (it carries the revision) the game
	// moved on from; a button of an earlier game.
	p, _ := kit.ParsePress(roll)
	legacy := kit.Press{Game: p.Game, Rev: h.Record().Rev - 1, Op: board.OpRoll}
	roll = legacy.Encode()
	h.Press(others[1], msg, roll)
	expect(others[1], own(others[1]), "alert_stale_moved", nil)
	p.Game++
	h.Press(others[0], msg, p.Encode())
	expect(others[0], own(others[0]), "alert_stale_other_game", nil)

	// The chat's messages stay in its language (its creator's).
	if m := h.FindMessage(testChat, h.Record().LobbyMsg); m == nil || !strings.Contains(m.Text, h.bot.cat.T("en", "lobby_started", nil)) {
		t.Errorf("the chat's lobby message is not in English: %+v", m)
	}

	// Once the chat pins a language, everyone's alerts are in it.
	h.Say(current, "/lang uk")
	for _, u := range others {
		h.Press(u, msg, roll)
		expect(u, "uk", "alert_stale_moved", nil)
	}
	// /lang auto unpins it: the chat's messages stay Ukrainian, alerts
	// follow each presser again.
	h.Say(current, "/lang auto")
	if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("uk", "lang_auto_set", nil) {
		t.Errorf("/lang auto answered %q", last.Text)
	}
	for _, u := range others {
		h.Press(u, msg, roll)
		expect(u, own(u), "alert_stale_moved", nil)
	}
	if s := h.chatSettings(); s.Lang != "" || s.Language() != "uk" {
		t.Errorf("after /lang auto the settings are %+v", s)
	}
}
