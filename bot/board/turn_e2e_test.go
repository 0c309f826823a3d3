package board_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// turnText is the live turn message's text with the wrapped lines joined
// again (a continuation starts with three spaces), so a test can look for
// a whole sentence.
func (h *harness) turnText() string {
	h.T.Helper()
	rec := h.Record()
	for _, m := range h.API.Messages(testChat) {
		if m.ID == board.Of(rec).TurnMsg {
			return m.Text
		}
	}
	h.T.Fatalf("no turn message %d", board.Of(rec).TurnMsg)
	return ""
}

// hasButton says whether the live turn message offers op.
func (h *harness) hasButton(op kit.Op) bool {
	rec := h.Record()
	for _, m := range h.API.Messages(testChat) {
		if m.ID != board.Of(rec).TurnMsg {
			continue
		}
		for _, row := range m.Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					return true
				}
			}
		}
	}
	return false
}

// untilBuyDecision plays (TestPlayWholeGame's policy) until a player
// decides whether to buy a deed.
func (h *harness) untilBuyDecision() *kit.Record {
	h.T.Helper()
	r, seen := rand.New(rand.NewPCG(1, 2)), map[engine.EventKind]bool{}
	for i := 0; i < 200; i++ {
		if rec := h.Record(); board.Of(rec).Game.Phase == engine.PhaseBuyDecision {
			return rec
		}
		h.Step(r, seen)
	}
	h.T.Fatal("nobody came to buy a deed")
	return nil
}

// TestManageButtonsOnlyWhenUseful: 🏗, 🏦 and 🤝 are offered only when
// someone in the game could use them: none at the start, 🏦 and 🤝 once a
// deed is owned, 🏗 once the player to roll owns a whole colour set.
func TestManageButtonsOnlyWhenUseful(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	for _, op := range []kit.Op{board.OpMenuBuild, board.OpMenuMort, board.OpTrade} {
		if h.hasButton(op) {
			t.Errorf("the first turn offers %q with nothing owned", op)
		}
	}
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[39].Owner = board.Of(r).Game.Current })
	if !h.hasButton(board.OpMenuMort) || !h.hasButton(board.OpTrade) || h.hasButton(board.OpMenuBuild) {
		t.Errorf("with one deed owned: 🏦 %v, 🤝 %v, 🏗 %v; want 🏦 and 🤝 only",
			h.hasButton(board.OpMenuMort), h.hasButton(board.OpTrade), h.hasButton(board.OpMenuBuild))
	}
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[37].Owner = board.Of(r).Game.Current })
	if !h.hasButton(board.OpMenuBuild) {
		t.Error("no 🏗 although the player to roll owns the whole dark blue set")
	}
}

// TestBuyPromptShortOfMoney: a player who cannot pay for the deed is told
// how much is missing; with nothing to raise it the deed goes to auction;
// with a deed to mortgage the prompt says so, 🏦 is offered, and once the
// money is raised the deed can be bought.
func TestBuyPromptShortOfMoney(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.untilBuyDecision()
	p := board.Of(rec).Game.Current
	sq := board.Of(rec).Game.Players[p].Pos
	ed := board.Of(rec).Game.EditionData()
	price := ed.Squares[sq].Price
	mortgaged := 39 // Boardwalk: its mortgage covers the missing 40
	if sq == mortgaged || board.Of(rec).Game.Props[mortgaged].Owner != engine.NoOwner {
		t.Fatalf("the test needs Boardwalk free and not the square to buy (square %d)", sq)
	}
	setCash := func(r *kit.Record, cash int) {
		pl := &board.Of(r).Game.Players[p]
		board.Of(r).Game.Bank += int64(pl.Cash - cash)
		pl.Cash = cash
	}
	cat, lang := h.bot.Catalog(), "en"
	data := map[string]any{"Player": kit.SeatName(rec, p), "Square": cat.T(lang, "sq_classic_"+strconv.Itoa(sq), nil),
		"Amount": cat.MoneyOf(lang, engine.Classic, price), "Short": cat.MoneyOf(lang, engine.Classic, 40)}
	u := h.UserOf(rec, int(p))

	h.Edit(func(r *kit.Record) { setCash(r, price-40) })
	if want := cat.T(lang, "prompt_buy_short", data); !strings.Contains(h.turnText(), want) {
		t.Errorf("with nothing to raise, the prompt lacks %q:\n%s", want, h.turnText())
	}
	if h.hasButton(board.OpBuy) || !h.hasButton(board.OpDecline) || h.hasButton(board.OpMenuMort) {
		t.Errorf("with nothing to raise: Buy %v, Auction %v, 🏦 %v; want the auction only",
			h.hasButton(board.OpBuy), h.hasButton(board.OpDecline), h.hasButton(board.OpMenuMort))
	}

	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[mortgaged].Owner = p })
	if want := cat.T(lang, "prompt_buy_short_raise", data); !strings.Contains(h.turnText(), want) {
		t.Errorf("with a deed to mortgage, the prompt lacks %q:\n%s", want, h.turnText())
	}
	if h.hasButton(board.OpBuy) || !h.hasButton(board.OpDecline) || !h.hasButton(board.OpMenuMort) {
		t.Fatalf("with a deed to mortgage: Buy %v, Auction %v, 🏦 %v; want the auction and 🏦",
			h.hasButton(board.OpBuy), h.hasButton(board.OpDecline), h.hasButton(board.OpMenuMort))
	}
	h.MustPress(u, board.OpMenuMort)
	msg, mdata, ok := h.FindButton(board.OpMortgage, mortgaged, false)
	if !ok {
		t.Fatal("the mortgage menu does not offer Boardwalk")
	}
	h.Press(u, msg, mdata)
	if !h.hasButton(board.OpBuy) || strings.Contains(h.turnText(), cat.T(lang, "prompt_buy_short_raise", data)) {
		t.Fatalf("the money is raised, yet no Buy button or still short:\n%s", h.turnText())
	}
	h.MustPress(u, board.OpBuy)
	if got := board.Of(h.Record()).Game.Props[sq].Owner; got != p {
		t.Fatalf("the deed's owner is %d after buying, want %d", got, p)
	}
}

// TestTurnMessageShowsItsDeadline: the turn message says until when the
// game waits, in the chat's time zone, and after a move it shows the new
// decision's deadline, not the one before.
func TestTurnMessageShowsItsDeadline(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}, TimeZone: "Europe/Kyiv", KickAfter: -1})
	h.StartGame()
	loc, err := time.LoadLocation("Europe/Kyiv")
	if err != nil {
		t.Fatal(err)
	}
	shows := func(rec *kit.Record) string {
		t.Helper()
		want := kit.DeadlineText(h.bot.Catalog(), "en", loc, clock.Now(), rec.Clock.Deadline)
		if rec.Clock.Deadline == 0 || !strings.Contains(h.turnText(), want) {
			t.Fatalf("the turn message lacks its deadline %q:\n%s", want, h.turnText())
		}
		return time.UnixMilli(rec.Clock.Deadline).In(loc).Format("15:04")
	}
	first := shows(h.Record())
	clock.Add(5 * time.Minute) // past the first deadline's minute
	r, seen := rand.New(rand.NewPCG(1, 2)), map[engine.EventKind]bool{}
	ver := board.Of(h.Record()).Game.Version
	h.Step(r, seen)
	rec := h.Record()
	if board.Of(rec).Game.Version == ver {
		t.Fatal("the press changed nothing")
	}
	if next := shows(rec); next == first || strings.Contains(h.turnText(), first) {
		t.Errorf("after the move the message shows %s, still the first decision's %s:\n%s", next, first, h.turnText())
	}
}

// TestDeedCards: 📜 on the buy prompt shows the deed's card; /board sends a
// button per group that opens a button per deed of it, which keeps working
// while the game moves on and names the owner; /board's message loses its
// buttons when a newer /board is sent and when the game ends.
func TestDeedCards(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.untilBuyDecision()
	sq := board.Of(rec).Game.Players[board.Of(rec).Game.Current].Pos
	price := h.bot.Catalog().MoneyOf("en", engine.Classic, board.Of(rec).Game.EditionData().Squares[sq].Price)
	spectator := fakeapi.User{ID: 77, FirstName: "Zoe", LanguageCode: "en"}
	msg, data, ok := h.FindButton(board.OpDeed, sq, false)
	if !ok {
		t.Fatal("the buy prompt has no deed card button")
	}
	h.Press(spectator, msg, data) // anyone may look
	a := h.LastAnswer()
	if !a.ShowAlert || !strings.Contains(a.Text, price) || !strings.Contains(a.Text, h.bot.Catalog().T("en", "deed_owner_bank", nil)) {
		t.Fatalf("the deed card is %+v, want an alert with the price %s and no owner", a, price)
	}
	if n := len([]rune(a.Text)); n > 200 {
		t.Errorf("the deed card has %d characters, over an alert's 200", n)
	}

	h.Say(h.Users[0], "/board")
	deeds := h.newestWith(board.OpBoardGroup)
	h.Press(spectator, deeds, groupData(t, h, deeds, board.Of(rec).Game.EditionData().Squares[sq].Group+1)) // the deed's group
	owner := h.UserOf(rec, int(board.Of(rec).Game.Current))
	h.MustPress(owner, board.OpBuy) // a new revision: the /board buttons still work
	if board.Of(h.Record()).Game.Props[sq].Owner != board.Of(rec).Game.Current {
		t.Fatal("the deed was not bought")
	}
	h.Press(spectator, deeds, deedData(t, h, deeds, sq))
	if a := h.LastAnswer(); !strings.Contains(a.Text, h.bot.Catalog().T("en", "deed_owner", map[string]any{"Player": owner.FirstName})) {
		t.Errorf("the /board deed card after the purchase is %q, want its owner %s", a.Text, owner.FirstName)
	}

	h.Say(h.Users[0], "/board")
	if m := h.Message(deeds); m.Keyboard != nil || m.Text != h.bot.Catalog().T("en", "board_deeds_newer", nil) {
		t.Errorf("the older /board deeds message kept its buttons or text: %q %v", m.Text, m.Keyboard)
	}
	newer := h.newestWith(board.OpBoardGroup)
	turnMsg := board.Of(h.Record()).TurnMsg
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], bot.OpEndGameYes)
	if m := h.Message(newer); m.Keyboard != nil {
		t.Errorf("the /board deeds message keeps its buttons after the game: %v", m.Keyboard)
	}
	// The ended game's turn message waits for nobody: no prompt, no clock.
	if m := h.Message(turnMsg); strings.Contains(m.Text, "⏳") || strings.Contains(m.Text, "👉") {
		t.Errorf("the ended game's turn message still waits:\n%s", m.Text)
	}
}

// newestWith is the newest message of the group with an op button.
func (h *harness) newestWith(op kit.Op) int {
	h.T.Helper()
	msg, _, ok := h.FindButton(op, 0, true)
	if !ok {
		h.T.Fatalf("no message with %q", op)
	}
	return msg
}

// deedData is the data of message msg's button for square sq.
func deedData(t *testing.T, h *harness, msg, sq int) string {
	t.Helper()
	return buttonData(t, h, msg, board.OpDeed, sq)
}

// buttonData is the data of message msg's button of op and arg.
func buttonData(t *testing.T, h *harness, msg int, op kit.Op, arg int) string {
	t.Helper()
	for _, row := range h.Message(msg).Keyboard {
		for _, b := range row {
			if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op && p.Arg == arg {
				return b.Data
			}
		}
	}
	t.Fatalf("message %d has no button %q %d", msg, op, arg)
	return ""
}

// TestOfferShowsItsDeadline: an open offer waits for its counterparty
// until it expires, and says until when, once (not also for how long).
func TestOfferShowsItsDeadline(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	h.PressPrivate(p.UX, board.OpTrSend, 0)
	rec := h.Record()
	if len(board.Of(rec).Offers) != 1 {
		t.Fatalf("%d offers open, want 1", len(board.Of(rec).Offers))
	}
	at := kit.AtText(h.bot.Catalog(), "en", time.UTC, time.Now(), rec.Clock.WallTime(board.Of(rec).Offers[0].Expires))
	until := h.bot.Catalog().T("en", "offer_open_until", map[string]any{"Time": at})
	m := h.Message(h.newestWith(board.OpOfAccept))
	if !strings.Contains(m.Text, until) {
		t.Errorf("the offer lacks %q:\n%s", until, m.Text)
	}
	if n := strings.Count(m.Text, "⏳"); n != 1 {
		t.Errorf("the offer states its time %d times:\n%s", n, m.Text)
	}
}

// TestAuctionOffersTheDeedCard: bidders can look at the deed they bid for;
// the turn message leaves the auction's clock to the auction's message.
func TestAuctionOffersTheDeedCard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.untilBuyDecision()
	sq := board.Of(rec).Game.Players[board.Of(rec).Game.Current].Pos
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	if board.Of(h.Record()).Game.Phase != engine.PhaseAuction {
		t.Fatal("declining did not open an auction")
	}
	// Bids move the auction's deadline, and only its own message follows
	// them: the turn message shows no clock meanwhile.
	if strings.Contains(h.turnText(), "⏳") {
		t.Errorf("the turn message shows a clock during the auction:\n%s", h.turnText())
	}
	msg, data, ok := h.FindButton(board.OpDeed, sq, false)
	if !ok {
		t.Fatal("the auction offers no deed card")
	}
	h.Press(h.Users[2], msg, data)
	// An alert is in the presser's language.
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != boardOf(h).DeedCard(h.Users[2].LanguageCode, h.Record(), sq) {
		t.Errorf("the auction's deed card is %+v", a)
	}
}

// TestComposerShowsTheDeedCard: a deed put into an offer in the trade
// composer answers with its card.
func TestComposerShowsTheDeedCard(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	want := boardOf(h).DeedCard(h.bot.ChatLang(p.UX.ID, p.UX.LanguageCode), h.Record(), 1)
	for _, a := range h.API.CallbackAnswers() {
		if a.Text == want {
			return
		}
	}
	t.Errorf("no press in the composer answered with the deed's card %q", want)
}
