package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/timers"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// newClockHarness runs the bot with a fake clock and the chat's options
// set before the game is created.
func newClockHarness(t *testing.T, opts kit.ChatOptions) (*harness, *fakeClock) {
	t.Helper()
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	h := newHarnessWith(t, 42, nil, func(c *AppConfig) { c.AuctionSilence = 0; c.Now = clock.Now })
	err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, kit.Settings{Lang: "en", Options: opts})
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, clock
}

func hasEvent(evs []engine.Event, k engine.EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// TestDeadlineRemindersAndTimeoutAcrossRestarts: in the async pace a turn
// has 24 h; reminders come at 12 h and 4 h before the end, mention the
// player and are two at most; the deadline survives restarts while it is
// due, and the turn not taken is rolled for.
func TestDeadlineRemindersAndTimeoutAcrossRestarts(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}})
	h.StartGame()
	rec := h.Record()
	if rec.Pace.Name != kit.PaceAsync {
		t.Fatalf("game pace = %+v, want async", rec.Pace)
	}
	start := clock.Now().UnixMilli()
	if rec.Clock.Deadline != start+24*3600_000 || rec.Clock.Timer != start+12*3600_000 {
		t.Fatalf("clock = %+v, want deadline in 24 h and the timer at the 12 h reminder", rec.Clock)
	}
	cur := board.Of(rec).Game.Current
	user := rec.Seats[cur].User
	ver := board.Of(rec).Game.Version

	h.Stop()
	clock.Add(12*time.Hour + time.Second) // the reminder falls due while the bot is down
	h.Start()
	h.WaitRecord("first reminder", func(r *kit.Record) bool { return r.Clock.Reminded == 1 })
	// The reminder is delivered by the outbox after the commit: wait for it.
	h.API.WaitFor(func() bool { return h.Mentions(user, "waiting for you") >= 1 }, 5*time.Second)
	if n := h.Mentions(user, "waiting for you"); n != 1 {
		t.Fatalf("%d reminders after half time, want 1", n)
	}
	clock.Add(8 * time.Hour) // 20 h: shortly before
	h.WaitRecord("second reminder", func(r *kit.Record) bool { return r.Clock.Reminded == 2 })
	h.API.WaitFor(func() bool { return h.Mentions(user, "waiting for you") >= 2 }, 5*time.Second)
	clock.Add(time.Hour) // no third reminder
	h.TimerPass()        // the timer runner sees the new time
	if n := h.Mentions(user, "waiting for you"); n != 2 {
		t.Fatalf("%d reminders, want exactly 2", n)
	}
	if r := h.Record(); board.Of(r).Game.Version != ver {
		t.Fatal("the game moved before its deadline")
	}

	h.Stop()
	clock.Add(4 * time.Hour) // the deadline passes while the bot is down
	h.Start()
	rec = h.WaitRecord("timeout", func(r *kit.Record) bool { return board.Of(r).Game.Version != ver })
	if !hasEvent(board.Of(rec).Turn, engine.EvTimeout) || !hasEvent(board.Of(rec).Turn, engine.EvRolled) {
		t.Fatalf("a timed-out turn start should be rolled for; events %+v", board.Of(rec).Turn)
	}
	if rec.Clock.Strikes[cur] != 1 {
		t.Fatalf("strikes = %v", rec.Clock.Strikes)
	}
	if !h.API.WaitFor(func() bool { return lastTurnText(h) != "" }, 5*time.Second) {
		t.Error("the timeout is not shown")
	}
}

// lastTurnText is the newest message that shows a timeout.
func lastTurnText(h *harness) string {
	var out string
	for _, m := range h.API.Messages(testChat) {
		if strings.Contains(m.Text, "ran out of time") {
			out = m.Text
		}
	}
	return out
}

// advance moves the clock past the pending deadline and waits until the
// game moved.
func advance(h *harness, clock *fakeClock) *kit.Record {
	h.T.Helper()
	// First what is due now (a kick is scheduled for the moment after the
	// timeout that earned it), so that the clock moves on from a settled
	// game.
	h.TimerPass()
	rec := h.Record()
	ver := board.Of(rec).Game.Version
	clock.Add(time.Duration(max(rec.Clock.Deadline-clock.Now().UnixMilli(), 0))*time.Millisecond + time.Second)
	return h.WaitRecord("the game moves on a timeout", func(r *kit.Record) bool {
		return r == nil || board.Of(r).Game == nil || board.Of(r).Game.Version != ver
	})
}

// TestTimedOutBuyGoesToAuction: a property not bought in time is auctioned,
// the silent bidders pass, and live pace sends no reminder in the auction.
func TestTimedOutBuyGoesToAuction(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
	h.StartGame()
	for i := 0; i < 200; i++ {
		rec := h.Record()
		if board.Of(rec).Game.Phase == engine.PhaseBuyDecision {
			break
		}
		advance(h, clock)
	}
	rec := h.Record()
	if board.Of(rec).Game.Phase != engine.PhaseBuyDecision {
		t.Fatal("never reached a buy decision")
	}
	sq := board.Of(rec).Game.Players[board.Of(rec).Game.Current].Pos
	rec = advance(h, clock)
	if board.Of(rec).Game.Phase != engine.PhaseAuction || !hasEvent(board.Of(rec).Turn, engine.EvAuctionStarted) {
		t.Fatalf("a timed-out buy should go to auction; phase %d", board.Of(rec).Game.Phase)
	}
	if want := kit.Paces[kit.PaceLive].Bid.Milliseconds(); rec.Clock.Length != want || rec.Clock.Timer != rec.Clock.Deadline {
		t.Fatalf("auction clock %+v: want a %d ms window with no reminder", rec.Clock, want)
	}
	rec = advance(h, clock)
	if board.Of(rec).Game.Phase == engine.PhaseAuction || !hasEvent(board.Of(rec).History, engine.EvAuctionUnsold) {
		t.Fatalf("silent bidders should pass and leave the property unsold; phase %d", board.Of(rec).Game.Phase)
	}
	if board.Of(rec).Game.Props[sq].Owner != engine.NoOwner {
		t.Fatal("the property found an owner")
	}
	_ = h.bot.store.View(func(tx *storage.Tx) error {
		if n := tx.TimerCount(); n != 1 {
			t.Errorf("%d timer entries for one chat after many changes, want 1", n)
		}
		return nil
	})
}

// TestPauseKeepsRemainingTime: a majority vote pauses the game, the clocks
// stand still for two days, and an admin's /resume restores the time left.
func TestPauseKeepsRemainingTime(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}})
	h.StartGame()
	clock.Add(20 * time.Minute)
	rec := h.Record()
	left := rec.Clock.Deadline - clock.Now().UnixMilli()
	ver := board.Of(rec).Game.Version
	h.Say(h.Users[0], "/pause")
	if r := h.Record(); r.Clock.PausedAt != 0 {
		t.Fatal("one vote of three paused the game")
	}
	h.Say(h.Users[0], "/pause") // the same person twice counts once
	if r := h.Record(); r.Clock.PausedAt != 0 {
		t.Fatal("a repeated vote counted twice")
	}
	rev := h.Record().Rev
	msg, data, ok := h.FindButton(OpVotePause, 0, true)
	if !ok {
		t.Fatal("no Agree button under the vote")
	}
	h.Press(h.Users[1], msg, data)
	rec = h.Record()
	if rec.Rev != rev {
		t.Error("a pause made the buttons on screen outdated")
	}
	if rec.Clock.PausedAt == 0 || rec.Clock.Left != left || rec.Clock.Deadline != 0 {
		t.Fatalf("after a majority: clock %+v, want paused with %d ms left", rec.Clock, left)
	}
	if !h.API.WaitFor(func() bool { return strings.Contains(lastTurn(h), "Paused") }, 5*time.Second) {
		t.Error("the turn message does not say the game is paused")
	}
	clock.Add(48 * time.Hour)
	h.TimerPass() // the timer runner sees the new time
	if r := h.Record(); board.Of(r).Game.Version != ver || r.Clock.Reminded != 0 {
		t.Fatal("a paused game's clock ran")
	}
	h.Stop()
	h.Start()
	h.API.SetAdmins(testChat, h.Users[2].ID)
	h.Say(h.Users[2], "/resume")
	rec = h.Record()
	if rec.Clock.PausedAt != 0 || rec.Clock.Deadline != clock.Now().UnixMilli()+left {
		t.Fatalf("after /resume: clock %+v, want the deadline %d ms from now", rec.Clock, left)
	}
	if !h.API.WaitFor(func() bool { return !strings.Contains(lastTurn(h), "Paused") }, 5*time.Second) {
		t.Error("the turn message still says paused")
	}
	advance(h, clock)
}

// TestKickByVote: the other players vote the absent player out.
func TestKickByVote(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}})
	h.StartGame()
	rec := h.Record()
	w := board.Of(rec).Game.Waiting()
	var others []int
	for i, u := range h.Users {
		if u.ID != rec.Seats[w].User {
			others = append(others, i)
		}
	}
	h.Say(h.Users[others[0]], "/kick")
	if !board.Of(h.Record()).Game.Active(w) {
		t.Fatal("one vote of two removed the player")
	}
	msg, data, ok := h.FindButton(OpVoteKick, int(w), false)
	if !ok {
		t.Fatal("no Agree button naming the seat under the vote")
	}
	h.Press(h.Users[w2u(rec, w, h)], msg, data) // the absent player cannot agree
	if !board.Of(h.Record()).Game.Active(w) {
		t.Fatal("the absent player's own press counted")
	}
	h.Press(h.Users[others[1]], msg, data)
	rec = h.Record()
	if board.Of(rec).Game.Active(w) {
		t.Fatal("a majority vote did not remove the player")
	}
	if h.Mentions(rec.Seats[w].User, "players voted") != 1 {
		t.Fatal("the chat was not told")
	}
}

// TestOfferExpiresOnItsTimer: an unanswered trade offer is withdrawn at its
// stored deadline by the timer, with no press in the group, across a
// restart.
func TestOfferExpiresOnItsTimer(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1})
	h.StartGame()
	rec := h.Record()
	x := board.Of(rec).Game.Current
	y := (x + 1) % 3
	ux := h.UserOf(rec, int(x))
	h.DraftPortForCash(rec, ux, y)
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
	h.PressPrivate(ux, board.OpTrSend, 0)
	rec = h.Record()
	if len(board.Of(rec).Offers) != 1 || rec.Clock.Timer > board.Of(rec).Offers[0].Expires {
		t.Fatalf("offer not scheduled: offers %+v, timer %d", board.Of(rec).Offers, rec.Clock.Timer)
	}
	h.Stop()
	clock.Add(board.OfferTTL - time.Hour) // reminders and nothing else fall due
	h.Start()
	h.TimerPass() // the timer runner sees the new time
	if len(board.Of(h.Record()).Offers) != 1 {
		t.Fatal("the offer expired early")
	}
	clock.Add(2 * time.Hour)
	rec = h.WaitRecord("the offer expires", func(r *kit.Record) bool { return len(board.Of(r).Offers) == 0 && len(board.Of(r).Game.Trades) == 0 })
	if !h.API.WaitFor(func() bool {
		for _, m := range h.API.Messages(testChat) {
			if strings.Contains(m.Text, h.bot.cat.T("en", "offer_expired", nil)) && m.Keyboard == nil {
				return true
			}
		}
		return false
	}, 5*time.Second) {
		t.Error("the expired offer's message was not finalized")
	}
}

// w2u is the index in h.Users of the person in seat p.
func w2u(rec *kit.Record, p engine.PlayerID, h *harness) int {
	for i, u := range h.Users {
		if u.ID == rec.Seats[p].User {
			return i
		}
	}
	return -1
}

// TestTimerMovesWithMigratedChat: a group upgraded to a supergroup takes
// its timer entry along, and the old id's entry is gone.
func TestTimerMovesWithMigratedChat(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}})
	h.StartGame()
	at := h.Record().Clock.Timer
	const super = int64(-1009876)
	h.bot.migration.Move(testChat, super)
	_ = h.bot.store.View(func(tx *storage.Tx) error {
		next, ok := tx.NextTimer()
		if !ok || next.Chat != super || next.At != at || tx.TimerCount() != 1 {
			t.Errorf("after the move: next %+v %v, %d timers; want %d at %d only", next, ok, tx.TimerCount(), super, at)
		}
		return nil
	})
}

// lastTurn is the text of the game's current turn message.
func lastTurn(h *harness) string {
	id := board.Of(h.Record()).TurnMsg
	for _, m := range h.API.Messages(testChat) {
		if m.ID == id {
			return m.Text
		}
	}
	return ""
}

// TestStaleTimersAreDropped: entries whose chat has no game (or whose game
// moved its timer) are deleted when they fire, more than one batch of them.
func TestStaleTimersAreDropped(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{})
	err := h.bot.store.Update(func(tx *storage.Tx) error {
		for i := range 2*timers.FireBatch + 7 {
			if err := tx.PutTimer(int64(1000+i), int64(-5_000_000-i)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	count := func() int {
		n := 0
		_ = h.bot.store.View(func(tx *storage.Tx) error { n = tx.TimerCount(); return nil })
		return n
	}
	if !h.API.WaitFor(func() bool { return count() == 0 }, 5*time.Second) {
		t.Fatalf("%d stale timers left", count())
	}
}

// TestPauseStopsGameTime: the clock of what a kind keeps counts in game
// time, which stands still while the game is paused: an offer open when
// the game is paused for two days is still open after /resume, with its
// expiry unchanged, and expires when its own time has run out.
func TestPauseStopsGameTime(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1})
	h.StartGame()
	rec := h.Record()
	x := board.Of(rec).Game.Current
	ux := h.UserOf(rec, int(x))
	h.DraftPortForCash(rec, ux, (x+1)%3)
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
	h.PressPrivate(ux, board.OpTrSend, 0)
	expires := board.Of(h.Record()).Offers[0].Expires
	clock.Add(time.Hour)
	h.API.SetAdmins(testChat, h.Users[2].ID)
	h.Say(h.Users[2], "/pause")
	clock.Add(48 * time.Hour)
	h.TimerPass() // the timer runner sees the new time
	h.Say(h.Users[2], "/resume")
	rec = h.Record()
	if rec.Clock.PausedAt != 0 || rec.Clock.Paused != (48*time.Hour).Milliseconds() {
		t.Fatalf("after /resume: clock %+v, want 48 h paused", rec.Clock)
	}
	if len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Expires != expires {
		t.Fatalf("the offer changed over the pause: %+v, expiry was %d", board.Of(rec).Offers, expires)
	}
	if game := rec.Clock.GameTime(clock.Now().UnixMilli()); game != expires-(board.OfferTTL-time.Hour).Milliseconds() {
		t.Fatalf("game time %d, want an hour after the offer was made", game)
	}
	clock.Add(board.OfferTTL - 2*time.Hour) // an hour of the offer's time left
	h.TimerPass()                           // the timer runner sees the new time
	if len(board.Of(h.Record()).Offers) != 1 {
		t.Fatal("the offer expired early: the pause counted")
	}
	clock.Add(2 * time.Hour)
	h.WaitRecord("the offer expires", func(r *kit.Record) bool { return len(board.Of(r).Offers) == 0 && len(board.Of(r).Game.Trades) == 0 })
}
