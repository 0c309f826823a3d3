package settings

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// /settings: a menu of buttons that changes the chat's ChatOptions (and its
// language). The settings message is edited in place; its buttons are
// <0>:<Settings.OptionsRev>:<op>[:<arg>], so a press on an outdated settings
// message is refused. What the menu offers beyond the chat layer's own
// settings is the chosen edition's (its kind's kit.Offer). Chat admins may
// change everything; the creator of a game not yet started may too, until
// it starts. A lobby follows the chat's options (Record.Options is kept in
// step); a running game keeps the options it started with, and a change
// then applies to the next game (the time zone applies at once).

// Press handles a press on the settings message (q.Message is set: the
// menu is never an inline message).
func (m *Menu) Press(ctx context.Context, updateID int, q kit.PressIn, press kit.Press) {
	chat, msg := q.Message.Chat, q.Message.ID
	admin := m.host.IsAdmin(ctx, chat, q.From.ID)
	defer m.host.Lock(chat)()
	page, show, closed := PageMain, false, false
	st, err := m.host.Change(chat, updateID, func(c *kit.Change) error {
		lang := c.PresserLang(q.From.Lang) // only for alerts: the presser's to read
		c.AnswerLang = lang
		page, show, closed = PageMain, false, false
		if stale := staleMenu(c.Settings, press, msg); stale != "" {
			c.Alert = m.cat.T(lang, stale, nil)
			if stale != "alert_outdated" { // an old menu that kept its buttons (a kill before the edit)
				c.Finalize("", msg, m.cat.T(c.ChatLang(), "settings_closed", nil))
			}
			return nil
		}
		lobby := c.Rec != nil && c.Rec.Status == kit.StatusLobby
		running := c.Rec != nil && c.Rec.Status == kit.StatusPlaying
		if !admin && !(lobby && c.Rec.Creator == q.From.ID) {
			c.Alert = m.cat.T(lang, "alert_settings_denied", nil)
			return nil
		}
		o := m.withDefaultEdition(c.Settings.Options)
		var ok, changed bool
		page, ok, changed, closed = m.Apply(&c.Settings, &o, press)
		if !ok {
			c.Alert = m.cat.T(lang, "alert_outdated", nil)
			return nil
		}
		show = true
		if closed {
			c.Settings.Menu, c.SettingsChanged = 0, true
			c.Toast = m.cat.T(lang, "settings_closed", nil)
		}
		if !changed {
			return nil
		}
		c.SettingsChanged = true
		c.Settings.OptionsRev++
		if press.Op == OpSetLang {
			// The language applies at once, to the game on screen too.
			c.Turn, c.Lobby = running, lobby
			return nil
		}
		c.Settings.Options = o
		switch {
		case lobby:
			m.lobbyFollows(c, press.Op == OpSetEdition)
		case running && press.Op == OpSetZone:
			zoneNow(c)
		case running:
			c.Alert = m.cat.T(lang, "alert_settings_next_game", nil)
		}
		return nil
	})
	m.host.Answer(ctx, q.ID, st, err)
	if err == nil && st != nil && !st.Duplicate && show {
		lang := st.Lang(q.From.Lang)
		if closed {
			// Closed, the menu is deleted (the presser's toast says so):
			// a "closed" notice would only pile up under the game.
			m.out.Remove(chat, MenuSlot, msg)
		} else {
			text, kb := m.Render(lang, st.Settings, page)
			m.out.Put(chat, MenuSlot, msg, text, kb)
		}
	}
	m.host.Finish(ctx, st, err, q.ID)
}
