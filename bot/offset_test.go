package bot

import (
	"context"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// An update's change stores the getUpdates offset past it in its own
// transaction (wired as Run wires it), so the offset needs no commit of
// its own: when the dispatcher reports the watermark, it is stored
// already. An update that changed nothing is stored by OnWatermark.
func TestOffsetIsStoredWithTheUpdatesChange(t *testing.T) {
	t.Parallel()
	b, store := newBareBot(t, Config{})
	offset := func() (o int) {
		if err := store.View(func(tx *storage.Tx) error { o = tx.Offset(); return nil }); err != nil {
			t.Fatal(err)
		}
		return o
	}
	type report struct{ watermark, stored int }
	reports := make(chan report, 16)
	disp := telegram.NewDispatcher(context.Background(), telegram.HandlerFunc(b.Handle), telegram.DispatcherOptions{
		Start: 99,
		OnWatermark: func(w int) {
			reports <- report{w, offset()}
			if err := store.Batch(func(tx *storage.Tx) error { return tx.SetOffset(w + 1) }); err != nil {
				t.Error(err)
			}
		},
	})
	b.offsetWith = disp.OffsetWith
	c := &benchChat{id: -42, users: [2]*tgbotapi.User{{ID: 1, FirstName: "A"}, {ID: 2, FirstName: "B"}}}
	newgame := c.command("/newgame")
	newgame.UpdateID = 100
	if err := disp.Dispatch(context.Background(), newgame); err != nil {
		t.Fatal(err)
	}
	if r := <-reports; r.watermark != 100 || r.stored != 101 {
		t.Fatalf("watermark %d reported with offset %d stored; want 100 with 101 stored by the change", r.watermark, r.stored)
	}
	if rec, _ := b.Snapshot(c.id); rec == nil {
		t.Fatal("/newgame opened no lobby")
	}
	// A message that is not a command changes nothing: OnWatermark stores
	// its offset.
	chatter := tgbotapi.Update{UpdateID: 101, Message: &tgbotapi.Message{MessageID: 5, From: c.users[1], Chat: &tgbotapi.Chat{ID: c.id, Type: "group"}, Text: "hi"}}
	if err := disp.Dispatch(context.Background(), chatter); err != nil {
		t.Fatal(err)
	}
	if r := <-reports; r.watermark != 101 || r.stored != 101 {
		t.Fatalf("watermark %d reported with offset %d stored; want 101 with 101 (nothing changed)", r.watermark, r.stored)
	}
	disp.Close()
	disp.Wait()
	if got := offset(); got != 102 {
		t.Fatalf("offset %d after both, want 102", got)
	}
}
