package commit

import "sync"

// chatLocks let one change of a chat run at a time. An entry lives only
// while someone holds or waits for its lock, so the table holds the chats
// being worked on now — not one entry for every chat id ever seen, which
// forged updates and callback data could make grow without bound.
type chatLocks struct {
	mu sync.Mutex
	m  map[int64]*chatLock
}

type chatLock struct {
	mu    sync.Mutex
	users int      // holders and waiters; guarded by chatLocks.mu
	later []func() // run after the release; guarded by mu
}

// lock takes chat's lock and returns its release, which runs what was
// queued with later meanwhile once the lock is free.
func (t *chatLocks) lock(chat int64) func() {
	t.mu.Lock()
	if t.m == nil {
		t.m = map[int64]*chatLock{}
	}
	l := t.m[chat]
	if l == nil {
		l = &chatLock{}
		t.m[chat] = l
	}
	l.users++
	t.mu.Unlock()
	l.mu.Lock()
	return func() {
		later := l.later
		l.later = nil
		l.mu.Unlock()
		t.mu.Lock()
		if l.users--; l.users == 0 {
			delete(t.m, chat)
		}
		t.mu.Unlock()
		for _, fn := range later {
			fn()
		}
	}
}

// later queues fn to run when the current holder of chat's lock releases
// it; the caller holds the lock. Calls to Telegram made for a change go
// here: a slow private chat (its 429, its one message a second) must not
// hold up the group's next update.
func (t *chatLocks) later(chat int64, fn func()) {
	t.mu.Lock()
	l := t.m[chat]
	t.mu.Unlock()
	if l == nil { // not locked: a caller's bug; better late than never
		fn()
		return
	}
	l.later = append(l.later, fn)
}

// size is the number of chats with a lock entry (tests).
func (t *chatLocks) size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}
