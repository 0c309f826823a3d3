package telegram

import (
	"encoding/binary"
	"errors"
	"time"
)

// FloodStore keeps the limiter's state across restarts: a 429's
// retry_after binds the bot, not the process, and Telegram keeps counting
// a group's minute whatever the bot does meanwhile. storage.Store
// implements it. The values are the limiter's own encoding.
type FloodStore interface {
	// LoadFlood returns every chat's saved state (chat 0: the bot's own).
	LoadFlood() (map[int64][]byte, error)
	// SaveFlood stores these chats' states; a nil value deletes one.
	SaveFlood(states map[int64][]byte) error
}

// The flood state is saved when a 429 arrives and otherwise at most every
// FloodSaveEvery, only for chats that made calls since: never a write per
// call. A process killed between two saves may have made calls the store
// does not know about, so a restored limiter assumes that every chat made
// as many calls as its limits allowed in the lease (FloodSaveEvery and a
// half) after the last save, booked at the end of the lease, the latest
// they could have been. That costs a busy chat a few of its 20 calls for a
// minute after a crash, and nothing later than a minute after the last
// save; after Close, the saved state is complete and nothing is assumed.
//
// The assumption holds only if no call is made past the lease of the last
// committed save, and the periodic save alone cannot promise that: a save
// may commit late (a loaded machine, a slow disk) while calls go on, and
// no save runs while nothing changes, so the first calls after an idle
// spell come long after the last one. So a call booked past the lease
// saves the state (its own booking included) before it is made
// (Client.saveAhead). While a chat is busy the periodic save renews the
// lease in time and no call waits for the disk; after an idle spell the
// first call waits for one commit. Assuming the worst instead (every chat
// busy right up to the restart, however old the save) would be as safe
// without the wait, but would stall every group the successor writes to
// for several seconds after any kill, and a private chat too.

const floodVersion = 1

// lease is how long after a committed save calls may be made without
// another one: the save's period and half of it again, so that a save a
// little late (it waits for the disk) holds no call back. The half is at
// least leaseSlack: a disk is no faster when a test saves many times a
// second (telegram.LimitsAt).
func lease(every time.Duration) time.Duration { return every + max(every/2, leaseSlack) }

const leaseSlack = 250 * time.Millisecond

func ms(t time.Time) uint64 {
	if t.IsZero() || t.UnixMilli() <= 0 {
		return 0
	}
	return uint64(t.UnixMilli())
}

func fromMs(v uint64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(int64(v))
}

// encode is the lane's state as of now; nil when nothing of it matters
// any more.
func (ln *lane) encode(now time.Time) []byte {
	if ln.idle(now) {
		return nil
	}
	b := []byte{floodVersion}
	b = binary.AppendUvarint(b, ms(later(ln.blocked, now, true)))
	b = binary.AppendUvarint(b, ms(later(ln.pace.tat, now, ln.pace.on())))
	b = binary.AppendUvarint(b, ms(later(ln.spread.tat, now, ln.spread.on())))
	slots := ln.win.ordered()
	for len(slots) > 0 && !slots[0].Add(ln.win.per).After(now) {
		slots = slots[1:]
	}
	b = binary.AppendUvarint(b, uint64(len(slots)))
	prev := uint64(0)
	for _, s := range slots {
		b = binary.AppendUvarint(b, ms(s)-prev)
		prev = ms(s)
	}
	return b
}

// later returns t if it is after now (and keep holds), else the zero time.
func later(t, now time.Time, keep bool) time.Time {
	if keep && t.After(now) {
		return t
	}
	return time.Time{}
}

var errFloodFormat = errors.New("telegram: unreadable flood state")

// decode restores a lane saved by encode into ln, a fresh lane.
func (ln *lane) decode(b []byte) error {
	if len(b) == 0 || b[0] != floodVersion {
		return errFloodFormat
	}
	b = b[1:]
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	var v [4]uint64
	for i := range v {
		var ok bool
		if v[i], ok = next(); !ok {
			return errFloodFormat
		}
	}
	ln.blocked = fromMs(v[0])
	if ln.pace.on() {
		ln.pace.tat = fromMs(v[1])
	}
	if ln.spread.on() {
		ln.spread.tat = fromMs(v[2])
	}
	prev := uint64(0)
	for range v[3] {
		d, ok := next()
		if !ok {
			return errFloodFormat
		}
		prev += d
		if ln.win != nil {
			ln.win.restore(fromMs(prev))
		}
	}
	return nil
}

// restore books t, a time saved by an earlier process, as is.
func (w *window) restore(t time.Time) {
	if len(w.slots) < w.n {
		w.slots = append(w.slots, t)
		return
	}
	w.slots[w.head] = t
	w.head = (w.head + 1) % w.n
}

// encodeBot is the bot-wide state: when it was saved, how often the saver
// runs, a bot-wide 429's end, and whether the client was closed, so that
// no call can have followed the save.
func (l *limiter) encodeBot(now time.Time) []byte {
	b := []byte{floodVersion}
	b = binary.AppendUvarint(b, ms(now))
	b = binary.AppendUvarint(b, uint64(l.flood.every.Milliseconds()))
	b = binary.AppendUvarint(b, ms(later(l.globalBlocked, now, true)))
	closed := uint64(0)
	if l.closed {
		closed = 1
	}
	return binary.AppendUvarint(b, closed)
}

func (l *limiter) decodeBot(b []byte) error {
	if len(b) == 0 || b[0] != floodVersion {
		return errFloodFormat
	}
	b = b[1:]
	var v [4]uint64
	for i := range v {
		x, n := binary.Uvarint(b)
		if n <= 0 {
			return errFloodFormat
		}
		v[i], b = x, b[n:]
	}
	if v[3] == 0 { // killed, or stopped without Close: calls may have followed
		l.flood.savedAt = fromMs(v[0])
	}
	l.flood.prevEvery = time.Duration(v[1]) * time.Millisecond
	l.globalBlocked = fromMs(v[2])
	return nil
}

// restore loads the saved state at now. Unreadable chats are dropped (and
// deleted at the next save): a limiter that knows less only risks a 429.
func (l *limiter) restore(saved map[int64][]byte, now time.Time) (bad int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := saved[0]; ok {
		if l.decodeBot(b) != nil {
			bad++
		}
	}
	if !l.flood.savedAt.IsZero() {
		// Lanes are created lazily; one created before this moment still
		// gets the calls the last process may have made unsaved.
		l.flood.assumeUntil = l.flood.savedAt.Add(lease(l.flood.prevEvery) + max(l.lim.group.Per, l.lim.private.Per))
	}
	for chat, b := range saved {
		if chat == 0 {
			continue
		}
		ln := l.newLane(chat)
		if ln.decode(b) != nil {
			bad++
			l.forgotten[chat] = true
			continue
		}
		l.assume(ln)
		if ln.idle(now) {
			l.forgotten[chat] = true
			continue
		}
		l.chats[chat] = ln
	}
	return bad
}

// snapshot returns what changed since the last one, and marks it saved.
func (l *limiter) snapshot(now time.Time) map[int64][]byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[int64][]byte{0: l.encodeBot(now)}
	for chat, ln := range l.chats {
		if ln.dirty {
			out[chat] = ln.encode(now)
			ln.dirty = false
		}
	}
	for chat := range l.forgotten {
		out[chat] = nil
	}
	clear(l.forgotten)
	l.globalDirty = false
	return out
}

// leased records a save whose snapshot was taken at now: calls booked up
// to the end of its lease need no other save before they are made.
func (l *limiter) leased(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if end := now.Add(lease(l.flood.every)); end.After(l.flood.covered) {
		l.flood.covered = end
	}
}

// covers reports whether a call booked at t is within the lease of the
// last save.
func (l *limiter) covers(t time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !t.After(l.flood.covered)
}

// CallsInWindow is how many calls into chat its window (ClientOptions's
// Group or Private) holds now: those this client made or booked, and those
// a restored flood state knows of or assumes. A test compares it with what
// Telegram counted to see that a client restored after a kill forgot no
// call of the killed one.
func (c *Client) CallsInWindow(chat int64) int {
	l, now := c.lim, c.opts.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	w, n := l.lane(chat, now).win, 0
	for _, t := range w.ordered() {
		if t.Add(w.per).After(now) {
			n++
		}
	}
	return n
}

// unsaved marks a snapshot that failed to save as changed again.
func (l *limiter) unsaved(states map[int64][]byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for chat := range states {
		if chat == 0 {
			continue
		}
		if ln, ok := l.chats[chat]; ok {
			ln.dirty = true
		} else {
			l.forgotten[chat] = true
		}
	}
}

// ErrClientClosed is returned by calls made after Close.
var ErrClientClosed = errors.New("telegram: client closed")

func (l *limiter) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
}

func (l *limiter) isClosed() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.closed
}

// changed reports whether a save would write more than the bot-wide stamp.
func (l *limiter) changed() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.forgotten) > 0 || l.globalDirty {
		return true
	}
	for _, ln := range l.chats {
		if ln.dirty {
			return true
		}
	}
	return false
}
