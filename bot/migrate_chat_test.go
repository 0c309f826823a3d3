package bot

import (
	"context"
	"strconv"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// newLimitedHarness runs the bot with Telegram's own limits on both sides:
// the client paces itself, the fake API refuses what Telegram would.
func newLimitedHarness(t *testing.T) *harness {
	h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) { cfg.Client = telegram.ClientOptions{} })
	h.API.Enforce(fakeapi.TelegramLimits())
	return h
}

// failedCalls are the calls into chat that Telegram refused, by status.
func (h *harness) failedCalls(chat int64) map[int]int {
	out := map[int]int{}
	for _, r := range h.API.Requests() {
		if r.Params["chat_id"] == strconv.FormatInt(chat, 10) && r.Status != 200 && r.Status != 0 {
			out[r.Status]++
		}
	}
	return out
}

// TestMigratedLobbyShownAtOnce: a group with an open lobby becomes a
// supergroup (as Telegram does it: the old id answers 400 with
// migrate_to_chat_id, the supergroup numbers its messages afresh). The
// lobby appears in the supergroup at once with its buttons, its Join
// plays there, and /newgame there is answered.
func TestMigratedLobbyShownAtOnce(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newLimitedHarness(t)
		alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
		h.Say(alice, "/newgame")
		h.MustPress(bohdan, OpJoin)
		old, oldJoin, _ := h.ButtonIn(testChat, OpJoin)
		h.API.Migrate(testChat, superChat, alice)
		h.Settle()
		rec, _ := h.bot.Snapshot(superChat)
		if rec == nil || rec.Status != kit.StatusLobby {
			t.Fatalf("the lobby did not move: %+v", rec)
		}
		// The old group's lobby is still on people's screens: its Join says
		// where the game went, and changes nothing.
		h.API.PushCallback(testChat, old, vera, oldJoin)
		h.Settle()
		if a := h.API.AnswersTo(vera.ID); len(a) != 1 || !a[0].ShowAlert || a[0].Text != h.bot.cat.T("ru", "alert_group_moved", nil) {
			t.Errorf("a press on the old group's lobby answered %+v", a)
		}
		if rec, _ := h.bot.Snapshot(superChat); len(rec.Seats) != 2 {
			t.Errorf("a press on the old group's lobby changed the seats: %+v", rec.Seats)
		}
		msg, data, ok := h.ButtonIn(superChat, OpJoin)
		if !ok || rec.LobbyMsg != msg {
			t.Fatalf("the supergroup shows no lobby (record names %d, Join on %d): %+v", rec.LobbyMsg, msg, h.API.Messages(superChat))
		}
		h.API.PushCallback(superChat, msg, vera, data)
		h.Settle()
		if rec, _ := h.bot.Snapshot(superChat); len(rec.Seats) != 3 {
			t.Fatalf("Join in the supergroup left the seats %+v", rec.Seats)
		}
		before := len(h.API.Messages(superChat))
		h.API.PushMessage(superChat, vera, "/newgame")
		h.Settle()
		if after := len(h.API.Messages(superChat)); after == before {
			t.Fatal("/newgame in the supergroup got no answer")
		}
		if f := h.failedCalls(superChat); len(f) != 0 {
			t.Errorf("calls into the supergroup refused: %v", f)
		}
	})
}

// TestSupergroupCommandAfterOlderChatsUpdate: lanes of different chats run
// in parallel, so a supergroup's update may be handled after the old
// group's later one (here: a Join, then the migration). The supergroup's
// /newgame is still answered: the old group's update ids say nothing of
// the supergroup's.
func TestSupergroupCommandAfterOlderChatsUpdate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
	h.Say(alice, "/newgame")
	msg, data, ok := h.ButtonIn(testChat, OpJoin)
	if !ok {
		t.Fatal("no lobby")
	}
	ctx := context.Background()
	upd := func(id int, u tgbotapi.Update) tgbotapi.Update { u.UpdateID = id; return u }
	from := &tgbotapi.User{ID: vera.ID, FirstName: vera.FirstName, LanguageCode: vera.LanguageCode}
	newgame := upd(1000, tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 2, From: from, Chat: &tgbotapi.Chat{ID: superChat, Type: "supergroup"},
		Text: "/newgame", Entities: []tgbotapi.MessageEntity{{Type: "bot_command", Length: 8}}}})
	join := upd(1001, tgbotapi.Update{CallbackQuery: &tgbotapi.CallbackQuery{ID: "q1001", Data: data,
		From:    &tgbotapi.User{ID: bohdan.ID, FirstName: bohdan.FirstName, LanguageCode: bohdan.LanguageCode},
		Message: &tgbotapi.Message{MessageID: msg, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}}}})
	migrated := upd(1002, tgbotapi.Update{Message: &tgbotapi.Message{MessageID: 50, From: from, Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}, MigrateToChatID: superChat}})
	h.bot.Handle(ctx, join)
	h.bot.Handle(ctx, migrated)
	h.Settle()
	before := len(h.API.Messages(superChat))
	h.bot.Handle(ctx, newgame) // the supergroup's lane was behind
	h.Settle()
	if after := len(h.API.Messages(superChat)); after == before {
		t.Fatalf("/newgame in the supergroup got no answer: %+v", h.API.Messages(superChat))
	}
}

// TestMigrationShownAfterCrashBetweenMoveAndShow: a running game with an
// open offer; the process dies right after the migration's transaction
// (the game, its offer and settings moved) and before the change that
// shows them in the supergroup — the state a kill -9 leaves, recreated by
// running that transaction on the stopped bot's database, with
// Telegram's two service messages still unconfirmed. The next start shows
// the turn and the offer in the supergroup, once each, with their buttons,
// never editing the old group's message ids there; Accept then plays.
func TestMigrationShownAfterCrashBetweenMoveAndShow(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	h.PressPrivate(p.UX, board.OpTrSend, 0)
	rec := h.Record()
	if len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Msg == 0 || board.Of(rec).TurnMsg == 0 {
		t.Fatalf("no offer or turn message in the group: %+v", board.Of(rec).Offers)
	}
	offer := board.Of(rec).Offers[0].ID
	h.Stop()
	store, err := storage.Open(h.DB, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Update(func(tx *storage.Tx) error {
		_, err := h.bot.migration.MoveStored(tx, testChat, superChat, time.Now())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	h.API.Migrate(testChat, superChat, p.UX)
	h.Start()
	h.Settle()
	moved, msg := h.movedWithOffer(t, offer, "after a crash between the move and the show")
	data := bottest.EncodePress(t, kit.Press{Game: moved.ID, Op: board.OpOfAccept, Arg: offer})
	h.API.PushCallback(superChat, msg, p.UY, data)
	h.Settle()
	if moved, _ = h.bot.Snapshot(superChat); len(board.Of(moved).Offers) != 0 || board.Of(moved).Game.Props[1].Owner != p.Y {
		t.Fatalf("Accept in the supergroup not carried out: offers %+v", board.Of(moved).Offers)
	}
}

// movedWithOffer checks that the supergroup shows the moved game's turn
// and its open offer, each once with buttons and named by the record,
// with no call refused there (an old group's id edited in it); it
// returns the record and the offer's message.
func (h *harness) movedWithOffer(t *testing.T, offer int, when string) (*kit.Record, int) {
	t.Helper()
	moved, _ := h.bot.Snapshot(superChat)
	if moved == nil || len(board.Of(moved).Offers) != 1 {
		t.Fatalf("%s: the game with its offer is not in the supergroup: %+v", when, moved)
	}
	turn, _, ok := h.ButtonIn(superChat, firstOp(h, superChat))
	if !ok || board.Of(moved).TurnMsg != turn {
		t.Fatalf("%s: the supergroup shows no turn (record names %d, buttons on %d): %+v", when, board.Of(moved).TurnMsg, turn, h.API.Messages(superChat))
	}
	msgs := h.OfferMessages(superChat, offer)
	if len(msgs) != 1 || msgs[0].Keyboard == nil || board.Of(moved).Offers[0].Msg != msgs[0].ID {
		t.Fatalf("%s: the offer is not shown once in the supergroup: offer %+v, messages %+v", when, board.Of(moved).Offers[0], msgs)
	}
	if f := h.failedCalls(superChat); len(f) != 0 {
		t.Errorf("%s: calls into the supergroup refused (old ids edited there?): %v", when, f)
	}
	return moved, msgs[0].ID
}

// TestSupergroupsServiceMessageMovesTheLobby: the supergroup's lane may
// run before the old group's: its service message (migrate_from_chat_id)
// moves the lobby, so a /newgame typed there right after is answered
// about that lobby instead of opening another one that would keep the
// first from moving.
func TestSupergroupsServiceMessageMovesTheLobby(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	alice, vera := h.Users[0], h.Users[2]
	h.Say(alice, "/newgame")
	game := h.Record().ID
	ctx := context.Background()
	from := &tgbotapi.User{ID: vera.ID, FirstName: vera.FirstName, LanguageCode: vera.LanguageCode}
	super := &tgbotapi.Chat{ID: superChat, Type: "supergroup"}
	h.bot.Handle(ctx, tgbotapi.Update{UpdateID: 1000, Message: &tgbotapi.Message{MessageID: 1, From: from, Chat: super, MigrateFromChatID: testChat}})
	h.bot.Handle(ctx, tgbotapi.Update{UpdateID: 1002, Message: &tgbotapi.Message{MessageID: 2, From: from, Chat: super,
		Text: "/newgame", Entities: []tgbotapi.MessageEntity{{Type: "bot_command", Length: 8}}}})
	h.bot.Handle(ctx, tgbotapi.Update{UpdateID: 1001, Message: &tgbotapi.Message{MessageID: 9, From: from,
		Chat: &tgbotapi.Chat{ID: testChat, Type: "group"}, MigrateToChatID: superChat}})
	h.Settle()
	rec, _ := h.bot.Snapshot(superChat)
	if rec == nil || rec.ID != game || rec.Seats[0].User != alice.ID {
		t.Fatalf("the supergroup's lobby is not the group's: %+v", rec)
	}
	if old := h.Record(); old != nil {
		t.Fatalf("the lobby stayed in the old group: %+v", old)
	}
	if _, _, ok := h.ButtonIn(superChat, OpJoin); !ok {
		t.Fatal("the supergroup shows no lobby")
	}
}

// TestDeletedLobbyIsSentAgain: an admin deletes the lobby's message; the
// next Join's edit finds it gone ("message to edit not found") and the
// lobby is sent again with its buttons, named by the record; one refused
// edit, not one per change.
func TestDeletedLobbyIsSentAgain(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newLimitedHarness(t)
		alice, bohdan, vera := h.Users[0], h.Users[1], h.Users[2]
		h.Say(alice, "/newgame")
		first := h.Record().LobbyMsg
		h.API.DeleteMessage(testChat, first)
		h.API.PushCallback(testChat, first, bohdan, h.joinData(t))
		h.Settle()
		msg, data, ok := h.ButtonIn(testChat, OpJoin)
		if !ok {
			t.Fatal("no lobby after its message was deleted")
		}
		h.API.PushCallback(testChat, msg, vera, data)
		h.Settle()
		rec := h.Record()
		msg, _, ok = h.ButtonIn(testChat, OpJoin)
		if len(rec.Seats) != 3 || !ok || msg == first || rec.LobbyMsg != msg {
			t.Fatalf("the lobby was not sent again: seats %d, record names %d, Join on %d", len(rec.Seats), rec.LobbyMsg, msg)
		}
		if f := h.failedCalls(testChat); f[400] != 1 {
			t.Errorf("refused calls %v, want one 400 (the first edit)", f)
		}
	})
}

// joinData is the lobby's Join button's data.
func (h *harness) joinData(t *testing.T) string {
	t.Helper()
	for _, m := range h.API.Messages(testChat) {
		for _, row := range m.Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == OpJoin {
					return b.Data
				}
			}
		}
	}
	t.Fatal("no Join button")
	return ""
}

// TestMigratedPlayersListIsNotEditedInTheSupergroup: the players' list
// /board posted in the group has an id of the old group; after the
// migration the next /board must not give "a newer list is below" to
// whatever message has that id in the supergroup.
func TestMigratedPlayersListIsNotEditedInTheSupergroup(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	alice := h.Users[0]
	h.Say(alice, "/board")
	old := board.Of(h.Record()).DeedsMsg
	if old == 0 {
		t.Fatal("/board posted no players' list")
	}
	h.API.Migrate(testChat, superChat, alice)
	h.Settle()
	for {
		last, _ := h.API.LastMessage(superChat)
		if last.ID >= old {
			break
		}
		h.API.PushMessage(superChat, alice, "/rules")
		h.Settle()
	}
	h.API.PushMessage(superChat, alice, "/board")
	h.Settle()
	newer := h.bot.cat.T("en", "board_deeds_newer", nil)
	for _, m := range h.API.Messages(superChat) {
		if m.Text == newer {
			t.Errorf("message %d of the supergroup was turned into the old list's final text", m.ID)
		}
	}
	if f := h.failedCalls(superChat); len(f) != 0 {
		t.Errorf("calls into the supergroup refused: %v", f)
	}
}
