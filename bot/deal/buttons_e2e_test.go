package deal_test

import (
	"fmt"
	"log/slog"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestEveryButtonOfEveryDealView presses, for Monopoly Deal in each
// language the chat pins, every button of every view a player meets —
// /settings and each of its pages, /rules, the lobby and its ⚙️ More,
// each hand in its private chat (the whole hand, a card's ways to play,
// a Forced Deal's pick, a payment's cards and Pay, Just Say No and
// discards as the game reaches them), the group's table message, /leave's
// question and the game over with 🔁 Rematch — each press on a copy of the
// state (bottest.Sweep): every press is answered, in the chat's language,
// with nothing logged as an error. Under -short one language.
func TestEveryButtonOfEveryDealView(t *testing.T) {
	t.Parallel()
	for _, lang := range bottest.WholeGameLangs(1) {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			s := sweepDeal(t, lang)
			t.Logf("Deal in %s:\n%s", lang, s.Report())
		})
	}
}

func sweepDeal(t *testing.T, lang string) *bottest.Sweep {
	log := &bottest.ErrorLog{}
	h := newHarnessWith(t, 5, nil, func(c *bot.AppConfig) { c.Logger = slog.New(log) })
	s := bottest.NewSweep(h.Harness, lang, log)
	spect := fakeapi.User{ID: 44, FirstName: "Gosha", LanguageCode: "en"}
	if lang == "en" {
		spect.LanguageCode = "uk"
	}
	s.Names = append(s.Names, spect.FirstName)
	s.ChatViews(spect, bot.OpSetView, "deal")
	a := h.Users[0]
	h.CancelLobby(a)
	// The game as StartDeal opens it: every hand shown in its
	// person's private chat.
	h.StartDeal(lang)
	for step := 0; step < 300; step++ {
		rec := h.Record()
		if rec == nil {
			break
		}
		g := deal.Of(rec).Game
		p := g.Waiting()
		if p == dealengine.Nobody {
			break
		}
		u := h.UserOf(rec, int(p))
		view := fmt.Sprintf("hand %s", dealPhaseName(g.Phase))
		if g.Phase == dealengine.PhaseRespond {
			switch {
			case p == g.Pending.Actor:
				view += " to a No" // the actor answers a Just Say No
			case g.Pending.IsDebt():
				view += " pay"
			default:
				view += " accept"
			}
		}
		if !s.Has(view) {
			s.View(view, u.ID, u)
			s.View("table", testChat, u, spect) // its links are no presses
			if g.Phase == dealengine.PhasePlay {
				// A card's ways to play, then back to the hand.
				for _, b := range deal.Buttons(rec, int(p)) {
					if b.Op == deal.OpCard {
						h.HandPress(u, deal.OpCard, b.Arg)
						s.View(view+" card", u.ID, u)
						h.HandPress(u, deal.OpBack, 0)
						break
					}
				}
			}
			if step == 0 {
				// /leave's question and /endgame's, each on a copy.
				h.Say(a, "/leave")
				s.View("leave question", testChat, a, spect)
				h.Say(a, "/endgame")
				s.View("endgame confirm", testChat, a, spect)
			}
			// The sweep leaves the hand as the last restore showed it:
			// show it afresh through the group's link.
			reopenHands(h)
		}
		if !h.DealStep() {
			break
		}
	}
	if rec := h.Record(); rec != nil {
		h.Say(a, "/endgame")
		h.MustPress(a, bot.OpEndGameYes)
	}
	s.View("game over", testChat, a, h.Users[1], spect)
	for _, want := range []string{"lobby", "settings page 2", "hand play", "hand play card", "leave question", "endgame confirm", "hand respond pay", "game over"} {
		if !s.Has(want) {
			t.Errorf("the view %q was never met", want)
		}
	}
	return s
}

// reopenHands shows each hand again in its private chat, as its link in
// the group does.
func reopenHands(h *harness) {
	h.T.Helper()
	rec := h.Record()
	for _, u := range h.Users {
		h.API.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
		h.Settle()
	}
}

func dealPhaseName(p dealengine.Phase) string {
	switch p {
	case dealengine.PhasePlay:
		return "play"
	case dealengine.PhaseRespond:
		return "respond"
	case dealengine.PhaseDiscard:
		return "discard"
	}
	return fmt.Sprintf("phase %d", p)
}
