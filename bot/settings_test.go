package bot

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

func (h *harness) chatSettings() kit.Settings {
	var s kit.Settings
	_ = h.bot.store.View(func(tx *storage.Tx) error { s = h.bot.loadSettings(tx, testChat); return nil })
	return s
}

func ruleIndex(t *testing.T, id string) int {
	i := slices.IndexFunc(board.HouseRules, func(r kit.HouseRule) bool { return r.ID == id })
	if i < 0 {
		t.Fatalf("no house rule %q", id)
	}
	return i
}

// TestSettingsChangeTheGame: an admin sets the starting cash, switches
// auctions off and random seating on; the next game starts that way, and
// keeps those settings when the chat's change while it runs. Someone who
// is neither an admin nor a lobby's creator is refused.
func TestSettingsChangeTheGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	h.API.SetAdmins(testChat, vera.ID)

	h.Say(bohdan, "/settings")
	h.PressSetting(bohdan, OpSetView, settings.PageCash)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.cat.T("uk", "alert_settings_denied", nil) {
		t.Fatalf("a plain member's press answered %+v", a)
	}
	if h.chatSettings().OptionsRev != 0 {
		t.Fatal("a refused press changed the settings")
	}

	h.PressSetting(vera, OpSetView, settings.PageCash)
	h.PressSetting(vera, OpSetCash, slices.Index(board.CashPresets, 2000))
	h.PressSetting(vera, OpSetView, settings.PageRules)
	h.PressSetting(vera, OpSetRule, ruleIndex(t, "auctions"))
	h.PressSetting(vera, OpSetRule, ruleIndex(t, "random_order"))
	// The menu is one message, edited in place.
	settingsMsgs := 0
	for _, m := range h.API.Messages(testChat) {
		if strings.HasPrefix(m.Text, "⚙️") {
			settingsMsgs++
		}
	}
	if settingsMsgs != 1 {
		t.Errorf("%d settings messages, want 1 edited in place", settingsMsgs)
	}
	s := h.chatSettings()
	if r := board.RulesIn(&s.Options); r == nil || r.StartingCash != 2000 || r.Auctions || !s.Options.RandomOrder {
		t.Fatalf("settings not stored: %+v %+v", s.Options, r)
	}
	// An older settings message is outdated.
	p := kit.Press{Rev: s.OptionsRev - 1, Op: OpSetRule, Arg: 0}
	h.Press(vera, 1, p.Encode())
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("ru", "alert_outdated", nil) {
		t.Errorf("outdated settings press answered %q", a.Text)
	}

	h.StartGame()
	rec := h.Record()
	g := board.Of(rec).Game
	for i := range g.Players {
		if g.Players[i].Cash != 2000 {
			t.Errorf("player %d starts with %d, want 2000", i, g.Players[i].Cash)
		}
	}
	if g.Rules.Auctions || rec.Options == nil || !rec.Options.RandomOrder {
		t.Fatalf("the game did not take the settings: %+v", g.Rules)
	}
	// Random seating: the seats follow the permutation drawn from the seed,
	// starting with the player who moves first; no order roll is shown.
	order := board.SeatOrder(42, 3)
	for i, from := range order {
		if got := rec.Seats[(int(g.Current)+i)%3].User; got != h.Users[from].ID {
			t.Errorf("seat %d: user %d, want %d", (int(g.Current)+i)%3, got, h.Users[from].ID)
		}
	}
	for _, e := range board.Of(rec).Turn {
		if e.Kind == engine.EvOrderRoll {
			t.Error("an order roll was shown although the seats were drawn")
		}
	}
	// The lobby showed the house rules, in the chat's language: Богдан's,
	// whose menu was the first message the chat was shown.
	found := false
	for _, m := range h.API.Messages(testChat) {
		found = found || strings.Contains(m.Text, h.bot.cat.T("uk", "rule_random_order", nil))
	}
	if !found {
		t.Error("the lobby does not show the chat's house rules")
	}

	// A change while the game runs applies to the next game.
	h.Say(vera, "/settings")
	h.PressSetting(vera, OpSetView, settings.PageCash)
	h.PressSetting(vera, OpSetCash, slices.Index(board.CashPresets, 3000))
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.cat.T("ru", "alert_settings_next_game", nil) { // Вера's language
		t.Errorf("a change during a game answered %+v", a)
	}
	if s := h.chatSettings(); board.RulesIn(&s.Options).StartingCash != 3000 {
		t.Error("the chat's settings did not change")
	}
	if rec := h.Record(); board.RulesIn(rec.Options).StartingCash != 2000 || board.Of(rec).Game.Rules.StartingCash != 2000 {
		t.Error("the running game's settings changed")
	}
	// The creator may not change settings once the game runs.
	h.PressSetting(alice, OpSetView, settings.PageCash)
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("en", "alert_settings_denied", nil) {
		t.Errorf("the creator's press during the game answered %q", a.Text)
	}

	// Auctions off: declining a property does not open an auction.
	for i := 0; i < 200 && board.Of(h.Record()).Game.Phase != engine.PhaseBuyDecision; i++ {
		rec := h.Record()
		op := board.OpRoll
		if board.Of(rec).Game.Phase == engine.PhaseTurnEnd && !board.Of(rec).Game.RollAgain {
			op = board.OpEndTurn
		}
		if board.Of(rec).Game.Phase != engine.PhaseTurnStart && board.Of(rec).Game.Phase != engine.PhaseTurnEnd {
			t.Fatalf("unexpected phase %d", board.Of(rec).Game.Phase)
		}
		h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), op)
	}
	rec = h.Record()
	if board.Of(rec).Game.Phase != engine.PhaseBuyDecision {
		t.Fatal("never reached a purchase decision")
	}
	sq := board.Of(rec).Game.Players[board.Of(rec).Game.Current].Pos
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	rec = h.Record()
	if board.Of(rec).Game.Phase == engine.PhaseAuction || board.Of(rec).Game.Props[sq].Owner != engine.NoOwner {
		t.Fatalf("declining with auctions off: phase %d, owner %d", board.Of(rec).Game.Phase, board.Of(rec).Game.Props[sq].Owner)
	}
}

// TestSettingsCreatorAndLimits: a lobby's creator may change the settings
// until the game starts; the maximum number of players holds in the lobby;
// the language switches at once; Close ends the menu.
func TestSettingsCreatorAndLimits(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	h.Say(alice, "/newgame")
	h.Say(alice, "/settings")
	h.PressSetting(alice, OpSetView, settings.PagePlayers)
	h.PressSetting(alice, OpSetMax, 2)
	if rec := h.Record(); h.bot.kinds.Offer(rec.Options).MostPlayers(rec.Options) != 2 {
		t.Fatalf("the lobby does not follow the chat's settings: %+v", rec.Options)
	}
	lobby, _ := h.API.LastMessage(testChat)
	for _, m := range h.API.Messages(testChat) {
		if strings.Contains(m.Text, "(1/2)") {
			lobby = m
		}
	}
	if !strings.Contains(lobby.Text, "(1/2)") {
		t.Errorf("the lobby does not show the new maximum: %q", lobby.Text)
	}
	h.MustPress(bohdan, OpJoin)
	h.MustPress(vera, OpJoin)
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("ru", "lobby_full_count", map[string]any{"Count": 2}) {
		t.Errorf("a third player joining a game of at most 2: %q", a.Text)
	}
	if n := len(h.Record().Seats); n != 2 {
		t.Fatalf("%d seats, want 2", n)
	}
	h.Say(bohdan, "/settings")
	h.PressSetting(bohdan, OpSetView, settings.PageLang)
	if a := h.LastAnswer(); a.Text != h.bot.cat.T("uk", "alert_settings_denied", nil) { // Богдан's language
		t.Errorf("a player who is not the creator: %q", a.Text)
	}
	h.PressSetting(alice, OpSetView, settings.PageLang)
	h.PressSetting(alice, OpSetLang, slices.Index(locales.Languages, "ru"))
	if h.chatSettings().Lang != "ru" {
		t.Fatal("the language did not change")
	}
	last, _ := h.API.LastMessage(testChat)
	if !strings.Contains(last.Text, h.bot.cat.T("ru", "settings_title", nil)) {
		t.Errorf("the settings message is not in the new language: %q", last.Text)
	}
	h.PressSetting(alice, OpSetClose, 0)
	// Closed, the menu is deleted, and the presser is told so in a toast.
	if m := h.FindMessage(testChat, last.ID); !m.Deleted {
		t.Errorf("Close did not take the menu away: %q %v", m.Text, m.Keyboard)
	}
	if a := h.API.CallbackAnswers(); len(a) == 0 || a[len(a)-1].Text != h.bot.cat.T("ru", "settings_closed", nil) || a[len(a)-1].ShowAlert {
		t.Errorf("Close was not answered with a toast that says so: %+v", a[len(a)-1:])
	}
}

// TestSettingsTexts: every page of the settings menu and the lobby fit
// Telegram's limits in every language, with every option at its longest.
func TestSettingsTexts(t *testing.T) {
	t.Parallel()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b := New(nil, nil, cat, Config{})
	r := engine.EditionByID(engine.Classic).Rules
	r.FreeParkingJackpot, r.DoubleSalaryOnStart, r.NoRentInJail, r.StartingCash = true, true, true, 5000
	s := kit.Settings{Lang: "uk", OptionsRev: 1 << 60, Options: kit.ChatOptions{RandomOrder: true, MaxPlayers: 5,
		Pace: kit.Pace{Name: kit.PaceCustom, Decision: settings.DecisionPresets[5], Bid: settings.BidPresets[5]}}}
	board.SetRules(&s.Options, &r)
	rec := &kit.Record{ID: 1 << 50, Rev: 1 << 40, Status: kit.StatusLobby, Edition: engine.Classic, Options: s.Options.Clone()}
	for i := 0; i < 6; i++ {
		rec.Seats = append(rec.Seats, kit.Seat{User: int64(1e12 + i), Name: strings.Repeat("Щ&<", 11)[:32]})
	}
	for _, lang := range locales.Languages {
		for page := 0; page < settings.PageCount; page++ {
			text, kb := b.settingsMenu().Render(lang, s, page)
			if n := kit.TextLen(text); n > 4096 || n == 0 {
				t.Errorf("%s settings page %d: %d UTF-16 units", lang, page, n)
			}
			for _, row := range kb.Rows {
				for _, btn := range row {
					if len(btn.Data) > kit.MaxCallbackData {
						t.Errorf("callback data %q too long", btn.Data)
					}
					if _, err := kit.ParsePress(btn.Data); err != nil {
						t.Errorf("settings button %q does not parse", btn.Data)
					}
				}
			}
		}
		text := b.lobby().Text(lang, rec)
		if n := kit.TextLen(text); n > 4096 {
			t.Errorf("%s lobby: %d UTF-16 units", lang, n)
		}
		if !strings.Contains(text, b.kinds.Options(&s.Options).RuleName(lang, &s.Options, board.HouseRules[ruleIndex(t, "jackpot")].ID)) || !strings.Contains(text, cat.Money(lang, 5000)) {
			t.Errorf("%s lobby does not show the settings: %q", lang, text)
		}
		if strings.Contains(text, "Щ&<") {
			t.Errorf("%s lobby: a name is not escaped", lang)
		}
	}
}

// TestEveryHouseRuleReachesTheGame: each switch of the house-rules page,
// starting from the defaults, starts a game whose engine rules (or seating)
// differ in exactly that rule; a lobby with more people than the chat now
// allows cannot start.
func TestEveryHouseRuleReachesTheGame(t *testing.T) {
	t.Parallel()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b := New(nil, nil, cat, Config{Seed: func() uint64 { return 9 }})
	def := engine.EditionByID(engine.Classic).Rules
	start := func(s kit.Settings, seats int) *kit.Change {
		rec := &kit.Record{ID: 1, Status: kit.StatusLobby, Edition: engine.Classic, Creator: 1}
		for i := 0; i < seats; i++ {
			rec.Seats = append(rec.Seats, kit.Seat{User: int64(i + 1), Name: fmt.Sprint("P", i)})
		}
		c := &kit.Change{Rec: rec, Settings: s}
		b.lobby().Press(c, "en", lobby.User{ID: 1}, kit.Press{Op: OpStart}, false)
		return c
	}
	for i, h := range board.HouseRules {
		s := kit.Settings{}
		o := s.Options
		if _, ok, changed, _ := b.settingsMenu().Apply(&s, &o, kit.Press{Op: OpSetRule, Arg: i}); !ok || !changed {
			t.Fatalf("rule %s: press not applied", h.ID)
		}
		s.Options = o
		c := start(s, 3)
		if board.Of(c.Rec).Game == nil {
			t.Fatalf("rule %s: the game did not start (%q)", h.ID, c.Alert)
		}
		got, want := board.Of(c.Rec).Game.Rules, def
		want.AutoEndTurn = !c.Rec.Options.ManualEndTurn // chat games pass the dice on by themselves
		gotOpts := *c.Rec.Options
		gotOn := *board.RuleField(h.ID, &gotOpts, &got)
		wantOn := *board.RuleField(h.ID, &kit.ChatOptions{}, &want)
		if gotOn == wantOn {
			t.Errorf("rule %s: still %v in the game", h.ID, gotOn)
		}
		*board.RuleField(h.ID, &gotOpts, &got) = wantOn
		if got != want {
			t.Errorf("rule %s changed other rules: %+v", h.ID, got)
		}
	}
	s := kit.Settings{Options: kit.ChatOptions{MaxPlayers: 2}}
	if c := start(s, 3); board.Of(c.Rec).Game != nil || c.Alert != cat.T("en", "lobby_too_many", map[string]any{"Count": 2}) {
		t.Errorf("3 people started a game of at most 2: %q", c.Alert)
	}
}

// TestSettingsPresses: settings buttons round-trip through the strict
// codec, and forged arguments are refused without a change.
func TestSettingsPresses(t *testing.T) {
	t.Parallel()
	for op, h := range hostOps {
		if h.route != routeSettings {
			continue
		}
		p := kit.Press{Rev: 1<<64 - 1, Op: op, Arg: 1<<31 - 1}
		if op == OpSetClose {
			p.Arg = 0
		}
		data := p.Encode()
		got, err := kit.ParsePress(data)
		if err != nil || got != p || len(data) > kit.MaxCallbackData {
			t.Errorf("%q: %+v %v", data, got, err)
		}
	}
	for _, bad := range []string{"0:1:sx:1", "0:1:sv", "0:1:sr", "0:1:sn:"} {
		if _, err := kit.ParsePress(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b := New(nil, nil, cat, Config{})
	for _, p := range []kit.Press{{Op: OpSetView, Arg: settings.PageCount}, {Op: OpSetLang, Arg: len(locales.Languages) + 1}, {Op: OpSetEdition, Arg: len(Editions())},
		{Op: OpSetPace, Arg: 4}, {Op: OpSetDecision, Arg: 6}, {Op: OpSetBid, Arg: 99}, {Op: OpSetCash, Arg: 6},
		{Op: OpSetRule, Arg: len(board.HouseRules)}, {Op: OpSetMax, Arg: 1}, {Op: OpSetMax, Arg: 7}} {
		s := kit.Settings{}
		o := s.Options // the rules are in it, the board's part
		if _, ok, changed, _ := b.settingsMenu().Apply(&s, &o, p); ok || changed {
			t.Errorf("%+v accepted", p)
		}
		if !reflect.DeepEqual(s, kit.Settings{}) || !reflect.DeepEqual(o, kit.ChatOptions{}) {
			t.Errorf("%+v changed something", p)
		}
	}
}

// TestSettingsMessageIDs: the ids the settings build from names exist.
func TestSettingsMessageIDs(t *testing.T) {
	t.Parallel()
	known := knownIDs(t)
	var ids []string
	for _, h := range board.HouseRules {
		ids = append(ids, "rule_"+h.ID)
	}
	for _, p := range settings.PaceNames {
		ids = append(ids, "pace_"+p)
	}
	for _, l := range locales.Languages {
		ids = append(ids, "lang_name_"+l)
	}
	for _, e := range Editions() {
		ids = append(ids, "edition_"+e)
	}
	for _, z := range kit.TimeZones {
		ids = append(ids, "zone_"+settings.ZoneKey(z))
	}
	for _, id := range ids {
		if !known[id] {
			t.Errorf("message %q is not in the locales", id)
		}
	}
}

// TestSettingsAbsence: an admin sets how many missed turns remove a player
// and after how many days an untouched game is archived; a new game keeps
// them.
func TestSettingsAbsence(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 11, nil)
	h.API.SetAdmins(testChat, h.Users[0].ID)
	h.Say(h.Users[0], "/settings")
	h.PressSetting(h.Users[0], OpSetView, settings.PageAbsence)
	h.PressSetting(h.Users[0], OpSetKick, 0)    // never
	h.PressSetting(h.Users[0], OpSetArchive, 3) // 30 days
	if s := h.chatSettings(); s.Options.KickAfter != -1 || s.Options.ArchiveAfter != 30*24*time.Hour {
		t.Fatalf("options = %+v", s.Options)
	}
	h.StartGame()
	rec := h.Record()
	if kickAfter(rec) != 0 || archiveAfter(rec) != 30*24*time.Hour {
		t.Fatalf("the game removes after %d missed turns and archives after %v", kickAfter(rec), archiveAfter(rec))
	}
}
