package deal_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

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
	if testing.Short() {
		t.Skip("starts processes")
	}
	api := fakeapi.New()
	defer api.Close()
	db := filepath.Join(t.TempDir(), "monopoly.db")
	// The async pace: a computer moves at the timer's next tick.
	store, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, Settings{Lang: "en", Options: ChatOptions{Pace: Pace{Name: PaceAsync}, KickAfter: -1}})
	}); err != nil {
		t.Fatal(err)
	}
	store.Close()
	kill := func(cmd *exec.Cmd) {
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
	}
	wait := func(what string, cond func() bool) {
		t.Helper()
		if !api.WaitFor(cond, 60*time.Second) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
	answered := func(update int) func() bool {
		return func() bool {
			for _, a := range api.CallbackAnswers() {
				if a.ID == "cq"+strconv.Itoa(update) {
					return true
				}
			}
			return false
		}
	}
	alice := fakeapi.User{ID: 11, FirstName: "Alice"}
	child := startChild(t, api, db)
	api.PushMessage(testChat, alice, "/newgame deal")
	// Each press on the lobby as it shows the one before (a button of an
	// older revision is refused as outdated).
	for i, op := range []Op{OpAddComputer, OpAddComputer, OpStart} {
		var b foundButton
		wait("the lobby's "+string(op), func() (ok bool) { b, ok = lastButton(api, op); return ok })
		wait("the press", answered(api.PushCallback(testChat, b.msg, alice, b.data)))
		if op == OpAddComputer {
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
	kill(child) // right after her press
	child = startChild(t, api, db)
	// Her whole turn, so that the computers move next, by the chat's
	// timer; the kill comes once the table shows two turns past the one
	// it showed before (the first computer's turn done, the second's
	// running — or, if the outbox folded edits together, later).
	before := tableTurn(api)
	press(3, false)
	wait("the computers to move by the timer", func() bool { return tableTurn(api) >= before+2 })
	kill(child)
	child = startChild(t, api, db)
	press(2, false)
	wait("all updates confirmed", func() bool { return api.Pending() == 0 })
	kill(child)

	vers, computerMoves, final := dealLog(t, db)
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
	store, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var rec *Record
	var entries []json.RawMessage
	err = store.View(func(tx *storage.Tx) error {
		if data, ok := tx.Game(testChat); ok {
			if rec, err = kit.DecodeRecord(data); err != nil {
				return err
			}
			return tx.Log(testChat, 1, func(_ uint64, e []byte) error { entries = append(entries, e); return nil })
		}
		return tx.ForEachArchive(testChat, func(_ uint64, data []byte) error {
			var arch archived
			if err := json.Unmarshal(data, &arch); err != nil {
				return err
			}
			rec, entries = arch.Record, arch.Log
			return nil
		})
	})
	if err != nil || rec == nil || deal.Of(rec) == nil {
		t.Fatalf("no Deal game in the database (%v)", err)
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
