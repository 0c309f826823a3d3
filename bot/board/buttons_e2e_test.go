package board_test

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestEveryButtonOfEveryView presses, for each board edition (classic,
// business, lux) in each language the chat pins, every button of every
// view a player meets — /settings and each of its pages, /rules, the
// lobby and its ⚙️ More, the turn message in each phase and menu the game
// reaches (roll, buy, auction, building, mortgage, jail, debt, the
// business and lux stakes), the trade composer and the offer, /endgame's
// confirmation and the game over with 🔁 Rematch — as the person it is
// for and as a spectator of another language, each press on a copy of the
// state (bottest.Sweep): every press is answered, in the chat's language,
// with nothing logged as an error. One language an edition, rotated.
func TestEveryButtonOfEveryView(t *testing.T) {
	t.Parallel()
	for i, ed := range []string{"classic", "business", "lux"} {
		// One language an edition, another for each (ru, uk, en): the
		// buttons are the same in every language, so three sweeps of each
		// edition cost the suite ten seconds of processor time for texts
		// that the other editions' sweeps, TestEveryButtonAnswersInPressersLanguage
		// (every presser's language) and locales' own tests already read.
		for _, lang := range []string{locales.Languages[i%len(locales.Languages)]} {
			t.Run(ed+"/"+lang, func(t *testing.T) {
				t.Parallel()
				s := sweepBoard(t, ed, lang, false)
				t.Logf("%s in %s:\n%s", ed, lang, s.Report())
			})
		}
	}
}

// TestEveryButtonAnswersInPressersLanguage is TestEveryButtonOfEveryView
// in a chat that pinned no language: its messages are in its first
// creator's (Богдан's Ukrainian), and every answer is in the language of
// whoever pressed — English, Ukrainian, Russian, and the spectator's.
func TestEveryButtonAnswersInPressersLanguage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a whole game's sweep; TestEveryButtonOfEveryView covers the views under -short")
	}
	s := sweepBoard(t, "classic", "uk", true)
	t.Logf("classic, unpinned:\n%s", s.Report())
}

func sweepBoard(t *testing.T, edition, lang string, unpinned bool) *bottest.Sweep {
	log := &bottest.ErrorLog{}
	h := newHarnessWith(t, 11, nil, func(c *bot.AppConfig) { c.Logger = slog.New(log) })
	s := bottest.NewSweep(h.Harness, lang, log)
	s.Unpinned = unpinned
	if unpinned {
		// The one who reads lang opens the game.
		for i, u := range h.Users {
			if u.LanguageCode == lang {
				h.Users[0], h.Users[i] = h.Users[i], h.Users[0]
			}
		}
	}
	// The spectator reads another language than the chat's: the chat's
	// pinned one must still answer them.
	spect := fakeapi.User{ID: 44, FirstName: "Gosha", LanguageCode: "en"}
	if lang == "en" {
		spect.LanguageCode = "uk"
	}
	s.Names = append(s.Names, spect.FirstName)
	a := h.Users[0]
	s.ChatViews(spect, bot.OpSetView, edition)
	h.MustPress(a, bot.OpStart)
	if rec := h.Record(); rec == nil || rec.Status != kit.StatusPlaying {
		t.Fatalf("the game did not start: %+v", rec)
	}

	// The game played by the harness's policy; each view met the first
	// time is swept.
	r := rand.New(rand.NewPCG(11, 0))
	seen := map[engine.EventKind]bool{}
	menus := false
	for step := 0; step < 400; step++ {
		rec := h.Record()
		if rec == nil {
			break
		}
		g := board.Of(rec).Game
		actor := h.UserOf(rec, int(actorOf(g)))
		other := h.UserOf(rec, int((actorOf(g)+1)%engine.PlayerID(len(rec.Seats))))
		view := "turn " + phaseName(g.Phase)
		if m := board.Of(rec).View.Menu; m != "" {
			view += " " + m
		}
		if g.Players[g.Current].InJail && g.Phase == engine.PhaseTurnStart {
			view += " jail"
		}
		if !s.Has(view) {
			s.View(view, testChat, actor, other, spect)
		}
		if !menus && g.Phase == engine.PhaseTurnStart && board.Of(rec).View.Menu == "" && step > 6 {
			menus = true
			sweepMenus(h, s, actor, spect)
			sweepTrade(h, s, actor, spect)
			// The votes a player may call mid-game.
			for _, cmd := range []string{"/pause", "/kick"} {
				h.Say(other, cmd)
				s.View("vote "+cmd, testChat, actor, other, spect)
			}
			continue
		}
		if g.Phase == engine.PhaseDebt && board.Of(rec).View.Menu == state.MenuGroup {
			// The policy (boardtest.Step) reads a debtor's mortgage menu
			// from the main view.
			h.MustPress(actor, board.OpBack)
			continue
		}
		if !h.EditionStep(r, seen) {
			break
		}
	}
	if rec := h.Record(); rec != nil {
		h.Say(a, "/endgame")
		s.View("endgame confirm", testChat, a, spect)
		h.Say(a, "/endgame") // the sweep's ✅ left the first one final
		h.MustPress(a, bot.OpEndGameYes)
	}
	s.View("game over", testChat, a, h.Users[1], spect)
	want := []string{"lobby", "turn roll", "turn buy", "build menu", "mortgage menu", "trade composer", "trade offer", "game over"}
	if edition == "classic" {
		want = append(want, "turn auction") // the others have none
	} else {
		want = append(want, "turn gamble")
	}
	for _, want := range want {
		if !s.Has(want) {
			t.Errorf("the view %q was never met", want)
		}
	}
	return s
}

// sweepMenus gives the current player the first colour set and opens the building
// menu, a set's page, and the mortgage menu.
func sweepMenus(h *harness, s *bottest.Sweep, u, spect fakeapi.User) {
	h.T.Helper()
	rec := h.Record()
	cur := board.Of(rec).Game.Current
	ed := board.Of(rec).Game.EditionData()
	set := ed.Group(0)
	h.Edit(func(r *kit.Record) {
		g := board.Of(r).Game
		for _, sq := range set {
			g.Props[sq].Owner = cur
		}
	})
	h.MustPress(u, board.OpMenuBuild)
	s.View("build menu", testChat, u, spect)
	if _, _, ok := h.FindButton(board.OpGroup, 0, true); ok {
		h.MustPress(u, board.OpGroup)
		s.View("build group", testChat, u, spect)
	}
	h.MustPress(u, board.OpBack)
	h.MustPress(u, board.OpMenuMort)
	s.View("mortgage menu", testChat, u, spect)
	h.MustPress(u, board.OpBack)
}

// sweepTrade opens the current player's trade composer in their private
// chat, sweeps it, then sends an offer of their first deed and sweeps it
// in the group.
func sweepTrade(h *harness, s *bottest.Sweep, u, spect fakeapi.User) {
	h.T.Helper()
	rec := h.Record()
	g := board.Of(rec).Game
	x := g.Current
	y := (x + 1) % engine.PlayerID(len(rec.Seats))
	h.MustPress(u, board.OpTrade)
	s.View("trade composer", u.ID, u)
	// A restore puts the draft back but not its private message (🗑 left
	// it final): 🤝 in the group starts it again.
	sq := board.Of(h.Record()).Game.EditionData().Group(0)[0]
	reopen := func(amount bool) {
		h.MustPress(u, board.OpTrade)
		h.PressPrivate(u, board.OpTrTo, int(y))
		if amount {
			h.PressPrivate(u, board.OpTrGive, sq)
			h.PressPrivate(u, board.OpTrMode, board.EditTake)
		}
	}
	reopen(false)
	s.View("trade composer items", u.ID, u)
	reopen(true)
	s.View("trade composer amount", u.ID, u)
	reopen(true)
	h.PressPrivate(u, board.OpTrAdd, 10*moneyStep(h.Record()))
	h.PressPrivate(u, board.OpTrMode, board.EditItems)
	h.PressPrivate(u, board.OpTrSend, 0)
	uy := h.UserOf(h.Record(), int(y))
	s.View("trade offer", testChat, uy, u, spect)
}

// moneyStep is the smallest amount the composer's buttons add (the lux
// edition counts in thousands).
func moneyStep(rec *kit.Record) int { return board.EditionScale(board.Of(rec).Game.EditionData()) }

// actorOf is the seat the game waits for.
func actorOf(g *engine.Game) engine.PlayerID {
	switch g.Phase {
	case engine.PhaseDebt:
		return g.Debts[0].Debtor
	case engine.PhasePlaceBuilding:
		return g.Placing
	case engine.PhaseAuction:
		for i := range g.Players {
			if p := engine.PlayerID(i); !g.Auction.Passed[i] && g.Auction.Leader != p {
				return p
			}
		}
	}
	return g.Current
}

func phaseName(p engine.Phase) string {
	switch p {
	case engine.PhaseTurnStart:
		return "roll"
	case engine.PhaseBuyDecision:
		return "buy"
	case engine.PhaseAuction:
		return "auction"
	case engine.PhaseDebt:
		return "debt"
	case engine.PhaseTurnEnd:
		return "end"
	case engine.PhaseGamble:
		return "gamble"
	case engine.PhaseJailChoice:
		return "jail choice"
	case engine.PhaseInspection:
		return "inspection"
	case engine.PhasePlaceBuilding:
		return "place building"
	}
	return fmt.Sprintf("phase %d", p)
}
