package deal_test

import (
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// startDealWithComputers opens a Deal lobby of Alice's, adds n computer
// seats, starts the game and opens Alice's hand in her private chat.
func (h *harness) startDealWithComputers(n int) {
	h.T.Helper()
	alice := h.Users[0]
	h.Say(alice, "/newgame deal")
	for range n {
		h.MustPress(alice, bot.OpAddComputer)
	}
	h.MustPress(alice, bot.OpStart)
	rec := h.Record()
	if rec == nil || rec.Kind != deal.Name || rec.Status != kit.StatusPlaying || len(rec.Seats) != n+1 {
		h.T.Fatalf("the Deal game of Alice and %d computers did not start: %+v", n, rec)
	}
	for i, s := range rec.Seats[1:] {
		if !s.Computer || !strings.HasPrefix(s.Name, "🤖") {
			h.T.Fatalf("seat %d is %+v, want a computer", i+1, s)
		}
	}
	h.API.PushMessage(alice.ID, alice, "/start "+deal.HandPayload(testChat, rec.ID))
	h.Settle()
}

// dealComputerDue says whether the Deal game waits for a computer's move.
func (h *harness) dealComputerDue(rec *kit.Record) bool {
	return rec != nil && deal.Of(rec) != nil && h.bot.KindOf(rec).Pending(rec).Computer
}

// TestDealComputersPlayWithOnePerson: a whole Deal game of one person and
// two computer seats through the fake Bot API. The computers move by
// themselves through the chat's timer (at once in the async pace), answer
// the actions played against them, and the person plays from the hand in
// her private chat. Nothing is ever sent to a computer, nor asked of one;
// the statistics count the person only, and /top lists no computer.
func TestDealComputersPlayWithOnePerson(t *testing.T) {
	t.Parallel()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 5, nil, func(c *bot.AppConfig) { c.TimerTick, c.Now = time.Millisecond, clock.Now })
	h.setOptions(kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1})
	alice := h.Users[0]
	h.startDealWithComputers(2)
	computerMoves := map[dealengine.EventKind]int{}
	answered := 0
	for steps := 0; ; steps++ {
		if steps > 3000 {
			t.Fatal("the game did not end after 3000 moves of Alice's")
		}
		var rec *kit.Record
		if !h.API.WaitFor(func() bool { rec = h.Record(); return rec == nil || !h.dealComputerDue(rec) }, 10*time.Second) {
			t.Fatalf("the computers did not move (clock %+v)", rec.Clock)
		}
		h.Settle()
		if rec = h.Record(); rec == nil {
			break
		}
		// The computer's move was stored before its messages were queued:
		// wait until Alice's hand shows what she may do now.
		if !h.API.WaitFor(func() bool { return h.handShows(alice, h.Record()) }, 10*time.Second) {
			t.Fatalf("Alice's hand does not show her moves %+v", deal.Buttons(rec, 0))
		}
		for _, e := range deal.Of(rec).Events {
			if e.Player > 0 {
				computerMoves[e.Kind]++
				if (e.Kind == dealengine.EvPaid || e.Kind == dealengine.EvAccepted) && e.Other == 0 {
					answered++
				}
			}
		}
		g := deal.Of(rec).Game
		if p := g.Waiting(); p != 0 {
			t.Fatalf("the game waits for seat %d, a computer, and no computer move is due", p)
		}
		if !h.DealStep() {
			t.Fatal("Alice has nothing to press")
		}
	}
	if computerMoves[dealengine.EvPlaced] == 0 || computerMoves[dealengine.EvTurnStarted] == 0 || answered == 0 {
		t.Errorf("the computers' events %v, answers to Alice %d: want them to have turns, lay cards down and answer Alice", computerMoves, answered)
	}
	arch := h.ArchivedRecord()
	t.Logf("%d turns; won by seat %d; the computers' events (counted once per look) %v", deal.Of(arch).Game.Turn, deal.Of(arch).Game.Winner, computerMoves)
	var last fakeapi.Message
	h.API.WaitFor(func() bool { last, _ = h.API.LastMessage(testChat); return strings.Contains(last.Text, "🏆") }, 10*time.Second)
	if !strings.Contains(last.Text, "🏆") || !strings.Contains(last.Text, "complete sets:") {
		t.Errorf("the game ended without its result and standings: %q", last.Text)
	}
	for _, s := range h.ArchivedRecord().Seats[1:] {
		if msgs := h.API.Messages(s.User); len(msgs) != 0 {
			t.Errorf("the bot wrote to computer %d: %+v", s.User, msgs)
		}
	}
	for _, m := range h.API.Messages(testChat) {
		if strings.Contains(m.Text, "tg://user?id=-") {
			t.Errorf("a group message mentions a computer: %q", m.Text)
		}
	}
	here, all := h.stats(alice.ID)
	for _, s := range []bot.PlayerStats{here, all} {
		if k := s.Kinds[deal.Name]; k == nil || k.Played != 1 {
			t.Errorf("Alice's statistics %+v: want one Deal game", s)
		}
	}
	for _, s := range h.ArchivedRecord().Seats[1:] {
		if here, all := h.stats(s.User); here.Kinds != nil || all.Kinds != nil {
			t.Errorf("computer %d has statistics %+v", s.User, here)
		}
	}
	h.Say(alice, "/top")
	if last, _ := h.API.LastMessage(testChat); strings.Contains(last.Text, "🤖") {
		t.Errorf("/top lists a computer: %q", last.Text)
	}
}

// handShows says whether u's private chat shows every button of u's hand
// in rec.
func (h *harness) handShows(u fakeapi.User, rec *kit.Record) bool {
	if rec == nil {
		return true
	}
	for _, b := range deal.Buttons(rec, int(rec.SeatOf(u.ID))) {
		if _, _, ok := h.FindButtonIn(u.ID, b.Op, b.Arg, false); !ok {
			return false
		}
	}
	return true
}

// waitHands waits until every player's hand shows its buttons: a timer's
// change is stored before its messages are queued.
func (h *harness) waitHands() {
	h.T.Helper()
	all := func() bool {
		for _, u := range h.Users {
			if !h.handShows(u, h.Record()) {
				return false
			}
		}
		return true
	}
	if !h.API.WaitFor(all, 5*time.Second) {
		h.T.Fatal("the hands do not show the game as it is")
	}
}

// setOptions stores the chat's options before a game is made.
func (h *harness) setOptions(opts kit.ChatOptions) {
	h.T.Helper()
	if err := h.bot.Store().Update(func(tx *storage.Tx) error {
		return bottest.PutJSON(tx.PutSettings, testChat, kit.Settings{Lang: "en", Options: opts})
	}); err != nil {
		h.T.Fatal(err)
	}
}

// TestDealComputerMoveResumesOnceAfterRestart: a computer's Deal move
// waits the live pace's pause; the bot stops in the middle of it and
// starts again; when the pause is over the computer makes its one move —
// once, not twice.
func TestDealComputerMoveResumesOnceAfterRestart(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
	h.startDealWithComputers(1)
	for i := 0; !h.dealComputerDue(h.Record()); i++ {
		if i > 50 || !h.DealStep() {
			t.Fatal("the computer never came to move")
		}
	}
	rec := h.Record()
	ver := deal.Of(rec).Game.Version
	pause := time.Duration(rec.Clock.Deadline-clock.Now().UnixMilli()) * time.Millisecond
	if pause != kit.Paces[kit.PaceLive].ComputerPause() || pause <= 0 {
		t.Fatalf("the computer waits %v, want the live pace's pause %v", pause, kit.Paces[kit.PaceLive].ComputerPause())
	}
	h.TimerPass() // nothing is due yet
	if deal.Of(h.Record()).Game.Version != ver {
		t.Fatal("the computer moved before its pause was over")
	}
	h.Stop()
	h.Start()
	clock.Add(pause)
	h.WaitRecord("the computer's move after the restart", func(r *kit.Record) bool { return deal.Of(r).Game.Version != ver })
	h.TimerPass() // a second run of the move would show now
	if rec = h.Record(); deal.Of(rec).Game.Version != ver+1 {
		t.Fatalf("after the restart the game moved %d times, want once", deal.Of(rec).Game.Version-ver)
	}
	if deal.Of(rec).TableMsg == 0 {
		t.Error("the computer's move is not shown")
	}
}

// TestDealLobbyComputerSeats: a Deal lobby takes computer seats up to
// Deal's five players.
func TestDealLobbyComputerSeats(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 3, nil)
	h.Say(h.Users[0], "/newgame deal")
	for range deal.MaxPlayers + 1 {
		h.MustPress(h.Users[0], bot.OpAddComputer)
	}
	if n := len(h.Record().Seats); n != deal.MaxPlayers {
		t.Fatalf("the Deal lobby seats %d after adding more computers than fit, want %d", n, deal.MaxPlayers)
	}
}

// TestDealWithoutPeopleEnds: the one person of a game with computers
// misses a turn and leaves (KickAfter 1); a game of computers alone does
// not go on: it ends with the standings, and the person's game counts.
func TestDealWithoutPeopleEnds(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: 1})
	alice := h.Users[0]
	h.startDealWithComputers(2)
	rec := h.WaitRecord("the game waits for Alice", func(r *kit.Record) bool { return !h.dealComputerDue(r) })
	if !deal.Of(rec).Game.Waits(0) {
		t.Fatalf("the game waits for %v, not Alice", deal.Of(rec).Game.View(dealengine.Nobody).Waiting)
	}
	clock.Add(time.Hour + time.Second)
	if !h.API.WaitFor(func() bool { return h.Record() == nil }, 5*time.Second) {
		t.Fatalf("the game of computers alone goes on: %+v", h.Record())
	}
	var last fakeapi.Message
	h.API.WaitFor(func() bool {
		last, _ = h.API.LastMessage(testChat)
		return strings.Contains(last.Text, "No people are left")
	}, 5*time.Second)
	if !strings.Contains(last.Text, "No people are left") || !strings.Contains(last.Text, "complete sets:") {
		t.Fatalf("the game's end reads %q, want the reason and the standings", last.Text)
	}
	if len(last.Keyboard) == 0 || !strings.Contains(last.Keyboard[0][0].Data, string(bot.OpRematch)) {
		t.Errorf("the game's end offers no rematch: %+v", last.Keyboard)
	}
	if h.Mentions(alice.ID, "too many missed turns in a row (1)") != 1 {
		t.Error("the group was not told that Alice left")
	}
	if here, _ := h.stats(alice.ID); here.Kinds[deal.Name] == nil || here.Kinds[deal.Name].Played != 1 || here.Kinds[deal.Name].Won != 0 {
		t.Errorf("Alice's statistics %+v: want one Deal game, not won", here)
	}
}

// editDeal replaces the stored Deal game by hand (a test's setup), under
// the chat's lock, without a new revision.
func (h *harness) editDeal(g *dealengine.Game) {
	h.EditRecord(func(rec *kit.Record) { deal.Of(rec).Game, deal.Of(rec).Events = g, nil })
}

// handAct presses the hand button of u's that takes action a.
func (h *harness) handAct(u fakeapi.User, match func(a dealengine.Action) bool) {
	h.T.Helper()
	rec := h.Record()
	for _, b := range deal.Buttons(rec, int(rec.SeatOf(u.ID))) {
		if (b.Op == deal.OpAct || b.Op == deal.OpPay) && match(b.Action) {
			h.HandPress(u, b.Op, b.Arg)
			return
		}
	}
	h.T.Fatalf("%s's hand offers no such move: %+v", u.FirstName, deal.Buttons(rec, int(rec.SeatOf(u.ID))))
}

// TestDealComputerAnswers: a computer answers what is played against it
// by itself — here a Debt Collector with a Just Say No (it holds one and
// 5M to lose) —, and pays when its No is countered.
func TestDealComputerAnswers(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}, KickAfter: -1})
	alice := h.Users[0]
	h.startDealWithComputers(1)
	card := func(a dealengine.ActionType, skip int) int {
		for i, c := range dealengine.Cards {
			if c.Action == a && c.Type == dealengine.TypeAction {
				if skip == 0 {
					return i
				}
				skip--
			}
		}
		t.Fatalf("no card %d", a)
		return -1
	}
	collector, no1, no2 := card(dealengine.DebtCollector, 0), card(dealengine.JustSayNo, 0), card(dealengine.JustSayNo, 1)
	// Alice (seat 0) starts with the Debt Collector and a Just Say No (the
	// cards are dealt in turn: no2), the computer with a Just Say No (no1)
	// and 5M in its bank.
	g, _, err := dealengine.New(dealengine.Config{Players: 2, Deck: []int{collector, no1, no2}})
	if err != nil {
		t.Fatal(err)
	}
	five := -1
	for i, c := range dealengine.Cards {
		if c.Type == dealengine.TypeMoney && c.Value == 5 && g.Places[i].Zone == dealengine.ZoneDeck {
			five = i
			break
		}
	}
	for i, d := range g.Deck {
		if int(d) == five {
			g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
			break
		}
	}
	g.Places[five] = dealengine.Place{Zone: dealengine.ZoneBank, Owner: 1}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	h.editDeal(g)
	h.Say(alice, "/board") // shows the hands anew
	h.HandPress(alice, deal.OpCard, collector)
	h.handAct(alice, func(a dealengine.Action) bool { return a.Kind == dealengine.ActPlay })
	rec := h.WaitRecord("the computer's No", func(r *kit.Record) bool { return deal.Of(r).Game.Waits(0) })
	saidNo := false
	for _, e := range deal.Of(rec).Events {
		saidNo = saidNo || e.Kind == dealengine.EvSaidNo && e.Player == 1
	}
	if !saidNo || deal.Of(rec).Game.Places[no1].Zone != dealengine.ZoneDiscard {
		t.Fatalf("the computer did not say no: events %+v", deal.Of(rec).Events)
	}
	h.waitHands()
	h.handAct(alice, func(a dealengine.Action) bool { return a.Kind == dealengine.ActSayNo })
	rec = h.WaitRecord("the computer pays", func(r *kit.Record) bool { return deal.Of(r).Game.Phase == dealengine.PhasePlay })
	if g := deal.Of(rec).Game; g.BankValue(0) != 5 || g.BankValue(1) != 0 {
		t.Fatalf("after the computer's answer: banks %d and %d, want its 5M in Alice's", g.BankValue(0), g.BankValue(1))
	}
}
