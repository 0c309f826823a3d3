package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/deal"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	dealengine "github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// inlineHand asks for u's hand through inline mode in the group and
// returns the answer.
func (h *harness) inlineHand(u fakeapi.User) fakeapi.InlineAnswer {
	h.t.Helper()
	before := len(h.api.InlineAnswers(u.ID))
	h.api.PushInlineQuery(u, "", "supergroup")
	h.settle()
	answers := h.api.InlineAnswers(u.ID)
	if len(answers) != before+1 {
		h.t.Fatalf("%s's inline query was not answered", u.FirstName)
	}
	a := answers[len(answers)-1]
	if a.CacheTime != 0 || !a.IsPersonal {
		h.t.Fatalf("an inline hand must be personal and never cached: cache_time %d, is_personal %v", a.CacheTime, a.IsPersonal)
	}
	return a
}

// TestDealInlineHand: the table's 🃏 button opens inline mode; the answer
// lists the asker's own moves only (no other player's card), personal and
// never cached; choosing a result plays it; the same choice again (stale)
// and another person's choice of it (foreign) change nothing.
func TestDealInlineHand(t *testing.T) {
	h := newHarness(t, 7, nil)
	h.startDeal("en")
	if !strings.Contains(h.api.Calls("sendMessage")[len(h.api.Calls("sendMessage"))-1].Params["reply_markup"]+
		allMarkups(h.api), `"switch_inline_query_current_chat":""`) {
		t.Fatal("the table has no button opening inline mode")
	}
	rec := h.record()
	g := rec.Deal.Game
	cur := g.Current
	u := h.userOf(rec, engine.PlayerID(cur))
	ans := h.inlineHand(u)
	if len(ans.Results) == 0 {
		t.Fatal("the player whose turn it is got no moves")
	}
	// Nothing names a card only another player holds.
	mine := map[string]bool{}
	for _, c := range g.Hand(cur).Cards(nil) {
		mine[h.bot.cat.T("en", "deal_card_"+strconv.Itoa(int(dealengine.Cards[c].Kind)), nil)] = true
	}
	for c, pl := range g.Places {
		name := h.bot.cat.T("en", "deal_card_"+strconv.Itoa(int(dealengine.Cards[c].Kind)), nil)
		if pl.Zone != dealengine.ZoneHand || pl.Owner == cur || mine[name] || dealengine.Cards[c].Type == dealengine.TypeMoney {
			// (a money card's name is an amount, which labels show too;
			// bot/deal's TestNoCardReachesAnotherPlayer covers every card)
			continue
		}
		for _, r := range ans.Results {
			if strings.Contains(r.Title+" "+r.Description+" "+r.Text, name) {
				t.Fatalf("%s's inline hand shows %q, a card of seat %d", u.FirstName, name, pl.Owner)
			}
		}
	}
	for _, r := range ans.Results {
		if !strings.HasPrefix(r.ID, strconv.FormatUint(uint64(-testChat), 36)+"_"+strconv.FormatUint(rec.ID, 36)+"_") {
			t.Fatalf("result id %q does not name the group and the game", r.ID)
		}
	}
	other := h.users[0]
	if other.ID == u.ID {
		other = h.users[1]
	}
	// A player the game does not wait for sees their cards, to look at
	// only: choosing one plays nothing.
	idle := h.inlineHand(other)
	if len(idle.Results) != g.Hand(dealengine.PlayerID(rec.SeatOf(other.ID))).Len() {
		t.Fatalf("%s sees %d results for %d cards", other.FirstName, len(idle.Results), g.Hand(dealengine.PlayerID(rec.SeatOf(other.ID))).Len())
	}
	for _, r := range idle.Results {
		if r.Description != "Cannot be played now" {
			t.Fatalf("a player the game does not wait for got a move: %+v", r)
		}
	}
	if _, _, err := h.api.ChooseInlineResult(other, testChat, idle.QueryID, idle.Results[0].ID); err != nil {
		t.Fatal(err)
	}
	h.settle()
	if v := h.record().Deal.Game.Version; v != g.Version {
		t.Fatalf("choosing a card to look at played something (version %d → %d)", g.Version, v)
	}

	// A forged choice of u's result by another person, then u's own
	// (tapped in the group), then the same again (stale).
	pick := ans.Results[0].ID
	ver := g.Version
	h.api.PushUpdate(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{ResultID: pick,
		From: &tgbotapi.User{ID: other.ID, FirstName: other.FirstName}}})
	h.settle()
	if v := h.record().Deal.Game.Version; v != ver {
		t.Fatalf("another person's choice of %s's result was played (version %d → %d)", u.FirstName, ver, v)
	}
	if _, _, err := h.api.ChooseInlineResult(u, testChat, ans.QueryID, pick); err != nil {
		t.Fatal(err)
	}
	h.settle()
	if v := h.record().Deal.Game.Version; v != ver+1 {
		t.Fatalf("the chosen result was not played (version %d → %d)", ver, v)
	}
	h.api.PushUpdate(tgbotapi.Update{ChosenInlineResult: &tgbotapi.ChosenInlineResult{ResultID: pick,
		From: &tgbotapi.User{ID: u.ID, FirstName: u.FirstName}}})
	h.settle()
	if v := h.record().Deal.Game.Version; v != ver+1 {
		t.Fatalf("a stale choice was played (version %d → %d)", ver+1, v)
	}
	last, _ := h.api.LastMessage(testChat)
	if !strings.Contains(last.Text, "outdated") {
		t.Fatalf("the refused choice was not answered in the group: %q", last.Text)
	}
}

func allMarkups(api *fakeapi.Server) string {
	var b strings.Builder
	for _, method := range []string{"sendMessage", "editMessageText"} {
		for _, r := range api.Calls(method) {
			b.WriteString(r.Params["reply_markup"])
		}
	}
	return b.String()
}

// TestDealDeadlineEndsTheTurn: a Deal turn has the pace's deadline; when
// it passes, the rules' default ends the turn and the table says whose time
// ran out.
func TestDealDeadlineEndsTheTurn(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}})
	h.startDeal("en")
	rec := h.record()
	g := rec.Deal.Game
	if rec.Clock.Decision != "p:1" || rec.Clock.Deadline != clock.Now().Add(time.Hour).UnixMilli() {
		t.Fatalf("clock %+v: want the turn's decision with an hour's deadline", rec.Clock)
	}
	cur, ver := g.Current, g.Version
	clock.Add(time.Hour + time.Second)
	rec = h.waitRecord("the turn times out", func(r *Record) bool { return r.Deal.Game.Version != ver })
	g = rec.Deal.Game
	if g.Current == cur || g.Turn != 2 || rec.Clock.Decision != "p:2" {
		t.Fatalf("after the deadline: current %d (was %d), turn %d, decision %q", g.Current, cur, g.Turn, rec.Clock.Decision)
	}
	var closed string
	for _, m := range h.api.Messages(testChat) {
		if strings.Contains(m.Text, "time is up") {
			closed = m.Text
		}
	}
	if !strings.Contains(closed, kit.Escape(rec.Seats[cur].Name)) || !strings.Contains(closed, "turn 1") {
		t.Fatalf("no table message says whose time ran out: %q", closed)
	}
}

// TestDealFromTheEditionSetting: a chat whose edition setting is Deal gets
// a Deal lobby from a plain /newgame; /newgame classic still opens a board
// game there.
func TestDealFromTheEditionSetting(t *testing.T) {
	h, _ := newClockHarness(t, ChatOptions{Edition: deal.Name})
	h.say(h.users[0], "/newgame")
	if rec := h.record(); rec == nil || rec.Kind != deal.Name {
		t.Fatalf("/newgame with the Deal edition set opened %+v", rec)
	}
	h.mustPress(h.users[0], OpCancel)
	h.say(h.users[0], "/newgame classic")
	if rec := h.record(); rec == nil || rec.Kind != board.Name {
		t.Fatalf("/newgame classic opened %+v", rec)
	}
}

// TestDealEndGame: /endgame stops a Deal game; the group gets the
// standings, and the table and every hand keep their last text without
// buttons.
func TestDealEndGame(t *testing.T) {
	h := newHarness(t, 5, nil)
	h.startDeal("en")
	h.say(h.users[0], "/endgame")
	h.mustPress(h.users[0], OpEndGameYes)
	if rec := h.record(); rec != nil {
		t.Fatalf("the game is still there: %+v", rec)
	}
	last, _ := h.api.LastMessage(testChat)
	if !strings.Contains(last.Text, "complete sets") {
		t.Fatalf("no standings after /endgame: %q", last.Text)
	}
	for _, chat := range []int64{testChat, h.users[0].ID, h.users[1].ID, h.users[2].ID} {
		for _, m := range h.api.Messages(chat) {
			for _, row := range m.Keyboard {
				for _, b := range row {
					if b.Data != "" && chat != testChat || b.URL != "" {
						t.Fatalf("chat %d keeps a button %q on %q after the game ended", chat, b.Text, m.Text)
					}
				}
			}
		}
	}
}

// TestDealLobbyTakesTwoToFive: a Deal lobby shows its own text and takes
// five players at most; it starts with two.
func TestDealLobbyTakesTwoToFive(t *testing.T) {
	h := newHarness(t, 3, nil)
	h.say(h.users[0], "/newgame deal")
	if m, _ := h.api.LastMessage(testChat); !strings.Contains(m.Text, "Monopoly Deal") {
		t.Fatalf("the lobby does not name the game: %q", m.Text)
	}
	for i := 2; i <= 6; i++ {
		u := fakeapi.User{ID: int64(100 + i), FirstName: "P" + strconv.Itoa(i), LanguageCode: "en"}
		h.mustPress(u, OpJoin)
		if n := len(h.record().Seats); n != min(i, deal.MaxPlayers) {
			t.Fatalf("after %d joins the lobby seats %d", i, n)
		}
	}
	answers := h.api.CallbackAnswers()
	if last := answers[len(answers)-1]; !last.ShowAlert {
		t.Fatalf("the sixth player was not refused with an alert: %+v", last)
	}
	h.mustPress(h.users[0], OpStart)
	if rec := h.record(); rec.Status != StatusPlaying || rec.Deal.Game.Seats != deal.MaxPlayers {
		t.Fatalf("the five-player game did not start: %+v", rec)
	}
}

// TestDealInlineAfterRestart: after a restart that re-shows nothing (the
// game did not change in the last minutes), a person who opened their hand
// in the private chat still gets it inline: the private chat's settings
// name the group.
func TestDealInlineAfterRestart(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}})
	h.startDeal("en")
	rec := h.record()
	u := h.userOf(rec, engine.PlayerID(rec.Deal.Game.Current))
	clock.Add(10 * time.Minute)
	h.stop()
	h.start()
	h.settle()
	if a := h.inlineHand(u); len(a.Results) == 0 {
		t.Fatal("after the restart the player whose turn it is got no moves inline")
	}
}

// TestDealHandOpenedAgain: the group's link opened again moves the hand to
// the bottom of the private chat; the old message keeps no buttons.
func TestDealHandOpenedAgain(t *testing.T) {
	h := newHarness(t, 9, nil)
	h.startDeal("en")
	rec := h.record()
	seat := rec.Deal.Game.Current
	u := h.userOf(rec, engine.PlayerID(seat))
	old := rec.Deal.Hands[seat].Msg
	h.api.PushMessage(u.ID, u, "/start "+deal.HandPayload(testChat, rec.ID))
	h.settle()
	now := h.record().Deal.Hands[seat].Msg
	msgs := h.api.Messages(u.ID)
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
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceRelaxed}})
	h.startDeal("en")
	for i := 0; h.record().Deal.Game.Phase != dealengine.PhaseRespond; i++ {
		if i == 300 || !h.dealStep() {
			t.Fatal("no action was played against anyone")
		}
	}
	rec := h.record()
	g := rec.Deal.Game
	if !strings.HasPrefix(rec.Clock.Decision, "r:") || rec.Clock.Deadline != clock.Now().Add(time.Hour).UnixMilli() {
		t.Fatalf("clock %+v: want the answer's decision with an hour's deadline", rec.Clock)
	}
	ver, turn := g.Version, g.Turn
	clock.Add(time.Hour + time.Second)
	rec = h.waitRecord("the answers time out", func(r *Record) bool { return r.Deal.Game.Version != ver })
	g = rec.Deal.Game
	if g.Phase != dealengine.PhasePlay || g.Turn != turn {
		t.Fatalf("after the answers' deadline: phase %d turn %d, want the actor's turn going on", g.Phase, g.Turn)
	}
	timedOut := false
	for _, e := range rec.Deal.Events {
		timedOut = timedOut || e.Kind == dealengine.EvTimeout
	}
	if !timedOut {
		t.Fatalf("the table does not say the answers timed out: %+v", rec.Deal.Events)
	}
}
