package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// startDealWithComputers opens a Deal lobby of Alice's, adds n computer
// seats, starts the game and opens Alice's hand in her private chat.
func (h *harness) startDealWithComputers(n int) {
	h.t.Helper()
	alice := h.users[0]
	h.say(alice, "/newgame deal")
	for range n {
		h.mustPress(alice, OpAddComputer)
	}
	h.mustPress(alice, OpStart)
	rec := h.record()
	if rec == nil || rec.Kind != deal.Name || rec.Status != StatusPlaying || len(rec.Seats) != n+1 {
		h.t.Fatalf("the Deal game of Alice and %d computers did not start: %+v", n, rec)
	}
	for i, s := range rec.Seats[1:] {
		if !s.Computer || !strings.HasPrefix(s.Name, "🤖") {
			h.t.Fatalf("seat %d is %+v, want a computer", i+1, s)
		}
	}
	h.api.PushMessage(alice.ID, alice, "/start "+deal.HandPayload(testChat, rec.ID))
	h.settle()
}

// dealComputerDue says whether the Deal game waits for a computer's move.
func (h *harness) dealComputerDue(rec *Record) bool {
	return rec != nil && rec.Deal != nil && h.bot.kindOf(rec).Pending(rec).Computer
}

// TestDealComputersPlayWithOnePerson: a whole Deal game of one person and
// two computer seats through the fake Bot API. The computers move by
// themselves through the chat's timer (at once in the async pace), answer
// the actions played against them, and the person plays from the hand in
// her private chat. Nothing is ever sent to a computer, nor asked of one;
// the statistics count the person only, and /top lists no computer.
func TestDealComputersPlayWithOnePerson(t *testing.T) {
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	h := newHarnessWith(t, 5, nil, func(c *AppConfig) { c.TimerTick, c.Now = time.Millisecond, clock.Now })
	h.setOptions(ChatOptions{Pace: Pace{Name: PaceAsync}, KickAfter: -1})
	alice := h.users[0]
	h.startDealWithComputers(2)
	computerMoves := map[dealengine.EventKind]int{}
	answered := 0
	for steps := 0; ; steps++ {
		if steps > 3000 {
			t.Fatal("the game did not end after 3000 moves of Alice's")
		}
		var rec *Record
		if !h.api.WaitFor(func() bool { rec = h.record(); return rec == nil || !h.dealComputerDue(rec) }, 10*time.Second) {
			t.Fatalf("the computers did not move (clock %+v)", rec.Clock)
		}
		h.settle()
		if rec = h.record(); rec == nil {
			break
		}
		// The computer's move was stored before its messages were queued:
		// wait until Alice's hand shows what she may do now.
		if !h.api.WaitFor(func() bool { return h.handShows(alice, h.record()) }, 10*time.Second) {
			t.Fatalf("Alice's hand does not show her moves %+v", deal.Buttons(rec, 0))
		}
		for _, e := range rec.Deal.Events {
			if e.Player > 0 {
				computerMoves[e.Kind]++
				if (e.Kind == dealengine.EvPaid || e.Kind == dealengine.EvAccepted) && e.Other == 0 {
					answered++
				}
			}
		}
		g := rec.Deal.Game
		if p := g.Waiting(); p != 0 {
			t.Fatalf("the game waits for seat %d, a computer, and no computer move is due", p)
		}
		if !h.dealStep() {
			t.Fatal("Alice has nothing to press")
		}
	}
	if computerMoves[dealengine.EvPlaced] == 0 || computerMoves[dealengine.EvTurnStarted] == 0 || answered == 0 {
		t.Errorf("the computers' events %v, answers to Alice %d: want them to have turns, lay cards down and answer Alice", computerMoves, answered)
	}
	arch := h.archivedRecord()
	t.Logf("%d turns; won by seat %d; the computers' events (counted once per look) %v", arch.Deal.Game.Turn, arch.Deal.Game.Winner, computerMoves)
	var last fakeapi.Message
	h.api.WaitFor(func() bool { last, _ = h.api.LastMessage(testChat); return strings.Contains(last.Text, "🏆") }, 10*time.Second)
	if !strings.Contains(last.Text, "🏆") || !strings.Contains(last.Text, "complete sets:") {
		t.Errorf("the game ended without its result and standings: %q", last.Text)
	}
	for _, s := range h.archivedRecord().Seats[1:] {
		if msgs := h.api.Messages(s.User); len(msgs) != 0 {
			t.Errorf("the bot wrote to computer %d: %+v", s.User, msgs)
		}
	}
	for _, m := range h.api.Messages(testChat) {
		if strings.Contains(m.Text, "tg://user?id=-") {
			t.Errorf("a group message mentions a computer: %q", m.Text)
		}
	}
	here, all := h.stats(alice.ID)
	for _, s := range []PlayerStats{here, all} {
		if k := s.Kinds[deal.Name]; k == nil || k.Played != 1 {
			t.Errorf("Alice's statistics %+v: want one Deal game", s)
		}
	}
	for _, s := range h.archivedRecord().Seats[1:] {
		if here, all := h.stats(s.User); here.Kinds != nil || all.Kinds != nil {
			t.Errorf("computer %d has statistics %+v", s.User, here)
		}
	}
	h.say(alice, "/top")
	if last, _ := h.api.LastMessage(testChat); strings.Contains(last.Text, "🤖") {
		t.Errorf("/top lists a computer: %q", last.Text)
	}
}

// handShows says whether u's private chat shows every button of u's hand
// in rec.
func (h *harness) handShows(u fakeapi.User, rec *Record) bool {
	if rec == nil {
		return true
	}
	for _, b := range deal.Buttons(rec, int(rec.SeatOf(u.ID))) {
		if _, _, ok := h.findButtonIn(u.ID, b.Op, b.Arg, false); !ok {
			return false
		}
	}
	return true
}

// setOptions stores the chat's options before a game is made.
func (h *harness) setOptions(opts ChatOptions) {
	h.t.Helper()
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		return putJSON(tx.PutSettings, testChat, Settings{Lang: "en", Options: opts})
	}); err != nil {
		h.t.Fatal(err)
	}
}

// TestDealComputerMoveResumesOnceAfterRestart: a computer's Deal move
// waits the live pace's pause; the bot stops in the middle of it and
// starts again; when the pause is over the computer makes its one move —
// once, not twice.
func TestDealComputerMoveResumesOnceAfterRestart(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceLive}, KickAfter: -1})
	h.startDealWithComputers(1)
	for i := 0; !h.dealComputerDue(h.record()); i++ {
		if i > 50 || !h.dealStep() {
			t.Fatal("the computer never came to move")
		}
	}
	rec := h.record()
	ver := rec.Deal.Game.Version
	pause := time.Duration(rec.Clock.Deadline-clock.Now().UnixMilli()) * time.Millisecond
	if pause != Paces[PaceLive].ComputerPause() || pause <= 0 {
		t.Fatalf("the computer waits %v, want the live pace's pause %v", pause, Paces[PaceLive].ComputerPause())
	}
	time.Sleep(50 * time.Millisecond) // ticks of the timer runner: nothing is due yet
	if h.record().Deal.Game.Version != ver {
		t.Fatal("the computer moved before its pause was over")
	}
	h.stop()
	h.start()
	clock.Add(pause)
	h.waitRecord("the computer's move after the restart", func(r *Record) bool { return r.Deal.Game.Version != ver })
	time.Sleep(100 * time.Millisecond) // more ticks: a second run of the move would show now
	if rec = h.record(); rec.Deal.Game.Version != ver+1 {
		t.Fatalf("after the restart the game moved %d times, want once", rec.Deal.Game.Version-ver)
	}
	if rec.Deal.TableMsg == 0 {
		t.Error("the computer's move is not shown")
	}
}

// TestDealMissedAnswersCount: when an action's answers time out, each
// person who did not answer misses a turn — not the player whose action
// it was; a person's own move from the private chat clears their count.
func TestDealMissedAnswersCount(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}, KickAfter: 3})
	h.startDeal("en")
	rec := h.dealUntilAnswer()
	g := rec.Deal.Game
	actor, targets := g.Current, g.View(dealengine.Nobody).Waiting
	ver := g.Version
	clock.Add(time.Hour + time.Second)
	rec = h.waitRecord("the answers time out", func(r *Record) bool { return r.Deal.Game.Version != ver })
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
		rec = h.record()
		p := rec.Deal.Game.Waiting()
		if i == 300 || !h.dealStep() {
			t.Fatal("no target came to move")
		}
		if p != actor && strikes[p] == 1 {
			if rec = h.record(); rec.Clock.Strikes[p] != 0 {
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
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}, KickAfter: 1})
	h.startDeal("en")
	rec := h.record()
	absent := rec.Deal.Game.Current
	ua := h.userOf(rec, engine.PlayerID(absent))
	clock.Add(time.Hour + time.Second)
	rec = h.waitRecord("the absent player leaves", func(r *Record) bool { return r.Deal.Game.Out[absent] })
	g := rec.Deal.Game
	if g.Phase != dealengine.PhasePlay || g.Current == absent || g.HandSize(absent) != 0 {
		t.Fatalf("after the absent player left: phase %d, current %d, hand %d", g.Phase, g.Current, g.HandSize(absent))
	}
	// The timer's change is stored before its messages are queued.
	h.api.WaitFor(func() bool { return h.mentions(ua.ID, "too many missed turns in a row (1)") > 0 }, 5*time.Second)
	h.settle()
	if h.mentions(ua.ID, "too many missed turns in a row (1)") != 1 {
		t.Errorf("the group was not told that %s left: %+v", ua.FirstName, h.api.Messages(testChat))
	}
	table, _ := h.api.LastMessage(testChat)
	for _, m := range h.api.Messages(testChat) {
		if m.ID == rec.Deal.TableMsg {
			table = m
		}
	}
	if !strings.Contains(table.Text, kit.Escape(ua.FirstName)+": 🚪 out of the game") {
		t.Errorf("the table does not show %s out: %q", ua.FirstName, table.Text)
	}
	private := h.api.Messages(ua.ID)
	if hand := private[len(private)-1]; hand.Keyboard != nil || !strings.Contains(hand.Text, "You are out of this game") {
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
	h.say(h.userOf(rec, engine.PlayerID(dealengine.PlayerID(voter))), "/kick")
	if rec := h.record(); rec != nil {
		t.Fatalf("after the vote the game goes on: %+v", rec.Deal.Game)
	}
	last, _ := h.api.LastMessage(testChat)
	winner := h.userOf(h.archivedRecord(), engine.PlayerID(dealengine.PlayerID(voter)))
	if !strings.Contains(last.Text, "Everyone else has left, so") || !strings.Contains(last.Text, kit.Escape(winner.FirstName)) {
		t.Errorf("the game's end reads %q, want %s the last one left winning", last.Text, winner.FirstName)
	}
	wins := 0
	for _, u := range h.users {
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
func (h *harness) dealUntilAnswer() *Record {
	h.t.Helper()
	for i := 0; h.record().Deal.Game.Phase != dealengine.PhaseRespond; i++ {
		if i == 300 || !h.dealStep() {
			h.t.Fatal("no action was played against anyone")
		}
	}
	return h.record()
}

// TestDealLobbyComputerSeats: a Deal lobby takes computer seats up to
// Deal's five players.
func TestDealLobbyComputerSeats(t *testing.T) {
	h := newHarness(t, 3, nil)
	h.say(h.users[0], "/newgame deal")
	for range deal.MaxPlayers + 1 {
		h.mustPress(h.users[0], OpAddComputer)
	}
	if n := len(h.record().Seats); n != deal.MaxPlayers {
		t.Fatalf("the Deal lobby seats %d after adding more computers than fit, want %d", n, deal.MaxPlayers)
	}
}

// TestDealWithoutPeopleEnds: the one person of a game with computers
// misses a turn and leaves (KickAfter 1); a game of computers alone does
// not go on: it ends with the standings, and the person's game counts.
func TestDealWithoutPeopleEnds(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}, KickAfter: 1})
	alice := h.users[0]
	h.startDealWithComputers(2)
	rec := h.waitRecord("the game waits for Alice", func(r *Record) bool { return !h.dealComputerDue(r) })
	if !rec.Deal.Game.Waits(0) {
		t.Fatalf("the game waits for %v, not Alice", rec.Deal.Game.View(dealengine.Nobody).Waiting)
	}
	clock.Add(time.Hour + time.Second)
	if !h.api.WaitFor(func() bool { return h.record() == nil }, 5*time.Second) {
		t.Fatalf("the game of computers alone goes on: %+v", h.record())
	}
	var last fakeapi.Message
	h.api.WaitFor(func() bool {
		last, _ = h.api.LastMessage(testChat)
		return strings.Contains(last.Text, "No people are left")
	}, 5*time.Second)
	if !strings.Contains(last.Text, "No people are left") || !strings.Contains(last.Text, "complete sets:") {
		t.Fatalf("the game's end reads %q, want the reason and the standings", last.Text)
	}
	if h.mentions(alice.ID, "too many missed turns in a row (1)") != 1 {
		t.Error("the group was not told that Alice left")
	}
	if here, _ := h.stats(alice.ID); here.Kinds[deal.Name] == nil || here.Kinds[deal.Name].Played != 1 || here.Kinds[deal.Name].Won != 0 {
		t.Errorf("Alice's statistics %+v: want one Deal game, not won", here)
	}
}

// editDeal replaces the stored Deal game by hand (a test's setup), under
// the chat's lock, without a new revision.
func (h *harness) editDeal(g *dealengine.Game) {
	h.t.Helper()
	defer h.bot.lock(testChat)()
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		data, _ := tx.Game(testChat)
		rec, err := kit.DecodeRecord(data)
		if err != nil {
			return err
		}
		rec.Deal.Game, rec.Deal.Events = g, nil
		out, err := rec.Encode()
		if err != nil {
			return err
		}
		return tx.PutGame(testChat, out)
	}); err != nil {
		h.t.Fatal(err)
	}
}

// handAct presses the hand button of u's that takes action a.
func (h *harness) handAct(u fakeapi.User, match func(a dealengine.Action) bool) {
	h.t.Helper()
	rec := h.record()
	for _, b := range deal.Buttons(rec, int(rec.SeatOf(u.ID))) {
		if (b.Op == deal.OpAct || b.Op == deal.OpPay) && match(b.Action) {
			h.handPress(u, b.Op, b.Arg)
			return
		}
	}
	h.t.Fatalf("%s's hand offers no such move: %+v", u.FirstName, deal.Buttons(rec, int(rec.SeatOf(u.ID))))
}

// TestDealTimeoutsOfOneTurnCountOnce: the player whose turn it is lets
// the deadline pass twice in one turn — answering a Just Say No against
// their Debt Collector, then playing on —: one missed turn, not two; the
// target, who answered, misses none.
func TestDealTimeoutsOfOneTurnCountOnce(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}, KickAfter: 3})
	h.startDeal("en")
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
	h.say(h.users[0], "/board") // shows the table and the hands anew
	rec := h.record()
	u0, u1 := h.userOf(rec, 0), h.userOf(rec, 1)
	h.handPress(u0, deal.OpCard, collector)
	h.handAct(u0, func(a dealengine.Action) bool { return a.Kind == dealengine.ActPlay && a.Target == 1 })
	h.handAct(u1, func(a dealengine.Action) bool { return a.Kind == dealengine.ActSayNo })
	if g := h.record().Deal.Game; g.Phase != dealengine.PhaseRespond || !g.Waits(0) {
		t.Fatalf("phase %d: want the actor to answer the Just Say No", g.Phase)
	}
	for _, what := range []string{"the answer", "the turn"} {
		ver := h.record().Deal.Game.Version
		clock.Add(time.Hour + time.Second)
		h.waitRecord(what+" times out", func(r *Record) bool { return r.Deal.Game.Version != ver })
	}
	rec = h.record()
	if g := rec.Deal.Game; g.Current != 1 {
		t.Fatalf("after two timeouts the turn is seat %d's, want seat 1's", g.Current)
	}
	if s := rec.Clock.Strikes; s[0] != 1 || s[1] != 0 {
		t.Fatalf("missed turns %v: want one for seat 0's turn, none for seat 1, who answered", s)
	}
}
