package bot

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// TestStakeInClassicSaysThereAreNone: /stake in an edition without stakes
// says so, rather than explaining how to stake.
func TestStakeInClassicSaysThereAreNone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	alice := h.Users[0]
	h.Say(alice, "/stake 100")
	last, _ := h.API.LastMessage(testChat)
	lang := h.settings(testChat).Language()
	want := h.bot.cat.T(lang, "stake_none", map[string]any{"Edition": h.bot.cat.T(lang, "edition_classic", nil)})
	if last.Text != want {
		t.Errorf("/stake in a classic game answered %q, want %q", last.Text, want)
	}
}

// TestLangWithoutArgumentOffersButtons: /lang alone shows the languages
// and "auto" as buttons; an admin's press pins or unpins the chat's
// language.
func TestLangWithoutArgumentOffersButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	alice := h.Users[0]
	h.API.SetAdmins(testChat, alice.ID) // the settings are the admins'
	h.Say(alice, "/lang")
	args := map[int]bool{}
	last, _ := h.API.LastMessage(testChat)
	for _, row := range last.Keyboard {
		for _, b := range row {
			if p, err := kit.ParsePress(b.Data); err == nil && p.Op == OpSetLang {
				args[p.Arg] = true
			}
		}
	}
	if len(args) != len(locales.Languages)+1 {
		t.Fatalf("/lang offers %d language buttons, want %d (each language and auto):\n%s", len(args), len(locales.Languages)+1, last.Text)
	}
	msg, data, ok := h.FindButton(OpSetLang, 1, false) // uk
	if !ok {
		t.Fatal("no button for the second language")
	}
	h.Press(alice, msg, data)
	if s := h.settings(testChat); s.Lang != locales.Languages[1] {
		t.Fatalf("after the press the chat's language is %q, want %q (answer %+v)", s.Lang, locales.Languages[1], h.LastAnswer())
	}
	h.Say(alice, "/lang")
	msg, data, ok = h.FindButton(OpSetLang, len(locales.Languages), false)
	if !ok {
		t.Fatal("no auto button")
	}
	h.Press(alice, msg, data)
	if s := h.settings(testChat); s.Lang != "" || s.AutoLang != locales.Languages[1] {
		t.Errorf("after auto the settings are lang %q, auto %q; want unpinned, keeping %q", s.Lang, s.AutoLang, locales.Languages[1])
	}
}

// TestHelpFitsOnePhoneScreen: /help is one phone screen (at most 1 000
// characters as Telegram shows them) in every language, in the group and
// in the private chat, names every command of Telegram's menu, and leaves
// the rules to /rules (issue #27, item 12).
func TestHelpFitsOnePhoneScreen(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	for _, lang := range locales.Languages {
		h.Say(h.Users[0], "/lang "+lang)
		for _, chat := range []int64{testChat, h.Users[0].ID} {
			h.API.PushMessage(chat, h.Users[0], "/help")
			h.Settle()
			m, _ := h.API.LastMessage(chat)
			shown := shownText(m.Text)
			if n := len([]rune(shown)); n > 1000 || n < 200 {
				t.Errorf("%s /help in chat %d is %d characters:\n%s", lang, chat, n, shown)
			}
			for _, c := range commandNames {
				if c != "help" && !strings.Contains(shown, "/"+c) {
					t.Errorf("%s /help does not name /%s:\n%s", lang, c, shown)
				}
			}
		}
	}
}
