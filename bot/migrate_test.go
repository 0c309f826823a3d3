package bot

import (
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// TestOpenOfferFollowsMigration: an offer posted in a group stays open
// while the group becomes a supergroup; the offer's message appears in the
// supergroup at once, the record names it, and after a restart its Accept
// carries out the trade there and closes that message.
func TestOpenOfferFollowsMigration(t *testing.T) {
	h, p := composeOffer(t)
	h.pressPrivate(p.ux, OpTrSend, 0)
	rec := h.record()
	if len(rec.Offers) != 1 || rec.Offers[0].Msg == 0 {
		t.Fatalf("the offer was not posted in the group: %+v", rec.Offers)
	}
	id := rec.Offers[0].ID
	h.api.PushUpdate(tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 999, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"},
		From: &tgbotapi.User{ID: p.ux.ID}, MigrateToChatID: superChat}})
	h.settle()
	moved, err := h.bot.Snapshot(superChat)
	if err != nil || moved == nil || len(moved.Offers) != 1 {
		t.Fatalf("the game with its offer did not move: %+v, %v", moved, err)
	}
	msgs := h.offerMessages(superChat, id)
	if len(msgs) != 1 || msgs[0].Keyboard == nil || moved.Offers[0].Msg != msgs[0].ID {
		t.Fatalf("the open offer is not shown in the supergroup: offer %+v, messages %+v", moved.Offers[0], msgs)
	}
	h.stop()
	h.start()
	h.settle()
	if again := h.offerMessages(superChat, id); len(again) != 1 {
		t.Fatalf("after a restart the supergroup shows the offer %d times", len(again))
	}
	_, data := h.findButtonData(t, Press{Game: moved.ID, Op: OpOfAccept, Arg: id})
	h.api.PushCallback(superChat, msgs[0].ID, p.uy, data)
	h.settle()
	moved, _ = h.bot.Snapshot(superChat)
	if moved.Game.Props[1].Owner != p.y || len(moved.Offers) != 0 {
		t.Fatalf("Accept in the supergroup not carried out: owner %d, offers %+v", moved.Game.Props[1].Owner, moved.Offers)
	}
	if m := h.offerMessages(superChat, id); len(m) != 1 || m[0].Keyboard != nil || !strings.Contains(m[0].Text, h.bot.cat.T("en", "offer_accepted", nil)) {
		t.Errorf("the offer's message in the supergroup was not closed: %+v", m)
	}
}
