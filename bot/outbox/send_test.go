package outbox

import (
	"fmt"
	"slices"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
)

// TestOutboxNoticeRefusedPausesNothing: a private notice the person's chat
// refuses (they never started the bot) is dropped; the chat is not paused,
// so a later notice, once they have, is delivered.
func TestOutboxNoticeRefusedPausesNothing(t *testing.T) {
	t.Parallel()
	m := &recMessenger{err: fmt.Errorf("test: %w", telegram.ErrForbidden)}
	o, _ := newTestOutbox(m)
	var forbidden []int64
	o.onForbidden = func(chat int64) { forbidden = append(forbidden, chat) }
	o.Notify(99, "a")
	waitIdle(t, o)
	m.mu.Lock()
	m.err = nil
	m.mu.Unlock()
	o.Notify(99, "b")
	waitIdle(t, o)
	if got := m.log(); !slices.Equal(got, []string{"send 1 b kb=false"}) || len(forbidden) != 0 {
		t.Fatalf("calls %q, forbidden %v: want the second notice sent and no pause", got, forbidden)
	}
}
