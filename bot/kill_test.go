package bot

import (
	"context"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestHelperProcess is the bot as a child process of TestKillMidGame; it
// does nothing in a normal test run.
func TestHelperProcess(t *testing.T) {
	bottest.RunChild(t, func(ctx context.Context, env bottest.ChildEnv) error {
		return Run(ctx, ChildConfig(env.Endpoint, env.DB, env.TelegramSpeed, env.TimerTick))
	})
}

var mentionRE = regexp.MustCompile(`tg://user\?id=(\d+)`)

// TestKillMidGame kills the bot process (SIGKILL, no goodbye) in the middle
// of a game, twice, and restarts it on the same database: the game goes on
// from the last acknowledged press, no press is lost or applied twice (the
// action log has exactly one entry per press), and the buttons of messages
// sent before the kill still work. The last stop is a SIGTERM, which must
// exit 0 within a few seconds.
func TestKillMidGame(t *testing.T) {
	t.Parallel()
	c := bottest.NewChild(t)
	api, wait, answered := c.API, c.Wait, c.Answered
	users := map[int64]fakeapi.User{11: {ID: 11, FirstName: "Alice"}, 22: {ID: 22, FirstName: "Bob"}}
	// button finds a game-moving button on the newest message (the turn
	// message: this game has no other messages); the player whose turn it
	// is is the first mention of its text. Older messages are not looked
	// at: one sent just before a kill, whose id was never stored, keeps its
	// buttons (pressing them is refused as outdated).
	button := func() (msg int, data string, user fakeapi.User, ok bool) {
		msgs := api.Messages(testChat)
		for i := len(msgs) - 1; i >= 0 && i >= len(msgs)-1; i-- {
			for _, op := range []kit.Op{board.OpRoll, board.OpBuy, board.OpEndTurn, board.OpPayFine, board.OpPayDebt} {
				for _, row := range msgs[i].Keyboard {
					for _, b := range row {
						if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
							m := mentionRE.FindStringSubmatch(msgs[i].Text)
							if m == nil {
								continue
							}
							id, _ := strconv.ParseInt(m[1], 10, 64)
							return msgs[i].ID, b.Data, users[id], true
						}
					}
				}
			}
			if msgs[i].Keyboard != nil {
				return 0, "", fakeapi.User{}, false
			}
		}
		return 0, "", fakeapi.User{}, false
	}

	c.Start()
	api.PushMessage(testChat, users[11], "/newgame")
	wait("the lobby", func() bool { _, ok := bottest.LastButton(api, OpJoin); return ok })
	b, _ := bottest.LastButton(api, OpJoin)
	acked := api.PushCallback(testChat, b.Msg, users[22], b.Data)
	wait("the join", answered(acked))
	// Start on the keyboard as it is on screen: it starts with the seats as
	// they are now, the join included (issue 25).
	b, _ = bottest.LastButton(api, OpStart)
	acked = api.PushCallback(testChat, b.Msg, users[11], b.Data)
	wait("the start", answered(acked))

	presses := 0
	var lastData string
	play := func(n int, killAfterPush bool) {
		for i := 0; i < n; i++ {
			var msg int
			var data string
			var u fakeapi.User
			wait("a new button", func() bool {
				var ok bool
				msg, data, u, ok = button()
				return ok && data != lastData
			})
			lastData = data
			upd := api.PushCallback(testChat, msg, u, data)
			presses++
			if killAfterPush && i == n-1 {
				return // the caller kills now, mid-flight
			}
			wait("an answer", answered(upd))
		}
	}
	play(8, false)
	play(1, true)
	c.Kill()
	t.Logf("killed with a press in flight after %d presses", presses)

	c.Start()
	play(8, false) // the first of these waits for the in-flight press's result
	c.Kill()
	t.Logf("killed right after an acknowledged press; %d presses", presses)

	c.Start()
	// The buttons on screen were sent by the killed process.
	play(5, false)
	wait("all updates confirmed", func() bool { return api.Pending() == 0 })
	stopAt := time.Now()
	c.Term()
	if d := time.Since(stopAt); d > 5*time.Second {
		t.Errorf("SIGTERM took %v", d)
	}

	entries := loggedActions(t, api, c.DB)
	// One entry for the join, one for the start, one per press.
	if want := 2 + presses; entries != want {
		t.Fatalf("action log has %d entries for %d presses (want %d): a press was lost or applied twice", entries, presses, want)
	}
}

// loggedActions counts the entries of the test chat's action log in the
// database a stopped bot left, and fails the test for any press that was
// refused with an alert.
var loggedActions = bottest.LoggedActions
