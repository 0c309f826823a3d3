package bot

import (
	"strconv"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// editStored changes the group's stored record with edit while no bot
// runs on the database (nil edit: only reads it) and returns it.
func editStored(t *testing.T, db string, edit func(*kit.Record)) *kit.Record {
	t.Helper()
	var rec *kit.Record
	bottest.UpdateStored(t, db, func(tx *storage.Tx) (err error) {
		rec, err = bottest.EditGame(tx, testChat, edit)
		return err
	})
	return rec
}

// TestKillBetweenComposerAndItsDelivery: a 🤝 press is committed — the
// draft stored — and the bot is killed (SIGKILL) while the composer's send
// to the player's private chat waits out a 429. The record knows the
// composer was never delivered, and the started bot sends it; its id is
// stored in the draft.
func TestKillBetweenComposerAndItsDelivery(t *testing.T) {
	t.Parallel()
	c := newChildBot(t)
	users := map[int64]fakeapi.User{11: {ID: 11, FirstName: "Alice"}, 22: {ID: 22, FirstName: "Bob"}}
	c.Start()
	c.startGame(testChat, users[11], users[22])
	c.Term()
	var current fakeapi.User
	editStored(t, c.DB, func(r *kit.Record) { // something to trade: 🤝 shows
		board.Of(r).Game.Props[1].Owner = board.Of(r).Game.Current
		current = users[r.Seats[board.Of(r).Game.Current].User]
	})
	c.Start() // a recent game: its turn message is shown again, with 🤝
	var msg int
	var data string
	c.Wait("the 🤝 button", func() bool { var ok bool; msg, data, _, ok = c.button(testChat, board.OpTrade); return ok })
	c.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 3})
	c.API.PushCallback(testChat, msg, current, data)
	private := strconv.FormatInt(current.ID, 10)
	c.Wait("the composer's send to meet the 429", func() bool {
		for _, r := range c.API.Calls("sendMessage") {
			if r.Status == 429 && r.Params["chat_id"] == private {
				return true
			}
		}
		return false
	})
	c.Kill()
	if n := len(c.API.Messages(current.ID)); n != 0 {
		t.Fatalf("%d messages reached the private chat before the kill: the test proves nothing", n)
	}
	if d := board.Of(editStored(t, c.DB, nil)).Drafts[current.ID]; d == nil || d.Msg != 0 {
		t.Fatalf("the stored draft after the kill: %+v, want one whose composer was never sent", d)
	}
	c.Start()
	c.Wait("the composer after the restart", func() bool {
		m, ok := c.API.LastMessage(current.ID)
		return ok && m.Keyboard != nil
	})
	c.quiet(time.Second)
	c.Term()
	composer, _ := c.API.LastMessage(current.ID)
	if n := len(c.API.Messages(current.ID)); n != 1 {
		t.Errorf("%d messages in the private chat, want the one composer", n)
	}
	if d := board.Of(editStored(t, c.DB, nil)).Drafts[current.ID]; d == nil || d.Msg != composer.ID {
		t.Fatalf("the stored draft: %+v, want composer %d", d, composer.ID)
	}
}
