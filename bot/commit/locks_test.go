package commit

import (
	"sync"
	"testing"
)

// What a change queues with Later runs once the chat's lock is released,
// in order, and a lock no one holds or waits for leaves no entry behind.
func TestLaterRunsAfterTheRelease(t *testing.T) {
	t.Parallel()
	p := New(nil, Options{})
	var mu sync.Mutex
	var ran []string
	note := func(s string) func() {
		return func() { mu.Lock(); ran = append(ran, s); mu.Unlock() }
	}
	unlock := p.Lock(-1)
	p.Later(-1, note("first"))
	p.Later(-1, note("second"))
	if p.LockedChats() != 1 || len(ran) != 0 {
		t.Fatalf("while held: %d entries, ran %v; want 1, nothing", p.LockedChats(), ran)
	}
	unlock()
	if len(ran) != 2 || ran[0] != "first" || ran[1] != "second" {
		t.Fatalf("after the release ran %v, want first, second", ran)
	}
	if n := p.LockedChats(); n != 0 {
		t.Fatalf("%d lock entries left, want 0", n)
	}
	p.Later(-2, note("unlocked")) // a caller's bug: run at once rather than never
	if len(ran) != 3 {
		t.Fatalf("Later without the lock ran %v", ran)
	}
}
