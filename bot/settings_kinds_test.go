package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// boardPages are the settings pages only the board editions have (Deal
// has a house rules page of its own: bot/deal/settings.go).
var boardPages = []int{settings.PageCash, settings.PagePlayers, settings.PageStake}

// optLabel is a summary line's label without its value ("💵 Starting
// cash:"), to look for the line in a message.
func (h *harness) optLabel(lang, id string) string {
	return strings.TrimSpace(h.bot.cat.T(lang, id, map[string]any{"Value": "", "Min": 0, "Max": 0}))
}

// settingsMenus are the chat's messages that still carry settings buttons.
func (h *harness) settingsMenus() []int {
	var ids []int
	for _, m := range h.API.Messages(testChat) {
		if m.Deleted { // a closed menu is deleted
			continue
		}
		for _, row := range m.Keyboard {
			if p, err := kit.ParsePress(row[0].Data); err == nil && hostOps[p.Op].route == routeSettings {
				ids = append(ids, m.ID)
				break
			}
		}
	}
	return ids
}

// TestDealIsAnEditionInSettings: /settings offers classic, business, lux
// and Monopoly Deal; with Deal chosen the board's pages (starting cash,
// most players, stake cap) and their summary lines are gone, a forged
// press for them changes nothing, the house rules are Deal's own, and a
// plain /newgame opens a Deal lobby that starts a Deal game by the book
// (a Just Say No on one's turn costs a play).
func TestDealIsAnEditionInSettings(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID)
	h.Say(alice, "/settings")
	for _, p := range []int{settings.PageCash, settings.PageRules, settings.PagePlayers} {
		if _, _, ok := h.FindButton(OpSetView, p, false); !ok {
			t.Fatalf("the classic game's menu lacks page %d", p)
		}
	}
	h.PressSetting(alice, OpSetView, settings.PageEdition)
	if eds := Editions(); !slices.Equal(eds, []string{engine.Classic, engine.Business, engine.Lux, deal.Name}) {
		t.Fatalf("editions offered: %v", eds)
	}
	for i, id := range Editions() {
		if _, _, ok := h.FindButton(OpSetEdition, i, false); !ok {
			t.Errorf("no button for the %s edition", id)
		}
	}
	h.PressSetting(alice, OpSetEdition, slices.Index(Editions(), deal.Name))
	s := h.chatSettings()
	if s.Options.Edition != deal.Name {
		t.Fatalf("edition after choosing Deal: %q", s.Options.Edition)
	}
	for _, p := range boardPages {
		if _, _, ok := h.FindButton(OpSetView, p, false); ok {
			t.Errorf("the Deal menu offers the board's page %d", p)
		}
	}
	for _, p := range []int{settings.PageLang, settings.PageEdition, settings.PagePace, settings.PageRules, settings.PageAbsence, settings.PageZone} {
		if _, _, ok := h.FindButton(OpSetView, p, false); !ok {
			t.Errorf("the Deal menu lacks page %d", p)
		}
	}
	menu, _, _ := h.FindButton(OpSetView, settings.PageEdition, false)
	text := h.FindMessage(testChat, menu).Text
	if !strings.Contains(text, h.bot.cat.T("en", "edition_deal", nil)) || !strings.Contains(text, h.bot.cat.T("en", "opt_players", map[string]any{"Min": 2, "Max": 5})) {
		t.Errorf("the menu does not say Deal, 2 to 5 players: %q", text)
	}
	for _, id := range []string{"opt_cash", "opt_stake"} {
		if strings.Contains(text, h.optLabel("en", id)) {
			t.Errorf("the Deal menu shows %s: %q", id, text)
		}
	}
	// The pace has no bid window: Deal has no auctions.
	live := kit.Paces[kit.PaceLive]
	if !strings.Contains(text, h.bot.settingsMenu().PaceText("en", live, false)) || strings.Contains(text, h.bot.settingsMenu().PaceText("en", live, true)) {
		t.Errorf("the Deal menu's pace: %q", text)
	}
	// Forged presses for the board's settings: refused, nothing stored.
	for _, p := range []kit.Press{{Op: OpSetCash, Arg: 0}, {Op: OpSetRule, Arg: len(deal.HouseRules)}, {Op: OpSetStakeCap, Arg: 1}, {Op: OpSetMax, Arg: 3},
		{Op: OpSetBid, Arg: 0}} {
		p.Rev = h.chatSettings().OptionsRev
		h.Press(alice, menu, p.Encode())
		if a := h.LastAnswer(); a.Text != h.bot.cat.T("en", "alert_outdated", nil) {
			t.Errorf("forged %+v answered %q", p, a.Text)
		}
	}
	if s := h.chatSettings(); board.RulesIn(&s.Options) != nil || s.Options.MaxPlayers != 0 || s.Options.Pace != (kit.Pace{}) || s.OptionsRev != 1 {
		t.Errorf("forged presses changed the settings: %+v", s)
	}
	// A forged view of a board page shows the main page instead.
	h.Press(alice, menu, kit.Press{Rev: 1, Op: OpSetView, Arg: settings.PageCash}.Encode())
	if _, _, ok := h.FindButton(OpSetCash, 0, true); ok {
		t.Error("the cash page opened for Deal")
	}

	// A custom pace sets the time for a move only.
	h.PressSetting(alice, OpSetView, settings.PagePace)
	h.PressSetting(alice, OpSetPace, slices.Index(settings.PaceNames, kit.PaceCustom))
	if _, _, ok := h.FindButton(OpSetDecision, 0, true); !ok {
		t.Error("no time for a move on Deal's custom pace")
	}
	if _, _, ok := h.FindButton(OpSetBid, 0, true); ok {
		t.Error("Deal's custom pace offers a bid window")
	}
	h.PressSetting(alice, OpSetView, settings.PagePace)
	h.PressSetting(alice, OpSetPace, slices.Index(settings.PaceNames, kit.PaceLive))

	h.Say(alice, "/newgame")
	rec := h.Record()
	if rec == nil || rec.Kind != deal.Name || rec.Edition != deal.Name {
		t.Fatalf("/newgame with Deal chosen opened %+v", rec)
	}
	lobby := h.FindMessage(testChat, rec.LobbyMsg)
	if lobby == nil || !strings.Contains(lobby.Text, h.optLabel("en", "opt_pace")) || !strings.Contains(lobby.Text, h.optLabel("en", "opt_rules")) {
		t.Errorf("the Deal lobby should show its pace and its house rules: %+v", lobby)
	}
	h.MustPress(h.Users[1], OpJoin)
	h.MustPress(alice, OpStart)
	if rec := h.Record(); rec.Status != kit.StatusPlaying || deal.Of(rec) == nil || deal.Of(rec).Game == nil || board.Of(rec).Game != nil {
		t.Fatalf("the Deal lobby did not start a Deal game: %+v", rec)
	}
	if !deal.Of(h.Record()).Game.Rules.SayNoCostsPlay {
		t.Error("by default a Just Say No on one's turn is free: the book counts it among the 3 plays")
	}
}

// TestOperatorDefaultDeal: MONOPOLY_EDITION=deal (Config.Edition) makes a
// chat that never chose an edition play Monopoly Deal; /settings shows it
// and offers none of the board's pages.
func TestOperatorDefaultDeal(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.Edition = deal.Name })
	alice := h.Users[0]
	h.Say(alice, "/settings")
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, h.bot.cat.T("en", "edition_deal", nil)) {
		t.Errorf("/settings does not show the default edition: %q", last.Text)
	}
	for _, p := range boardPages {
		if _, _, ok := h.FindButton(OpSetView, p, false); ok {
			t.Errorf("the default Deal edition offers the board's page %d", p)
		}
	}
	h.Say(alice, "/newgame")
	if rec := h.Record(); rec == nil || rec.Kind != deal.Name {
		t.Fatalf("/newgame on a Deal default opened %+v", rec)
	}
	if s := h.chatSettings(); s.Options.Edition != "" {
		t.Errorf("the default was stored as the chat's choice: %q", s.Options.Edition)
	}
}

// TestLobbyFollowsTheEdition: an open lobby keeps its own edition when
// another setting changes (/newgame lux stays lux), and becomes a lobby of
// the edition the chat chooses — of Deal's kind for Deal, of the board's
// again for classic.
func TestLobbyFollowsTheEdition(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.Say(alice, "/newgame lux")
	h.Say(alice, "/settings")
	h.PressSetting(alice, OpSetView, settings.PagePace)
	h.PressSetting(alice, OpSetPace, slices.Index(settings.PaceNames, kit.PaceRelaxed))
	if rec := h.Record(); rec.Edition != engine.Lux || board.EditionOf(rec.Options).ID != engine.Lux || rec.Options.Pace.Name != kit.PaceRelaxed {
		t.Fatalf("a pace change turned the lux lobby into %q (%+v)", rec.Edition, rec.Options)
	}
	h.PressSetting(alice, OpSetView, settings.PageEdition)
	h.PressSetting(alice, OpSetEdition, slices.Index(Editions(), deal.Name))
	rec := h.Record()
	if rec.Kind != deal.Name || rec.Edition != deal.Name || !strings.Contains(h.FindMessage(testChat, rec.LobbyMsg).Text, h.bot.cat.T("en", "edition_deal", nil)) {
		t.Fatalf("the lobby after choosing Deal: kind %q, edition %q", rec.Kind, rec.Edition)
	}
	h.PressSetting(alice, OpSetView, settings.PageEdition)
	h.PressSetting(alice, OpSetEdition, slices.Index(Editions(), engine.Classic))
	if rec := h.Record(); rec.Kind != board.Name || rec.Edition != engine.Classic {
		t.Fatalf("the lobby after choosing classic: kind %q, edition %q", rec.Kind, rec.Edition)
	}
	h.MustPress(h.Users[1], OpJoin)
	h.MustPress(alice, OpStart)
	if rec := h.Record(); board.Of(rec).Game == nil || board.Of(rec).Game.Edition != engine.Classic || deal.Of(rec) != nil {
		t.Fatalf("the lobby did not start a classic game: %+v", rec)
	}
}

// TestOldSettingsMenusLoseTheirButtons: a new /settings takes the previous
// menu's buttons away and says it was replaced; a press on it is refused
// with that reason; /lang changes the settings elsewhere and closes the
// live menu the same way; Close leaves no live menu.
func TestOldSettingsMenusLoseTheirButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID)
	h.Say(alice, "/settings")
	first, data, _ := h.FindButton(OpSetView, settings.PageLang, false)
	h.Say(alice, "/settings")
	second, _, _ := h.FindButton(OpSetView, settings.PageLang, false)
	if second == first {
		t.Fatal("the second /settings did not post a new menu")
	}
	if m := h.FindMessage(testChat, first); m.Keyboard != nil || m.Text != h.bot.cat.T("en", "settings_replaced", nil) {
		t.Errorf("the replaced menu: %q with buttons %v", m.Text, m.Keyboard)
	}
	if live := h.settingsMenus(); !slices.Equal(live, []int{second}) {
		t.Errorf("menus with buttons: %v, want only %d", live, second)
	}
	// A press that reaches the old menu (its edit lost) is refused, saying why.
	h.Press(alice, first, data)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.cat.T("en", "settings_alert_replaced", nil) {
		t.Errorf("a press on the replaced menu answered %+v", a)
	}
	if s := h.chatSettings(); s.Menu != second {
		t.Errorf("the live menu is %d, want %d", s.Menu, second)
	}
	// The live menu works.
	h.PressSetting(alice, OpSetView, settings.PageAbsence)
	h.PressSetting(alice, OpSetKick, 0)
	if s := h.chatSettings(); s.Options.KickAfter != -1 {
		t.Fatalf("the live menu's press was not applied: %+v", s.Options)
	}
	// /lang changes the settings elsewhere: the menu closes, in the new language.
	h.Say(alice, "/lang uk")
	if m := h.FindMessage(testChat, second); m.Keyboard != nil || m.Text != h.bot.cat.T("uk", "settings_changed_elsewhere", nil) {
		t.Errorf("the menu after /lang: %q with buttons %v", m.Text, m.Keyboard)
	}
	if live := h.settingsMenus(); len(live) != 0 {
		t.Errorf("menus with buttons after /lang: %v", live)
	}
	h.Press(alice, second, kit.Press{Rev: h.chatSettings().OptionsRev, Op: OpSetView, Arg: settings.PageLang}.Encode())
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("uk", "settings_alert_replaced", nil) {
		t.Errorf("a press on the menu /lang closed answered %q", a.Text)
	}
	// Close: no live menu stays.
	h.Say(alice, "/settings")
	h.PressSetting(alice, OpSetClose, 0)
	if live := h.settingsMenus(); len(live) != 0 || h.chatSettings().Menu != 0 {
		t.Errorf("after Close: menus %v, live %d", live, h.chatSettings().Menu)
	}
}

// TestTimeZoneSetting: /settings offers the time zones with their local
// time now; the choice is stored, shown in the menu, and applies to a
// running game at once (its deadlines are shown in it), without the "next
// game" alert and without outdating the game's buttons.
func TestTimeZoneSetting(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{})
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID)
	h.StartGame()
	rev := h.Record().Rev
	h.Say(alice, "/settings")
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, h.bot.cat.T("en", "opt_zone", map[string]any{"Value": "UTC · " + clock.Now().UTC().Format("15:04")})) {
		t.Errorf("the menu does not show UTC as the default zone: %q", last.Text)
	}
	h.PressSetting(alice, OpSetView, settings.PageZone)
	kyiv := slices.Index(kit.TimeZones, "Europe/Kyiv")
	msg, _, ok := h.FindButton(OpSetZone, kyiv, false)
	if !ok {
		t.Fatal("no Kyiv button")
	}
	loc := kit.ChatOptions{TimeZone: "Europe/Kyiv"}.Location()
	local := clock.Now().In(loc).Format("15:04")
	want := h.bot.cat.T("en", "zone_kyiv", nil) + " · " + local
	found := false
	for _, row := range h.FindMessage(testChat, msg).Keyboard {
		for _, b := range row {
			found = found || b.Text == want
		}
	}
	if !found || local == clock.Now().UTC().Format("15:04") {
		t.Errorf("no button %q (Kyiv's time now)", want)
	}
	h.PressSetting(alice, OpSetZone, kyiv)
	if s := h.chatSettings(); s.Options.TimeZone != "Europe/Kyiv" {
		t.Fatalf("zone stored: %q", s.Options.TimeZone)
	}
	if a := h.LastAnswer(); a.Text != "" {
		t.Errorf("choosing the zone during a game answered %q", a.Text)
	}
	if last := h.FindMessage(testChat, msg); !strings.Contains(last.Text, h.bot.cat.T("en", "opt_zone", map[string]any{"Value": want})) {
		t.Errorf("the menu does not show the chosen zone: %q", last.Text)
	}
	rec := h.Record()
	if rec.Options == nil || rec.Options.Location().String() != "Europe/Kyiv" || rec.Rev != rev {
		t.Errorf("the running game: options %+v, revision %d → %d", rec.Options, rev, rec.Rev)
	}
	// The turn message shows its deadline in Kyiv's time at once.
	deadline := kit.DeadlineText(h.bot.cat, "en", loc, clock.Now(), rec.Clock.Deadline)
	if turn := h.FindMessage(testChat, board.Of(rec).TurnMsg); deadline == "" || turn == nil || !strings.Contains(turn.Text, deadline) {
		t.Errorf("the turn message does not show %q: %+v", deadline, turn)
	}
	// A forged zone is refused.
	h.Press(alice, msg, kit.Press{Rev: h.chatSettings().OptionsRev, Op: OpSetZone, Arg: len(kit.TimeZones)}.Encode())
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("en", "alert_outdated", nil) || h.chatSettings().Options.TimeZone != "Europe/Kyiv" {
		t.Errorf("a forged zone answered %q", a.Text)
	}
}

// TestRulesOfDeal: /rules in a chat that plays Monopoly Deal — a Deal
// lobby or game, or the Deal edition chosen — shows the card game's rules
// in one message, not a board edition's sections (it showed a message id).
func TestRulesOfDeal(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{Edition: deal.Name})
	alice := h.Users[0]
	want := h.bot.cat.T("en", "deal_rules", nil)
	h.Say(alice, "/rules")
	if last, _ := h.API.LastMessage(testChat); last.Text != want || last.Keyboard != nil {
		t.Errorf("/rules with the Deal edition chosen: %q, buttons %v", last.Text, last.Keyboard)
	}
	h.Say(alice, "/newgame deal")
	h.MustPress(h.Users[1], OpJoin)
	h.MustPress(alice, OpStart)
	h.Say(h.Users[1], "/rules")
	if last, _ := h.API.LastMessage(testChat); last.Text != want || last.Keyboard != nil {
		t.Errorf("/rules during a Deal game: %q, buttons %v", last.Text, last.Keyboard)
	}
}

// TestStatsLinesOfEachKind: /stats names the favourite colour set through
// the board kind (a set no edition has shows none) and shows Deal's games
// and wins on a line of their own.
func TestStatsLinesOfEachKind(t *testing.T) {
	t.Parallel()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b := New(nil, nil, cat, Config{})
	s := stats.PlayerStats{Played: 3, Won: 1, Sets: map[string]int{"classic:3": 2, "lux:1": 1}, Kinds: map[string]*stats.KindStats{deal.Name: {Played: 4, Won: 2}}}
	text := b.statistics().Render("en", "Оля", s, s, true, true, true)
	set := cat.T("en", "group_emoji_classic_3", nil) + " " + cat.T("en", "group_classic_3", nil)
	dealLine := cat.T("en", "deal_stats", map[string]any{"Played": 4, "Won": 2})
	if strings.Count(text, set) != 2 || strings.Count(text, dealLine) != 2 {
		t.Errorf("/stats lacks the set %q or the Deal line %q: %q", set, dealLine, text)
	}
	s.Sets = map[string]int{"deluxe:3": 5}
	if text := b.statistics().Block("en", s); !strings.Contains(text, cat.T("en", "stats_no_set", nil)) {
		t.Errorf("a set of no edition: %q", text)
	}
}

// TestDealSettingsPagesFit: every page of the menu with Monopoly Deal
// chosen fits Telegram's limits in every language, its buttons parse,
// and a board page asked for shows the main page.
func TestDealSettingsPagesFit(t *testing.T) {
	t.Parallel()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b := New(nil, nil, cat, Config{Now: func() time.Time { return time.Unix(1_800_000_000, 0) }}) // the zone's time stays put
	s := kit.Settings{OptionsRev: 1 << 60, Options: kit.ChatOptions{Edition: deal.Name, TimeZone: "America/New_York",
		Pace: kit.Pace{Name: kit.PaceCustom, Decision: settings.DecisionPresets[5], Bid: settings.BidPresets[5]}}}
	main, _ := b.settingsMenu().Render("en", s, settings.PageMain)
	for _, lang := range locales.Languages {
		for page := 0; page < settings.PageCount; page++ {
			text, kb := b.settingsMenu().Render(lang, s, page)
			if n := kit.TextLen(text); n > kit.MaxText || n == 0 {
				t.Errorf("%s page %d: %d UTF-16 units", lang, page, n)
			}
			for _, row := range kb.Rows {
				for _, btn := range row {
					if p, err := kit.ParsePress(btn.Data); err != nil || len(btn.Data) > kit.MaxCallbackData {
						t.Errorf("%s page %d: button %q", lang, page, btn.Data)
					} else if p.Op == OpSetCash || p.Op == OpSetRule && p.Arg >= len(deal.HouseRules) || p.Op == OpSetStakeCap || p.Op == OpSetMax || p.Op == OpSetBid {
						t.Errorf("%s page %d offers the board's %q", lang, page, p.Op)
					}
				}
			}
		}
	}
	for _, page := range boardPages {
		if text, _ := b.settingsMenu().Render("en", s, page); text != main {
			t.Errorf("board page %d for Deal: %q", page, text)
		}
	}
}

// TestSettingsMenuAfterMigration: the live menu's id belongs to the old
// group; after the upgrade to a supergroup a new /settings neither edits
// the message that has that id there nor sends a stray "replaced" text.
func TestSettingsMenuAfterMigration(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	alice := h.Users[0]
	h.Say(alice, "/settings")
	old, _, _ := h.FindButton(OpSetView, settings.PageLang, false)
	h.API.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"},
		From: &tgbotapi.User{ID: alice.ID}, MigrateToChatID: superChat}})
	h.Settle()
	// The supergroup's message with the old menu's id is the bot's answer.
	for len(h.API.Messages(superChat)) < old {
		h.API.PushMessage(superChat, alice, "/help")
		h.Settle()
	}
	h.API.PushMessage(superChat, alice, "/settings")
	h.Settle()
	var menus int
	for _, m := range h.API.Messages(superChat) {
		if m.Text == h.bot.cat.T("en", "settings_replaced", nil) || m.Edits > 0 {
			t.Errorf("message %d in the supergroup became %q", m.ID, m.Text)
		}
		if strings.HasPrefix(m.Text, h.bot.cat.T("en", "settings_title", nil)) && m.Keyboard != nil {
			menus++
		}
	}
	if menus != 1 {
		t.Errorf("%d live menus in the supergroup, want 1", menus)
	}
}
