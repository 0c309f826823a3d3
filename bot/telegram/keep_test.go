package telegram

import (
	"testing"
	"time"
)

// A call that may wait leaves a group's last call of its spread and of its
// minute for one that may not; a private chat keeps nothing.
func TestReadyAtKeepingLeavesACallOfTheGroupsBudget(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	l := newLimiter(limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second},
		groupSpread: Pace{Every: 3 * time.Second, Burst: 3}})
	const group = -100
	if got := l.readyAtKeeping(group, now); !got.Equal(now) {
		t.Fatalf("an idle group: a call that may wait is ready at %v, want now", got.Sub(now))
	}
	l.reserveChat(group, now)
	l.reserveChat(group, now)
	if got := l.readyAt(group, now); !got.Equal(now) {
		t.Fatalf("after 2 calls of a burst of 3 the third is ready in %v, want now", got.Sub(now))
	}
	if got := l.readyAtKeeping(group, now); got.Sub(now) != 3*time.Second {
		t.Fatalf("after 2 calls a call that may wait is ready in %v, want 3 s (the last one is kept)", got.Sub(now))
	}
	// The minute: 19 calls spread over it leave the twentieth for a reply.
	m := newLimiter(limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second}})
	for i := range 19 {
		m.reserveChat(group, now.Add(time.Duration(i)*time.Second))
	}
	later := now.Add(20 * time.Second)
	if got := m.readyAt(group, later); !got.Equal(later) {
		t.Fatalf("the twentieth call is ready in %v, want now", got.Sub(later))
	}
	if got := m.readyAtKeeping(group, later); !got.Equal(now.Add(time.Minute)) {
		t.Fatalf("a call that may wait is ready at +%v, want when the first call leaves the minute", got.Sub(now))
	}
	p := newLimiter(limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second}})
	if got := p.readyAtKeeping(42, now); !got.Equal(now) {
		t.Fatalf("a private chat: ready in %v, want now", got.Sub(now))
	}
}

// A call nobody waits for leaves more: two calls of the spread (a full
// bucket of 3) and two of the minute.
func TestReadyAtLeavingTwoCalls(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	l := newLimiter(limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second},
		groupSpread: Pace{Every: 3 * time.Second, Burst: 3}})
	const group = -100
	if got := l.readyAtLeaving(group, 2, now); !got.Equal(now) {
		t.Fatalf("an idle group: ready in %v, want now", got.Sub(now))
	}
	l.reserveChat(group, now)
	if got := l.readyAtLeaving(group, 2, now); got.Sub(now) != 3*time.Second {
		t.Fatalf("after a call: ready in %v, want 3 s (the bucket full again)", got.Sub(now))
	}
	if got := l.readyAtKeeping(group, now); !got.Equal(now) {
		t.Fatalf("after a call a call keeping one is ready in %v, want now", got.Sub(now))
	}
	m := newLimiter(limits{global: NoLimit, group: Rate{N: 20, Per: time.Minute}, private: Rate{N: 1, Per: time.Second}})
	for i := range 18 {
		m.reserveChat(group, now.Add(time.Duration(i)*time.Second))
	}
	later := now.Add(20 * time.Second)
	if got := m.readyAtLeaving(group, 1, later); !got.Equal(later) {
		t.Fatalf("18 calls: a call keeping one is ready in %v, want now", got.Sub(later))
	}
	if got := m.readyAtLeaving(group, 2, later); !got.Equal(now.Add(time.Minute)) {
		t.Fatalf("18 calls: a call keeping two is ready at +%v, want when the first call leaves the minute", got.Sub(now))
	}
	m.reserveChat(group, later)
	m.reserveChat(group, later.Add(time.Second))
	if got := m.readyAtLeaving(group, 2, later.Add(time.Second)); !got.Equal(now.Add(time.Minute + 2*time.Second)) {
		t.Fatalf("a full minute: a call keeping two is ready at +%v, want when the third call leaves it", got.Sub(now))
	}
}
