package settings

import (
	"context"
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// /rules: what the edition's kind shows (the board's sections, Deal's one
// text). A section button (kit.OpRules) carries the kind's argument, so a
// press needs no state.

// RulesSlotName names the /rules messages, which belong to no game.
const RulesSlotName = "rules"

// rulesSlot names a /rules message.
func rulesSlot(msg int) string { return RulesSlotName + ":" + strconv.Itoa(msg) }

// Rules answers /rules in c with what the kind of the chat's edition — the
// game's in the chat, else the chat's setting — shows; userLang is the
// sender's. The chat keeps the language it is shown in: a section button
// redraws it in the chat's language, whoever presses it (RulesPress).
func (m *Menu) Rules(c *kit.Change, userLang string) {
	text, kb, ok := m.host.Rules(c.Lang(userLang), m.chatEdition(c))
	if !ok {
		return
	}
	c.SharedLang(userLang)
	c.Replies = append(c.Replies, kit.Reply{Text: text, KB: kb})
}

// RulesPress shows the section a /rules button names in its message,
// which is in a private chat (private) or a group. Nothing is stored: the
// press's data says everything.
func (m *Menu) RulesPress(ctx context.Context, q kit.PressIn, private bool, press kit.Press) {
	chat, msg := q.Message.Chat, q.Message.ID
	lang := m.host.ChatLang(chat, q.From.Lang)
	if !private {
		lang = m.host.ChatLang(chat, "") // the group's message, in the group's language
	}
	text, kb, ok := m.host.RulesPage(lang, press.Arg)
	if !ok {
		m.host.AnswerPress(ctx, q.ID, m.cat.T(lang, "alert_outdated", nil), true)
		return
	}
	m.host.AnswerPress(ctx, q.ID, "", false)
	m.out.Put(chat, rulesSlot(msg), msg, text, kb)
}
