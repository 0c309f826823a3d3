package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/telegram"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

// A press is refused only when its meaning changed (issue 25): these tests
// press what people see — the keyboard as the fake Bot API, enforcing
// Telegram's limits, last delivered it — while the game moves on faster
// than the chat may be edited.

// newLimitedHarness is a harness whose bot and fake API keep Telegram's
// limits (about one send or edit a second per group).
func newLimitedHarness(t *testing.T, seed uint64) *harness {
	h := newHarnessWith(t, seed, nil, func(cfg *AppConfig) { cfg.Client = telegram.ClientOptions{} })
	h.api.Enforce(fakeapi.TelegramLimits())
	return h
}

// answerOf waits for the answer to the press pushed as update.
func (h *harness) answerOf(update int) fakeapi.CallbackAnswer {
	h.t.Helper()
	var a fakeapi.CallbackAnswer
	if !h.api.WaitFor(func() bool { var ok bool; a, ok = h.answerTo(update); return ok }, 10*time.Second) {
		h.t.Fatalf("press %d was not answered", update)
	}
	return a
}

// outdatedTexts are the refusals that say a button is behind the game, in
// every language.
func outdatedTexts(cat *locales.Catalog) map[string]string {
	out := map[string]string{}
	for _, lang := range locales.Languages {
		for _, id := range []string{"alert_outdated", "alert_stale_moved", "alert_stale_lobby", "alert_stale_other_game", "alert_stale_no_game"} {
			out[cat.T(lang, id, nil)] = id
		}
	}
	return out
}

// TestLobbyStartsOnTheKeyboardOnScreen: four people join within two
// seconds, faster than the lobby message may be edited, and the creator
// presses Start on the keyboard as it is on their screen: the game starts
// with everyone who joined, and its message names them all.
func TestLobbyStartsOnTheKeyboardOnScreen(t *testing.T) {
	h := newLimitedHarness(t, 5)
	h.users = append(h.users, fakeapi.User{ID: 44, FirstName: "Ганна", LanguageCode: "uk"}, fakeapi.User{ID: 55, FirstName: "Bob", LanguageCode: "en"})
	creator := h.users[0]
	h.say(creator, "/newgame")
	lobby, join, ok := h.findButton(OpJoin, 0, true)
	if !ok {
		t.Fatal("no lobby")
	}
	for _, u := range h.users[1:] {
		h.api.PushCallback(testChat, lobby, u, join)
	}
	_, start, ok := h.findButton(OpStart, 0, true) // the keyboard as delivered now
	if !ok {
		t.Fatal("no Start button on screen")
	}
	a := h.answerOf(h.api.PushCallback(testChat, lobby, creator, start))
	if a.ShowAlert {
		t.Fatalf("Start on the keyboard on screen was refused: %q", a.Text)
	}
	h.settle()
	rec := h.record()
	if rec.Status != StatusPlaying || len(rec.Seats) != len(h.users) {
		t.Fatalf("the game did not start with everyone who joined: status %v, %d seats of %d", rec.Status, len(rec.Seats), len(h.users))
	}
	turn := h.message(rec.TurnMsg)
	for _, u := range h.users {
		if !strings.Contains(turn.Text, kit.Escape(u.FirstName)) {
			t.Errorf("the game's message does not name %s:\n%s", u.FirstName, turn.Text)
		}
	}
	// A second tap of Start, on the lobby's keyboard still on screen or
	// not: done.
	if a := h.answerOf(h.api.PushCallback(testChat, lobby, creator, start)); a.ShowAlert || a.Text != h.bot.cat.T("en", "toast_done", nil) {
		t.Errorf("a second Start was answered %+v, want the toast \"done\"", a)
	}
	if a := h.answerOf(h.api.PushCallback(testChat, lobby, fakeapi.User{ID: 66, FirstName: "Late", LanguageCode: "en"}, join)); !a.ShowAlert || a.Text != h.bot.cat.T("en", "alert_lobby_started", nil) {
		t.Errorf("a join after the start was answered %+v, want the alert that the game started", a)
	}
}

// give makes seat the owner of square sq, quietly (a test's shortcut to a
// position).
func (h *harness) give(seat engine.PlayerID, sq int) {
	h.t.Helper()
	unlock := h.bot.lock(testChat)
	st, err := h.bot.change(testChat, 0, func(c *chatState) error {
		c.Rec.Game.Props[sq].Owner = seat
		c.Quiet, c.Turn = true, true // the turn message offers its menus
		return nil
	})
	if err != nil {
		h.t.Fatal(err)
	}
	h.bot.finish(context.Background(), st, err, "")
	unlock()
	h.settle()
}

// streets are the first n street squares of g's board.
func streets(g *engine.Game, n int) []int {
	var out []int
	for sq, s := range g.EditionData().Squares {
		if s.Kind == engine.SquareStreet && len(out) < n {
			out = append(out, sq)
		}
	}
	return out
}

// TestOwnDecisionsApplyWhileAnotherOpensAMenu: on one keyboard as
// delivered, the player whose turn it is rolls and another mortgages
// their street while a third opens a menu, all before the chat shows any
// of it: all apply. Before keys, the mortgage was refused as outdated
// (the roll had made a new revision).
func TestOwnDecisionsApplyWhileAnotherOpensAMenu(t *testing.T) {
	h := newLimitedHarness(t, 7)
	h.startGame()
	rec := h.record()
	g := rec.Game
	cur := g.Current
	b, c := (cur+1)%3, (cur+2)%3
	sqs := streets(g, 2)
	h.give(b, sqs[0])
	h.give(c, sqs[1])
	h.mustPress(h.userOf(rec, b), board.OpMenuMort)
	var msg int
	var roll, mortgage string
	if !h.api.WaitFor(func() bool {
		var ok1, ok2 bool
		msg, roll, ok1 = h.findButton(OpRoll, 0, true)
		_, mortgage, ok2 = h.findButton(board.OpMortgage, sqs[0], false)
		return ok1 && ok2
	}, 10*time.Second) {
		t.Fatal("the turn message never showed the roll and the mortgage menu")
	}
	_, menu, ok := h.findButton(board.OpMenuMort, 0, true)
	if !ok {
		_, menu, ok = h.findButton(board.OpBack, 0, true) // the menu open: its way back
	}
	if !ok {
		t.Fatal("no menu button for the third player")
	}
	pos, turn := g.Players[cur].Pos, g.Turn
	updates := []int{
		h.api.PushCallback(testChat, msg, h.userOf(rec, cur), roll),
		h.api.PushCallback(testChat, msg, h.userOf(rec, c), menu),
		h.api.PushCallback(testChat, msg, h.userOf(rec, b), mortgage),
	}
	for i, u := range updates {
		if a := h.answerOf(u); a.ShowAlert {
			t.Errorf("press %d of 3 was refused: %q", i+1, a.Text)
		}
	}
	h.settle()
	after := h.record().Game
	if !after.Props[sqs[0]].Mortgaged {
		t.Error("the mortgage pressed after the roll was not applied")
	}
	if after.Players[cur].Pos == pos && after.Turn == turn {
		t.Error("the roll was not applied")
	}
}

// TestDoubleTapIsDone: a second tap of Roll on the same keyboard, before
// the chat shows the roll, rolls once and answers "done".
func TestDoubleTapIsDone(t *testing.T) {
	h := newLimitedHarness(t, 3)
	h.startGame()
	msg, roll, ok := h.findButton(OpRoll, 0, true)
	if !ok {
		t.Fatal("no Roll button")
	}
	u := h.current(testChat)
	ver := h.record().Game.Version
	first := h.api.PushCallback(testChat, msg, u, roll)
	second := h.api.PushCallback(testChat, msg, u, roll)
	if a := h.answerOf(first); a.ShowAlert {
		t.Fatalf("the roll was refused: %q", a.Text)
	}
	if a := h.answerOf(second); a.ShowAlert || a.Text != h.bot.cat.T(h.bot.chatLang(testChat, u.LanguageCode), "toast_done", nil) {
		t.Errorf("the second tap was answered %+v, want the toast \"done\"", a)
	}
	h.settle()
	if v := h.record().Game.Version; v != ver+1 {
		t.Errorf("the double tap made %d moves, want one", v-ver)
	}
}

// maxAuctionRefresh is the longest an auction message waits before it
// shows the latest bid (board's maxRefreshGap).
const maxAuctionRefresh = 15 * time.Second

// TestAuctionRaiseWhoseAmountMoved: a raise names the amount it makes
// ("+$10 → $X"); pressed after someone else bid that much or more, it is
// refused with the highest bid, and nothing is bid.
func TestAuctionRaiseWhoseAmountMoved(t *testing.T) {
	h, clock := newClockHarness(t, ChatOptions{Pace: Pace{Name: PaceLive}})
	h.startGame()
	rec := h.toBuyDecision()
	h.mustPress(h.userOf(rec, rec.Game.Current), OpDecline)
	first, second, third := h.users[0], h.users[1], h.users[2]
	msg, open, ok := h.findButton(board.OpAuctionBid, 0, true)
	if !ok {
		t.Fatal("no opening bid")
	}
	h.press(first, msg, open)
	// Once the message shows the first bid it offers raises over it: the
	// second and the third see the same smallest one.
	clock.Add(maxAuctionRefresh)
	var raise string
	if !h.api.WaitFor(func() bool { _, raise, ok = h.findButton(board.OpAuctionRaise, 0, true); return ok }, 5*time.Second) {
		t.Fatal("the auction message never offered a raise over the opening bid")
	}
	var biggest string
	for _, row := range h.message(msg).Keyboard {
		for _, b := range row {
			if p, _ := kit.ParsePress(b.Data); p.Op == board.OpAuctionRaise {
				biggest = b.Data
			}
		}
	}
	h.press(second, msg, biggest)
	rec = h.record()
	a := rec.Game.Auction
	if a == nil || a.Leader != rec.SeatOf(second.ID) {
		t.Fatalf("the biggest raise was not placed: %+v", a)
	}
	ver := rec.Game.Version
	h.press(third, msg, raise)
	lang := h.bot.chatLang(testChat, third.LanguageCode)
	want := h.bot.cat.T(lang, "auction_outbid", map[string]any{"Player": second.FirstName, "Amount": h.bot.cat.MoneyOf(lang, rec.Edition, a.High)})
	if got := h.lastAlert(); !got.ShowAlert || got.Text != want {
		t.Errorf("a raise whose amount was beaten was answered %+v, want the alert %q", got, want)
	}
	if h.record().Game.Version != ver {
		t.Error("a beaten raise bid")
	}
}
