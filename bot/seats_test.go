package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// computerDue says whether the game waits for a computer's move.
func (h *harness) computerDue(rec *kit.Record) bool {
	return rec != nil && board.Of(rec).Game != nil && h.bot.kinds.Of(rec).Pending(rec).Computer
}

// TestLobbyComputerSeats: only the creator (or an admin) adds computer
// seats, each named with a 🤖, up to the most players; they can be
// removed before the start; nobody is mentioned for them.
func TestLobbyComputerSeats(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil)
	h.Say(h.Users[0], "/newgame")
	msg, data, ok := h.FindButton(OpAddComputer, 0, true)
	if !ok {
		t.Fatal("the lobby has no ➕ computer button")
	}
	h.Press(h.Users[1], msg, data)
	if a := h.LastAnswer(); !a.ShowAlert || len(h.Record().Seats) != 1 {
		t.Fatalf("someone else added a computer seat (answer %+v)", a)
	}
	max := engine.EditionByID(engine.Classic).MaxPlayers
	for range max + 1 {
		h.MustPress(h.Users[0], OpAddComputer)
	}
	rec := h.Record()
	if len(rec.Seats) != max {
		t.Fatalf("%d seats after adding more than fit, want %d", len(rec.Seats), max)
	}
	names := map[string]bool{}
	for _, s := range rec.Seats[1:] {
		if !s.Computer || s.User >= 0 || !strings.HasPrefix(s.Name, "🤖") || names[s.Name] {
			t.Errorf("computer seat %+v: want a 🤖 name of its own and no person", s)
		}
		names[s.Name] = true
	}
	h.MustPress(h.Users[0], OpDropComputer)
	if rec := h.Record(); len(rec.Seats) != max-1 {
		t.Fatalf("%d seats after removing a computer, want %d", len(rec.Seats), max-1)
	}
	last, _ := h.API.LastMessage(testChat)
	if strings.Contains(last.Text, "tg://user?id=-") {
		t.Errorf("the lobby links a computer seat: %q", last.Text)
	}
}

// TestComputersPlayWithOnePerson: in every edition, a game of one person
// and two computer seats plays to its end through the fake Bot API, a
// follower is told, the computers moving
// by themselves through the chat's timer (at once in the async pace); the
// person only rolls, passes and pays. The statistics count the person,
// not the computers.
func TestComputersPlayWithOnePerson(t *testing.T) {
	t.Parallel()
	for _, ed := range []string{engine.Classic, engine.Business, engine.Lux} {
		t.Run(ed, func(t *testing.T) { t.Parallel(); computersPlayWithOnePerson(t, ed) })
	}
}

func computersPlayWithOnePerson(t *testing.T, edition string) {
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	h := newHarnessWith(t, 9, nil, func(c *AppConfig) { c.TimerTick, c.Now = time.Millisecond, clock.Now })
	if err := h.bot.store.Update(func(tx *storage.Tx) error {
		opts := kit.ChatOptions{Edition: edition, Pace: kit.Pace{Name: kit.PaceAsync}, KickAfter: -1}
		return putJSON(tx.PutSettings, testChat, kit.Settings{Lang: "en", Options: opts})
	}); err != nil {
		t.Fatal(err)
	}
	alice := h.Users[0]
	h.LobbyWithComputers(2)
	h.MustPress(alice, OpStart)
	// A spectator follows the game (TestBoardPicture: following changes
	// nothing for the players).
	spectator := fakeapi.User{ID: 99, FirstName: "Zoe", LanguageCode: "en"}
	h.MustPress(spectator, board.OpFollow)
	if rec := h.Record(); !slices.Equal(board.Of(rec).Followers, []int64{spectator.ID}) {
		t.Fatalf("after 👁 the followers are %v", board.Of(rec).Followers)
	}
	// What Alice presses when the game waits for her: no purchases, so the
	// computers own the board and the game ends.
	prefer := []kit.Op{board.OpBankruptYes, board.OpRoll, board.OpPayDebt, board.OpPayFine, board.OpDecline, board.OpPass, board.OpEndTurn, board.OpBankrupt}
	h.PlayAgainstComputers(alice, clock.Add, prefer, h.computerDue) // turnlength_test.go
	// A computer's move on the chat's timer may be what ended the game: the
	// record is archived before that timer's change has queued the ending,
	// so wait for the standings before reading the chat.
	standings := h.bot.cat.T("en", "standings_title", nil)
	h.API.WaitFor(func() bool {
		msgs := h.API.Messages(testChat)
		return len(msgs) > 0 && strings.Contains(msgs[len(msgs)-1].Text, standings)
	}, 5*time.Second)
	h.Settle()
	// The action log replays the game, the computers' moves included.
	arch := h.ArchivedRecord()
	rolls, bought := map[bool]int{}, map[bool]int{}
	for _, e := range h.ReplayArchive() {
		switch e.Kind {
		case engine.EvRolled:
			rolls[arch.Seats[e.Player].Computer]++
		case engine.EvBought, engine.EvAuctionWon:
			bought[arch.Seats[e.Player].Computer]++
		}
	}
	if rolls[true] == 0 || bought[true] == 0 || rolls[false] == 0 || bought[false] != 0 {
		t.Errorf("rolls %v and purchases %v (by computers: true), want both to roll and only the computers to buy", rolls, bought)
	}
	msgs := h.API.Messages(testChat)
	end := msgs[len(msgs)-1].Text
	if !strings.Contains(end, h.bot.cat.T("en", "standings_title", nil)) {
		t.Errorf("the game ended without standings: %q", end)
	}
	// The computers cost the chat no more than people: a turn message per
	// turn, edited per move (TestTurnBudget: 2.35 a plain turn of people;
	// here every free deed Alice lands on is auctioned, a bid an edit).
	calls := len(h.API.Calls("sendMessage")) + len(h.API.Calls("editMessageText")) + len(h.API.Calls("editMessageReplyMarkup"))
	if perTurn := float64(calls) / float64(board.Of(arch).Game.Turn); perTurn > 4 {
		t.Errorf("%.2f requests a turn, want at most 4", perTurn)
	}
	t.Logf("%d turns, %d rolls, %d purchases, %.2f requests a turn; the end: %s", board.Of(arch).Game.Turn, rolls[true]+rolls[false], bought[true], float64(calls)/float64(board.Of(arch).Game.Turn), end)
	private := h.API.Messages(spectator.ID)
	if len(private) != 1 || !strings.HasPrefix(private[0].Text, h.bot.cat.T("en", "follow_ended", nil)) ||
		!strings.Contains(private[0].Text, h.bot.cat.T("en", "standings_title", nil)) {
		t.Errorf("the follower was told %+v, want one message with the final standings", private)
	}
	var people, computers int
	if err := h.bot.store.View(func(tx *storage.Tx) error {
		return tx.ForEachChatStats(testChat, func(user int64, _ []byte) error {
			if user < 0 {
				computers++
			} else {
				people++
			}
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
	if people != 1 || computers != 0 {
		t.Errorf("statistics of %d people and %d computers, want Alice's only", people, computers)
	}
	h.Say(alice, "/top")
	if last, _ := h.API.LastMessage(testChat); strings.Contains(last.Text, "🤖") {
		t.Errorf("/top lists a computer: %q", last.Text)
	}
}

// TestComputerMoveResumesOnceAfterRestart: a computer's move waits the
// live pace's pause; the bot stops in the middle of it and starts again;
// when the pause is over the computer makes its one move — once, not twice.
func TestComputerMoveResumesOnceAfterRestart(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, KickAfter: -1})
	alice := h.Users[0]
	h.LobbyWithComputers(1)
	h.MustPress(alice, OpStart)
	for i := 0; !h.computerDue(h.Record()); i++ {
		if i > 20 {
			t.Fatal("the computer never came to move")
		}
		h.MustPress(alice, board.OpRoll)
	}
	rec := h.Record()
	ver, log := board.Of(rec).Game.Version, len(board.Of(rec).Turn)
	pause := time.Duration(rec.Clock.Deadline-clock.Now().UnixMilli()) * time.Millisecond
	if pause != kit.Paces[kit.PaceLive].ComputerPause() {
		t.Fatalf("the computer waits %v, want the live pace's pause %v", pause, kit.Paces[kit.PaceLive].ComputerPause())
	}
	h.TimerPass() // nothing is due yet
	if board.Of(h.Record()).Game.Version != ver {
		t.Fatal("the computer moved before its pause was over")
	}
	h.Stop()
	h.Start()
	clock.Add(pause)
	rec = h.WaitRecord("the computer's move after the restart", func(r *kit.Record) bool { return board.Of(r).Game.Version != ver })
	h.TimerPass() // a second run of the move would show now
	rec = h.Record()
	if board.Of(rec).Game.Version != ver+1 {
		t.Fatalf("after the restart the game moved %d times, want once", board.Of(rec).Game.Version-ver)
	}
	if board.Of(rec).Computer == nil {
		t.Error("the computers' strategy and memory are not stored with the game")
	}
	if len(board.Of(rec).Turn) <= log && board.Of(rec).TurnMsg == 0 {
		t.Error("the computer's move is not shown")
	}
}
