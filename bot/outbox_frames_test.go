package bot

import (
	"slices"
	"testing"
	"time"
)

// TestOutboxFramesAreNotMerged: while the worker waits, an animation's
// frames queue after the message's pending content and before its next,
// and neither the next content nor another Put merges them away; a slot
// never sent is not animated.
func TestOutboxFramesAreNotMerged(t *testing.T) {
	t.Parallel()
	m := &recMessenger{}
	o, _ := newTestOutbox(m)
	const chat = -1
	release := make(chan struct{})
	m.hold = release
	o.Send(chat, "held", nil) // taken by the worker, held on the wire
	for !o.busyWith(chat) {
		time.Sleep(time.Millisecond)
	}
	o.Put(chat, "t", 7, "before", kb1)
	o.Frames(chat, "t", 7, []string{"reel 1", "reels 1-2"})
	o.Put(chat, "t", 7, "result", kb1)
	o.Put(chat, "t", 7, "result again", kb1)
	o.Frames(chat, "never", 0, []string{"lost"})
	close(release)
	waitIdle(t, o)
	want := []string{"send 1 held kb=false", "edit 7 before kb=true", "edit 7 reel 1 kb=false", "edit 7 reels 1-2 kb=false",
		"edit 7 result again kb=true"}
	if got := m.log(); !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
}
