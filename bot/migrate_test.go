package bot

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestOpenOfferFollowsMigration: an offer posted in a group stays open
// while Telegram upgrades the group to a supergroup (fakeapi.Migrate: the
// old id refuses every call; its limits enforced); the turn and the
// offer's message appear in the supergroup at once, the record names
// them, and after a restart its Accept carries out the trade there and
// closes that message.
func TestOpenOfferFollowsMigration(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h, p := composeOffer(t)
		h.PressPrivate(p.UX, board.OpTrSend, 0)
		rec := h.Record()
		if len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Msg == 0 {
			t.Fatalf("the offer was not posted in the group: %+v", board.Of(rec).Offers)
		}
		id := board.Of(rec).Offers[0].ID
		h.API.Enforce(fakeapi.TelegramLimits())
		h.API.Migrate(testChat, superChat, p.UX)
		h.Settle()
		moved, msg := h.movedWithOffer(t, id, "after the migration")
		h.Stop()
		h.Start()
		h.Settle()
		if again := h.OfferMessages(superChat, id); len(again) != 1 {
			t.Fatalf("after a restart the supergroup shows the offer %d times", len(again))
		}
		data := bottest.EncodePress(t, kit.Press{Game: moved.ID, Op: board.OpOfAccept, Arg: id})
		h.API.PushCallback(superChat, msg, p.UY, data)
		h.Settle()
		moved, _ = h.bot.Snapshot(superChat)
		if board.Of(moved).Game.Props[1].Owner != p.Y || len(board.Of(moved).Offers) != 0 {
			t.Fatalf("Accept in the supergroup not carried out: owner %d, offers %+v", board.Of(moved).Game.Props[1].Owner, board.Of(moved).Offers)
		}
		if m := h.OfferMessages(superChat, id); len(m) != 1 || m[0].Keyboard != nil || !strings.Contains(m[0].Text, h.bot.cat.T("en", "offer_accepted", nil)) {
			t.Errorf("the offer's message in the supergroup was not closed: %+v", m)
		}
	})
}
