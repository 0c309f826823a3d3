package bot

import (
	"sync"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// pressLimiter is a sliding window of presses per person: at most n in any
// period of length per. Someone pressing ten times a second gets the excess
// answered at once, without a transaction; other people are not affected.
type pressLimiter struct {
	n   int
	per time.Duration

	mu    sync.Mutex
	users map[int64][]time.Time // the last presses admitted, oldest first
	calls int
}

func newPressLimiter(r telegram.Rate) *pressLimiter {
	if r.N <= 0 || r.Per <= 0 {
		return nil
	}
	return &pressLimiter{n: r.N, per: r.Per, users: map[int64][]time.Time{}}
}

func (l *pressLimiter) allow(user int64, now time.Time) bool {
	if l == nil {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.calls++; l.calls%4096 == 0 {
		for u, ts := range l.users {
			if now.Sub(ts[len(ts)-1]) >= l.per {
				delete(l.users, u)
			}
		}
	}
	ts := l.users[user]
	if len(ts) >= l.n {
		if now.Sub(ts[0]) < l.per {
			return false
		}
		ts = append(ts[:0], ts[1:]...)
	}
	l.users[user] = append(ts, now)
	return true
}
