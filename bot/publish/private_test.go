package publish

import (
	"context"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// delivery is what a private message of these tests is followed by: a
// toast when it arrived; when the person cannot be reached, an alert, a
// message in the group that says so and a link that opens the bot, in
// place of the used one.
var delivery = &kit.Delivery{Press: "cb9",
	Delivered: kit.Outcome{Toast: "sent to you privately"},
	Refused: kit.Outcome{Alert: "open the bot first", Say: "Alice cannot be written to",
		Show: &kit.Shown{Slot: "link:7", Text: "open the bot", KB: keys("start")}, Remove: "oldlink:7", RemoveMsg: 3}}

// TestPrivateShowToAnUnreachablePersonFallsBack: a private message to a
// person the outbox finds unreachable (guarded: no request, the refusal
// follows at once) answers the press that asked for it with the refusal's
// alert and shows the refusal's fallback in the group; nothing of the
// delivered outcome happens.
func TestPrivateShowToAnUnreachablePersonFallsBack(t *testing.T) {
	t.Parallel()
	h := &fakeHost{compose: func(c *kit.Change) {
		c.ShowInThen(42, "hand:7:42", 0, "your hand", keys("play"), delivery)
	}}
	p, out, tg, _ := newFake(t, h)
	out.refuse = true
	p.Finish(context.Background(), &kit.Change{Chat: chat, Rec: &kit.Record{ID: 7, Status: kit.StatusPlaying}}, nil, "cb9")
	sameLines(t, out.lines(), []string{
		`private 42 hand:7:42 0 "your hand" [play] awaited=true`,
		`remove -100 oldlink:7 3`,
		`put -100 link:7 0 "open the bot" [start]`,
		`send -100 "Alice cannot be written to" -`,
	})
	sameLines(t, tg.answers, []string{`cb9 "open the bot first" alert=true`})
}

// TestPrivateShowDeliveredAnswersThePress: delivered, the same message
// answers the press with the delivered outcome's toast and shows nothing
// more in the group.
func TestPrivateShowDeliveredAnswersThePress(t *testing.T) {
	t.Parallel()
	h := &fakeHost{compose: func(c *kit.Change) {
		c.ShowInThen(42, "hand:7:42", 0, "your hand", keys("play"), delivery)
	}}
	p, out, tg, _ := newFake(t, h)
	p.Finish(context.Background(), &kit.Change{Chat: chat, Rec: &kit.Record{ID: 7, Status: kit.StatusPlaying}}, nil, "")
	sameLines(t, out.lines(), []string{`private 42 hand:7:42 0 "your hand" [play] awaited=false`})
	sameLines(t, tg.answers, []string{`cb9 "sent to you privately" alert=false`})
}
