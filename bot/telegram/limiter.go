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

// LimitsAt are the client's defaults for Telegram at k times its speed:
// the same counts, in windows k times shorter, paced k times faster, with
// the flood state saved k times as often (ClientOptions's other fields are
// left zero, the defaults). Tests whose bot runs as a child process, which
// no fake clock reaches, use it with fakeapi.TelegramLimitsAt(k) to play
// minutes of a busy group in seconds. k ≤ 1 is Telegram's own speed.
//
// Only the group window's margin over Telegram's minute (GroupMinute) is
// kept at least minJitter: it is for the delay between booking a call and
// its arrival, which a loaded machine does not shorten (at 32 times the
// speed, 31 ms of margin drew 429s from calls that left 140 ms late, and at
// 24 times 150 ms was not enough for a loaded 2-core machine either).
func LimitsAt(k int) ClientOptions {
	o := ClientOptions{}
	o.defaults()
	d := time.Duration(max(k, 1))
	const minJitter = 300 * time.Millisecond
	return ClientOptions{
		Global:         Rate{o.Global.N, o.Global.Per / d},
		Group:          Rate{o.Group.N, max(o.Group.Per/d, time.Minute/d+minJitter)},
		Private:        Rate{o.Private.N, o.Private.Per / d},
		GroupPace:      Pace{Every: o.GroupPace.Every / d, Burst: o.GroupPace.Burst},
		GroupSpread:    Pace{Every: o.GroupSpread.Every / d, Burst: o.GroupSpread.Burst},
		FloodSaveEvery: o.FloodSaveEvery / d,
	}
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

// ordered returns the booked times, oldest first.
func (w *window) ordered() []time.Time {
	if w == nil {
		return nil
	}
	if len(w.slots) < w.n {
		return append([]time.Time(nil), w.slots...)
	}
	return append(append([]time.Time(nil), w.slots[w.head:]...), w.slots[:w.head]...)
}

// Pace is a token bucket for one chat: at most Burst calls at once, then
// one every Every. It is kept as the bucket's theoretical arrival time
// (GCRA), so a lane costs one time.Time however large the burst.
type Pace struct {
	Every time.Duration
	Burst int
}

// NoPace turns a pace off (a zero Pace means "the default").
var NoPace = Pace{Every: -1}

func (p Pace) on() bool { return p.Every > 0 && p.Burst > 0 }

type bucket struct {
	Pace
	tat time.Time // theoretical arrival time of the next call
}

func newBucket(p Pace) bucket {
	if !p.on() {
		return bucket{}
	}
	return bucket{Pace: p}
}

// earliest is the first time at or after now that the bucket admits a call.
func (b *bucket) earliest(now time.Time) time.Time {
	if !b.on() {
		return now
	}
	if t := b.tat.Add(-time.Duration(b.Burst-1) * b.Every); t.After(now) {
		return t
	}
	return now
}

// book spends a call at t (not before earliest).
func (b *bucket) book(t time.Time) {
	if !b.on() {
		return
	}
	if b.tat.Before(t) {
		b.tat = t
	}
	b.tat = b.tat.Add(b.Every)
}

func (b *bucket) idle(now time.Time) bool { return !b.on() || !b.tat.After(now) }

// lane is one chat's flood state. A group has all three limits: the
// sliding window (20 a minute), the pace (about one a second, a burst of
// 3) and the spread (the minute's budget handed out one every 3 s after a
// small burst, so a busy game is updated every few seconds instead of 20
// times in 20 s and then not for 40). A private chat has its window only.
type lane struct {
	win     *window
	pace    bucket
	spread  bucket
	blocked time.Time // a 429's retry_after ends here
	dirty   bool      // changed since the flood state was last saved
}

func (ln *lane) idle(now time.Time) bool {
	return ln.win.idle(now) && ln.pace.idle(now) && ln.spread.idle(now) && !ln.blocked.After(now)
}

// earliest is the first time at or after now that every limit of the
// lane admits a call, ignoring blocks.
func (ln *lane) earliest(now time.Time) time.Time {
	t := ln.win.peek(now)
	for _, u := range []time.Time{ln.pace.earliest(now), ln.spread.earliest(now)} {
		if u.After(t) {
			t = u
		}
	}
	return t
}

func (ln *lane) reserve(now time.Time) time.Time {
	t := ln.earliest(now)
	t = ln.win.reserve(t) // t is at or past the window's own earliest: returns t
	ln.pace.book(t)
	ln.spread.book(t)
	ln.dirty = true
	return t
}

func (ln *lane) clone() *lane {
	c := *ln
	if ln.win != nil {
		w := *ln.win
		w.slots = append(make([]time.Time, 0, w.n), ln.win.slots...)
		c.win = &w
	}
	return &c
}

// assumeBusy books the calls the lane's limits would have admitted between
// from and to, at to: calls a killed process may have made after its last
// save.
func (ln *lane) assumeBusy(from, to time.Time) {
	probe, k := ln.clone(), 0
	for ; k < 100 && !probe.earliest(from).After(to); k++ {
		probe.reserve(from)
	}
	for range k {
		ln.reserve(to)
	}
}

// limits are what a limiter enforces.
type limits struct {
	global, group, private Rate
	groupPace, groupSpread Pace
}

// flood is the limiter's persistence; mu of the limiter guards it.
type flood struct {
	on    bool // a FloodStore is set: track what to save
	every time.Duration
	wake  chan struct{} // a 429 wants a save now

	// After a restore: the last save was at savedAt, the process that made
	// it saved every prevEvery, and lanes created before assumeUntil still
	// get the calls it may have made unsaved.
	savedAt, assumeUntil time.Time
	prevEvery            time.Duration

	// covered is the end of the lease of this process's last committed
	// save: a successor assumes calls booked up to it (flood.go).
	covered time.Time

	// saving lets one save run at a time (the periodic one, Close, a call
	// past the lease), so that they commit in the order of their
	// snapshots: an older one committed last would undo a newer one. It is
	// taken before mu, never while holding it.
	saving sync.Mutex
}

// limiter holds the bot-wide window, one lane per chat, and the waits
// that 429 answers impose.
type limiter struct {
	mu            sync.Mutex
	lim           limits
	global        *window
	globalBlocked time.Time
	globalDirty   bool
	chats         map[int64]*lane
	forgotten     map[int64]bool // lanes dropped since the last save, whose saved state must go too
	lookups       int
	flood         flood
	closed        bool // Client.Close: no call may follow

	// Telegram's 429 does not say which limit tripped. One chat hit is that
	// chat's limit; a second chat hit while the first is still blocked means
	// the bot-wide limit, and then every chat has to wait.
	last429Chat  int64
	last429Until time.Time
}

func newLimiter(lim limits) *limiter {
	return &limiter{lim: lim, global: newWindow(lim.global), chats: map[int64]*lane{}, forgotten: map[int64]bool{}}
}

func (l *limiter) newLane(chat int64) *lane {
	if chat > 0 {
		return &lane{win: newWindow(l.lim.private)}
	}
	return &lane{win: newWindow(l.lim.group), pace: newBucket(l.lim.groupPace), spread: newBucket(l.lim.groupSpread)}
}

// lane returns chat's lane; mu must be held.
func (l *limiter) lane(chat int64, now time.Time) *lane {
	l.lookups++
	if l.lookups%256 == 0 {
		for id, ln := range l.chats {
			if id != chat && ln.idle(now) {
				delete(l.chats, id)
				if l.flood.on {
					l.forgotten[id] = true
				}
			}
		}
	}
	ln, ok := l.chats[chat]
	if !ok {
		ln = l.newLane(chat)
		if now.Before(l.flood.assumeUntil) {
			l.assume(ln)
		}
		l.chats[chat] = ln
		delete(l.forgotten, chat)
	}
	return ln
}

// assume books on ln the calls the last process may have made unsaved;
// mu must be held.
func (l *limiter) assume(ln *lane) {
	if l.flood.savedAt.IsZero() {
		return
	}
	ln.assumeBusy(l.flood.savedAt, l.flood.savedAt.Add(lease(l.flood.prevEvery)))
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
	return l.lane(chat, now).reserve(now)
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
			l.globalDirty = true
		}
	}
	if chat != 0 {
		ln := l.lane(chat, now)
		if until.After(ln.blocked) {
			ln.blocked = until
			ln.dirty = true
		}
		l.last429Chat, l.last429Until = chat, until
	}
	if l.flood.wake != nil {
		select {
		case l.flood.wake <- struct{}{}:
		default: // a save is due already
		}
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
		later(ln.earliest(now))
	}
	return t
}

// readyAtKeeping is readyAt for a call that may wait: it leaves one call
// of a group's budget (its minute and its spread) for a call that may not
// (a reply to a command), so that one goes out at once even while a game's
// edits use the rest. Other chats have no such reserve.
func (l *limiter) readyAtKeeping(chat int64, now time.Time) time.Time {
	return l.readyAtLeaving(chat, 1, now)
}

// readyAtLeaving is readyAt for a call that leaves kept calls of a group's
// minute and spread free for the calls after it: the call goes once the
// window has kept+1 free slots and the spread kept+1 tokens.
func (l *limiter) readyAtLeaving(chat int64, kept int, now time.Time) time.Time {
	t := l.readyAt(chat, now)
	if chat >= 0 || kept <= 0 {
		return t
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	ln := l.lane(chat, now)
	later := func(u time.Time) {
		if u.After(t) {
			t = u
		}
	}
	if w := ln.win; w != nil && len(w.slots) >= w.n-kept {
		// The booking kept places from the oldest must have left the
		// window (all of them, if the window is smaller than that).
		ordered := w.ordered()
		later(ordered[min(len(ordered)-1, kept-(w.n-len(ordered)))].Add(w.per))
	}
	if b := ln.spread; b.on() && b.Burst > 1 {
		later(b.tat.Add(-time.Duration(max(b.Burst-1-kept, 0)) * b.Every))
	}
	return t
}
