package deal_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// TestDealDeadlineEndsTheTurn: a Deal turn has the pace's deadline; when
// it passes, the rules' default ends the turn and the table says whose time
// ran out.
func TestDealDeadlineEndsTheTurn(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}})
	h.StartDeal("en")
	rec := h.Record()
	g := deal.Of(rec).Game
	if rec.Clock.Decision != "p:1" || rec.Clock.Deadline != clock.Now().Add(time.Hour).UnixMilli() {
		t.Fatalf("clock %+v: want the turn's decision with an hour's deadline", rec.Clock)
	}
	// The table says until when it waits.
	if want := kit.DeadlineText(h.bot.Catalog(), "en", time.UTC, clock.Now(), rec.Clock.Deadline); !strings.Contains(h.Message(deal.Of(rec).TableMsg).Text, want) {
		t.Errorf("the table lacks its deadline %q:\n%s", want, h.Message(deal.Of(rec).TableMsg).Text)
	}
	cur, ver := g.Current, g.Version
	clock.Add(time.Hour + time.Second)
	rec = h.WaitRecord("the turn times out", func(r *kit.Record) bool { return deal.Of(r).Game.Version != ver })
	g = deal.Of(rec).Game
	if g.Current == cur || g.Turn != 2 || rec.Clock.Decision != "p:2" {
		t.Fatalf("after the deadline: current %d (was %d), turn %d, decision %q", g.Current, cur, g.Turn, rec.Clock.Decision)
	}
	// The timer's change is stored before the outbox delivers its edits:
	// wait for the closed table's text.
	var closed string
	h.API.WaitFor(func() bool {
		closed = ""
		for _, m := range h.API.Messages(testChat) {
			if strings.Contains(m.Text, "time is up") {
				closed = m.Text
			}
		}
		return closed != ""
	}, 5*time.Second)
	if !strings.Contains(closed, kit.Escape(rec.Seats[cur].Name)) || !strings.Contains(closed, "turn 1") {
		t.Fatalf("no table message says whose time ran out: %q", closed)
	}
}

// TestDealFromTheEditionSetting: a chat whose edition setting is Deal gets
// a Deal lobby from a plain /newgame; /newgame classic still opens a board
// game there.
func TestDealFromTheEditionSetting(t *testing.T) {
	t.Parallel()
	h, _ := newClockHarness(t, kit.ChatOptions{Edition: deal.Name})
	h.Say(h.Users[0], "/newgame")
	if rec := h.Record(); rec == nil || rec.Kind != deal.Name {
		t.Fatalf("/newgame with the Deal edition set opened %+v", rec)
	}
	h.CancelLobby(h.Users[0])
	h.Say(h.Users[0], "/newgame classic")
	if rec := h.Record(); rec == nil || rec.Kind != board.Name {
		t.Fatalf("/newgame classic opened %+v", rec)
	}
}

// TestDealEndGame: /endgame stops a Deal game; the group gets the
// standings with 🔁 Rematch, the table and every hand keep their last
// text without buttons — each hand closed with the result, not "your
// turn" —, and the ranking's leader counts a win in /stats.
func TestDealEndGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 5, nil)
	h.StartDeal("en")
	// Play until one seat leads the ranking alone (cards in a bank).
	var leader int64
	for range 40 {
		if !h.DealStep() {
			t.Fatal("the game ended before /endgame")
		}
		rec := h.Record()
		res := h.bot.KindNamed(deal.Name).Results(rec)
		for i, r := range res {
			if r.Leader {
				leader = rec.Seats[i].User
			}
		}
		if leader != 0 && deal.Of(rec).Game.Turn > 1 {
			break
		}
	}
	if leader == 0 {
		t.Fatal("no seat leads after 40 moves")
	}
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], bot.OpEndGameYes)
	if rec := h.Record(); rec != nil {
		t.Fatalf("the game is still there: %+v", rec)
	}
	last, _ := h.API.LastMessage(testChat)
	if !strings.Contains(last.Text, "complete sets") {
		t.Fatalf("no standings after /endgame: %q", last.Text)
	}
	if len(last.Keyboard) != 1 || len(last.Keyboard[0]) != 1 || !strings.Contains(last.Keyboard[0][0].Data, string(bot.OpRematch)) {
		t.Fatalf("the standings after /endgame offer no rematch: %+v", last.Keyboard)
	}
	for _, chat := range []int64{testChat, h.Users[0].ID, h.Users[1].ID, h.Users[2].ID} {
		for _, m := range h.API.Messages(chat) {
			for _, row := range m.Keyboard {
				for _, b := range row {
					if b.Data != "" && chat != testChat || b.URL != "" {
						t.Fatalf("chat %d keeps a button %q on %q after the game ended", chat, b.Text, m.Text)
					}
				}
			}
		}
	}
	for _, u := range h.Users {
		hand := h.lastHand(u.ID)
		if !strings.Contains(hand, "The game is over.") || !strings.Contains(hand, "complete sets") || strings.Contains(hand, "Your turn") {
			t.Errorf("%s's hand after /endgame reads %q, want it closed with the result", u.FirstName, hand)
		}
		here, all := h.stats(u.ID)
		want := 0
		if u.ID == leader {
			want = 1
		}
		for _, s := range []bot.PlayerStats{here, all} {
			if k := s.Kinds[deal.Name]; k == nil || k.Played != 1 || k.Won != want {
				t.Errorf("%s's Deal statistics %+v: want 1 game, %d won (the leader wins an /endgame)", u.FirstName, k, want)
			}
		}
	}
}

// lastHand is the text of the newest hand message in a person's private
// chat (the one with cards listed).
func (h *harness) lastHand(user int64) string {
	msgs := h.API.Messages(user)
	for i := len(msgs) - 1; i >= 0; i-- {
		if strings.Contains(msgs[i].Text, "complete sets") || strings.Contains(msgs[i].Text, "Your hand") {
			return msgs[i].Text
		}
	}
	return ""
}

// TestDealLobbyTakesTwoToFive: a Deal lobby shows its own text and takes
// five players at most; it starts with two.
func TestDealLobbyTakesTwoToFive(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 3, nil)
	h.Say(h.Users[0], "/newgame deal")
	if m, _ := h.API.LastMessage(testChat); !strings.Contains(m.Text, "Monopoly Deal") {
		t.Fatalf("the lobby does not name the game: %q", m.Text)
	}
	for i := 2; i <= 6; i++ {
		u := fakeapi.User{ID: int64(100 + i), FirstName: "P" + strconv.Itoa(i), LanguageCode: "en"}
		h.MustPress(u, bot.OpJoin)
		if n := len(h.Record().Seats); n != min(i, deal.MaxPlayers) {
			t.Fatalf("after %d joins the lobby seats %d", i, n)
		}
	}
	answers := h.API.CallbackAnswers()
	if last := answers[len(answers)-1]; !last.ShowAlert {
		t.Fatalf("the sixth player was not refused with an alert: %+v", last)
	}
	h.MustPress(h.Users[0], bot.OpStart)
	if rec := h.Record(); rec.Status != kit.StatusPlaying || deal.Of(rec).Game.Seats != deal.MaxPlayers {
		t.Fatalf("the five-player game did not start: %+v", rec)
	}
}

// TestDealHandOpenedAgain: the group's link opened again moves the hand to
// the bottom of the private chat; the old message keeps no buttons.
func TestDealHandOpenedAgain(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 9, nil)
	h.StartDeal("en")
	rec := h.Record()
	seat := deal.Of(rec).Game.Current
	u := h.UserOf(rec, int(seat))
	old := deal.Of(rec).Hands[seat].Msg
	h.API.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
	h.Settle()
	now := deal.Of(h.Record()).Hands[seat].Msg
	msgs := h.API.Messages(u.ID)
	if now == old || now != msgs[len(msgs)-1].ID || msgs[len(msgs)-1].Keyboard == nil {
		t.Fatalf("the hand is message %d (was %d), the chat's last is %d", now, old, msgs[len(msgs)-1].ID)
	}
	for _, m := range msgs {
		if m.ID == old && (m.Keyboard != nil || !strings.Contains(m.Text, "further down")) {
			t.Fatalf("the old hand message still reads %q with buttons %v", m.Text, m.Keyboard)
		}
	}
}

// TestDealAnswerDeadline: an action's targets share one deadline from the
// chat's pace; when it passes, every open answer takes the rules' default
// (no Just Say No; a debt paid with the least valuable cards).
func TestDealAnswerDeadline(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceRelaxed}})
	h.StartDeal("en")
	rec := h.dealUntilAnswer()
	g := deal.Of(rec).Game
	if !strings.HasPrefix(rec.Clock.Decision, "r:") || rec.Clock.Deadline != clock.Now().Add(time.Hour).UnixMilli() {
		t.Fatalf("clock %+v: want the answer's decision with an hour's deadline", rec.Clock)
	}
	ver, turn := g.Version, g.Turn
	clock.Add(time.Hour + time.Second)
	rec = h.WaitRecord("the answers time out", func(r *kit.Record) bool { return deal.Of(r).Game.Version != ver })
	g = deal.Of(rec).Game
	if g.Phase != dealengine.PhasePlay || g.Turn != turn {
		t.Fatalf("after the answers' deadline: phase %d turn %d, want the actor's turn going on", g.Phase, g.Turn)
	}
	timedOut := false
	for _, e := range deal.Of(rec).Events {
		timedOut = timedOut || e.Kind == dealengine.EvTimeout
	}
	if !timedOut {
		t.Fatalf("the table does not say the answers timed out: %+v", deal.Of(rec).Events)
	}
}

// TestDealBoardMovesTheTable: /board in a Deal game posts the table anew
// at the bottom of the chat; the old message keeps its moves, without
// buttons.
func TestDealBoardMovesTheTable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 8, nil)
	h.StartDeal("en")
	old := deal.Of(h.Record()).TableMsg
	h.Say(h.Users[1], "/board")
	rec := h.Record()
	last, _ := h.API.LastMessage(testChat)
	if deal.Of(rec).TableMsg == old || deal.Of(rec).TableMsg != last.ID || !strings.Contains(last.Text, "Draw pile") || last.Keyboard == nil {
		t.Fatalf("the table is message %d (was %d); the chat's last reads %q", deal.Of(rec).TableMsg, old, last.Text)
	}
	for _, m := range h.API.Messages(testChat) {
		if m.ID == old && m.Keyboard != nil {
			t.Fatalf("the old table keeps its buttons: %q", m.Text)
		}
	}
}
