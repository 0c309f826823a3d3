package fakeapi_test

import (
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// TestMigrateAsTelegram: after Migrate the old id answers every call with
// 400 and migrate_to_chat_id; both service messages are queued, the old
// group's first; the supergroup numbers its messages afresh and keeps the
// group's title.
func TestMigrateAsTelegram(t *testing.T) {
	s, api := setup(t)
	const super int64 = -1001000000042
	s.SetChatTitle(group, "Friends")
	if _, err := api.Send(tgbotapi.NewMessage(group, "before")); err != nil {
		t.Fatal(err)
	}
	oldUpd, newUpd := s.Migrate(group, super, alice)
	if s.MigratedTo(group) != super || s.MigratedTo(super) != 0 {
		t.Fatalf("MigratedTo: %d, %d", s.MigratedTo(group), s.MigratedTo(super))
	}
	for _, c := range []tgbotapi.Chattable{tgbotapi.NewMessage(group, "after"), tgbotapi.NewEditMessageText(group, 1, "edited")} {
		_, err := api.Send(c)
		if e := apiErr(t, err); e.Code != 400 || e.MigrateToChatID != super {
			t.Fatalf("a call for the old id answered %+v", e)
		}
	}
	ups, err := api.GetUpdates(tgbotapi.UpdateConfig{})
	if err != nil || len(ups) != 2 || ups[0].UpdateID != oldUpd || ups[1].UpdateID != newUpd {
		t.Fatalf("updates %v (%v), want %d and %d", ids(ups), err, oldUpd, newUpd)
	}
	if m := ups[0].Message; m.Chat.ID != group || m.MigrateToChatID != super || m.From.ID != alice.ID {
		t.Errorf("the old group's service message: %+v", m)
	}
	if m := ups[1].Message; m.Chat.ID != super || m.MigrateFromChatID != group || m.MessageID != 1 || m.Chat.Title != "Friends" || m.Chat.Type != "supergroup" {
		t.Errorf("the supergroup's service message: %+v %+v", m, m.Chat)
	}
	sent, err := api.Send(tgbotapi.NewMessage(super, "here"))
	if err != nil || sent.MessageID != 2 {
		t.Fatalf("the supergroup's first bot message: id %d, %v", sent.MessageID, err)
	}
	_, err = api.Send(tgbotapi.NewEditMessageText(super, 3, "x")) // the old group's ids name nothing here
	if e := apiErr(t, err); e.Code != 400 {
		t.Errorf("an edit of a missing id in the supergroup answered %+v", e)
	}
	if got := len(s.Messages(group)); got != 1 {
		t.Errorf("the old group holds %d bot messages, want the 1 sent before", got)
	}
}
