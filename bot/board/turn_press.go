package board

import (
	"context"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// A press of a move or menu button: the entry of play (play.go), followed by
// the trades' expiry.

// onGamePress handles a press of a board game's move or menu button.
func (b *turns) onGamePress(ctx context.Context, updateID int, q kit.PressIn, press kit.Press) {
	chat := q.Message.Chat
	defer b.lock(chat)()
	st, err := b.pressChange(chat, updateID, q, press, func(c *kit.Change, lang string) {
		b.onPress(c, lang, q.From, press)
		if (press.Op == OpResignYes || press.Op == OpResignNo) && c.Alert == "" {
			outcome := "✅"
			if press.Op == OpResignNo {
				outcome = b.cat.T(lang, "cancelled", nil)
			}
			c.CloseQuestion(q.Message, outcome)
		}
	})
	b.answer(ctx, q.ID, st, err)
	b.finish(ctx, st, err, q.ID)
	b.trade.afterTrades(ctx, chat, st)
}
