package fakeapi

import (
	"slices"
	"sync"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// updateQueue is what a poller reads: the updates not yet confirmed by a
// getUpdates offset, with ids that only grow. Its state is guarded by the
// Server's one lock, mu points to it: the exported methods (the test API,
// promoted to Server) take it, the others expect it held. A long poll
// waits on a channel taken under the lock and released outside it.
type updateQueue struct {
	mu      *sync.Mutex
	bell    *changeBell
	last    int               // the newest update_id given
	pending []tgbotapi.Update // unconfirmed, ascending update_id
	pushed  chan struct{}     // closed and replaced whenever an update is queued
	stopped chan struct{}     // closed by stop: long polls return at once
}

func newUpdateQueue(mu *sync.Mutex, bell *changeBell) *updateQueue {
	return &updateQueue{mu: mu, bell: bell, pushed: make(chan struct{}), stopped: make(chan struct{})}
}

// Pending is the number of updates not yet confirmed by a getUpdates offset.
func (q *updateQueue) Pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.pending)
}

// ContinueUpdatesAfter makes the next pushed update's id follow id, as
// Telegram's ids go on growing: a bot started on a database written
// against another server (a fixture) has confirmed ids up to its offset.
func (q *updateQueue) ContinueUpdatesAfter(id int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.last = max(q.last, id)
}

// nextID is the update_id the next update will get; mu must be held.
func (q *updateQueue) nextID() int { return q.last + 1 }

// add queues u with the next update_id, which it returns, and wakes the
// long polls and the waits; mu must be held.
func (q *updateQueue) add(u tgbotapi.Update) int {
	q.last++
	u.UpdateID = q.last
	q.pending = append(q.pending, u)
	close(q.pushed)
	q.pushed = make(chan struct{})
	q.bell.ring()
	return u.UpdateID
}

// take confirms every update below offset (when positive: Telegram then
// forgets them) and returns up to limit of the rest, and a channel closed
// when another update is queued; mu must be held. Confirming wakes the
// waits (a test waits for the updates it pushed to be handled).
func (q *updateQueue) take(offset, limit int) ([]tgbotapi.Update, <-chan struct{}) {
	if offset > 0 {
		i := 0
		for i < len(q.pending) && q.pending[i].UpdateID < offset {
			i++
		}
		if i > 0 {
			q.pending = q.pending[i:]
			q.bell.ring()
		}
	}
	n := min(limit, len(q.pending))
	return slices.Clone(q.pending[:n]), q.pushed
}

// stop releases every long poll, now and later, so that the HTTP server
// can close (it waits for the requests in flight). Call it once.
func (q *updateQueue) stop() { close(q.stopped) }
