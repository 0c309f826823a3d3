package fakeapi

import (
	"strconv"
	"sync"
)

// pressLog is the callback queries the bot was sent and its answers to
// them, per presser. Its state is guarded by the Server's one lock, mu
// points to it: the exported methods (the test API, promoted to Server)
// take it, the others expect it held.
type pressLog struct {
	mu      *sync.Mutex
	queries map[string]query // by callback query id
	answers []PressAnswer
}

// query is a callback query the bot has yet to answer (or has answered).
type query struct {
	answered bool
	user     int64
	chat     int64
	msg      int
}

func newPressLog(mu *sync.Mutex) *pressLog {
	return &pressLog{mu: mu, queries: map[string]query{}}
}

// CallbackAnswers returns the successful answerCallbackQuery calls.
func (pl *pressLog) CallbackAnswers() []CallbackAnswer {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	out := make([]CallbackAnswer, len(pl.answers))
	for i, a := range pl.answers {
		out[i] = a.CallbackAnswer
	}
	return out
}

// AnswerTo is the answer to the press pushed as update (PushPress and its
// kind return the update's id), and whether it has one.
func (pl *pressLog) AnswerTo(update int) (CallbackAnswer, bool) {
	id := PressID(update)
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for _, a := range pl.answers {
		if a.ID == id {
			return a.CallbackAnswer, true
		}
	}
	return CallbackAnswer{}, false
}

// PressID is the callback query id of the press pushed as update: the fake
// names each query after its update, so a test finds a press's answer,
// or its call, by the id the push returned.
func PressID(update int) string { return "cq" + strconv.Itoa(update) }

// AnswersTo returns the answers to one person's presses, oldest first:
// what their Telegram showed them as toasts and alerts.
func (pl *pressLog) AnswersTo(userID int64) []PressAnswer {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	var out []PressAnswer
	for _, a := range pl.answers {
		if a.UserID == userID {
			out = append(out, a)
		}
	}
	return out
}

// expect notes a press sent to the bot, which it may answer once; mu must
// be held.
func (pl *pressLog) expect(id string, q query) { pl.queries[id] = q }

// answer records the bot's answer to the press a, whose ID names it, and
// completes a with the press; mu must be held. Telegram accepts one answer
// per query; a second one fails like an expired query does.
func (pl *pressLog) answer(a CallbackAnswer) (PressAnswer, *ErrorResponse) {
	q, known := pl.queries[a.ID]
	if !known || q.answered {
		return PressAnswer{}, badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	q.answered = true
	pl.queries[a.ID] = q
	pa := PressAnswer{a, q.user, q.chat, q.msg}
	pl.answers = append(pl.answers, pa)
	return pa, nil
}
