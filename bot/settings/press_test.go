package settings

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// buttonOps are the ops and arguments of kb's buttons, and the revision
// they carry (every button of a menu carries the same).
func buttonOps(t *testing.T, kb *kit.Markup) (ops []kit.Press, rev uint64) {
	t.Helper()
	for _, row := range kb.Rows {
		for _, b := range row {
			p, err := kit.ParsePress(b.Data)
			if err != nil {
				t.Fatalf("button %q: %v", b.Data, err)
			}
			ops, rev = append(ops, p), p.Rev
		}
	}
	return ops, rev
}

// TestPagePressChangesTheOptionAndRerenders: an admin's press of a page's
// button changes the chat's option and its revision, and the menu is
// edited in place to the page the press leads to, its buttons carrying
// the new revision; a press that only shows a page changes nothing.
func TestPagePressChangesTheOptionAndRerenders(t *testing.T) {
	t.Parallel()
	m, h, out, _ := newMenu(t)
	m.Press(context.Background(), 1, pressIn(admin, "en", menu), kit.Press{Op: OpSetView, Arg: PageCash})
	if h.state.Settings.OptionsRev != 0 || len(out.puts) != 1 {
		t.Fatalf("showing a page: rev %d, %d edits", h.state.Settings.OptionsRev, len(out.puts))
	}
	ops, _ := buttonOps(t, out.puts[0].kb)
	if !slices.Contains(ops, kit.Press{Op: OpSetCash, Arg: 1}) || out.puts[0].kb.Rows[0][1].Text != "$2500" {
		t.Fatalf("the cash page: %+v %v", out.puts[0].kb.Rows, ops)
	}

	m.Press(context.Background(), 2, pressIn(admin, "en", menu), kit.Press{Op: OpSetCash, Arg: 1})
	s := h.state.Settings
	if got := partOf(&s.Options).Cash; got != 2500 || s.OptionsRev != 1 || !strings.Contains(out.puts[1].text, "$2500") {
		t.Fatalf("after the press: cash %d, rev %d", got, s.OptionsRev)
	}
	last := out.puts[len(out.puts)-1]
	text, kb := m.Render("en", s, PageMain)
	if last.slot != MenuSlot || last.msg != menu || last.text != text || last.removed {
		t.Fatalf("the menu is not edited to its main page: %+v", last)
	}
	if _, rev := buttonOps(t, last.kb); rev != 1 || len(last.kb.Rows) != len(kb.Rows) {
		t.Errorf("the edited menu's buttons carry rev %d, want 1", rev)
	}
	if a := h.answers[len(h.answers)-1]; a.alert || a.id != "q1:10" || len(h.finished) != 2 || h.locked != 0 {
		t.Errorf("answered %+v, finished %d, locks held %d", a, len(h.finished), h.locked)
	}
}

// TestEditionChangeMakesTheLobbyFollow: in a lobby, a change of the
// chat's options reaches the lobby in the lobby's own edition (/newgame's),
// and a change of edition makes the lobby play the new one, by its kind,
// without the previous edition's parts.
func TestEditionChangeMakesTheLobbyFollow(t *testing.T) {
	t.Parallel()
	m, h, _, _ := newMenu(t)
	creator := int64(5) // not an admin: the lobby's creator may change the settings
	o := kit.ChatOptions{}
	boardOptions{}.SetCash(&o, 2500)
	h.state.Settings.Options = o
	h.state.Rec = &kit.Record{ID: 7, Status: kit.StatusLobby, Creator: creator, Edition: "lux", Kind: fakeBoard, Options: m.LobbyOptions(o, "lux")}

	m.Press(context.Background(), 1, pressIn(creator, "en", menu), kit.Press{Op: OpSetPace, Arg: slices.Index(PaceNames, kit.PaceAsync)})
	rec := h.state.Rec
	if rec.Edition != "lux" || rec.Options.Edition != "lux" || rec.Options.Pace.Name != kit.PaceAsync || partOf(rec.Options).Cash != 0 {
		t.Fatalf("the lobby after a pace change: %+v %+v", rec, rec.Options)
	}

	m.Press(context.Background(), 2, pressIn(creator, "en", menu), kit.Press{Rev: 1, Op: OpSetEdition, Arg: slices.Index(h.Editions(), "deal")})
	rec = h.state.Rec
	if rec.Edition != "deal" || rec.Kind != "cards" || rec.Options.Edition != "deal" || rec.Options.Pace.Name != kit.PaceAsync {
		t.Fatalf("the lobby after choosing deal: %+v %+v", rec, rec.Options)
	}
	if s := h.state.Settings; s.Options.Edition != "deal" || s.OptionsRev != 2 || partOf(&s.Options).Cash != 0 {
		t.Errorf("the chat's options after choosing deal: %+v", s)
	}
	for _, a := range h.answers {
		if a.alert {
			t.Errorf("the creator's press was refused: %q", a.text)
		}
	}
}

// TestOutdatedMenuRefused: a press on an older revision's buttons is
// refused with the localized "outdated" alert in the presser's language;
// one on a menu that is no longer the live one with its own alert, and
// that message loses its buttons; one by a person who is neither an admin
// nor the lobby's creator is refused too. None changes anything.
func TestOutdatedMenuRefused(t *testing.T) {
	t.Parallel()
	m, h, out, cat := newMenu(t)
	h.state.Settings.OptionsRev = 3
	before := h.state.Settings

	m.Press(context.Background(), 1, pressIn(admin, "uk", menu), kit.Press{Rev: 2, Op: OpSetCash, Arg: 1})
	if a := h.answers[0]; !a.alert || a.text != cat.T("uk", "alert_outdated", nil) {
		t.Errorf("an outdated press answered %+v", a)
	}
	if f := h.finished[0].Finals; len(f) != 0 {
		t.Errorf("an outdated press of the live menu finalized %+v", f)
	}

	m.Press(context.Background(), 2, pressIn(admin, "en", menu-1), kit.Press{Rev: 3, Op: OpSetCash, Arg: 1})
	if a := h.answers[1]; !a.alert || a.text != cat.T("en", "settings_alert_replaced", nil) {
		t.Errorf("a press on a replaced menu answered %+v", a)
	}
	if f := h.finished[1].Finals; len(f) != 1 || f[0].Msg != menu-1 || f[0].Text != cat.T("en", "settings_closed", nil) {
		t.Errorf("the replaced menu keeps its buttons: %+v", f)
	}

	m.Press(context.Background(), 3, pressIn(9, "en", menu), kit.Press{Rev: 3, Op: OpSetCash, Arg: 1})
	if a := h.answers[2]; !a.alert || a.text != cat.T("en", "alert_settings_denied", nil) {
		t.Errorf("a stranger's press answered %+v", a)
	}
	if h.state.Settings != before || len(out.puts) != 0 {
		t.Errorf("refused presses changed %+v or edited %+v", h.state.Settings, out.puts)
	}
}

// TestCloseRemovesTheMenu: Close deletes the live menu (the presser's
// toast says it closed) and forgets it.
func TestCloseRemovesTheMenu(t *testing.T) {
	t.Parallel()
	m, h, out, cat := newMenu(t)
	m.Press(context.Background(), 1, pressIn(admin, "en", menu), kit.Press{Op: OpSetClose})
	if h.state.Settings.Menu != 0 || len(out.puts) != 1 || !out.puts[0].removed || out.puts[0].msg != menu {
		t.Fatalf("closed: menu %d, %+v", h.state.Settings.Menu, out.puts)
	}
	if a := h.answers[0]; a.alert || a.text != cat.T("en", "settings_closed", nil) {
		t.Errorf("closing answered %+v", a)
	}
}

// TestOpenRetiresAndRemember: /settings retires the live menu and shows a
// new one; the new one's id is remembered once sent, unless the outbox no
// longer holds it.
func TestOpenRetiresAndRemember(t *testing.T) {
	t.Parallel()
	m, h, out, cat := newMenu(t)
	c := &kit.Change{Settings: h.state.Settings}
	m.Open(c, "en", PageLang)
	if len(c.Finals) != 1 || c.Finals[0].Msg != menu || c.Finals[0].Text != cat.T("en", "settings_replaced", nil) || c.Settings.Menu != 0 {
		t.Fatalf("the old menu is not retired: %+v", c.Finals)
	}
	if text, _ := m.Render("en", c.Settings, PageLang); len(c.Shows) != 1 || c.Shows[0].Slot != MenuSlot || c.Shows[0].Text != text {
		t.Fatalf("the new menu: %+v", c.Shows)
	}
	h.state.Settings = c.Settings
	out.holds = 12
	if err := m.Remember(chat, 11); err != nil || h.state.Settings.Menu != 0 {
		t.Fatalf("a detached menu was remembered: %v %d", err, h.state.Settings.Menu)
	}
	if err := m.Remember(chat, 12); err != nil || h.state.Settings.Menu != 12 || h.locked != 0 {
		t.Fatalf("the sent menu is not remembered: %v %d", err, h.state.Settings.Menu)
	}
}

// TestOperatorEditionAndParse: a chat that never chose plays the
// operator's edition, without the parts chosen for the default one; /newgame's
// argument names any edition.
func TestOperatorEditionAndParse(t *testing.T) {
	t.Parallel()
	m, h, _, _ := newMenu(t)
	h.operator = "lux"
	o := kit.ChatOptions{}
	boardOptions{}.SetCash(&o, 2500)
	if got := m.LobbyOptions(o, ""); got.Edition != "lux" || partOf(got).Cash != 0 {
		t.Errorf("the operator's edition: %+v", got)
	}
	for arg, want := range map[string]bool{"": true, " Deal ": true, "lux": true, "chess": false} {
		if _, ok := m.ParseEdition(arg); ok != want {
			t.Errorf("ParseEdition(%q) = %v", arg, ok)
		}
	}
}

// TestRulesPress: /rules shows the kind's rules of the chat's edition; a
// section button is put in its own message, one no kind made is refused
// as outdated.
func TestRulesPress(t *testing.T) {
	t.Parallel()
	m, _, out, cat := newMenu(t)
	c := &kit.Change{Settings: kit.Settings{Options: kit.ChatOptions{Edition: "lux"}}}
	m.Rules(c, "uk")
	if len(c.Replies) != 1 || c.Replies[0].Text != "rules of lux in uk" {
		t.Errorf("/rules: %+v", c.Replies)
	}
	h := m.host.(*fakeHost)
	m.RulesPress(context.Background(), pressIn(admin, "uk", 20), false, kit.Press{Op: kit.OpRules, Arg: 1})
	if len(out.puts) != 1 || out.puts[0].slot != "rules:20" || out.puts[0].text != "section 1 in en" {
		t.Errorf("the section: %+v", out.puts)
	}
	m.RulesPress(context.Background(), pressIn(admin, "uk", 20), false, kit.Press{Op: kit.OpRules, Arg: 2})
	if a := h.answers[len(h.answers)-1]; !a.alert || a.text != cat.T("en", "alert_outdated", nil) || len(out.puts) != 1 {
		t.Errorf("an unknown section answered %+v", a)
	}
}
