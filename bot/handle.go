package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Handle processes one update. Updates of one chat must arrive in order;
// different chats may be handled in parallel.
func (b *Bot) Handle(ctx context.Context, upd tgbotapi.Update) {
	switch {
	case upd.CallbackQuery != nil:
		if !b.allowPress(ctx, upd.CallbackQuery) || b.pressInMovedGroup(ctx, upd.CallbackQuery) {
			return
		}
		b.onCallback(ctx, upd.UpdateID, upd.CallbackQuery)
	case upd.InlineQuery != nil:
		if q, ok := inlineQueryIn(upd.InlineQuery); ok { // bot/inline.go
			b.kinds.InlineQuery(ctx, q)
		}
	case upd.ChosenInlineResult != nil:
		if r, ok := chosenIn(upd.ChosenInlineResult); ok {
			b.kinds.ChosenInline(ctx, upd.UpdateID, r)
		}
	case upd.MyChatMember != nil:
		switch u := upd.MyChatMember; {
		case u.Chat.ID > 0 && u.NewChatMember.Status == "member":
			b.reach.Reachable(u.Chat.ID) // unblocked: the person opened the bot again
		case u.Chat.ID > 0 && u.NewChatMember.Status == "kicked":
			b.reach.Refused(u.Chat.ID) // blocked: nothing is tried until they are back (reach.go)
		}
		b.onMyChatMember(ctx, upd.UpdateID, upd.MyChatMember)
	case upd.Message != nil:
		m := upd.Message
		switch {
		case m.MigrateToChatID != 0:
			b.migration.Move(m.Chat.ID, m.MigrateToChatID)
			return
		case m.MigrateFromChatID != 0: // the supergroup's lane: its next update finds the game moved
			b.migration.Move(m.MigrateFromChatID, m.Chat.ID)
			return
		}
		if m.From != nil && m.Chat != nil && m.Chat.ID == m.From.ID {
			b.reach.Reachable(m.From.ID) // they wrote to the bot: it may write to them again
		}
		if m.IsCommand() {
			commands{b}.onCommand(ctx, upd.UpdateID, m)
		}
	}
}

// onMyChatMember follows the bot's own membership: removed → the chat's
// game pauses; back → it resumes with a fresh turn message, so the players
// see the game again at the bottom of the chat.
func (b *Bot) onMyChatMember(ctx context.Context, updateID int, u *tgbotapi.ChatMemberUpdated) {
	chat := u.Chat.ID
	switch u.NewChatMember.Status {
	case "left", "kicked":
		defer b.lock(chat)()
		b.log.Info("bot removed from chat; pausing its game", "chat", chat)
		b.publisher.SetPaused(chat, true)
	case "member", "administrator", "restricted":
		if u.NewChatMember.Status == "restricted" && !u.NewChatMember.CanSendMessages {
			return
		}
		defer b.lock(chat)()
		st, err := b.change(chat, updateID, func(c *kit.Change) error {
			if !c.Settings.Paused {
				return nil
			}
			c.Settings.Paused, c.SettingsChanged = false, true
			rec := c.Rec
			switch {
			case rec == nil:
			case rec.Status == kit.StatusLobby:
				c.Lobby = true
			case rec.Status == kit.StatusPlaying:
				b.kinds.Of(rec).Reshow(c, c.Lang(""))
			}
			return nil
		})
		if err == nil && st != nil && st.SettingsChanged {
			b.log.Info("bot back in chat; resuming its game", "chat", chat)
			b.out.Resume(chat)
		}
		b.finish(ctx, st, err, "")
		if err == nil && st != nil && st.SettingsChanged && st.Rec != nil && st.Rec.Status == kit.StatusPlaying {
			// Messages posted while the bot could not write were dropped.
			b.kinds.Of(st.Rec).Repost(chat, st.ChatLang(), st.Rec)
		}
	}
}
