package bottest

import (
	"sync"
	"testing"
	"testing/synctest"
)

// InBubble runs f inside a testing/synctest bubble, where time is fake:
// it jumps ahead whenever every goroutine of the bubble is durably blocked
// (on the bubble's channels, timers, sync.Cond or WaitGroup), so a test
// that waits out Telegram's limits (20 calls a minute to a group, paced a
// second apart) costs only the processor time it uses. A harness New
// makes inside f is in-process (fakeapi.NewInProcess): a bubble must not
// touch a real socket, and network I/O is not a durable block.
//
// Call t.Parallel before, not inside: the bubble's t may not Run, go
// Parallel or read its Deadline. Every goroutine f starts must be gone
// when f and its cleanups return (the harness's Stop, a cleanup, stops
// the bot and ends its long poll). What f must not do: start a child
// process (the kill tests), use a real listener (bot/playground), or
// share a channel, timer or WaitGroup with another bubble or with a
// goroutine outside this one. Fake time starts at midnight UTC 2000-01-01.
func InBubble(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	synctest.Test(t, func(t *testing.T) {
		bubbles.Store(t, struct{}{})
		defer bubbles.Delete(t)
		f(t)
	})
}

// bubbles are the ts of the bubbles InBubble runs, so New knows to keep
// off the network.
var bubbles sync.Map

func inBubble(t testing.TB) bool {
	_, ok := bubbles.Load(t)
	return ok
}
