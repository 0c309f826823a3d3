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
	listed := lobby.Listed(s, user)
	if !listed && s.Notify != nil && len(s.Notify.People) >= lobby.MaxNotified {
		_ = b.tg.AnswerCallback(ctx, q.ID, b.cat.T(lang, "notify_full", map[string]any{"Count": lobby.MaxNotified}), true)
		return
	}
	if !listed {
		needStart := b.cat.T(lang, "notify_need_start", map[string]any{"Bot": "@" + b.cfg.Username})
		switch {
		case b.reach.Unreachable(user):
			_ = b.tg.AnswerCallback(ctx, q.ID, needStart, true)
			return
		case person.Reach == nil || !person.Reach.Greeted:
			// Asked before the chat's lock: no call to Telegram waits under it.
			text := b.cat.T(lang, "notify_confirm", map[string]any{"Chat": kit.Name(q.Message.Chat.Title)})
			if _, err := b.tg.Send(ctx, user, text, nil); err != nil {
				_ = b.tg.AnswerCallback(ctx, q.ID, needStart, true)
				return
			}
			b.reach.Greeted(user)
		}
	}
	defer b.lock(chat)()
	st, err := b.change(chat, updateID, func(c *chatState) error {
		c.AnswerLang = c.PresserLang(q.From.LanguageCode)
		b.lobby().ToggleNotify(c, lobbyUser(q.From), q.Message.Chat.Title, q.Message.Chat.UserName)
		return nil
	})
	b.answer(ctx, q.ID, st, err)
}

// notifyOpened tells everyone on the chat's list that a lobby opened,
// with a link to its message msg, and empties the list. The caller holds
// the chat's lock.
func (b *Bot) notifyOpened(chat int64, game uint64, msg int) {
	var s Settings
	_ = b.store.View(func(tx *storage.Tx) error { s = b.loadSettings(tx, chat); return nil })
	if s.Notify == nil {
		return // nobody asked: no change to commit for every lobby
	}
	var out []lobby.Notice
	_, err := b.change(chat, 0, func(c *chatState) error {
		out = b.lobby().Opened(c, chat, game, msg)
		return nil
	})
	if err != nil {
		b.log.Warn("notifying of a new game", "chat", chat, "err", err)
		return
	}
	lang := s.Language()
	for _, n := range out {
		// Someone who blocked the bot since is told of once in the group
		// (bot/reach); nobody is tried again until they open the bot.
		b.out.SendPrivate(n.User, n.Text, n.KB, func() {
			if n.Name != "" {
				b.reach.TellGroup(chat, n.User, n.Name, lang)
			}
		})
	}
}
