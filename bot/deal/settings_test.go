package deal_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
)

// TestDealSayNoHouseRule: Deal's house rules page offers the one switch
// the engine has (issue #26, item 16): a Just Say No on one's own turn is
// free. Off, the game follows the book (it costs a play); switched on, the
// next game is dealt with deal.Rules.SayNoCostsPlay off, and the lobby's
// summary names the rule.
func TestDealSayNoHouseRule(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID)
	h.Say(alice, "/settings")
	h.PressSetting(alice, bot.OpSetView, pageEdition)
	h.PressSetting(alice, bot.OpSetEdition, slices.Index(bot.Editions(), deal.Name))
	h.PressSetting(alice, bot.OpSetView, pageRules)
	menu, _, ok := h.FindButton(bot.OpSetRule, 0, true)
	if !ok {
		t.Fatal("Deal's house rules page has no switch")
	}
	name := h.bot.Catalog().T("en", "rule_deal_say_no_free", nil)
	if text := h.FindMessage(testChat, menu).Text; strings.Contains(text, name) {
		t.Errorf("the summary names the rule before it is on: %q", text)
	}
	if _, _, ok := h.FindButton(bot.OpSetRule, 1, false); ok {
		t.Error("Deal's page offers a board rule")
	}
	h.PressSetting(alice, bot.OpSetRule, 0)
	if s := h.bot.ChatSettings(testChat); !deal.OptionsIn(&s.Options).SayNoFree {
		t.Fatalf("the switch did not store the rule: %+v", s.Options)
	}
	h.Say(alice, "/newgame")
	rec := h.Record()
	if lobby := h.FindMessage(testChat, rec.LobbyMsg); lobby == nil || !strings.Contains(lobby.Text, name) {
		t.Errorf("the lobby does not name the house rule: %+v", lobby)
	}
	h.MustPress(h.Users[1], bot.OpJoin)
	h.MustPress(alice, bot.OpStart)
	if rec := h.Record(); deal.Of(rec) == nil || deal.Of(rec).Game == nil || deal.Of(rec).Game.Rules.SayNoCostsPlay {
		t.Fatalf("the game was not dealt with the house rule: %+v", deal.Of(rec))
	}
}
