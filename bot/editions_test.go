package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/settings"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

var dumpMessages = false

// TestPlayWholeGameOfEachEdition plays a business and a lux game to the end
// in every language through the fake Bot API, pressing only the buttons
// the bot offers: stakes on the gamble square and at the casino, the jail's
// choice, the tax inspection.
func TestPlayWholeGameOfEachEdition(t *testing.T) {
	t.Parallel()
	for i, ed := range []string{engine.Business, engine.Lux} {
		for _, lang := range wholeGameLangs(i + 1) {
			t.Run(ed+"/"+lang, func(t *testing.T) { t.Parallel(); playEdition(t, ed, lang) })
		}
	}
}

// playSeeds are the harness seeds of TestPlayWholeGameOfEachEdition: each
// plays a game that reaches every event the test looks for (the lux seed
// changed with issue #26's rules: one die for the order, the inspection in
// the corner).
var playSeeds = map[string]uint64{engine.Business: 42, engine.Lux: 44}

func playEdition(t *testing.T, edition, lang string) {
	h := newHarness(t, playSeeds[edition], nil)
	h.Users[0].LanguageCode = lang
	lobby := h.OpenLobby(edition)
	if lobby.Edition != edition || board.EditionOf(lobby.Options).ID != edition {
		t.Fatalf("/newgame %s opened a lobby of %q (options %q)", edition, lobby.Edition, board.EditionOf(lobby.Options).ID)
	}
	h.MustPress(h.Users[0], OpStart)
	if rec := h.Record(); rec == nil || board.Of(rec).Game == nil || board.Of(rec).Game.Edition != edition {
		t.Fatalf("the game did not start in the %s edition", edition)
	}
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.EventKind]bool{}
	presses := 0
	for ; presses < 10000; presses++ {
		if !h.EditionStep(r, seen) {
			break
		}
	}
	if rec := h.Record(); rec != nil {
		t.Fatalf("game not over after %d presses (turn %d)", presses, board.Of(rec).Game.Turn)
	}
	for _, e := range h.ReplayArchive() {
		seen[e.Kind] = true
	}
	want := map[string][]engine.EventKind{
		engine.Business: {engine.EvGambleOffered, engine.EvWillSkip, engine.EvTurnSkipped, engine.EvCardDrawn, engine.EvBankrupt},
		engine.Lux:      {engine.EvCasinoOffered, engine.EvReelStopped, engine.EvInspectionTax, engine.EvSentToJail, engine.EvBankrupt},
	}[edition]
	for _, k := range want {
		if !seen[k] {
			t.Errorf("the game never showed event %d", k)
		}
	}
	// A stake was played out, not only declined.
	played := seen[engine.EvGambleWon] || seen[engine.EvGambleLost] || seen[engine.EvCasinoWon] ||
		seen[engine.EvCasinoPush] || seen[engine.EvCasinoLost] || seen[engine.EvCasinoJackpot]
	if !played {
		t.Error("no stake was played")
	}
	if dumpMessages {
		for _, m := range h.API.Messages(testChat) {
			t.Logf("%d:\n%s\n%v", m.ID, m.Text, m.Keyboard)
		}
	}
	msgs := h.API.Messages(testChat)
	money := 0
	for _, m := range msgs {
		for _, gap := range []string{"<no value>", "ev_", "err_", "btn_", "prompt_", "deck_", "skip_reason_", "symbol_", "players_", "lobby_about"} {
			if strings.Contains(m.Text, gap) {
				t.Errorf("message %d shows %q: %q", m.ID, gap, m.Text)
			}
		}
		if strings.Contains(m.Text, "₴") {
			money++
		}
		if edition == engine.Lux && strings.Contains(m.Text, "$") {
			t.Errorf("a lux message shows dollars: %q", m.Text)
		}
	}
	if edition == engine.Lux && money == 0 {
		t.Error("no lux message shows hryvnias")
	}
	if last := msgs[len(msgs)-1]; !strings.Contains(last.Text, "🏆") {
		t.Errorf("last message is not the game-over announcement: %q", last.Text)
	}
	t.Logf("%s/%s: game over after %d presses; %d messages", edition, lang, presses, len(msgs))
}

// TestNewGameNamesTheEdition: /newgame business|lux|classic opens a lobby
// of that edition, which says what the edition changes and shows its
// money; an unknown edition opens nothing and says which there are.
func TestNewGameNamesTheEdition(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.Say(alice, "/newgame deluxe")
	if h.Record() != nil {
		t.Fatal("/newgame deluxe opened a lobby")
	}
	if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("en", "newgame_usage", nil) {
		t.Errorf("/newgame deluxe answered %q", last.Text)
	}
	for _, ed := range []string{engine.Lux, engine.Business, engine.Classic} {
		h.Say(alice, "/newgame "+strings.ToUpper(ed))
		rec := h.Record()
		if rec == nil || rec.Edition != ed || board.EditionOf(rec.Options).ID != ed {
			t.Fatalf("/newgame %s: lobby %+v", ed, rec)
		}
		lobby := h.FindMessage(testChat, rec.LobbyMsg)
		cash := h.bot.cat.MoneyOf("en", ed, engine.EditionByID(ed).Rules.StartingCash)
		for _, want := range []string{h.bot.cat.T("en", "lobby_about_"+ed, nil), h.bot.cat.T("en", "edition_"+ed, nil), cash} {
			if lobby == nil || !strings.Contains(lobby.Text, want) {
				t.Errorf("the %s lobby does not say %q", ed, want)
			}
		}
		h.CancelLobby(alice)
	}
	// The chat's own settings did not change.
	if s := h.chatSettings(); s.Options.Edition != "" {
		t.Errorf("/newgame changed the chat's edition to %q", s.Options.Edition)
	}
}

// TestEditionSetting: /settings offers every edition; choosing one drops
// the house rules chosen for the other, and the next lobby plays it, with
// the starting cash presets in its money.
func TestEditionSetting(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID)
	h.Say(alice, "/settings")
	h.PressSetting(alice, OpSetView, settings.PageCash)
	h.PressSetting(alice, OpSetCash, 4) // $3,000
	if s := h.chatSettings(); board.RulesIn(&s.Options) == nil || board.RulesIn(&s.Options).StartingCash != 3000 {
		t.Fatalf("starting cash not set: %+v", board.RulesIn(&s.Options))
	}
	lux := slices.Index(editionIDs(), engine.Lux)
	h.PressSetting(alice, OpSetView, settings.PageEdition)
	for i, id := range editionIDs() {
		if _, _, ok := h.FindButton(OpSetEdition, i, false); !ok {
			t.Errorf("no button for the %s edition", id)
		}
	}
	h.PressSetting(alice, OpSetEdition, lux)
	s := h.chatSettings()
	if s.Options.Edition != engine.Lux || board.RulesIn(&s.Options) != nil {
		t.Fatalf("after choosing lux: edition %q, rules %+v", s.Options.Edition, board.RulesIn(&s.Options))
	}
	h.PressSetting(alice, OpSetView, settings.PageCash)
	if _, _, ok := h.FindButton(OpSetCash, 4, false); !ok {
		t.Fatal("no cash presets for lux")
	}
	h.PressSetting(alice, OpSetCash, 2)
	if s := h.chatSettings(); board.RulesIn(&s.Options) == nil || board.RulesIn(&s.Options).StartingCash != 2_000_000 {
		t.Errorf("lux cash preset 2: %+v", board.RulesIn(&s.Options))
	}
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, h.bot.cat.MoneyOf("en", engine.Lux, 2_000_000)) {
		t.Errorf("the settings do not show the cash in hryvnias: %q", last.Text)
	}
	h.Say(alice, "/newgame")
	if rec := h.Record(); rec == nil || rec.Edition != engine.Lux {
		t.Fatalf("the lobby after choosing lux: %+v", rec)
	}
	h.MustPress(h.Users[1], OpJoin)
	h.MustPress(alice, OpStart)
	if rec := h.Record(); board.Of(rec).Game == nil || board.Of(rec).Game.Edition != engine.Lux || board.Of(rec).Game.Rules.StartingCash != 2_000_000 {
		t.Fatalf("the game did not start as lux")
	}
}

// TestOperatorDefaultEdition: Config.Edition (MONOPOLY_EDITION) is the
// edition of a chat that never chose one, in the lobby and in /settings.
func TestOperatorDefaultEdition(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.Edition = engine.Business })
	alice := h.Users[0]
	// House rules stored before editions could be chosen were the classic
	// game's: the business default plays with its own.
	classic := engine.EditionByID(engine.Classic).Rules
	classic.StartingCash = 5000
	err := h.bot.store.Update(func(tx *storage.Tx) error {
		s := kit.Settings{Lang: "en"}
		board.SetRules(&s.Options, &classic)
		return putJSON(tx.PutSettings, testChat, s)
	})
	if err != nil {
		t.Fatal(err)
	}
	h.Say(alice, "/newgame")
	rec := h.Record()
	if rec == nil || rec.Edition != engine.Business || h.bot.kinds.Named(board.Name).(*board.Kind).RulesOf(rec.Options) != engine.EditionByID(engine.Business).Rules {
		t.Fatalf("lobby of a chat without a choice: %+v", rec)
	}
	h.Say(alice, "/settings")
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, h.bot.cat.T("en", "edition_business", nil)) {
		t.Errorf("/settings does not show the default edition: %q", last.Text)
	}
	h.CancelLobby(alice)
	h.API.SetAdmins(testChat, alice.ID)
	h.PressSetting(alice, OpSetView, settings.PageEdition)
	h.PressSetting(alice, OpSetEdition, slices.Index(editionIDs(), engine.Classic))
	h.Say(alice, "/newgame")
	if rec := h.Record(); rec == nil || rec.Edition != engine.Classic {
		t.Fatalf("a chat that chose classic got %+v", rec)
	}
}

// untilPhase plays with EditionStep until the game waits for phase.
func (h *harness) untilPhase(phase engine.Phase) *kit.Record {
	h.T.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[engine.EventKind]bool{}
	for i := 0; i < 3000; i++ {
		rec := h.Record()
		if rec == nil {
			break
		}
		if board.Of(rec).Game.Phase == phase {
			return rec
		}
		h.EditionStep(r, seen)
	}
	h.T.Fatalf("the game never reached phase %d", phase)
	return nil
}

// TestStakesRefused: a stake over the most one may stake, or of nothing,
// is refused with the edition's alert in the presser's language and changes
// nothing, by button or by /stake; a typed stake in range is played.
func TestStakesRefused(t *testing.T) {
	t.Parallel()
	for _, ed := range []string{engine.Business, engine.Lux} {
		t.Run(ed, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, 42, nil)
			h.Users[0].LanguageCode = "uk"
			h.OpenLobby(ed)
			h.MustPress(h.Users[0], OpStart)
			rec := h.untilPhase(engine.PhaseGamble)
			g := board.Of(rec).Game
			u := h.UserOf(rec, int(g.Current))
			most := g.MaxStake(g.Current)
			stakes := h.Buttons(board.OpStake)
			if len(stakes) == 0 || stakes[len(stakes)-1].Arg != most {
				t.Fatalf("stake buttons %v, the most is %d", stakes, most)
			}
			want := h.bot.cat.T(locales.Normalize(u.LanguageCode), "err_bad_stake", nil) // the presser's language
			for _, bad := range []int{most + 1, 0} {
				p, _ := kit.ParsePress(stakes[0].Data)
				p.Arg = bad
				h.Press(u, stakes[0].Msg, p.Encode())
				if a := h.LastAnswer(); !a.ShowAlert || a.Text != want {
					t.Errorf("stake %d answered %+v, want the alert %q", bad, a, want)
				}
			}
			// Someone else's stake is not theirs to make.
			other := h.UserOf(rec, int((g.Current+1)%engine.PlayerID(len(rec.Seats))))
			h.Press(other, stakes[0].Msg, stakes[0].Data)
			h.Say(u, "/stake "+strconv.Itoa(most+1))
			if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("uk", "err_bad_stake", nil) { // the chat's
				t.Errorf("/stake over the most answered %q", last.Text)
			}
			h.Say(u, "/stake lots")
			if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("uk", "stake_usage", nil) {
				t.Errorf("/stake lots answered %q", last.Text)
			}
			if after := h.Record(); after.Rev != rec.Rev || board.Of(after).Game.Version != g.Version {
				t.Fatal("a refused stake changed the game")
			}
			h.Say(u, "/stake "+strconv.Itoa(most))
			after := h.Record()
			if after == nil || board.Of(after).Game.Version == g.Version {
				t.Fatal("a typed stake in range was not played")
			}
			played := false
			for _, e := range board.Of(after).History {
				played = played || e.Kind == engine.EvGambleWon || e.Kind == engine.EvGambleLost ||
					e.Kind == engine.EvCasinoWon || e.Kind == engine.EvCasinoPush || e.Kind == engine.EvCasinoLost || e.Kind == engine.EvCasinoJackpot
			}
			if !played {
				t.Errorf("no outcome of the typed stake in %v", board.Of(after).History)
			}
		})
	}
}

// TestRulesCommand: /rules shows the chat's edition's rules with a button
// per section; a button shows its section in the same message.
func TestRulesCommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.Say(alice, "/newgame lux")
	h.Say(alice, "/rules")
	last, _ := h.API.LastMessage(testChat)
	if last.Text != h.bot.cat.T("en", "rules_lux_title", nil) || len(h.Buttons(kit.OpRules)) != len(locales.RuleSections) {
		t.Fatalf("/rules in a lux lobby: %q with %d buttons", last.Text, len(h.Buttons(kit.OpRules)))
	}
	jail := slices.Index(locales.RuleSections, "jail")
	for _, b := range h.Buttons(kit.OpRules) {
		if b.Arg%rulesStride == jail {
			h.Press(h.Users[1], b.Msg, b.Data)
		}
	}
	m := h.FindMessage(testChat, last.ID)
	if m.Text != h.bot.cat.T("en", "rules_lux_jail", nil) || m.Edits == 0 {
		t.Errorf("the jail section: %q (%d edits)", m.Text, m.Edits)
	}
	if got := len(h.Buttons(kit.OpRules)); got != len(locales.RuleSections)-1 {
		t.Errorf("%d section buttons under a section, want the others", got)
	}
	p := kit.Press{Op: kit.OpRules, Arg: len(editionIDs()) * rulesStride}
	h.Press(alice, last.ID, p.Encode())
	if a := h.LastAnswer(); !a.ShowAlert {
		t.Errorf("a forged section answered %+v", a)
	}
	h.CancelLobby(alice)
	h.Say(alice, "/rules")
	if last, _ := h.API.LastMessage(testChat); last.Text != h.bot.cat.T("en", "rules_classic_title", nil) {
		t.Errorf("/rules without a game: %q", last.Text)
	}
}

// TestEditionDecisionsTimeOut: when nobody decides in time, the gamble
// square and the casino take no stake, and the business jail skips the
// next turn; the turn message says the time ran out.
func TestEditionDecisionsTimeOut(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		edition string
		phase   engine.Phase
		outcome engine.EventKind
	}{
		{engine.Business, engine.PhaseGamble, engine.EvNoStake},
		{engine.Business, engine.PhaseJailChoice, engine.EvWillSkip},
		{engine.Lux, engine.PhaseGamble, engine.EvNoStake},
		{engine.Lux, engine.PhaseInspection, engine.EvInspectionFree},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.edition, tc.phase), func(t *testing.T) {
			t.Parallel()
			h, clock := newClockHarness(t, kit.ChatOptions{Edition: tc.edition, Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
			h.OpenLobby("")
			h.MustPress(h.Users[0], OpStart)
			var rec *kit.Record
			for i := 0; i < 2000; i++ {
				if rec = h.Record(); rec == nil || board.Of(rec).Game.Phase == tc.phase {
					break
				}
				advance(h, clock)
			}
			if rec == nil || board.Of(rec).Game.Phase != tc.phase {
				t.Fatalf("never reached phase %d", tc.phase)
			}
			rec = advance(h, clock)
			if !hasEvent(board.Of(rec).History, engine.EvTimeout) {
				t.Fatal("the decision did not time out")
			}
			decided := hasEvent(board.Of(rec).History, tc.outcome)
			if tc.phase == engine.PhaseInspection { // doubles or not, the dice were rolled
				decided = decided || hasEvent(board.Of(rec).History, engine.EvInspectionTax)
			}
			if !decided {
				t.Errorf("the timeout did not decide as the rules say (%d): %v", tc.outcome, board.Of(rec).History)
			}
			if !strings.Contains(lastTurnText(h), "ran out of time") {
				t.Error("no turn message says the time ran out")
			}
		})
	}
}

// TestStakeCapSetting: the editions with stakes have a stake cap in
// /settings (classic has none); a cap chosen there bounds the stake
// buttons of the next game, in the edition's money.
func TestStakeCapSetting(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID)
	h.Say(alice, "/settings")
	if _, _, ok := h.FindButton(OpSetView, settings.PageStake, false); ok {
		t.Error("the classic game offers a stake cap")
	}
	h.PressSetting(alice, OpSetView, settings.PageEdition)
	h.PressSetting(alice, OpSetEdition, slices.Index(editionIDs(), engine.Lux))
	h.PressSetting(alice, OpSetView, settings.PageStake)
	h.PressSetting(alice, OpSetStakeCap, 2) // 100 classic dollars: ₴100,000
	s := h.chatSettings()
	if r := board.RulesIn(&s.Options); r == nil || r.GambleCap != 100_000 {
		t.Fatalf("stake cap after the press: %+v", r)
	}
	if last, _ := h.API.LastMessage(testChat); !strings.Contains(last.Text, h.bot.cat.T("en", "opt_stake", map[string]any{"Value": h.bot.cat.MoneyOf("en", engine.Lux, 100_000)})) {
		t.Errorf("the settings do not show the cap: %q", last.Text)
	}
	h.OpenLobby("")
	h.MustPress(alice, OpStart)
	rec := h.untilPhase(engine.PhaseGamble)
	stakes := h.Buttons(board.OpStake)
	if most := stakes[len(stakes)-1].Arg; most != min(100_000, board.Of(rec).Game.Players[board.Of(rec).Game.Current].Cash) {
		t.Errorf("the largest stake button is %d under a cap of 100 000", most)
	}
}

// editionIDs are the board editions, whose rules /rules shows in
// sections; rulesStride separates them in a section button's argument.
func editionIDs() []string { return board.EditionIDs() }

const rulesStride = board.RulesStride
