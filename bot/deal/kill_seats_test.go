package deal_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// TestDealKillWithComputers kills the bot process (SIGKILL) while two
// computer seats play Deal with a person, twice — once right after her
// press, once while the computers move by the chat's timer — and restarts
// it on the same database. The game goes on after each restart, the
// computers resuming from their timer entries, and every move, theirs
// included, is stored once with the game: the action log holds the game's
// versions 1, 2, … with none missing or twice, up to the game's own
// version. (That a due computer move is made once, not again after a
// restart, TestDealComputerMoveResumesOnceAfterRestart shows on a fake
// clock.)
func TestDealKillWithComputers(t *testing.T) {
	t.Parallel()
	// A computer moves at the timer's next tick: a tick of a fifth of the
	// production second (it only checks what is due) so that the test
	// waits for the moves, not for the clock.
	c := bottest.NewChild(t, bottest.ChildWithTimerTick(200*time.Millisecond))
	api, wait, answered := c.API, c.Wait, c.Answered
	// The async pace: a computer moves at the timer's next tick.
	bottest.UpdateStored(t, c.DB, func(tx *storage.Tx) error {
		return bottest.PutJSON(tx.PutSettings, testChat, kit.Settings{Lang: "en", Options: kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1}})
	})
	alice := fakeapi.User{ID: 11, FirstName: "Alice"}
	c.Start()
	api.PushMessage(testChat, alice, "/newgame deal")
	// Each press on the lobby as it shows the one before (a button of an
	// older revision is refused as outdated).
	for i, op := range []kit.Op{bot.OpAddComputer, bot.OpAddComputer, bot.OpStart} {
		var b bottest.Button
		wait("the lobby's "+string(op), func() (ok bool) { b, ok = bottest.LastButton(api, op); return ok })
		wait("the press", answered(api.PushCallback(testChat, b.Msg, alice, b.Data)))
		if op == bot.OpAddComputer {
			name := "🤖 Computer " + strconv.Itoa(i+1)
			wait("the lobby with "+name, func() bool {
				m, _ := api.LastMessage(testChat)
				return strings.Contains(m.Text, name)
			})
		}
	}
	var payload string
	wait("the table's link", func() bool {
		for _, m := range api.Messages(testChat) {
			for _, row := range m.Keyboard {
				for _, btn := range row {
					if _, p, ok := strings.Cut(btn.URL, "?start=d"); ok { // the hand's link
						payload = "d" + p
						return true
					}
				}
			}
		}
		return false
	})
	api.PushMessage(alice.ID, alice, "/start "+payload)

	// Alice presses what her hand offers (a card, then its first way to
	// play, or her answer) whenever it offers something new.
	last := ""
	press := func(moves int, killAfter bool) {
		for i := 0; i < moves; {
			var btn *pressable
			wait("Alice's hand to offer a move", func() bool {
				btn = handButton(api, alice.ID)
				return btn != nil && btn.data != last
			})
			last = btn.data
			upd := api.PushCallback(alice.ID, btn.msg, alice, btn.data)
			if btn.move {
				i++
				if killAfter && i == moves {
					return
				}
			}
			wait("the answer", answered(upd))
		}
	}
	press(3, true)
	c.Kill() // right after her press
	c.Start()
	// Her whole turn, so that the computers move next, by the chat's
	// timer; the kill comes once the table shows two turns past the one
	// it showed before (the first computer's turn done, the second's
	// running — or, if the outbox folded edits together, later).
	before := tableTurn(api)
	press(3, false)
	wait("the computers to move by the timer", func() bool { return tableTurn(api) >= before+2 })
	c.Kill()
	c.Start()
	press(2, false)
	wait("all updates confirmed", func() bool { return api.Pending() == 0 })
	c.Kill()

	vers, computerMoves, final := dealLog(t, c.DB)
	for i, v := range vers {
		if v != uint64(i+1) {
			t.Fatalf("the log holds versions %v: a move was lost or applied twice", vers)
		}
	}
	if uint64(len(vers)) != final || computerMoves == 0 {
		t.Fatalf("%d moves logged (%d by computers), the game's version is %d", len(vers), computerMoves, final)
	}
	t.Logf("%d moves logged, %d by the computers", len(vers), computerMoves)
}

// tableTurnRE is the turn number in the Deal table's title (English).
var tableTurnRE = regexp.MustCompile(`Monopoly Deal</b> · turn (\d+)`)

// tableTurn is the highest turn number a Deal table in testChat shows.
func tableTurn(api *fakeapi.Server) int {
	turn := 0
	for _, m := range api.Messages(testChat) {
		if sub := tableTurnRE.FindStringSubmatch(m.Text); sub != nil {
			n, _ := strconv.Atoi(sub[1])
			turn = max(turn, n)
		}
	}
	return turn
}

// dealLog reads the Deal game's action log from db (the running game's,
// or the archive's if it ended): the versions of the moves in order, how
// many the computer seats made, and the game's version.
func dealLog(t *testing.T, db string) (vers []uint64, computerMoves int, final uint64) {
	t.Helper()
	var rec *kit.Record
	var entries []json.RawMessage
	bottest.ViewStored(t, db, func(tx *storage.Tx) (err error) {
		if data, ok := tx.Game(testChat); ok {
			if rec, err = kit.DecodeRecord(data); err != nil {
				return err
			}
			return tx.Log(testChat, 1, func(_ uint64, e []byte) error { entries = append(entries, e); return nil })
		}
		return tx.ForEachArchive(testChat, func(_ uint64, data []byte) error {
			var arch bottest.ArchivedGame
			if err := json.Unmarshal(data, &arch); err != nil {
				return err
			}
			rec, entries = arch.Record, arch.Log
			return nil
		})
	})
	if rec == nil || deal.Of(rec) == nil {
		t.Fatal("no Deal game in the database")
	}
	for _, raw := range entries {
		var e struct {
			Seat   int             `json:"seat"`
			Ver    uint64          `json:"ver"`
			Action json.RawMessage `json:"action"`
		}
		if json.Unmarshal(raw, &e) != nil || e.Ver == 0 || e.Action == nil {
			continue // the lobby's, the start
		}
		vers = append(vers, e.Ver)
		if e.Seat > 0 && e.Seat < len(rec.Seats) && rec.Seats[e.Seat].Computer {
			computerMoves++
		}
	}
	return vers, computerMoves, deal.Of(rec).Game.Version
}
