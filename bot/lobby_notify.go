package bot

import (
	"context"
	"slices"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// "🔔 Notify me of the next game in this chat": whoever missed a game asks
// to hear of the next one — under an open lobby, or under the answer to
// /newgame while a game runs. The list is the chat's (Settings.Notify); when
// the next lobby's message is out (onSent), each person gets one private
// message with a link to it and the list is emptied. The bot can write
// to a person only once they started a private chat with it, so a
// person's first press says so in that chat (later ones toggle with a
// toast), and a person it cannot reach (reach.go) is refused with what to
// do instead of being listed in vain.

// maxNotified bounds a chat's list: the private messages one lobby sends,
// and the chat's settings value.
const maxNotified = 200

// OpNotify is the bell under a lobby: game 0, like the settings menu,
// since it stays valid across games.
const OpNotify Op = "lb"

func (b *Bot) notifyButton(lang string) kit.Button {
	return kit.DataButton(b.cat.T(lang, "btn_notify", nil), Press{Op: OpNotify}.Encode())
}

// notifyKeyboard is the bell alone, under the answer to /newgame while a
// game runs: whoever missed it asks there to hear of the next one. (A
// lobby has it while it is open; a finished lobby keeps no button.)
func (b *Bot) notifyKeyboard(lang string) *kit.Markup {
	return kit.MarkupOf([][]kit.Button{{b.notifyButton(lang)}})
}

// onNotifyPress puts the presser on the chat's list, or takes them off
// it if they were on it, with a toast. Only the first press of a person
// the bot has not written to yet sends a private message (it also finds
// out whether the bot may); someone known not to have opened the bot is
// told so at once, without a call to Telegram. A press from a chat the
// bot does not serve (forged: no game and no settings there) changes and
// sends nothing.
func (b *Bot) onNotifyPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery) {
	chat, user := q.Message.Chat.ID, q.From.ID
	var s, person Settings
	served := false
	_ = b.store.View(func(tx *storage.Tx) error {
		_, game := tx.GameBytes(chat)
		_, set := tx.SettingsBytes(chat)
		s, person = b.loadSettings(tx, chat), b.loadSettings(tx, user)
		served = chat < 0 && (game || set) && s.MovedTo == 0
		return nil
	})
	if !served {
		_ = b.tg.AnswerCallback(ctx, q.ID, "", false)
		return
	}
	lang := kit.PersonLang(s, q.From.LanguageCode)
	listed := s.Notify != nil && slices.ContainsFunc(s.Notify.People, func(p kit.Notified) bool { return p.User == user })
	if !listed && s.Notify != nil && len(s.Notify.People) >= maxNotified {
		_ = b.tg.AnswerCallback(ctx, q.ID, b.cat.T(lang, "notify_full", map[string]any{"Count": maxNotified}), true)
		return
	}
	if !listed {
		needStart := b.cat.T(lang, "notify_need_start", map[string]any{"Bot": "@" + b.cfg.Username})
		switch {
		case b.unreachable(user):
			_ = b.tg.AnswerCallback(ctx, q.ID, needStart, true)
			return
		case person.Reach == nil || !person.Reach.Greeted:
			// Asked before the chat's lock: no call to Telegram waits under it.
			text := b.cat.T(lang, "notify_confirm", map[string]any{"Chat": kit.Name(q.Message.Chat.Title)})
			if _, err := b.tg.Send(ctx, user, text, nil); err != nil {
				_ = b.tg.AnswerCallback(ctx, q.ID, needStart, true)
				return
			}
			b.greeted(user)
		}
	}
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *chatState) error {
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		n := &kit.Notify{}
		if c.Settings.Notify != nil {
			*n = *c.Settings.Notify // changed as a copy: a change may run again
		}
		i := slices.IndexFunc(n.People, func(p kit.Notified) bool { return p.User == user })
		switch {
		case i >= 0:
			n.People = slices.Delete(slices.Clone(n.People), i, i+1)
			c.Toast = b.cat.T(c.AnswerLang, "notify_off", nil)
		case len(n.People) >= maxNotified:
			c.Alert = b.cat.T(c.AnswerLang, "notify_full", map[string]any{"Count": maxNotified})
			return nil
		default:
			n.People = append(slices.Clone(n.People), kit.Notified{User: user, Lang: c.AnswerLang, Name: displayName(q.From)})
			c.Toast = b.cat.T(c.AnswerLang, "notify_on", nil)
		}
		n.Title, n.Username = q.Message.Chat.Title, q.Message.Chat.UserName
		if len(n.People) == 0 {
			n = nil
		}
		c.Settings.Notify, c.SettingsChanged = n, true
		return nil
	})
	b.answer(ctx, q.ID, st, err)
}

// greeted stores that the person got 🔔's private message: their next
// presses answer with a toast only. The caller holds no lock.
func (b *Bot) greeted(user int64) {
	defer b.lock(user)()
	_, err := b.change(user, 0, func(c *chatState) error {
		r := kit.Reach{}
		if c.Settings.Reach != nil {
			r = *c.Settings.Reach
		}
		if r.Greeted {
			return nil
		}
		r.Greeted = true
		c.Settings.Reach, c.SettingsChanged = &r, true
		return nil
	})
	if err != nil {
		b.log.Warn("storing a greeting", "user", user, "err", err)
	}
}

// notifyOpened tells everyone on the chat's list that a lobby opened,
// with a link to its message msg, and empties the list. The caller holds
// the chat's lock.
func (b *Bot) notifyOpened(chat int64, game uint64, msg int) {
	type notice struct {
		user       int64
		name, text string
		kb         *kit.Markup
	}
	var s Settings
	_ = b.store.View(func(tx *storage.Tx) error { s = b.loadSettings(tx, chat); return nil })
	if s.Notify == nil {
		return // nobody asked: no change to commit for every lobby
	}
	var out []notice
	_, err := b.change(chat, 0, func(c *chatState) error {
		out = nil
		n := c.Settings.Notify
		if n == nil || c.Rec == nil || c.Rec.ID != game || c.Rec.Status != StatusLobby {
			return nil
		}
		link := messageLink(chat, n.Username, msg)
		for _, p := range n.People {
			nt := notice{user: p.User, name: p.Name, text: b.cat.T(p.Lang, "notify_opened", map[string]any{"Chat": kit.Name(n.Title)})}
			if link != "" {
				m := kit.Markup{Rows: [][]kit.Button{{
					kit.URLButton(b.cat.T(p.Lang, "btn_notify_open", nil), link)}}}
				nt.kb = &m
			}
			out = append(out, nt)
		}
		c.Settings.Notify, c.SettingsChanged = nil, true
		return nil
	})
	if err != nil {
		b.log.Warn("notifying of a new game", "chat", chat, "err", err)
		return
	}
	lang := s.Language()
	for _, n := range out {
		// Someone who blocked the bot since is told of once in the group
		// (reach.go); nobody is tried again until they open the bot.
		b.out.SendPrivate(n.user, n.text, n.kb, func() {
			if n.name != "" {
				b.tellGroup(chat, n.user, n.name, lang)
			}
		})
	}
}

// messageLink is the t.me link of a message in a group: by the group's
// public username, else (a supergroup) by its id, which opens for its
// members; a basic group's messages have no link ("").
func messageLink(chat int64, username string, msg int) string {
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
