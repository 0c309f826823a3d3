package bot

// One live settings menu per chat. /settings posts a new menu and takes
// the buttons of the previous one away (its text says a newer menu
// replaced it); /lang, which changes the settings elsewhere, does the same
// with its own reason, and Close closes it. The live menu's id is
// Settings.Menu, which the outbox reports once the menu is sent
// (rememberMenu). A press on any other settings message is refused with
// the reason, and that message loses its buttons too (a kill may have cut
// the edit that took them away). A menu sent by a version before this one
// is such a message: /settings opens a live one.

// settingsMenuSlot is the live settings menu's slot. It names no game: a
// new menu detaches the old one's message and is sent as a new one.
const settingsMenuSlot = settingsSlotName

// staleMenu is why a press on the settings message msg is refused ("": it
// is not): an older revision's buttons (an edit is on its way), or a menu
// that is not the live one (replaced, closed, or retired by /lang).
func staleMenu(s Settings, press Press, msg int) string {
	switch {
	case press.Game != 0 || press.Rev != s.OptionsRev:
		return "alert_outdated"
	case msg != s.Menu:
		return "settings_alert_replaced"
	}
	return ""
}

// retireMenu takes the live menu's buttons away once the change is
// committed; its text says why (a message id in the locales). Without a
// live menu known there is nothing to retire: a menu not yet reported
// sent is still the slot's, and the next menu takes its place.
func (b *Bot) retireMenu(c *chatState, lang, why string) {
	if c.Settings.Menu == 0 {
		return
	}
	c.Finalize(settingsMenuSlot, c.Settings.Menu, b.cat.T(lang, why, nil))
	c.Settings.Menu, c.SettingsChanged = 0, true
}

// cmdSettings answers /settings with a new menu on its main page; the
// previous one loses its buttons.
func (b *Bot) cmdSettings(c *chatState, userLang string) {
	lang := c.Lang(userLang)
	b.retireMenu(c, lang, "settings_replaced")
	text, kb := b.renderSettings(lang, c.Settings, pageMain)
	c.Show(settingsMenuSlot, 0, text, kb)
}

// rememberMenu stores the id of a newly sent menu as the chat's live one,
// unless a newer menu or Close detached it meanwhile.
func (b *Bot) rememberMenu(chat int64, id int) {
	defer b.lock(chat)()
	if !b.out.Holds(chat, settingsMenuSlot, id) {
		return
	}
	_, err := b.change(chat, 0, func(c *chatState) error {
		if c.Settings.Menu != id {
			c.Settings.Menu, c.SettingsChanged = id, true
		}
		return nil
	})
	if err != nil {
		b.log.Warn("remembering the settings menu", "chat", chat, "err", err)
	}
}
