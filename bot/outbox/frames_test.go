package outbox

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// goneCounter counts the edits tried on messages that are gone.
type goneCounter struct {
	*recMessenger
	tries atomic.Int32
}

func (g *goneCounter) Edit(ctx context.Context, chat int64, id int, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	if g.gone[id] {
		g.tries.Add(1)
	}
	return g.recMessenger.Edit(ctx, chat, id, text, kb)
}

// TestOutboxGoneMessageMidAnimation: the message an animation plays on is
// gone. One edit finds it out; the other frames are not tried on the gone
// id, and the content that follows is sent as a new message whose id the
// slot reports.
func TestOutboxGoneMessageMidAnimation(t *testing.T) {
	t.Parallel()
	m := &goneCounter{recMessenger: &recMessenger{gone: map[int]bool{7: true}}}
	o, sent := newTestOutbox(m.recMessenger)
	o.tg = m
	const chat = -3
	o.Frames(chat, "t", 7, []string{"reel 1", "reels 1-2", "reels 1-3"})
	o.Put(chat, "t", 7, "result", kb1)
	waitIdle(t, o)
	if n := m.tries.Load(); n != 1 {
		t.Errorf("%d edits tried on the gone message, want 1", n)
	}
	if got, want := m.log(), []string{"send 1 result kb=true"}; !slices.Equal(got, want) {
		t.Fatalf("calls %q, want %q", got, want)
	}
	if !slices.Equal(*sent, []string{"t=1"}) {
		t.Fatalf("onSent %v", *sent)
	}
}

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
