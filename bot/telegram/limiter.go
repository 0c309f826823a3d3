package telegram

import (
	"sync"
	"time"
)

// Rate is at most N calls in any period of length Per.
type Rate struct {
	N   int
	Per time.Duration
}

// NoLimit turns a limit off (a zero Rate means "the default").
var NoLimit = Rate{N: -1}

// window admits at most n calls in any interval of length per. It is a
// sliding window rather than a token bucket on purpose: a bucket holding 20
// tokens refilled at 20 a minute lets 39 messages into a group in the first
// minute, and Telegram answers the overshoot with a 429 whose retry_after
// stalls the game far longer than waiting would have.
//
// Slots are booked in advance (reserve returns a time that may be in the
// future), so concurrent callers queue up in order without holding a lock
// while they sleep.
type window struct {
	n     int
	per   time.Duration
	slots []time.Time // the last n booked times, oldest at head once full
	head  int
}

func newWindow(r Rate) *window {
	if r.N <= 0 || r.Per <= 0 {
		return nil
	}
	return &window{n: r.N, per: r.Per, slots: make([]time.Time, 0, r.N)}
}

// reserve books the earliest time at or after now that keeps the window
// within its limit.
func (w *window) reserve(now time.Time) time.Time {
	if w == nil {
		return now
	}
	if len(w.slots) < w.n {
		w.slots = append(w.slots, now)
		return now
	}
	t := w.slots[w.head].Add(w.per)
	if t.Before(now) {
		t = now
	}
	w.slots[w.head] = t
	w.head = (w.head + 1) % w.n
	return t
}

// idle reports whether forgetting the window changes nothing.
func (w *window) idle(now time.Time) bool {
	if w == nil || len(w.slots) == 0 {
		return true
	}
	newest := w.slots[len(w.slots)-1]
	if len(w.slots) == w.n {
		newest = w.slots[(w.head+w.n-1)%w.n]
	}
	return !newest.Add(w.per).After(now)
}

type lane struct {
	win     *window
	blocked time.Time // a 429's retry_after ends here
}

// limiter holds the bot-wide window, one window per chat, and the waits
// that 429 answers impose.
type limiter struct {
	mu            sync.Mutex
	global        *window
	globalBlocked time.Time
	group         Rate
	private       Rate
	chats         map[int64]*lane
	lookups       int

	// Telegram's 429 does not say which limit tripped. One chat hit is that
	// chat's limit; a second chat hit while the first is still blocked means
	// the bot-wide limit, and then every chat has to wait.
	last429Chat  int64
	last429Until time.Time
}

func newLimiter(global, group, private Rate) *limiter {
	return &limiter{global: newWindow(global), group: group, private: private, chats: map[int64]*lane{}}
}

// lane returns chat's lane; mu must be held.
func (l *limiter) lane(chat int64, now time.Time) *lane {
	l.lookups++
	if l.lookups%256 == 0 {
		for id, ln := range l.chats {
			if id != chat && ln.win.idle(now) && !ln.blocked.After(now) {
				delete(l.chats, id)
			}
		}
	}
	ln, ok := l.chats[chat]
	if !ok {
		r := l.group
		if chat > 0 {
			r = l.private
		}
		ln = &lane{win: newWindow(r)}
		l.chats[chat] = ln
	}
	return ln
}

// blockedUntil is when calls to chat (0: not tied to a chat) may resume.
func (l *limiter) blockedUntil(chat int64, now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.globalBlocked
	if chat != 0 {
		if b := l.lane(chat, now).blocked; b.After(t) {
			t = b
		}
	}
	return t
}

func (l *limiter) reserveChat(chat int64, now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lane(chat, now).win.reserve(now)
}

func (l *limiter) reserveGlobal(now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.global.reserve(now)
}

// block records a 429 answer for chat (0: a call not tied to a chat).
func (l *limiter) block(chat int64, d time.Duration, now time.Time) (global bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	until := now.Add(d)
	if chat == 0 || (l.last429Chat != chat && l.last429Until.After(now)) {
		global = true
		if until.After(l.globalBlocked) {
			l.globalBlocked = until
		}
	}
	if chat != 0 {
		ln := l.lane(chat, now)
		if until.After(ln.blocked) {
			ln.blocked = until
		}
		l.last429Chat, l.last429Until = chat, until
	}
	return global
}

func (l *limiter) lanes() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.chats)
}

// peek is what reserve would return, without booking anything.
func (w *window) peek(now time.Time) time.Time {
	if w == nil || len(w.slots) < w.n {
		return now
	}
	if t := w.slots[w.head].Add(w.per); t.After(now) {
		return t
	}
	return now
}

// readyAt is the earliest time a call to chat (0: not tied to a chat)
// would be admitted, without booking it.
func (l *limiter) readyAt(chat int64, now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := now
	later := func(u time.Time) {
		if u.After(t) {
			t = u
		}
	}
	later(l.globalBlocked)
	later(l.global.peek(now))
	if chat != 0 {
		ln := l.lane(chat, now)
		later(ln.blocked)
		later(ln.win.peek(now))
	}
	return t
}
