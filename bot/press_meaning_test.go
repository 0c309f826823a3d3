package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
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

// limitedHarness is a harness of seed whose bot and fake API keep
// Telegram's limits (about one send or edit a second per group).
func limitedHarness(t *testing.T, seed uint64) *harness {
	h := newHarnessWith(t, seed, nil, func(cfg *AppConfig) { cfg.Client = telegram.ClientOptions{} })
	h.API.Enforce(fakeapi.TelegramLimits())
	return h
}

// answerOf waits for the answer to the press pushed as update.
func (h *harness) answerOf(update int) fakeapi.CallbackAnswer {
	h.T.Helper()
	var a fakeapi.CallbackAnswer
	if !h.API.WaitFor(func() bool { var ok bool; a, ok = h.API.AnswerTo(update); return ok }, 10*time.Second) {
		h.T.Fatalf("press %d was not answered", update)
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
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := limitedHarness(t, 5)
		h.Users = append(h.Users, fakeapi.User{ID: 44, FirstName: "Ганна", LanguageCode: "uk"}, fakeapi.User{ID: 55, FirstName: "Bob", LanguageCode: "en"})
		creator := h.Users[0]
		h.Say(creator, "/newgame")
		lobby, join, ok := h.FindButton(OpJoin, 0, true)
		if !ok {
			t.Fatal("no lobby")
		}
		for _, u := range h.Users[1:] {
			h.API.PushCallback(testChat, lobby, u, join)
		}
		_, start, ok := h.FindButton(OpStart, 0, true) // the keyboard as delivered now
		if !ok {
			t.Fatal("no Start button on screen")
		}
		// Someone opens ⚙️ More just before: the lobby's keyboard changes for
		// everyone, but the creator's Start, on what they see, still starts.
		_, more, ok := h.FindButton(OpLobbyMore, 0, true)
		if !ok {
			t.Fatal("no ⚙️ More button on screen")
		}
		if a := h.answerOf(h.API.PushCallback(testChat, lobby, h.Users[2], more)); a.ShowAlert {
			t.Fatalf("⚙️ More was refused: %q", a.Text)
		}
		a := h.answerOf(h.API.PushCallback(testChat, lobby, creator, start))
		if a.ShowAlert {
			t.Fatalf("Start on the keyboard on screen was refused: %q", a.Text)
		}
		h.Settle()
		rec := h.Record()
		if rec.Status != kit.StatusPlaying || len(rec.Seats) != len(h.Users) {
			t.Fatalf("the game did not start with everyone who joined: status %v, %d seats of %d", rec.Status, len(rec.Seats), len(h.Users))
		}
		turn := h.Message(board.Of(rec).TurnMsg)
		for _, u := range h.Users {
			if !strings.Contains(turn.Text, kit.Escape(u.FirstName)) {
				t.Errorf("the game's message does not name %s:\n%s", u.FirstName, turn.Text)
			}
		}
		// A second tap of Start, on the lobby's keyboard still on screen or
		// not: done.
		if a := h.answerOf(h.API.PushCallback(testChat, lobby, creator, start)); a.ShowAlert || a.Text != h.bot.cat.T("en", "toast_done", nil) {
			t.Errorf("a second Start was answered %+v, want the toast \"done\"", a)
		}
		if a := h.answerOf(h.API.PushCallback(testChat, lobby, fakeapi.User{ID: 66, FirstName: "Late", LanguageCode: "en"}, join)); !a.ShowAlert || a.Text != h.bot.cat.T("en", "alert_lobby_started", nil) {
			t.Errorf("a join after the start was answered %+v, want the alert that the game started", a)
		}
	})
}

// give makes seat the owner of square sq, quietly (a test's shortcut to a
// position).
func (h *harness) give(seat engine.PlayerID, sq int) {
	h.T.Helper()
	unlock := h.bot.lock(testChat)
	st, err := h.bot.change(testChat, 0, func(c *kit.Change) error {
		board.Of(c.Rec).Game.Props[sq].Owner = seat
		c.Quiet, c.Turn = true, true // the turn message offers its menus
		return nil
	})
	if err != nil {
		h.T.Fatal(err)
	}
	h.bot.finish(context.Background(), st, err, "")
	unlock()
	h.Settle()
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
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := limitedHarness(t, 7)
		h.StartGame()
		rec := h.Record()
		g := board.Of(rec).Game
		cur := g.Current
		b, c := (cur+1)%3, (cur+2)%3
		sqs := streets(g, 2)
		h.give(b, sqs[0])
		h.give(c, sqs[1])
		h.MustPress(h.UserOf(rec, int(b)), board.OpMenuMort)
		var msg int
		var roll, mortgage string
		if !h.API.WaitFor(func() bool {
			var ok1, ok2 bool
			msg, roll, ok1 = h.FindButton(board.OpRoll, 0, true)
			_, mortgage, ok2 = h.FindButton(board.OpMortgage, sqs[0], false)
			return ok1 && ok2
		}, 10*time.Second) {
			t.Fatal("the turn message never showed the roll and the mortgage menu")
		}
		_, menu, ok := h.FindButton(board.OpMenuMort, 0, true)
		if !ok {
			_, menu, ok = h.FindButton(board.OpBack, 0, true) // the menu open: its way back
		}
		if !ok {
			t.Fatal("no menu button for the third player")
		}
		pos, turn := g.Players[cur].Pos, g.Turn
		updates := []int{
			h.API.PushCallback(testChat, msg, h.UserOf(rec, int(cur)), roll),
			h.API.PushCallback(testChat, msg, h.UserOf(rec, int(c)), menu),
			h.API.PushCallback(testChat, msg, h.UserOf(rec, int(b)), mortgage),
		}
		for i, u := range updates {
			if a := h.answerOf(u); a.ShowAlert {
				t.Errorf("press %d of 3 was refused: %q", i+1, a.Text)
			}
		}
		h.Settle()
		after := board.Of(h.Record()).Game
		if !after.Props[sqs[0]].Mortgaged {
			t.Error("the mortgage pressed after the roll was not applied")
		}
		if after.Players[cur].Pos == pos && after.Turn == turn {
			t.Error("the roll was not applied")
		}
	})
}

// TestDoubleTapIsDone: a second tap of Roll on the same keyboard, before
// the chat shows the roll, rolls once and answers "done".
func TestDoubleTapIsDone(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := limitedHarness(t, 3)
		h.StartGame()
		msg, roll, ok := h.FindButton(board.OpRoll, 0, true)
		if !ok {
			t.Fatal("no Roll button")
		}
		u := h.Current(testChat)
		ver := board.Of(h.Record()).Game.Version
		first := h.API.PushCallback(testChat, msg, u, roll)
		second := h.API.PushCallback(testChat, msg, u, roll)
		if a := h.answerOf(first); a.ShowAlert {
			t.Fatalf("the roll was refused: %q", a.Text)
		}
		if a := h.answerOf(second); a.ShowAlert || a.Text != h.bot.cat.T(h.bot.chatLang(testChat, u.LanguageCode), "toast_done", nil) {
			t.Errorf("the second tap was answered %+v, want the toast \"done\"", a)
		}
		h.Settle()
		if v := board.Of(h.Record()).Game.Version; v != ver+1 {
			t.Errorf("the double tap made %d moves, want one", v-ver)
		}
	})
}

// maxAuctionRefresh is the longest an auction message waits before it
// shows the latest bid (board's maxRefreshGap).
const maxAuctionRefresh = 15 * time.Second

// TestAuctionRaiseWhoseAmountMoved: a raise names the amount it makes
// ("+$10 → $X"); pressed after someone else bid that much or more, it is
// refused with the highest bid, and nothing is bid.
func TestAuctionRaiseWhoseAmountMoved(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}})
	h.StartGame()
	rec := h.ToBuyDecision()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	first, second, third := h.Users[0], h.Users[1], h.Users[2]
	msg, open, ok := h.FindButton(board.OpAuctionBid, 0, true)
	if !ok {
		t.Fatal("no opening bid")
	}
	h.Press(first, msg, open)
	// Once the message shows the first bid it offers raises over it: the
	// second and the third see the same smallest one.
	clock.Add(maxAuctionRefresh)
	var raise string
	if !h.API.WaitFor(func() bool { _, raise, ok = h.FindButton(board.OpAuctionRaise, 0, true); return ok }, 5*time.Second) {
		t.Fatal("the auction message never offered a raise over the opening bid")
	}
	var biggest string
	for _, row := range h.Message(msg).Keyboard {
		for _, b := range row {
			if p, _ := kit.ParsePress(b.Data); p.Op == board.OpAuctionRaise {
				biggest = b.Data
			}
		}
	}
	rec, a := h.PlaceBid(second, msg, biggest, "the biggest raise")
	h.Press(third, msg, raise)
	h.WantOutbid(third, second, rec, a.High, "a raise whose amount was beaten")
}

// decisionOps are the waiting player's buttons on the turn message, in the
// order the busy players below prefer them.
var busyDecisions = []kit.Op{board.OpRoll, board.OpBuy, board.OpEndTurn, board.OpPayFine, board.OpJailCard, board.OpPayDebt, board.OpStayInJail,
	board.OpNoStake, board.OpDecline, board.OpBankrupt}

// TestBusyGameRefusesNoPressOnTheNewestKeyboard plays a game of three as
// people do under Telegram's limits: whoever a decision button on the
// newest keyboard delivered belongs to presses it as soon as it shows (now
// and then twice), while someone else opens a menu after every move. No
// such press may be refused as outdated; every second tap is "done".
func TestBusyGameRefusesNoPressOnTheNewestKeyboard(t *testing.T) {
	if testing.Short() {
		t.Skip("plays for several seconds of real time")
	}
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h := limitedHarness(t, 11)
		h.StartGame()
		rec := h.Record()
		own := streets(board.Of(rec).Game, len(rec.Seats)) // each one's street, to mortgage while others decide
		for s := range rec.Seats {
			h.give(engine.PlayerID(s), own[s])
		}
		outdated := outdatedTexts(h.bot.cat)
		// newest is the newest delivered message with the game's decision (or
		// auction) buttons, and its decision buttons' data.
		newest := func() (fakeapi.Message, []string) {
			msgs := h.API.Messages(testChat)
			for i := len(msgs) - 1; i >= 0; i-- {
				var data []string
				for _, row := range msgs[i].Keyboard {
					for _, b := range row {
						p, err := kit.ParsePress(b.Data)
						if err == nil && p.Game == rec.ID && (slices.Contains(busyDecisions, p.Op) || p.Op == board.OpAuctionLeave || p.Op == board.OpBankruptYes) {
							data = append(data, b.Data)
						}
					}
				}
				if len(data) > 0 {
					return msgs[i], data
				}
			}
			return fakeapi.Message{}, nil
		}
		lang := func(u fakeapi.User) string { return h.bot.chatLang(testChat, u.LanguageCode) }
		acted := map[string]bool{} // decision buttons whose press was applied: their keyboard is behind
		tried := map[string]bool{} // presses made, per user and data
		var refusals []string      // outdated refusals of the right person's press
		decisions, taps := 0, 0
		for decisions < 8 {
			if h.Record().Status != kit.StatusPlaying {
				break
			}
			var m fakeapi.Message
			var data []string
			if !h.API.WaitFor(func() bool {
				m, data = newest()
				for _, d := range data {
					if acted[d] {
						return false // still the keyboard of a move made: wait for its edit
					}
				}
				return len(data) > 0
			}, 15*time.Second) {
				t.Fatalf("after %d decisions the chat shows no new decision", decisions)
			}
			// The button to press and the person it is for.
			var pick string
			var who fakeapi.User
			for _, op := range append(busyDecisions, board.OpAuctionLeave, board.OpBankruptYes) {
				for _, d := range data {
					p, _ := kit.ParsePress(d)
					if p.Op != op {
						continue
					}
					var u fakeapi.User
					switch {
					case p.Op == board.OpAuctionLeave: // any bidder still in
						r := h.Record()
						if board.Of(r).Game.Auction == nil {
							continue
						}
						for s := range r.Seats {
							if !board.Of(r).Game.Auction.Passed[s] && engine.PlayerID(s) != board.Of(r).Game.Auction.Leader && !tried[h.UserOf(r, int(s)).FirstName+d] {
								u = h.UserOf(r, int(s))
								break
							}
						}
					case p.Op == board.OpBankruptYes: // the menu's owner
						r := h.Record()
						if s := r.SeatOf(board.Of(r).View.User); s >= 0 {
							u = h.UserOf(r, int(s))
						}
					default:
						u = h.UserOf(rec, int(board.DecisionSeat(p.Rev)))
					}
					if u.ID != 0 && !tried[u.FirstName+d] {
						pick, who = d, u
						break
					}
				}
				if pick != "" {
					break
				}
			}
			if pick == "" {
				t.Fatalf("no button left to press on %v", m.Keyboard)
			}
			tried[who.FirstName+pick] = true
			double := decisions%4 == 3
			first := h.API.PushCallback(testChat, m.ID, who, pick)
			second := 0
			if double {
				second = h.API.PushCallback(testChat, m.ID, who, pick)
			}
			a := h.answerOf(first)
			if id, ok := outdated[a.Text]; ok && a.ShowAlert {
				refusals = append(refusals, id+" for "+pick)
			}
			if a.ShowAlert {
				continue // refused for a reason of the game (not enough cash): another button of it
			}
			acted[pick] = true
			decisions++
			if double {
				taps++
				if b := h.answerOf(second); b.ShowAlert || b.Text != h.bot.cat.T(lang(who), "toast_done", nil) {
					t.Errorf("a second tap of %q was answered %+v, want the toast \"done\"", pick, b)
				}
			}
			// Meanwhile someone else opens their mortgage menu, or mortgages or
			// lifts their street in it: a change of the game (a new revision)
			// that is not the decision's.
			r := h.Record()
			if s := r.SeatOf(who.ID); s >= 0 {
				other := engine.PlayerID((s + 1) % len(r.Seats))
				u, sq := h.UserOf(r, int(other)), own[other]
				if _, d, ok := h.FindButton(board.OpMortgage, sq, false); ok && board.Of(r).View.User == u.ID {
					h.API.PushCallback(testChat, m.ID, u, d)
				} else if _, d, ok := h.FindButton(board.OpUnmortgage, sq, false); ok && board.Of(r).View.User == u.ID {
					h.API.PushCallback(testChat, m.ID, u, d)
				} else if _, d, ok := h.FindButton(board.OpMenuMort, 0, true); ok {
					h.API.PushCallback(testChat, m.ID, u, d)
				}
			}
		}
		t.Logf("%d decisions (%d tapped twice) on the newest keyboard delivered; %d refused as outdated", decisions, taps, len(refusals))
		if decisions < 8 {
			t.Errorf("only %d decisions were made: the test proves little", decisions)
		}
		if len(refusals) != 0 {
			t.Errorf("%d presses on the newest keyboard by the person it was for were refused as outdated: %v", len(refusals), refusals)
		}
	})
}
