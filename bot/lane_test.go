package bot

import (
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// TestTradePressDoesNotHoldTheGroupsLane: a 🤝 press whose composer must
// go to the person's private chat, where a 429 (retry after 3 s) holds the
// send, leaves the group's lane of updates free: the current player's
// Roll, pushed while the private send waits, is answered and applied at
// once; the composer arrives once the private chat's ban is over.
func TestTradePressDoesNotHoldTheGroupsLane(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := newHarness(t, 11, nil)
		h.StartGame()
		h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = board.Of(r).Game.Current }) // something to trade: 🤝 shows
		rec := h.Record()
		current := h.UserOf(rec, int(board.Of(rec).Game.Current))
		other := h.UserOf(rec, int((board.Of(rec).Game.Current+1)%3))
		trade, tdata, ok := h.ButtonIn(testChat, board.OpTrade)
		if !ok {
			t.Fatal("no 🤝 button")
		}
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 3})
		h.API.PushCallback(testChat, trade, other, tdata)
		h.rollNotHeldBy429("sendMessage", "the composer's send", current)
		h.Settle()
		if _, ok := h.API.LastMessage(other.ID); !ok {
			t.Error("the composer never reached the private chat")
		}
	})
}

// rollNotHeldBy429 waits until a private chat's call of method met its 429,
// then has presser press the group's Roll: it must be answered and played
// while that call still waits out its ban (3 s), not behind it — the
// fake's record of calls shows the answer before the call's retry.
func (h *harness) rollNotHeldBy429(method, what string, presser fakeapi.User) {
	h.T.Helper()
	var banned fakeapi.Request
	if !h.API.WaitFor(func() bool {
		for _, r := range h.API.Calls(method) {
			if r.Status == 429 {
				banned = r
				return true
			}
		}
		return false
	}, 5*time.Second) {
		h.T.Fatalf("%s did not meet the 429", what)
	}
	v := h.version(testChat)
	msg, data, ok := h.ButtonIn(testChat, board.OpRoll)
	if !ok {
		h.T.Fatal("no Roll button")
	}
	update := h.API.PushCallback(testChat, msg, presser, data)
	// when are the times the fake received the press's answer and the
	// banned call's retry (zero while not yet).
	when := func() (answer, retry time.Time) {
		for _, r := range h.API.Calls("answerCallbackQuery") {
			if r.Params["callback_query_id"] == fakeapi.PressID(update) && r.Status == 200 {
				answer = r.Time
			}
		}
		for _, r := range h.API.Calls(method) {
			if r.Params["chat_id"] == banned.Params["chat_id"] && r.Time.After(banned.Time) && r.Status == 200 && retry.IsZero() {
				retry = r.Time
			}
		}
		return answer, retry
	}
	if !h.API.WaitFor(func() bool { a, _ := when(); return !a.IsZero() }, 10*time.Second) {
		h.T.Fatal("the group's Roll was not answered")
	}
	if answer, retry := when(); !retry.IsZero() && !answer.Before(retry) {
		h.T.Errorf("the group's Roll waited behind a private chat's 429: answered %v after %s was retried", answer.Sub(retry), what)
	}
	h.Settle()
	if h.version(testChat) == v {
		h.T.Error("the group's Roll did not play")
	}
}
