package settings

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// One live settings menu per chat. /settings posts a new menu and takes
// the buttons of the previous one away (its text says a newer menu
// replaced it); /lang, which changes the settings elsewhere, does the same
// with its own reason, and Close closes it. The live menu's id is
// Settings.Menu, which the outbox reports once the menu is sent
// (Remember). A press on any other settings message is refused with
// the reason, and that message loses its buttons too (a kill may have cut
// the edit that took them away). A menu sent by a version before this one
// is such a message: /settings opens a live one.

// staleMenu is why a press on the settings message msg is refused ("": it
// is not): an older revision's buttons (an edit is on its way), or a menu
// that is not the live one (replaced, closed, or retired by /lang).
func staleMenu(s kit.Settings, press kit.Press, msg int) string {
	switch {
	case press.Game != 0 || press.Rev != s.OptionsRev:
		return "alert_outdated"
	case msg != s.Menu:
		return "settings_alert_replaced"
	}
	return ""
}

// Retire takes the live menu's buttons away once the change is
// committed; its text says why (a message id in the locales). Without a
// live menu known there is nothing to retire: a menu not yet reported
// sent is still the slot's, and the next menu takes its place.
func (m *Menu) Retire(c *kit.Change, lang, why string) {
	if c.Settings.Menu == 0 {
		return
	}
	c.Finalize(MenuSlot, c.Settings.Menu, m.cat.T(lang, why, nil))
	c.Settings.Menu, c.SettingsChanged = 0, true
}

// Open answers /settings with a new menu on its main page (/lang without
// an argument: on its language page), in the chat's language (else the
// sender's, userLang, which the chat keeps: the menu is redrawn in it
// whoever presses); the previous one loses its buttons.
func (m *Menu) Open(c *kit.Change, userLang string, page int) {
	lang := c.SharedLang(userLang)
	m.Retire(c, lang, "settings_replaced")
	text, kb := m.Render(lang, c.Settings, page)
	c.Show(MenuSlot, 0, text, kb)
}

// Remember stores the id of a newly sent menu as the chat's live one,
// unless a newer menu or Close detached it meanwhile.
func (m *Menu) Remember(chat int64, id int) error {
	defer m.host.Lock(chat)()
	if !m.out.Holds(chat, MenuSlot, id) {
		return nil
	}
	_, err := m.host.Change(chat, 0, func(c *kit.Change) error {
		if c.Settings.Menu != id {
			c.Settings.Menu, c.SettingsChanged = id, true
		}
		return nil
	})
	return err
}
