package deal_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestDealKillMidTurn kills the bot process (SIGKILL) in the middle of a
// 3-player Deal turn with a hand press in flight, twice, and restarts it on the same
// database: the game goes on from the private chats' hand messages, and
// every move pressed is applied exactly once (one log entry each).
func TestDealKillMidTurn(t *testing.T) {
	t.Parallel()
	c := bottest.NewChild(t)
	api, wait, answered := c.API, c.Wait, c.Answered
	users := []fakeapi.User{{ID: 11, FirstName: "Alice"}, {ID: 22, FirstName: "Bob"}, {ID: 33, FirstName: "Carol"}}

	c.Start()
	api.PushMessage(testChat, users[0], "/newgame deal")
	wait("the lobby", func() bool { _, ok := bottest.LastButton(api, bot.OpJoin); return ok })
	for _, u := range users[1:] {
		b, _ := bottest.LastButton(api, bot.OpJoin)
		wait("the join", answered(api.PushCallback(testChat, b.Msg, u, b.Data)))
		wait("the lobby with the player", func() bool {
			m, _ := api.LastMessage(testChat)
			return strings.Contains(m.Text, u.FirstName)
		})
	}
	b, _ := bottest.LastButton(api, bot.OpStart)
	wait("the start", answered(api.PushCallback(testChat, b.Msg, users[0], b.Data)))
	var payload string
	wait("the table's link", func() bool {
		for _, m := range api.Messages(testChat) {
			for _, row := range m.Keyboard {
				for _, btn := range row {
					if _, p, ok := strings.Cut(btn.URL, "?start="); ok {
						payload = p
						return true
					}
				}
			}
		}
		return false
	})
	for _, u := range users {
		api.PushMessage(u.ID, u, "/start "+payload)
		wait("the hand", func() bool { return len(api.Messages(u.ID)) >= 2 })
	}

	// Each move: whoever's hand has buttons presses, a card first (which
	// only shows its ways to play: no move), then the first move offered.
	// A move counts once the bot accepted it: a press on a hand the bot had
	// not yet redrawn (the machine is slow, or the process restarted) is
	// refused with an alert and stores nothing, rightly.
	moves, refused := 0, 0
	accepted := func(upd int) bool {
		if a, ok := api.AnswerTo(upd); ok {
			return !a.ShowAlert
		}
		return true // answered by no one: the killed process stored it, the next one saw a duplicate
	}
	var last string
	inFlight := 0
	play := func(n int, killAfterPush bool) {
		for i := 0; i < n; {
			var u fakeapi.User
			var btn *pressable
			wait("a new button", func() bool {
				for _, x := range users {
					if btn = handButton(api, x.ID); btn != nil && btn.data != last {
						u = x
						return true
					}
				}
				return false
			})
			last = btn.data
			upd := api.PushCallback(u.ID, btn.msg, u, btn.data)
			if btn.move {
				i++
				if killAfterPush && i == n {
					inFlight = upd
					return
				}
			}
			wait("an answer", answered(upd))
			if btn.move {
				if accepted(upd) {
					moves++
				} else {
					refused++
				}
			}
		}
	}
	play(6, false)
	play(1, true)
	c.Kill()
	c.Start()
	wait("the press in flight handled", func() bool { return api.Pending() == 0 })
	play(6, false)
	c.Kill()
	c.Start()
	play(4, false)
	wait("all updates confirmed", func() bool { return api.Pending() == 0 })
	wait("the last answer", func() bool { return len(api.CallbackAnswers()) > 0 })
	c.Kill()

	// The press in flight is judged last: by now the process that handled
	// it has long answered it, unless it was stored before the kill.
	if accepted(inFlight) {
		moves++
	} else {
		refused++
	}
	entries := bottest.LoggedActions(t, api, c.DB)
	t.Logf("%d moves accepted, %d refused as outdated, %d log entries", moves, refused, entries)
	// One entry per join, one for the start, one per move.
	if want := len(users) + moves; entries != want {
		t.Fatalf("action log has %d entries for %d moves (want %d): a move was lost or applied twice", entries, moves, want)
	}
}

type pressable struct {
	msg  int
	data string
	move bool // an engine move (not picking a card)
}

// handButton is the button a player presses next in their newest hand
// message: a card to pick, else the first move; nil if it has none.
func handButton(api *fakeapi.Server, user int64) *pressable {
	msgs := api.Messages(user)
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Keyboard == nil {
			continue
		}
		var act *pressable
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				p, err := kit.ParsePress(b.Data)
				if err != nil {
					continue
				}
				switch p.Op {
				case deal.OpCard:
					return &pressable{msg: msgs[i].ID, data: b.Data}
				case deal.OpAct, deal.OpPay:
					if act == nil {
						act = &pressable{msg: msgs[i].ID, data: b.Data, move: true}
					}
				}
			}
		}
		return act
	}
	return nil
}
