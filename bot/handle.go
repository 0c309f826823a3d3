package bot

import (
	"context"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
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
		b.onInlineQuery(ctx, upd.InlineQuery)
	case upd.ChosenInlineResult != nil:
		b.onChosenInline(ctx, upd.UpdateID, upd.ChosenInlineResult)
	case upd.MyChatMember != nil:
		switch u := upd.MyChatMember; {
		case u.Chat.ID > 0 && u.NewChatMember.Status == "member":
			b.reachable(u.Chat.ID) // unblocked: the person opened the bot again
		case u.Chat.ID > 0 && u.NewChatMember.Status == "kicked":
			b.refused(u.Chat.ID) // blocked: nothing is tried until they are back (reach.go)
		}
		b.onMyChatMember(ctx, upd.UpdateID, upd.MyChatMember)
	case upd.Message != nil:
		m := upd.Message
		switch {
		case m.MigrateToChatID != 0:
			b.migrate(m.Chat.ID, m.MigrateToChatID)
			return
		case m.MigrateFromChatID != 0: // the supergroup's lane: its next update finds the game moved
			b.migrate(m.MigrateFromChatID, m.Chat.ID)
			return
		}
		if m.From != nil && m.Chat != nil && m.Chat.ID == m.From.ID {
			b.reachable(m.From.ID) // they wrote to the bot: it may write to them again
		}
		if m.IsCommand() {
			b.onCommand(ctx, upd.UpdateID, m)
		}
	}
}
