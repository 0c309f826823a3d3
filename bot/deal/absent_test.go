package deal_test

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Absent Deal players: missed turns (an action's targets too), removal
// after KickAfter of them or by /kick, the last one left winning.

// TestDealMissedAnswersCount: when an action's answers time out, each
// person who did not answer misses a turn — not the player whose action
// it was; a person's own move from the private chat clears their count.
func TestDealMissedAnswersCount(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: 3})
	h.StartDeal("en")
	rec := h.dealUntilAnswer()
	g := deal.Of(rec).Game
	actor, targets := g.Current, g.View(dealengine.Nobody).Waiting
	ver := g.Version
	clock.Add(time.Hour + time.Second)
	rec = h.WaitRecord("the answers time out", func(r *kit.Record) bool { return deal.Of(r).Game.Version != ver })
	h.waitHands()
	strikes := rec.Clock.Strikes
	if strikes[actor] != 0 {
		t.Errorf("the actor %d missed a turn for the others' answers: strikes %v", actor, strikes)
	}
	for _, p := range targets {
		if strikes[p] != 1 {
			t.Errorf("target %d did not answer but has %d missed turns (strikes %v)", p, strikes[p], strikes)
		}
	}
	// Play on until one of them moves: their count starts again.
	for i := 0; ; i++ {
		rec = h.Record()
		p := deal.Of(rec).Game.Waiting()
		if i == 300 || !h.DealStep() {
			t.Fatal("no target came to move")
		}
		if p != actor && strikes[p] == 1 {
			if rec = h.Record(); rec.Clock.Strikes[p] != 0 {
				t.Fatalf("seat %d moved from the private chat and still has %d missed turns", p, rec.Clock.Strikes[p])
			}
			break
		}
	}
}

// TestDealAbsentPlayersLeave: a player who misses KickAfter turns in a row
// leaves the game: the group is told (their cards go to the discards), the
// table shows them out, their hand message closes, the game goes on
// without them; a /kick vote removes the next, and the last one left wins.
func TestDealAbsentPlayersLeave(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: 1})
	h.StartDeal("en")
	rec := h.Record()
	absent := deal.Of(rec).Game.Current
	ua := h.UserOf(rec, int(absent))
	clock.Add(time.Hour + time.Second)
	rec = h.WaitRecord("the absent player leaves", func(r *kit.Record) bool { return deal.Of(r).Game.Out[absent] })
	g := deal.Of(rec).Game
	if g.Phase != dealengine.PhasePlay || g.Current == absent || g.HandSize(absent) != 0 {
		t.Fatalf("after the absent player left: phase %d, current %d, hand %d", g.Phase, g.Current, g.HandSize(absent))
	}
	// The timer's change is stored before its messages are queued: wait
	// for them.
	var table, hand fakeapi.Message
	shown := func() bool {
		for _, m := range h.API.Messages(testChat) {
			if m.ID == deal.Of(rec).TableMsg {
				table = m
			}
		}
		private := h.API.Messages(ua.ID)
		hand = private[len(private)-1]
		return h.Mentions(ua.ID, "too many missed turns in a row (1)") > 0 &&
			strings.Contains(table.Text, "🚪") && strings.Contains(hand.Text, "🚪")
	}
	h.API.WaitFor(shown, 5*time.Second)
	if h.Mentions(ua.ID, "too many missed turns in a row (1)") != 1 {
		t.Errorf("the group was not told that %s left: %+v", ua.FirstName, h.API.Messages(testChat))
	}
	if !strings.Contains(table.Text, kit.Name(ua.FirstName)+": 🚪 out of the game") {
		t.Errorf("the table does not show %s out: %q", ua.FirstName, table.Text)
	}
	if hand.Keyboard != nil || !strings.Contains(hand.Text, "You are out of this game") {
		t.Errorf("%s's hand reads %q with buttons %v", ua.FirstName, hand.Text, hand.Keyboard)
	}
	// /kick by the one the game does not wait for removes the other.
	waits := g.Current
	var voter int
	for p := range dealengine.PlayerID(g.Seats) {
		if p != waits && p != absent {
			voter = int(p)
		}
	}
	h.Say(h.UserOf(rec, int(dealengine.PlayerID(voter))), "/kick")
	if rec := h.Record(); rec != nil {
		t.Fatalf("after the vote the game goes on: %+v", deal.Of(rec).Game)
	}
	last, _ := h.API.LastMessage(testChat)
	winner := h.UserOf(h.ArchivedRecord(), int(dealengine.PlayerID(voter)))
	if !strings.Contains(last.Text, "Everyone else has left, so") || !strings.Contains(last.Text, kit.Escape(winner.FirstName)) {
		t.Errorf("the game's end reads %q, want %s the last one left winning", last.Text, winner.FirstName)
	}
	if len(last.Keyboard) == 0 || !strings.Contains(last.Keyboard[0][0].Data, string(bot.OpRematch)) {
		t.Errorf("the game's end offers no rematch: %+v", last.Keyboard)
	}
	// The winner's hand closes with the result.
	if hand := h.lastHand(winner.ID); !strings.Contains(hand, "The game is over.") || !strings.Contains(hand, "complete sets") {
		t.Errorf("%s's hand after the game reads %q, want the result", winner.FirstName, hand)
	}
	wins := 0
	for _, u := range h.Users {
		here, _ := h.stats(u.ID)
		if k := here.Kinds[deal.Name]; k == nil || k.Played != 1 {
			t.Errorf("%s's statistics %+v: want one Deal game", u.FirstName, here)
		} else {
			wins += k.Won
		}
	}
	if wins != 1 {
		t.Errorf("%d wins counted, want the last one's", wins)
	}
}

// dealUntilAnswer plays moves until an action waits for answers.
func (h *harness) dealUntilAnswer() *kit.Record {
	h.T.Helper()
	for i := 0; deal.Of(h.Record()).Game.Phase != dealengine.PhaseRespond; i++ {
		if i == 300 || !h.DealStep() {
			h.T.Fatal("no action was played against anyone")
		}
	}
	return h.Record()
}

// TestDealTimeoutsOfOneTurnCountOnce: the player whose turn it is lets
// the deadline pass twice in one turn — answering a Just Say No against
// their Debt Collector, then playing on —: one missed turn, not two; the
// target, who answered, misses none.
func TestDealTimeoutsOfOneTurnCountOnce(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: 3})
	h.StartDeal("en")
	collector, sayNo := -1, -1
	for i, c := range dealengine.Cards {
		if collector < 0 && c.Action == dealengine.DebtCollector && c.Type == dealengine.TypeAction {
			collector = i
		}
		if sayNo < 0 && c.Action == dealengine.JustSayNo && c.Type == dealengine.TypeAction {
			sayNo = i
		}
	}
	// Seat 0 starts holding the Debt Collector, seat 1 the Just Say No.
	g, _, err := dealengine.New(dealengine.Config{Players: 3, Deck: []int{collector, sayNo}})
	if err != nil {
		t.Fatal(err)
	}
	h.editDeal(g)
	h.Say(h.Users[0], "/board") // shows the table and the hands anew
	rec := h.Record()
	u0, u1 := h.UserOf(rec, 0), h.UserOf(rec, 1)
	h.HandPress(u0, deal.OpCard, collector)
	h.handAct(u0, func(a dealengine.Action) bool { return a.Kind == dealengine.ActPlay && a.Target == 1 })
	h.handAct(u1, func(a dealengine.Action) bool { return a.Kind == dealengine.ActSayNo })
	if g := deal.Of(h.Record()).Game; g.Phase != dealengine.PhaseRespond || !g.Waits(0) {
		t.Fatalf("phase %d: want the actor to answer the Just Say No", g.Phase)
	}
	for _, what := range []string{"the answer", "the turn"} {
		ver := deal.Of(h.Record()).Game.Version
		clock.Add(time.Hour + time.Second)
		h.WaitRecord(what+" times out", func(r *kit.Record) bool { return deal.Of(r).Game.Version != ver })
	}
	rec = h.Record()
	if g := deal.Of(rec).Game; g.Current != 1 {
		t.Fatalf("after two timeouts the turn is seat %d's, want seat 1's", g.Current)
	}
	if s := rec.Clock.Strikes; s[0] != 1 || s[1] != 0 {
		t.Fatalf("missed turns %v: want one for seat 0's turn, none for seat 1, who answered", s)
	}
}
