package chattest_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestSharedMessagesKeepTheChatsLanguage: in a group where no game was
// ever opened and no language pinned, /settings and /rules answer in the
// asker's language, and the group keeps it: another person's press, in
// another language, redraws the shared message in the language it was
// shown in, not in theirs; a refusal is in the presser's own language.
// Each of ru, uk and en opens once, in a group of its own.
func TestSharedMessagesKeepTheChatsLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, kit.ChatOptions{})
	cat := h.bot.Catalog()
	vera := fakeapi.User{ID: 33, FirstName: "Вера", LanguageCode: "ru"}
	people := []fakeapi.User{vera, h.Users[1], h.Users[0]} // ru, uk, en
	for i, opener := range people {
		admin, other := people[(i+1)%3], people[(i+2)%3] // an admin and a member, each in another language
		lang := opener.LanguageCode
		group := int64(-2000 - i) // untouched: no settings stored
		h.API.SetAdmins(group, admin.ID)

		// /settings: the admin opens the editions page; the member is refused.
		h.API.PushMessage(group, opener, "/settings")
		h.Settle()
		menu, _ := h.API.LastMessage(group)
		if !strings.Contains(menu.Text, cat.T(lang, "settings_title", nil)) {
			t.Fatalf("%s's /settings reads:\n%s", lang, menu.Text)
		}
		pressSettingIn(h, group, admin, bot.OpSetView, bot.SettingsPage("edition"))
		got := h.FindMessage(group, menu.ID).Text
		if want := cat.T(lang, "settings_page_editions", nil); !strings.Contains(got, want) {
			t.Errorf("%s's menu after a press by %s reads:\n%s\nwant it in %s (%q)", lang, admin.LanguageCode, got, lang, want)
		}
		pressSettingIn(h, group, other, bot.OpSetEdition, 0)
		if a := h.LastAnswer(); !a.ShowAlert || a.Text != cat.T(other.LanguageCode, "alert_settings_denied", nil) {
			t.Errorf("%s's press on a menu in %s answered %+v, want the refusal in %s", other.LanguageCode, lang, a, other.LanguageCode)
		}
		if m := h.FindMessage(group, menu.ID); m.Text != got {
			t.Errorf("a refused press redrew the menu:\n%s", m.Text)
		}

		// /rules: the member opens a section.
		h.API.PushMessage(group, opener, "/rules")
		h.Settle()
		rules, _ := h.API.LastMessage(group)
		if rules.Text != cat.T(lang, "rules_classic_title", nil) {
			t.Fatalf("%s's /rules reads %q", lang, rules.Text)
		}
		jail := ""
		for _, row := range rules.Keyboard {
			for _, b := range row {
				if b.Text == cat.T(lang, "btn_rules_jail", nil) {
					jail = b.Data
				}
			}
		}
		if jail == "" {
			t.Fatalf("%s's /rules has no jail section button: %+v", lang, rules.Keyboard)
		}
		h.API.PushCallback(group, rules.ID, other, jail)
		h.Settle()
		if got, want := h.FindMessage(group, rules.ID).Text, cat.T(lang, "rules_classic_jail", nil); got != want {
			t.Errorf("%s's /rules after a press by %s reads:\n%s\nwant:\n%s", lang, other.LanguageCode, got, want)
		}
		if s := h.bot.ChatSettings(group); s.Lang != "" || s.AutoLang != lang {
			t.Errorf("the group of %s's menu stores language %q, automatic %q; want none pinned, %q kept", lang, s.Lang, s.AutoLang, lang)
		}
	}
}

// pressSettingIn has u press the settings button op:arg of group's newest menu.
func pressSettingIn(h *harness, group int64, u fakeapi.User, op kit.Op, arg int) {
	h.T.Helper()
	msg, data, ok := h.FindButtonIn(group, op, arg, false)
	if !ok {
		h.T.Fatalf("no button %q:%d in chat %d", op, arg, group)
	}
	h.API.PushCallback(group, msg, u, data)
	h.Settle()
}
