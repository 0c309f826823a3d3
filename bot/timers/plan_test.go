package timers

import (
	"context"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// fakeKind waits for the decision it is told, and lets every seat resign
// unless told otherwise.
type fakeKind struct {
	pending  kit.Pending
	noResign bool
}

func (k *fakeKind) Pending(*kit.Record) kit.Pending      { return k.pending }
func (k *fakeKind) CanResign(*kit.Record, int) bool      { return !k.noResign }
func (k *fakeKind) Timeout(*kit.Change, string) bool     { return true }
func (k *fakeKind) Resign(*kit.Change, string, int) bool { return !k.noResign }
func (k *fakeKind) Expire(context.Context, int64)        {}

// fakeHost is the chat layer with one kind and no lobby; it notes the
// kick votes the plan voids.
type fakeHost struct {
	kind   *fakeKind
	voided []int
}

func (h *fakeHost) Lock(int64) func() { return func() {} }
func (h *fakeHost) Change(int64, func(*kit.Change) error) (*kit.Change, error) {
	panic("the plan changes no chat")
}
func (h *fakeHost) Finish(context.Context, *kit.Change, error)   {}
func (h *fakeHost) Kind(*kit.Record) Kind                        { return h.kind }
func (h *fakeHost) LobbyNext(*kit.Record) int64                  { return 0 }
func (h *fakeHost) LobbyDue(*kit.Change, string, int64)          {}
func (h *fakeHost) VoidKickVotes(_ *kit.Change, _ string, s int) { h.voided = append(h.voided, s) }

func newPlanned(t *testing.T, p kit.Pending) (*Timers, *fakeHost, *kit.Change, time.Time) {
	t.Helper()
	now := time.Unix(1_800_000_000, 0)
	host := &fakeHost{kind: &fakeKind{pending: p}}
	tm := New(Options{Now: func() time.Time { return now }, Host: host})
	rec := &kit.Record{Status: kit.StatusPlaying, Created: now.UnixMilli(), Pace: kit.Paces[kit.PaceRelaxed],
		Seats: []kit.Seat{{User: 1, Name: "A"}, {User: 2, Name: "B"}}}
	return tm, host, &kit.Change{Chat: -1, Rec: rec}, now
}

// A new decision gets the pace's window; the chat's moment is its first
// reminder, at half time; kick votes about anyone else are void.
func TestRearmPlansTheWindowAndItsReminder(t *testing.T) {
	t.Parallel()
	tm, host, c, now := newPlanned(t, kit.Pending{Decision: "roll", Seat: 1, Turn: 1, Remind: []int{1}})
	move, changed := tm.Rearm(c, false, -1)
	cl := c.Rec.Clock
	deadline := now.Add(time.Hour).UnixMilli()
	if cl.Decision != "roll" || cl.Deadline != deadline || cl.Length != time.Hour.Milliseconds() {
		t.Fatalf("clock %+v: want the decision roll until %d, an hour long", cl, deadline)
	}
	half := now.Add(30 * time.Minute).UnixMilli()
	if !changed || move != (commit.TimerMove{Add: half}) || cl.Timer != half {
		t.Errorf("move %+v changed %v timer %d: want the first reminder at half time %d", move, changed, cl.Timer, half)
	}
	if len(host.voided) != 1 || host.voided[0] != 1 {
		t.Errorf("kick votes voided for %v, want all but seat 1", host.voided)
	}
	// Nothing new: nothing moves and the record need not be stored.
	if move, changed := tm.Rearm(c, false, -1); changed || move != (commit.TimerMove{}) {
		t.Errorf("a second plan moved %+v (changed %v)", move, changed)
	}
	// After the first reminder the next is a sixth of the window before the end.
	c.Rec.Clock.Reminded = 1
	if move, _ := tm.Rearm(c, false, -1); move.Add != deadline-time.Hour.Milliseconds()/6 || move.Drop != half {
		t.Errorf("after a reminder: move %+v, want from %d to %d", move, half, deadline-time.Hour.Milliseconds()/6)
	}
}

// A person's own action clears their missed turns; a seat that missed
// KickAfter turns in a row makes the chat due now, unless it cannot resign.
func TestRearmCountsMissedTurnsAndDueKicks(t *testing.T) {
	t.Parallel()
	tm, host, c, now := newPlanned(t, kit.Pending{Decision: "roll", Seat: 0, Turn: 4, Remind: []int{0}})
	tm.Rearm(c, false, -1)
	c.Rec.Clock.Strikes = []int{2, KickAfter(c.Rec)}
	host.kind.noResign = true
	if move, _ := tm.Rearm(c, false, -1); move.Add == now.UnixMilli() {
		t.Error("a seat that cannot resign now made the chat due")
	}
	host.kind.noResign = false
	if move, _ := tm.Rearm(c, false, -1); move.Add != now.UnixMilli() {
		t.Errorf("a kickable seat: move %+v, want the chat due now %d", move, now.UnixMilli())
	}
	if _, changed := tm.Rearm(c, true, 0); !changed || c.Rec.Clock.Strikes[0] != 0 || c.Rec.Clock.Strikes[1] == 0 {
		t.Errorf("seat 0 acted: strikes %v (changed %v), want only its own cleared", c.Rec.Clock.Strikes, changed)
	}
	if c.Rec.Clock.Touched != now.UnixMilli() {
		t.Errorf("a person's change touched the game at %d, want %d", c.Rec.Clock.Touched, now.UnixMilli())
	}
}

// A chat the bot cannot write to has no moment; its entry goes.
func TestRearmDropsAPausedChatsEntry(t *testing.T) {
	t.Parallel()
	tm, _, c, _ := newPlanned(t, kit.Pending{Decision: "roll", Seat: 0})
	tm.Rearm(c, false, -1)
	was := c.Rec.Clock.Timer
	c.Settings.Paused = true
	if move, _ := tm.Rearm(c, false, -1); move != (commit.TimerMove{Drop: was}) || c.Rec.Clock.Timer != 0 {
		t.Errorf("paused chat: move %+v timer %d, want the entry %d dropped", move, c.Rec.Clock.Timer, was)
	}
}
