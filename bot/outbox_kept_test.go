package bot

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// pendingCount is how many kept messages the database holds.
func pendingCount(t *testing.T, store *storage.Store) int {
	t.Helper()
	n := 0
	err := store.View(func(tx *storage.Tx) error {
		return tx.ForEachPending(func(int64, uint64, []byte) error { n++; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// messagesWith counts chat's messages containing part.
func messagesWith(api *fakeapi.Server, chat int64, part string) int {
	n := 0
	for _, m := range api.Messages(chat) {
		if strings.Contains(m.Text, part) {
			n++
		}
	}
	return n
}

// TestKeptMessageSurvivesAStop: /endgame's standings wait for the chat's
// budget (a 429 with retry after 4 s) when the bot stops; they are in the
// database, the next start sends them once, within the ban's remains, and
// then forgets them.
func TestKeptMessageSurvivesAStop(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarnessWith(t, 7, nil, func(cfg *AppConfig) { cfg.ShutdownTimeout = 200 * time.Millisecond })
		h.StartGame()
		h.Say(h.Users[0], "/endgame")
		msg, data, ok := h.ButtonIn(testChat, OpEndGameYes)
		if !ok {
			t.Fatal("no confirmation button")
		}
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 4})
		update := h.API.PushCallback(testChat, msg, h.Users[0], data)
		if !h.API.WaitFor(func() bool { _, ok := h.API.AnswerTo(update); return ok }, 5*time.Second) {
			t.Fatal("the confirmation was not answered")
		}
		if n := pendingCount(t, h.bot.store); n != 1 {
			t.Fatalf("%d kept messages after /endgame, want its standings", n)
		}
		h.Stop()
		done := h.bot.cat.T("en", "standings_title", nil)
		if n := messagesWith(h.API, testChat, done); n != 0 {
			t.Fatalf("the standings went out before the stop (%d), the test proves nothing", n)
		}
		h.Start()
		h.Settle()
		if n := messagesWith(h.API, testChat, done); n != 1 {
			t.Fatalf("the standings arrived %d times after the restart, want once", n)
		}
		if n := pendingCount(t, h.bot.store); n != 0 {
			t.Fatalf("%d kept messages left after delivery", n)
		}

	})
}

// TestGameOverAnnouncementIsKept: the change that ends a game keeps, before
// it is stored, exactly the closing messages its finish will send after
// the commit — the kind's game-over announcement with the standings — and
// finish sends them under the kept numbers, so their delivery deletes them.
func TestGameOverAnnouncementIsKept(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	data, err := os.ReadFile(filepath.Join("..", "storage", "testdata", "finished-game.json"))
	if err != nil {
		t.Fatal(err)
	}
	var arch struct {
		Record json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal(data, &arch); err != nil {
		t.Fatal(err)
	}
	rec, err := kit.DecodeRecord(arch.Record)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != kit.StatusPlaying || board.Of(rec).Game.Phase != engine.PhaseGameOver {
		t.Fatalf("the fixture is not a game that just ended: %s, phase %d", rec.Status, board.Of(rec).Game.Phase)
	}
	st := &kit.Change{Chat: testChat, Rec: rec, Remove: true, GameOver: true, Turn: true}
	owed, err := h.bot.publisher.Owed(st)
	if err != nil {
		t.Fatal(err)
	}
	if len(owed) != 1 || !strings.Contains(owed[0].Text, "🏆") || !strings.Contains(owed[0].Text, h.bot.cat.T("en", "standings_title", nil)) {
		t.Fatalf("kept before the commit: %+v, want the game-over announcement with the standings", owed)
	}
	var seqs []uint64
	err = h.bot.store.Update(func(tx *storage.Tx) error {
		kept, err := commit.Keep(tx, testChat, owed)
		st.Kept = kept
		for _, k := range kept {
			seqs = append(seqs, k.Seq)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h.bot.finish(context.Background(), st, nil, "")
	h.Settle()
	if n := messagesWith(h.API, testChat, owed[0].Text); n != 1 {
		t.Fatalf("the announcement was sent %d times, want once", n)
	}
	if n := pendingCount(t, h.bot.store); n != 0 {
		t.Fatalf("%d kept messages left after finish delivered them (kept %v)", n, seqs)
	}
}

// TestWhichRepliesAreKept: answers that move no game stay in memory; a
// reply of a change that stores the game (an admin's /pause) is kept until
// delivered.
func TestWhichRepliesAreKept(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarness(t, 7, nil)
		h.StartGame()
		h.API.SetAdmins(testChat, h.Users[1].ID)
		for _, c := range []struct {
			command string
			kept    int
		}{{"/stats", 0}, {"/rules", 0}, {"/help", 0}, {"/pause", 1}} {
			// The reply waits a second for the chat (a 429), long enough to
			// see whether it was kept.
			h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 1})
			h.API.PushMessage(testChat, h.Users[1], c.command)
			if !h.API.WaitFor(func() bool { return h.API.Pending() == 0 }, 5*time.Second) {
				t.Fatalf("%s was not handled", c.command)
			}
			if n := pendingCount(t, h.bot.store); n != c.kept {
				t.Errorf("%s: %d replies kept, want %d", c.command, n, c.kept)
			}
			h.Settle()
			if n := pendingCount(t, h.bot.store); n != 0 {
				t.Errorf("%s: %d kept replies left after delivery", c.command, n)
			}
		}
	})
}

// TestReminderSurvivesAStop: a reminder that waits for the chat's budget
// (a 429) when the bot stops is owed (counted, its message id never
// stored), and the next start sends it once; the clock does not send it
// again, as it was counted when it was made.
func TestReminderSurvivesAStop(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
		h := newHarnessWith(t, 42, nil, func(c *AppConfig) {
			c.AuctionSilence, c.Now, c.ShutdownTimeout = 0, clock.Now, 200*time.Millisecond
		})
		if err := h.bot.store.Update(func(tx *storage.Tx) error {
			return putJSON(tx.PutSettings, testChat, kit.Settings{Lang: "en", Options: kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}}})
		}); err != nil {
			t.Fatal(err)
		}
		h.StartGame()
		rec := h.Record()
		user := rec.Seats[board.Of(rec).Game.Current].User
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 4})
		clock.Add(12*time.Hour + time.Second) // half time: the first reminder
		if !h.API.WaitFor(func() bool { return h.Record().Clock.Reminded == 1 }, 5*time.Second) {
			t.Fatal("no reminder at half time")
		}
		if r := h.Record(); r.Clock.Reminder != 0 {
			t.Fatalf("the waiting reminder has a message id %d", r.Clock.Reminder)
		}
		h.Stop()
		if n := h.Mentions(user, "waiting for you"); n != 0 {
			t.Fatalf("the reminder went out before the stop (%d): the test proves nothing", n)
		}
		h.Start()
		h.Settle()
		if n := h.Mentions(user, "waiting for you"); n != 1 {
			t.Fatalf("the reminder arrived %d times after the restart, want once", n)
		}
		if !h.API.WaitFor(func() bool { return h.Record().Clock.Reminder != 0 }, 5*time.Second) {
			t.Fatal("the reminder's message id was not stored")
		}
		h.Stop()
		h.Start() // its id is stored now: nothing is owed
		h.Settle()
		if n := h.Mentions(user, "waiting for you"); n != 1 {
			t.Fatalf("the reminder arrived %d times after a second restart, want once", n)
		}
	})
}
