package lobby

import (
	"slices"
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// "🔔 Notify me of the next game in this chat": whoever missed a game asks
// to hear of the next one — under an open lobby, or under the answer to
// /newgame while a game runs. The list is the chat's (kit.Settings.Notify);
// when the next lobby's message is out, each person gets one private
// message with a link to it and the list is emptied (Opened). Asking the
// person's private chat first and sending the messages are the chat
// layer's (bot/lobby_notify.go): this file is what the list holds and
// says.

// MaxNotified bounds a chat's list: the private messages one lobby sends,
// and the chat's settings value.
const MaxNotified = 200

// OpNotify is the bell under a lobby: game 0, like the settings menu,
// since it stays valid across games.
const OpNotify kit.Op = "lb"

// NotifyButton is the bell.
func (l *Lobby) NotifyButton(lang string) kit.Button {
	return kit.DataButton(l.cat.T(lang, "btn_notify", nil), kit.Press{Op: OpNotify}.Encode())
}

// NotifyKeyboard is the bell alone, under the answer to /newgame while a
// game runs: whoever missed it asks there to hear of the next one. (A
// lobby has it while it is open; a finished lobby keeps no button.)
func (l *Lobby) NotifyKeyboard(lang string) *kit.Markup {
	return kit.MarkupOf([][]kit.Button{{l.NotifyButton(lang)}})
}

// Listed says whether user is on the chat's list.
func Listed(s kit.Settings, user int64) bool {
	return s.Notify != nil && slices.ContainsFunc(s.Notify.People, func(p kit.Notified) bool { return p.User == user })
}

// ToggleNotify puts the presser on c's chat's list, or takes them off it
// if they were on it, with a toast in c.AnswerLang; a full list is an
// alert. title and username are the chat's, for the messages and the link.
func (l *Lobby) ToggleNotify(c *kit.Change, from User, title, username string) {
	n := &kit.Notify{}
	if c.Settings.Notify != nil {
		*n = *c.Settings.Notify // changed as a copy: a change may run again
	}
	i := slices.IndexFunc(n.People, func(p kit.Notified) bool { return p.User == from.ID })
	switch {
	case i >= 0:
		n.People = slices.Delete(slices.Clone(n.People), i, i+1)
		c.Toast = l.cat.T(c.AnswerLang, "notify_off", nil)
	case len(n.People) >= MaxNotified:
		c.Alert = l.cat.T(c.AnswerLang, "notify_full", map[string]any{"Count": MaxNotified})
		return
	default:
		n.People = append(slices.Clone(n.People), kit.Notified{User: from.ID, Lang: c.AnswerLang, Name: from.Name})
		c.Toast = l.cat.T(c.AnswerLang, "notify_on", nil)
	}
	n.Title, n.Username = title, username
	if len(n.People) == 0 {
		n = nil
	}
	c.Settings.Notify, c.SettingsChanged = n, true
}

// Notice is one private message telling a person that a lobby opened.
type Notice struct {
	User       int64
	Name, Text string
	KB         *kit.Markup // the link to the lobby, if the group's messages have links
}

// Opened empties chat's list (c's) when c's lobby is game, whose message msg
// is out, and returns what to tell each person on it (nothing if the
// lobby is gone or another).
func (l *Lobby) Opened(c *kit.Change, chat int64, game uint64, msg int) []Notice {
	n := c.Settings.Notify
	if n == nil || c.Rec == nil || c.Rec.ID != game || c.Rec.Status != kit.StatusLobby {
		return nil
	}
	var out []Notice
	link := MessageLink(chat, n.Username, msg)
	for _, p := range n.People {
		nt := Notice{User: p.User, Name: p.Name, Text: l.cat.T(p.Lang, "notify_opened", map[string]any{"Chat": kit.Name(n.Title)})}
		if link != "" {
			m := kit.Markup{Rows: [][]kit.Button{{
				kit.URLButton(l.cat.T(p.Lang, "btn_notify_open", nil), link)}}}
			nt.KB = &m
		}
		out = append(out, nt)
	}
	c.Settings.Notify, c.SettingsChanged = nil, true
	return out
}

// MessageLink is the t.me link of a message in a group: by the group's
// public username, else (a supergroup) by its id, which opens for its
// members; a basic group's messages have no link ("").
func MessageLink(chat int64, username string, msg int) string {
	const supergroup = -1_000_000_000_000
	switch {
	case msg == 0:
		return ""
	case username != "":
		return "https://t.me/" + username + "/" + strconv.Itoa(msg)
	case chat < supergroup:
		return "https://t.me/c/" + strconv.FormatInt(supergroup-chat, 10) + "/" + strconv.Itoa(msg)
	}
	return ""
}
