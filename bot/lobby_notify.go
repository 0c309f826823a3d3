package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/lobby"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// 🔔 (bot/lobby's notify.go holds the list and what it says): the press,
// which asks the person's private chat first, and the private messages
// once the next lobby's message is out (onSent). The bot can write to a
// person only once they started a private chat with it, so a person's
// first press says so in that chat (later ones toggle with a toast), and a
// person it cannot reach (bot/reach) is refused with what to do instead of
// being listed in vain.
//
// (It stays in package bot rather than bot/lobby: it reads storage, asks
// Telegram before the lock, and sends through the outbox and bot/reach —
// a Host for that would be as long as the code.)

// bell is the 🔔 on the chat layer's side: its press and the notices.
type bell struct{ b *Bot }

// onPress puts the presser on the chat's list, or takes them off
// it if they were on it, with a toast. Only the first press of a person
// the bot has not written to yet sends a private message (it also finds
// out whether the bot may); someone known not to have opened the bot is
// told so at once, without a call to Telegram. A press from a chat the
// bot does not serve (forged: no game and no settings there) changes and
// sends nothing.
func (bl bell) onPress(ctx context.Context, updateID int, q *tgbotapi.CallbackQuery) {
	chat, user := q.Message.Chat.ID, q.From.ID
	var s, person kit.Settings
	served := false
	_ = bl.b.store.View(func(tx *storage.Tx) error {
		_, game := tx.GameBytes(chat)
		_, set := tx.SettingsBytes(chat)
		s, person = bl.b.loadSettings(tx, chat), bl.b.loadSettings(tx, user)
		served = chat < 0 && (game || set) && s.MovedTo == 0
		return nil
	})
	if !served {
		_ = bl.b.tg.AnswerCallback(ctx, q.ID, "", false)
		return
	}
	lang := kit.PersonLang(s, q.From.LanguageCode)
	listed := lobby.Listed(s, user)
	if !listed && s.Notify != nil && len(s.Notify.People) >= lobby.MaxNotified {
		_ = bl.b.tg.AnswerCallback(ctx, q.ID, bl.b.cat.T(lang, "notify_full", map[string]any{"Count": lobby.MaxNotified}), true)
		return
	}
	if !listed {
		needStart := bl.b.cat.T(lang, "notify_need_start", map[string]any{"Bot": "@" + bl.b.cfg.Username})
		switch {
		case bl.b.reach.Unreachable(user):
			_ = bl.b.tg.AnswerCallback(ctx, q.ID, needStart, true)
			return
		case person.Reach == nil || !person.Reach.Greeted:
			// Asked before the chat's lock: no call to Telegram waits under it.
			text := bl.b.cat.T(lang, "notify_confirm", map[string]any{"Chat": kit.Name(q.Message.Chat.Title)})
			if _, err := bl.b.tg.Send(ctx, user, text, nil); err != nil {
				_ = bl.b.tg.AnswerCallback(ctx, q.ID, needStart, true)
				return
			}
			bl.b.reach.Greeted(user)
		}
	}
	defer bl.b.lock(chat)()
	st, err := bl.b.change(chat, updateID, func(c *kit.Change) error {
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		bl.b.lobby().ToggleNotify(c, lobbyUser(q.From), q.Message.Chat.Title, q.Message.Chat.UserName)
		return nil
	})
	bl.b.answer(ctx, q.ID, st, err)
}

// opened tells everyone on the chat's list that a lobby opened,
// with a link to its message msg, and empties the list. The caller holds
// the chat's lock.
func (bl bell) opened(chat int64, game uint64, msg int) {
	var s kit.Settings
	_ = bl.b.store.View(func(tx *storage.Tx) error { s = bl.b.loadSettings(tx, chat); return nil })
	if s.Notify == nil {
		return // nobody asked: no change to commit for every lobby
	}
	var out []lobby.Notice
	_, err := bl.b.change(chat, 0, func(c *kit.Change) error {
		out = bl.b.lobby().Opened(c, chat, game, msg)
		return nil
	})
	if err != nil {
		bl.b.log.Warn("notifying of a new game", "chat", chat, "err", err)
		return
	}
	lang := s.Language()
	for _, n := range out {
		// Someone who blocked the bot since is told of once in the group
		// (bot/reach); nobody is tried again until they open the bot.
		bl.b.out.SendPrivate(n.User, n.Text, n.KB, func() {
			if n.Name != "" {
				bl.b.reach.TellGroup(chat, n.User, n.Name, lang)
			}
		})
	}
}
