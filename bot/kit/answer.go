package kit

// AnswerIn runs fn, a press's change, with lang for what the chat sees.
// When the presser reads another language (c.AnswerLang), an alert or
// toast fn set is worded again for them: fn runs once more, on a copy of
// the state as it was, in their language, and only its answer is kept.
// Change functions have no side effects (a change may run more than once
// anyway), so the second run changes nothing but the words.
func AnswerIn(c *Change, lang string, fn func(c *Change, lang string)) {
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
func shadowOf(c *Change) *Change {
	s := &Change{Chat: c.Chat, Via: c.Via, Settings: c.Settings, ViaSettings: c.ViaSettings, AnswerLang: c.AnswerLang}
	s.Settings.Options = *c.Settings.Options.Clone()
	s.ViaSettings.Options = *c.ViaSettings.Options.Clone()
	if c.Rec != nil {
		s.Rec = c.Rec.Clone()
	}
	return s
}
