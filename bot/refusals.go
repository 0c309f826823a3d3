package bot

// Refusals and answers to presses. An alert or a toast is read only by
// the person who pressed, so it is in their language (kit.PersonLang)
// while what the chat sees stays in the chat's; and every refusal says
// why, so nobody presses the same button twice wondering.

// answerIn runs fn, a press's change, with lang for what the chat sees.
// When the presser reads another language (c.AnswerLang), an alert or
// toast fn set is worded again for them: fn runs once more, on a copy of
// the state as it was, in their language, and only its answer is kept.
// Change functions have no side effects (a change may run more than once
// anyway), so the second run changes nothing but the words.
func answerIn(c *chatState, lang string, fn func(c *chatState, lang string)) {
	if c.AnswerLang == "" || c.AnswerLang == lang {
		fn(c, lang)
		return
	}
	shadow := shadowOf(c)
	fn(c, lang)
	if c.Alert == "" && c.Toast == "" {
		return
	}
	fn(shadow, c.AnswerLang)
	c.Alert, c.Toast = shadow.Alert, shadow.Toast
}

// shadowOf is a copy of a change before it runs that shares nothing
// changeable with it.
func shadowOf(c *chatState) *chatState {
	s := &chatState{Chat: c.Chat, Via: c.Via, Settings: c.Settings, ViaSettings: c.ViaSettings, AnswerLang: c.AnswerLang}
	s.Settings.Options = *c.Settings.Options.Clone()
	s.ViaSettings.Options = *c.ViaSettings.Options.Clone()
	if c.Rec != nil {
		s.Rec = c.Rec.Clone()
	}
	return s
}

// outdated is the refusal of a press on a message the game has left
// behind, saying which way it was left: no game any more, another game
// since, or the same game moved on.
func (b *Bot) outdated(c *chatState, lang string, press Press) string {
	switch {
	case c.Rec == nil:
		return b.cat.T(lang, "alert_stale_no_game", nil)
	case c.Rec.ID != press.Game:
		return b.cat.T(lang, "alert_stale_other_game", nil)
	case c.Rec.Status == StatusLobby:
		return b.cat.T(lang, "alert_stale_lobby", nil)
	}
	return b.cat.T(lang, "alert_stale_moved", nil)
}

// Only the person named may press: the text names them.
func (b *Bot) onlyCreator(lang string, rec *Record) string {
	return b.cat.T(lang, "lobby_only_creator_named", map[string]any{"Player": creatorName(rec)})
}

// creatorName is the name of the lobby's creator as seated, as plain text
// for an alert (a creator always keeps a seat in the lobby).
func creatorName(rec *Record) string {
	if s := rec.SeatOf(rec.Creator); s >= 0 {
		return rec.Seats[s].Name
	}
	return "—"
}
