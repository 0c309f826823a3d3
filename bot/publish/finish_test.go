package publish

import (
	"context"
	"errors"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

const chat = -100

func keys(data string) *kit.Markup {
	return kit.MarkupOf([][]kit.Button{{{Text: data, Data: data}}})
}

// TestFinishQueuesInTheChatsOrder: a committed change is queued as a chat
// must see it — its replies first, then what the chat layer composes (the
// lobby's final text, the kind's Show), the finals before the live
// contents (so a slot's next message is a new one), a final's animation
// frames just before it, a private message in its own chat, the closing
// messages last with the rematch button under the last one. A pressed
// change's live messages are awaited; its finals are not.
func TestFinishQueuesInTheChatsOrder(t *testing.T) {
	t.Parallel()
	h := &fakeHost{compose: func(c *kit.Change) {
		if c.Lobby {
			c.Finalize("lobby:7", 11, "lobby started")
		}
		// The kind's Show: the new turn's message before the old one's
		// final text, which Finish must still queue first.
		c.Show("turn:7", 0, "Alice's turn", keys("roll"))
		c.Finalize("turn:7", 5, "Bob's turn ended")
		c.Animate("turn:7", "🎲 3", "🎲 5")
		c.ShowIn(42, "hand:7:42", 0, "your hand", nil)
		c.Closing = append(c.Closing, kit.Reply{Text: "🏆 standings"})
	}}
	p, out, _, _ := newFake(t, h)
	st := &kit.Change{Chat: chat, Rec: &kit.Record{ID: 7, Status: kit.StatusPlaying}, Lobby: true, GameOver: true,
		Replies: []kit.Reply{{Text: "reply 1"}, {Text: "reply 2", KB: keys("a")}},
		Closing: []kit.Reply{{Text: "Game over"}}}
	p.Finish(context.Background(), st, nil, "cb1")
	sameLines(t, out.lines(), []string{
		`send -100 "reply 1" -`,
		`send -100 "reply 2" [a]`,
		`content -100 lobby:7 11 "lobby started" - attach=false awaited=false`,
		`frames -100 turn:7 5 ["🎲 3" "🎲 5"]`,
		`content -100 turn:7 5 "Bob's turn ended" - attach=false awaited=false`,
		`content -100 turn:7 0 "Alice's turn" [roll] attach=true awaited=true`,
		`content 42 hand:7:42 0 "your hand" - attach=true awaited=true`,
		`send -100 "Game over" -`,
		`send -100 "🏆 standings" [rematch:7]`,
	})
}

// TestFinishShowsNothingOfAFailedChange: a change that failed, or an
// update already applied before a restart, shows nothing at all.
func TestFinishShowsNothingOfAFailedChange(t *testing.T) {
	t.Parallel()
	composed := 0
	p, out, _, _ := newFake(t, &fakeHost{compose: func(*kit.Change) { composed++ }})
	st := func() *kit.Change {
		return &kit.Change{Chat: chat, Rec: &kit.Record{ID: 7, Status: kit.StatusPlaying}, Replies: []kit.Reply{{Text: "hi"}}}
	}
	p.Finish(context.Background(), st(), errors.New("disk full"), "")
	p.Finish(context.Background(), st(), kit.ErrDuplicate, "")
	dup := st()
	dup.Duplicate = true
	p.Finish(context.Background(), dup, nil, "")
	p.Finish(context.Background(), nil, nil, "")
	if got := out.lines(); len(got) != 0 || composed != 0 {
		t.Fatalf("a failed change showed %q (composed %d times)", got, composed)
	}
}
