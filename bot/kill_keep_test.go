package bot

import (
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// childBot is the bot as a child process (bottest.Child) that a test
// kills with SIGKILL and starts again on the same database, with the moves
// of a board game through its buttons.
type childBot struct{ *bottest.Child }

func newChildBot(t *testing.T, env ...string) *childBot {
	return &childBot{bottest.NewChild(t, env...)}
}

// button is the newest of chat's messages with a button of op.
func (c *childBot) button(chat int64, op kit.Op) (msg int, data string, p kit.Press, ok bool) {
	msgs := c.API.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					return msgs[i].ID, b.Data, p, true
				}
			}
		}
	}
	return 0, "", kit.Press{}, false
}

// decisionButtons carry the key of the decision they answer
// (board.DecisionKey).
var decisionButtons = []kit.Op{board.OpRoll, board.OpBuy, board.OpDecline, board.OpEndTurn, board.OpPayFine, board.OpPayDebt, board.OpJailCard, board.OpStayInJail, board.OpBankrupt}

// press pushes a press of op's newest button and waits for its answer.
func (c *childBot) press(chat int64, u fakeapi.User, op kit.Op) {
	c.T.Helper()
	var msg int
	var data string
	c.Wait(string(op)+" button", func() bool {
		var ok bool
		msg, data, _, ok = c.button(chat, op)
		return ok
	})
	c.Wait("the answer to "+string(op), c.Answered(c.API.PushCallback(chat, msg, u, data)))
}

// startGame opens a lobby in chat, seats a and b and starts the game.
func (c *childBot) startGame(chat int64, a, b fakeapi.User) {
	c.T.Helper()
	c.API.PushMessage(chat, a, "/newgame")
	c.Wait("the lobby", func() bool { _, _, _, ok := c.button(chat, OpJoin); return ok })
	c.press(chat, b, OpJoin)
	// Start on the lobby's keyboard as it is on screen: it starts with the
	// seats as they are now, the join included (issue 25).
	c.press(chat, a, OpStart)
}

// turnButton is a game-moving button on chat's newest message with
// buttons, and the player it names (the first mention).
func (c *childBot) turnButton(chat int64, users map[int64]fakeapi.User) (msg int, data string, u fakeapi.User, ok bool) {
	msgs := c.API.Messages(chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Keyboard == nil {
			continue
		}
		m := mentionRE.FindStringSubmatch(msgs[i].Text)
		if m == nil {
			return 0, "", fakeapi.User{}, false
		}
		id, _ := strconv.ParseInt(m[1], 10, 64)
		for _, op := range []kit.Op{board.OpRoll, board.OpBuy, board.OpEndTurn, board.OpPayFine, board.OpPayDebt} {
			for _, row := range msgs[i].Keyboard {
				for _, b := range row {
					if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
						return msgs[i].ID, b.Data, users[id], true
					}
				}
			}
		}
		return 0, "", fakeapi.User{}, false
	}
	return 0, "", fakeapi.User{}, false
}

// playBusily presses the newest turn buttons of chats as soon as they
// change, for d: as fast as the chats show the game, not waiting for
// answers.
func (c *childBot) playBusily(chats []int64, users map[int64]fakeapi.User, d time.Duration) (presses int) {
	last := map[int64]string{}
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		for _, chat := range chats {
			msg, data, u, ok := c.turnButton(chat, users)
			if ok && data != last[chat] {
				last[chat] = data
				c.API.PushCallback(chat, msg, u, data)
				presses++
			}
		}
	}
	return presses
}

// quiet waits until every update was handled and no message was sent or
// edited for quiet (the outbox delivered everything it had).
func (c *childBot) quiet(quiet time.Duration) {
	c.T.Helper()
	count := func() int { return len(c.API.Calls("sendMessage")) + len(c.API.Calls("editMessageText")) }
	n, since := count(), time.Now()
	c.Wait("the bot to fall quiet", func() bool {
		if m := count(); m != n || c.API.Pending() != 0 {
			n, since = m, time.Now()
		}
		return time.Since(since) >= quiet
	})
}

// TestKillKeepsTheStandings: the bot is killed (SIGKILL) after /endgame was
// committed but while its standings still wait for the chat's budget (a
// 429 with retry after 2 s); the next process sends them once and leaves
// no kept message behind.
func TestKillKeepsTheStandings(t *testing.T) {
	t.Parallel()
	c := newChildBot(t)
	alice, bob := fakeapi.User{ID: 11, FirstName: "Alice"}, fakeapi.User{ID: 22, FirstName: "Bob"}
	c.Start()
	c.startGame(testChat, alice, bob)
	c.API.PushMessage(testChat, alice, "/endgame")
	c.Wait("the /endgame question", func() bool { _, _, _, ok := c.button(testChat, OpEndGameYes); return ok })
	c.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 2})
	c.press(testChat, alice, OpEndGameYes)
	c.Kill()
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	standings := cat.T(locales.Default, "standings_title", nil)
	if n := messagesWith(c.API, testChat, standings); n != 0 {
		t.Fatalf("the standings went out before the kill (%d times): the test proves nothing", n)
	}
	c.Start()
	c.Wait("the standings", func() bool { return messagesWith(c.API, testChat, standings) > 0 })
	c.quiet(500 * time.Millisecond) // a second copy would follow at once: the bot keeps no limits here
	c.Term()
	if n := messagesWith(c.API, testChat, standings); n != 1 {
		t.Fatalf("the standings arrived %d times, want once", n)
	}
	bottest.WithStore(t, c.DB, func(store *storage.Store) error {
		if n := pendingCount(t, store); n != 0 {
			t.Fatalf("%d kept messages left after delivery", n)
		}
		return nil
	})
}

// killSpeed is how many times Telegram's speed TestKillsKeepTelegramLimits
// plays at (bottest.TelegramSpeed): fast enough that a spell of play of a
// few seconds fills a busy group's minute before the first kill, slow
// enough that the bot keeps up with two busy groups (at 32 times the
// minutes held only 12 to 17 calls) and that the client's margins stay
// above a loaded machine's jitter (telegram.LimitsAt). At 24 times it drew
// a 429 in 2 of 5 runs of ./bot/... on a loaded 2-core machine (load 8): a
// 21st call 2.27 s after the first of a 2.5 s minute.
const killSpeed = 12

// TestKillsKeepTelegramLimits is issue 12's goal with kills instead of
// clean stops: against a fake Bot API that enforces Telegram's limits, two
// groups play busily while the bot is killed (SIGKILL) and started again
// three times; one group's /endgame is committed just before a kill. No
// answer is a 429, no request falls inside a ban, the standings arrive
// once, and nothing the chats should see is lost: the other group's turn
// message, the one its record names, shows the game's last revision.
// Both sides run Telegram's time at killSpeed times its speed, the first
// spell of play more than a minute of it, so the groups' minutes are full
// when the bot is killed; after each kill the flood state the bot left
// must know of every call Telegram counts in them (floodKnown).
func TestKillsKeepTelegramLimits(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts processes and plays for several minutes of Telegram's time")
	}
	cat, err := testCatalog()
	if err != nil {
		t.Fatal(err)
	}
	standings := cat.T(locales.Default, "standings_title", nil)
	speed := bottest.TelegramSpeed(t, killSpeed)
	tg := func(d time.Duration) time.Duration { return d / time.Duration(speed) } // Telegram's time in real time
	c := newChildBot(t, bottest.ChildWithTelegramAt(speed))
	c.API.Enforce(fakeapi.TelegramLimitsAt(speed))
	a, b := testChat, testChat-1
	users := map[int64]fakeapi.User{11: {ID: 11, FirstName: "Ann"}, 22: {ID: 22, FirstName: "Ben"},
		33: {ID: 33, FirstName: "Cid"}, 44: {ID: 44, FirstName: "Dee"}}
	c.Start()
	c.startGame(a, users[11], users[22])
	c.startGame(b, users[33], users[44])
	chats := []int64{a, b}
	presses := 0
	var kills []time.Time
	for kill := 1; kill <= 3; kill++ {
		// The first spell fills the groups' minutes; the next ones, each
		// begun by a bot restarted on minutes still three quarters full,
		// need not be as long.
		spell := 40 * time.Second
		if kill == 1 {
			spell = 80 * time.Second
		}
		presses += c.playBusily(chats, users, tg(spell))
		t.Logf("kill %d: %d and %d calls in the groups' minutes", kill, c.API.CallsInMinute(a), c.API.CallsInMinute(b))
		if kill == 2 {
			c.API.PushMessage(b, users[33], "/endgame")
			c.Wait("the /endgame question", func() bool { _, _, _, ok := c.button(b, OpEndGameYes); return ok })
			c.press(b, users[33], OpEndGameYes)
			chats = []int64{a}
			if n := messagesWith(c.API, b, standings); n == 0 {
				t.Log("killed with /endgame's standings still waiting for the budget")
			}
		}
		c.Kill()
		kills = append(kills, time.Now())
		c.floodKnown(speed, chats)
		c.Start()
	}
	presses += c.playBusily(chats, users, tg(40*time.Second))
	busy := c.API.CallsInMinute(a)
	// Quiet for a minute: the outbox may wait that long for the budget.
	c.quiet(tg(telegram.GroupMinute))
	c.Term()
	t.Logf("%d presses, 3 kills at %d× Telegram's speed; %d sends and edits in the group's last minute of play, %v at most in any", presses, speed, busy, c.API.FullestMinute())

	if f := c.API.Flood(); f.TooMany != 0 || f.InsideBan != 0 {
		t.Errorf("%d answers were 429 and %d requests came inside a ban; want none (429s by chat: %v)", f.TooMany, f.InsideBan, c.API.TooManyPerChat())
		logAround429(t, c.API, kills, tg(telegram.GroupMinute))
	}
	if n := messagesWith(c.API, b, standings); n != 1 {
		t.Errorf("the standings of /endgame arrived %d times, want once", n)
	}
	var rec *kit.Record
	bottest.WithStore(t, c.DB, func(store *storage.Store) error {
		if n := pendingCount(t, store); n != 0 {
			t.Errorf("%d kept messages left undelivered", n)
		}
		return store.View(func(tx *storage.Tx) error {
			data, ok := tx.Game(a)
			if !ok {
				return nil
			}
			var err error
			rec, err = kit.DecodeRecord(data)
			return err
		})
	})
	if rec == nil || board.Of(rec).Game == nil {
		t.Fatalf("chat %d: no game stored", a)
	}
	if rec.Rev < 5 { // 3 at the start
		t.Errorf("the game reached revision %d only: it did not move on across the kills", rec.Rev)
	}
	for _, m := range c.API.Messages(a) {
		if m.ID != board.Of(rec).TurnMsg {
			continue
		}
		for _, row := range m.Keyboard {
			for _, btn := range row {
				p, err := kit.ParsePress(btn.Data)
				if err != nil || p.Game != rec.ID {
					t.Fatalf("the turn message shows a button %q of game %d, the game is %d", btn.Data, p.Game, rec.ID)
				}
				if slices.Contains(decisionButtons, p.Op) && p.Rev != board.DecisionKey(board.Of(rec).Game) {
					t.Fatalf("the turn message shows a decision the game left (%q): a message was lost", btn.Data)
				}
			}
		}
		return
	}
	t.Fatalf("the record's turn message %d is not in the chat", board.Of(rec).TurnMsg)
}

// floodKnown checks, between a kill and the next start, that the flood
// state the killed bot left tells a client restored from it of every call
// the fake Bot API counts in each of chats' minutes (saved, or assumed
// for the time after the last save). A next process that knew fewer could
// call too soon, though it may not happen to, as the minute moves on while
// it starts.
func (c *childBot) floodKnown(speed int, chats []int64) {
	c.T.Helper()
	counted := map[int64]int{}
	for _, chat := range chats {
		counted[chat] = c.API.CallsInMinute(chat)
	}
	bottest.WithStore(c.T, c.DB, func(store *storage.Store) error {
		opts := telegram.LimitsAt(speed)
		opts.Flood, opts.Logger = readOnlyFlood{store}, slog.New(slog.DiscardHandler)
		restored := telegram.NewClient(nil, opts)
		for _, chat := range chats {
			if known := restored.CallsInWindow(chat); known < counted[chat] {
				c.T.Errorf("chat %d: after the kill the flood state knows of %d calls in the group's minute, Telegram counted %d", chat, known, counted[chat])
			}
		}
		return nil
	})
}

// readOnlyFlood restores a flood state and saves nothing.
type readOnlyFlood struct{ telegram.FloodStore }

func (readOnlyFlood) SaveFlood(map[int64][]byte) error { return nil }

// logAround429 logs the calls into the chat of each 429 in the minute
// before it, and the kills, in milliseconds from the 429: what the bot
// knew of and what it did not.
func logAround429(t *testing.T, api *fakeapi.Server, kills []time.Time, minute time.Duration) {
	t.Helper()
	reqs := api.Requests()
	for _, r := range reqs {
		if r.Status != 429 {
			continue
		}
		ms := func(at time.Time) int64 { return at.Sub(r.Time).Milliseconds() }
		var line []string
		for _, k := range kills {
			if d := r.Time.Sub(k); d >= 0 && d < 2*minute {
				line = append(line, fmt.Sprintf("kill@%d", ms(k)))
			}
		}
		for _, q := range reqs {
			if q.Params["chat_id"] == r.Params["chat_id"] && q.Method != "answerCallbackQuery" && q.Time.After(r.Time.Add(-minute)) && !q.Time.After(r.Time) {
				line = append(line, fmt.Sprintf("%s@%d:%d", q.Method, ms(q.Time), q.Status))
			}
		}
		t.Logf("429 in chat %s at %s: %s", r.Params["chat_id"], r.Time.Format("15:04:05.000"), strings.Join(line, " "))
	}
}
