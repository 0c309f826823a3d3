package votes

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// fakeGame: every seat but those listed as gone plays; the game waits for
// seat waiting, who may resign unless stuck.
type fakeGame struct {
	gone    map[int]bool
	waiting int
	stuck   bool
}

func (g *fakeGame) Active(_ *kit.Record, seat int) bool { return seat >= 0 && !g.gone[seat] }
func (g *fakeGame) Pending(*kit.Record) kit.Pending {
	return kit.Pending{Decision: "turn", Seat: g.waiting}
}
func (g *fakeGame) CanResign(*kit.Record, int) bool { return !g.stuck }

// fakeHost hosts fakeGame at a fixed time and records the seats resigned.
type fakeHost struct {
	game     *fakeGame
	now      time.Time
	resigned []int
}

func (h *fakeHost) Game(*kit.Record) Game { return h.game }
func (h *fakeHost) Now() time.Time        { return h.now }
func (h *fakeHost) ResignSeat(c *kit.Change, _ string, seat int, _ string) bool {
	h.resigned = append(h.resigned, seat)
	h.game.gone[seat] = true
	return true
}

// idCatalog writes a message's id and data.
type idCatalog struct{}

func (idCatalog) T(_, id string, data map[string]any) string {
	if len(data) == 0 {
		return id
	}
	return fmt.Sprint(id, data)
}

var agree = map[string]kit.Op{Pause: "wp", Resume: "wr", Kick: "wk"}

func fourPlayers() *kit.Record {
	return &kit.Record{ID: 7, Status: kit.StatusPlaying, Seats: []kit.Seat{
		{User: 1, Name: "A"}, {User: 2, Name: "B"}, {User: 3, Name: "C"}, {User: -1, Name: "CPU", Computer: true}}}
}

// TestPauseNeedsAMajorityOfPeople: of three people (a computer does not
// vote) two pause the game; the first vote shows the count under an
// "Agree" button, a second vote by the same person does not count, the
// passing vote stops the clock and closes the vote's message.
func TestPauseNeedsAMajorityOfPeople(t *testing.T) {
	t.Parallel()
	h := &fakeHost{game: &fakeGame{gone: map[int]bool{}}, now: time.UnixMilli(50_000)}
	vs := New(idCatalog{}, h, agree)
	rec := fourPlayers()
	rec.Clock.Deadline = 80_000
	c := &kit.Change{Rec: rec}
	vs.Vote(c, "en", 1, false, Pause, -1, true)
	vs.Vote(c, "en", 1, false, Pause, -1, true)
	if len(rec.Clock.Votes) != 1 || len(rec.Clock.Votes[0].Users) != 1 || rec.Clock.PausedAt != 0 {
		t.Fatalf("after one person's two votes: %+v", rec.Clock)
	}
	if len(c.Shows) != 2 || c.Shows[0].Slot != Slot(7, Pause, 0) || c.Shows[0].KB == nil || !strings.Contains(c.Toast, "Need:2") {
		t.Fatalf("the vote's message %+v, toast %q", c.Shows, c.Toast)
	}
	rec.Clock.Votes[0].Msg = 99
	vs.Vote(c, "en", 3, false, Pause, -1, false)
	if rec.Clock.PausedAt != 50_000 || rec.Clock.Left != 30_000 || rec.Clock.Deadline != 0 || rec.Clock.Votes != nil {
		t.Errorf("the passed pause: %+v", rec.Clock)
	}
	if len(c.Finals) != 1 || c.Finals[0].Msg != 99 || !strings.HasSuffix(c.Finals[0].Text, "vote_passed") || !c.Turn {
		t.Errorf("the vote's message is not closed: %+v", c.Finals)
	}
	// An admin resumes at once; the clock runs again from where it stood.
	h.now = time.UnixMilli(70_000)
	vs.Vote(c, "en", 42, true, Resume, -1, false)
	if rec.Clock.PausedAt != 0 || rec.Clock.Deadline != 100_000 || rec.Clock.Paused != 20_000 {
		t.Errorf("the resumed clock: %+v", rec.Clock)
	}
}

// TestKickRefusalsAndMajority: nobody kicks themselves, a kick of another
// seat than the one the game waits for or of one that may not leave is
// refused, and the other people's majority kicks.
func TestKickRefusalsAndMajority(t *testing.T) {
	t.Parallel()
	g := &fakeGame{gone: map[int]bool{}, waiting: 2}
	h := &fakeHost{game: g}
	vs := New(idCatalog{}, h, agree)
	rec := fourPlayers()
	c := &kit.Change{Rec: rec}
	for _, tc := range []struct {
		user   int64
		target int
		alert  string
	}{{3, -1, "kick_self"}, {1, 1, "kick_not_now"}, {9, -1, "not_a_player"}} {
		c.Alert = ""
		vs.Vote(c, "en", tc.user, false, Kick, tc.target, true)
		if c.Alert != tc.alert {
			t.Errorf("user %d kicks seat %d: alert %q, want %q", tc.user, tc.target, c.Alert, tc.alert)
		}
	}
	g.stuck = true
	vs.Vote(c, "en", 1, false, Kick, -1, false)
	g.stuck = false
	if len(c.Replies) != 1 || c.Replies[0].Text != "kick_not_now" || rec.Clock.Votes != nil {
		t.Fatalf("a kick of a seat that may not leave: %+v %+v", c.Replies, rec.Clock.Votes)
	}
	vs.Vote(c, "en", 1, false, Kick, 2, true) // two others vote: the first is not enough
	if len(h.resigned) != 0 || len(rec.Clock.Votes) != 1 {
		t.Fatalf("one vote of two kicked: %v", h.resigned)
	}
	vs.Vote(c, "en", 2, false, Kick, -1, false)
	if len(h.resigned) != 1 || h.resigned[0] != 2 || rec.Clock.Votes != nil {
		t.Errorf("the majority's kick: resigned %v, votes %+v", h.resigned, rec.Clock.Votes)
	}
}

// TestVoteMessagesAfterARestart: a vote's sent message id is stored by its
// slot's key, Unsent tells an unsent one, Reshow shows the open vote again
// and CloseOnEnd closes it when the game is removed.
func TestVoteMessagesAfterARestart(t *testing.T) {
	t.Parallel()
	vs := New(idCatalog{}, &fakeHost{game: &fakeGame{gone: map[int]bool{}}}, agree)
	rec := fourPlayers()
	rec.Clock.Votes = []kit.Vote{{Kind: Pause, Users: []int64{1}}}
	if !Unsent(rec) {
		t.Fatal("a vote without a message is not unsent")
	}
	if Sent(rec, "kick1", 5) || !Sent(rec, Pause+"0", 5) || Unsent(rec) || rec.Clock.Votes[0].Msg != 5 {
		t.Fatalf("Sent: %+v", rec.Clock.Votes)
	}
	c := &kit.Change{Rec: rec}
	vs.Reshow(c, "en")
	if len(c.Shows) != 1 || c.Shows[0].Msg != 5 || !strings.Contains(c.Shows[0].Text, "Count:1") {
		t.Errorf("Reshow: %+v", c.Shows)
	}
	c.Remove = true
	vs.CloseOnEnd(c)
	if len(c.Finals) != 1 || !strings.HasSuffix(c.Finals[0].Text, "vote_void_over") || rec.Clock.Votes != nil {
		t.Errorf("CloseOnEnd: %+v, votes %+v", c.Finals, rec.Clock.Votes)
	}
}
