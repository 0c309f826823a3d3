package board_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// chatRequests counts the sends and edits that reached the group chat.
func (h *harness) chatRequests() int {
	n := 0
	chat := strconv.FormatInt(testChat, 10)
	for _, r := range h.API.Requests() {
		switch r.Method {
		case "sendMessage", "editMessageText", "editMessageReplyMarkup", "sendPhoto":
			if r.Params["chat_id"] == chat {
				n++
			}
		}
	}
	return n
}

// auctionBid is the press of the cheapest bid button of the auction
// message that seat can pay: an opening amount or a raise over the
// highest bid.
func auctionBid(t *testing.T, m fakeapi.Message, g *engine.Game, seat engine.PlayerID) (data string, amount int, ok bool) {
	t.Helper()
	a := g.Auction
	for _, row := range m.Keyboard {
		for _, b := range row {
			p, err := kit.ParsePress(b.Data)
			if err != nil {
				t.Fatalf("bad button data %q", b.Data)
			}
			if p.Op != board.OpAuctionBid && p.Op != board.OpAuctionRaise {
				continue
			}
			amount = board.BidOf(p, a) // what the button shows
			if amount >= a.MinBid() && amount <= g.Players[seat].Cash {
				return b.Data, amount, true
			}
		}
	}
	return "", 0, false
}

// TestAuctionMessageAndCost: a declined deed in a four-player game goes to
// auction in a new message that mentions every bidder and shows a deadline;
// its buttons read "+step → result"; a bidding war of many bids, a second a
// bid, costs at most 10 sends and edits in the chat, the turn message
// included; a refresh that waited shows the latest bid once due; and the
// closed auction says who won for how much, without buttons.
func TestAuctionMessageAndCost(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}})
	h.Users = append(h.Users, fakeapi.User{ID: 44, FirstName: "Ганна", LanguageCode: "uk"})
	h.StartGame()
	rec := h.ToBuyDecision()
	turnMsg := board.Of(rec).TurnMsg
	before := h.chatRequests()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)

	msgs := h.API.Messages(testChat)
	auction := msgs[len(msgs)-1]
	if auction.ID == turnMsg {
		t.Fatal("the auction is in the turn message, want a message of its own")
	}
	for _, u := range h.Users {
		if !strings.Contains(auction.Text, "tg://user?id="+strconv.FormatInt(u.ID, 10)) {
			t.Errorf("the auction message does not mention %s:\n%s", u.FirstName, auction.Text)
		}
	}
	if !strings.Contains(auction.Text, "⏳") {
		t.Errorf("the auction message shows no deadline:\n%s", auction.Text)
	}
	if kb := h.Message(turnMsg).Keyboard; bottest.HasOp(kb, board.OpAuctionBid) || bottest.HasOp(kb, board.OpAuctionRaise) {
		t.Error("the turn message carries bid buttons")
	}

	const wantBids = 30
	refused := 0
	for bids := 0; bids < wantBids; {
		rec = h.Record()
		g := board.Of(rec).Game
		if g.Phase != engine.PhaseAuction {
			t.Fatalf("the auction closed after %d bids", bids)
		}
		// The next bidder after the leader, round the table.
		seat := engine.PlayerID(-1)
		for i := 1; i <= len(g.Players); i++ {
			s := engine.PlayerID((int(g.Auction.Leader) + i + len(g.Players)) % len(g.Players))
			if s != g.Auction.Leader && !g.Auction.Passed[s] {
				seat = s
				break
			}
		}
		data, amount, ok := auctionBid(t, h.Message(auction.ID), g, seat)
		if !ok {
			// Every amount the message shows is beaten: a person presses
			// one anyway; the alert names the highest bid and the message
			// catches up at once (not at its next timer).
			if refused++; refused > 10 {
				t.Fatalf("%d bids refused on a lagging message: it does not catch up", refused)
			}
			_, stale, found := findIn(h.Message(auction.ID), board.OpAuctionRaise)
			if !found {
				_, stale, found = findIn(h.Message(auction.ID), board.OpAuctionBid)
			}
			if !found {
				t.Fatalf("no bid button on the auction message:\n%v", h.Message(auction.ID).Keyboard)
			}
			edits := h.Message(auction.ID).Edits
			u := h.UserOf(rec, int(seat))
			h.Press(u, auction.ID, stale)
			lang := h.bot.ChatLang(testChat, u.LanguageCode) // the presser's, unless the chat pinned one
			want := h.bot.Catalog().T(lang, "auction_outbid", map[string]any{"Player": kit.Isolate(rec.Seats[g.Auction.Leader].Name), "Amount": h.bot.Catalog().MoneyOf(lang, rec.Edition, g.Auction.High)})
			if got := h.LastAnswer(); !got.ShowAlert || got.Text != want {
				t.Fatalf("a bid of an amount already beaten was answered %+v, want the alert naming the highest bid (%q)", got, want)
			}
			if board.Of(h.Record()).Game.Version != g.Version {
				t.Fatal("a beaten bid changed the game")
			}
			if !h.API.WaitFor(func() bool { return h.Message(auction.ID).Edits > edits }, 5*time.Second) {
				t.Fatal("the auction message was not refreshed after a beaten bid")
			}
			continue
		}
		h.Press(h.UserOf(rec, int(seat)), auction.ID, data)
		if a := board.Of(h.Record()).Game.Auction; a == nil || a.High != amount || a.Leader != seat {
			t.Fatalf("bid %d of %d by %s was not placed: auction %+v", bids+1, amount, rec.Seats[seat].Name, a)
		}
		bids++
		clock.Add(time.Second)
	}
	for _, row := range h.Message(auction.ID).Keyboard {
		for _, b := range row {
			if p, _ := kit.ParsePress(b.Data); p.Op == board.OpAuctionRaise && !strings.Contains(b.Text, "→") {
				t.Errorf("raise button %q does not say what it makes", b.Text)
			}
		}
	}

	// The refresh that waited comes once due, with the latest bid.
	rec = h.Record()
	high := h.bot.Catalog().MoneyOf("en", rec.Edition, board.Of(rec).Game.Auction.High)
	clock.Add(15 * time.Second)
	if !h.API.WaitFor(func() bool { return strings.Contains(h.Message(auction.ID).Text, high) }, 5*time.Second) {
		t.Fatalf("the auction message never showed the highest bid %s:\n%s", high, h.Message(auction.ID).Text)
	}

	// Everyone else leaves; the leader wins.
	leader := board.Of(rec).Game.Auction.Leader
	for i := range board.Of(rec).Game.Players {
		if s := engine.PlayerID(i); s != leader {
			_, data, ok := findIn(h.Message(auction.ID), board.OpAuctionLeave)
			if !ok {
				t.Fatal("no leave button on the auction message")
			}
			h.Press(h.UserOf(rec, int(s)), auction.ID, data)
		}
	}
	rec = h.Record()
	if board.Of(rec).Game.Phase == engine.PhaseAuction {
		t.Fatal("the auction is still open after everyone else left")
	}
	final := h.Message(auction.ID)
	if len(final.Keyboard) != 0 || !strings.Contains(final.Text, kit.Escape(rec.Seats[leader].Name)) || !strings.Contains(final.Text, high) {
		t.Errorf("the closed auction should name the winner and the price, without buttons:\n%s\n%v", final.Text, final.Keyboard)
	}
	cost := h.chatRequests() - before

	// A button of the closed auction, kept by a client, changes nothing.
	if _, data, ok := findIn(auction, board.OpAuctionBid); ok {
		ver := board.Of(rec).Game.Version
		h.Press(h.Users[1], auction.ID, data)
		answers := h.API.AnswersTo(h.Users[1].ID)
		if last := answers[len(answers)-1]; !last.ShowAlert || last.Text != h.bot.Catalog().T("en", "alert_auction_over", nil) {
			t.Errorf("a closed auction's bid was answered %+v", last.CallbackAnswer)
		}
		if board.Of(h.Record()).Game.Version != ver {
			t.Error("a closed auction's bid changed the game")
		}
	}
	t.Logf("an auction of %d bids among %d players: %d sends and edits (%d refreshes after a beaten bid)", wantBids, len(rec.Seats), cost, refused)
	if cost > 10+refused {
		t.Errorf("the auction cost %d sends and edits in the chat, want at most 10 and one per beaten bid (%d)", cost, refused)
	}
}

// findIn is the first button of op on message m.
func findIn(m fakeapi.Message, op kit.Op) (text, data string, ok bool) {
	for _, row := range m.Keyboard {
		for _, b := range row {
			if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
				return b.Text, b.Data, true
			}
		}
	}
	return "", "", false
}

// TestAuctionStoppedByEndGame: /endgame during an auction closes its
// message too: it says the auction stopped and keeps no button.
func TestAuctionStoppedByEndGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.ToBuyDecision()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	msg, _, ok := h.FindButton(board.OpAuctionLeave, 0, true)
	if !ok {
		t.Fatal("no auction message")
	}
	h.Say(h.Users[0], "/endgame")
	h.MustPress(h.Users[0], bot.OpEndGameYes)
	if h.Record() != nil {
		t.Fatal("the game is still on")
	}
	m := h.Message(msg)
	if len(m.Keyboard) != 0 || !strings.Contains(m.Text, h.bot.Catalog().T("en", "auction_stopped", nil)) {
		t.Errorf("the stopped auction's message:\n%s\n%v", m.Text, m.Keyboard)
	}
}

// TestAuctionMessageSurvivesRestart: the auction message's id is stored,
// so after a restart its buttons still bid and it is edited in place, not
// sent again.
func TestAuctionMessageSurvivesRestart(t *testing.T) {
	t.Parallel()
	h, clock := newClockHarness(t, kit.ChatOptions{Pace: kit.Pace{Name: kit.PaceLive}})
	h.StartGame()
	rec := h.ToBuyDecision()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	msg, data, ok := h.FindButton(board.OpAuctionBid, 0, true)
	if !ok {
		t.Fatal("no bid button")
	}
	if board.Of(h.Record()).Auction.Msg != msg {
		t.Fatalf("the record names auction message %d, the chat shows %d", board.Of(h.Record()).Auction.Msg, msg)
	}
	sent := len(h.API.Calls("sendMessage"))
	h.Stop()
	h.Start()
	h.Settle()
	clock.Add(6 * time.Second) // past the first refresh's gap: the bid shows at once
	bidder := h.Users[(int(board.Of(rec).Game.Current)+1)%len(h.Users)]
	h.Press(bidder, msg, data)
	rec = h.Record()
	if a := board.Of(rec).Game.Auction; a == nil || int(a.Leader) != rec.SeatOf(bidder.ID) {
		t.Fatalf("the bid after the restart was not placed: %+v", a)
	}
	high := h.bot.Catalog().MoneyOf("en", rec.Edition, board.Of(rec).Game.Auction.High)
	if got := len(h.API.Calls("sendMessage")); got != sent {
		t.Errorf("%d messages sent after the restart, want the auction message edited in place", got-sent)
	}
	if m := h.Message(msg); !strings.Contains(m.Text, high) {
		t.Errorf("the auction message does not show the bid of %s:\n%s", high, m.Text)
	}
}

// TestAuctionAfterBotIsBack: when the bot is back in a chat that had
// removed it, a running auction goes on in a new message (which mentions
// the bidders again); the old one keeps no button.
func TestAuctionAfterBotIsBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.ToBuyDecision()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	old, _, ok := h.FindButton(board.OpAuctionLeave, 0, true)
	if !ok {
		t.Fatal("no auction message")
	}
	h.API.PushUpdate(bottest.MemberUpdate(testChat, "kicked"))
	h.Settle()
	h.API.PushUpdate(bottest.MemberUpdate(testChat, "member"))
	h.Settle()
	msg, data, ok := h.FindButton(board.OpAuctionLeave, 0, true)
	if !ok || msg == old {
		t.Fatalf("no new auction message (old %d, now %d)", old, msg)
	}
	if m := h.Message(old); len(m.Keyboard) != 0 {
		t.Errorf("the old auction message keeps its buttons: %v", m.Keyboard)
	}
	if m := h.Message(msg); !strings.Contains(m.Text, "tg://user?id=") {
		t.Errorf("the new auction message mentions nobody:\n%s", m.Text)
	}
	if board.Of(h.Record()).Auction.Msg != msg {
		t.Errorf("the record names auction message %d, want %d", board.Of(h.Record()).Auction.Msg, msg)
	}
	// Its buttons work: a bidder leaves.
	rec = h.Record()
	for i, passed := range board.Of(rec).Game.Auction.Passed {
		if !passed {
			h.Press(h.UserOf(rec, int(i)), msg, data)
			if r := h.Record(); board.Of(r).Game.Phase == engine.PhaseAuction && !board.Of(r).Game.Auction.Passed[i] {
				t.Error("a leave on the new auction message did nothing")
			}
			break
		}
	}
}

// TestAuctionRefusalsSayWhy: a bid from a message the others outbid is
// refused naming the highest bid and its bidder, in the presser's
// language; the leader's second tap of its bid is answered "done"; neither bids.
func TestAuctionRefusalsSayWhy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.ToBuyDecision()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	msg, data, ok := h.FindButton(board.OpAuctionBid, 0, true)
	if !ok {
		t.Fatal("no opening bid")
	}
	first, second := h.Users[0], h.Users[1] // Alice (en) bids, Богдан (uk) presses the same amount
	rec, a := h.PlaceBid(first, msg, data, "the opening bid")
	ver := board.Of(rec).Game.Version
	h.Press(second, msg, data)
	h.WantOutbid(second, first, rec, a.High, "a beaten bid")
	// The leader's second tap of the bid placed is done already (issue 25).
	h.Press(first, msg, data)
	if got := h.LastAnswer(); got.ShowAlert || got.Text != h.bot.Catalog().T("en", "toast_done", nil) {
		t.Errorf("the leader's second tap was answered %+v, want the toast %q", got, h.bot.Catalog().T("en", "toast_done", nil))
	}
	if board.Of(h.Record()).Game.Version != ver {
		t.Error("a refused bid changed the game")
	}
}

// TestAuctionFromAnOlderVersion: an auction that a version before auction
// messages was running (its record knows no auction message) gets one when
// the bot starts, and its buttons bid.
func TestAuctionFromAnOlderVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.ToBuyDecision()
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	h.Stop()
	store, err := storage.Open(h.DB, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Update(func(tx *storage.Tx) error {
		data, _ := tx.Game(testChat)
		old, err := kit.DecodeRecord(data)
		if err != nil {
			return err
		}
		board.Of(old).Auction, board.Of(old).Auctions = nil, 0 // as an older version stored it
		out, err := old.Encode()
		if err != nil {
			return err
		}
		return tx.PutGame(testChat, out)
	}); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	sends := len(h.API.Calls("sendMessage"))
	h.Start()
	h.Settle()
	rec = h.Record()
	if board.Of(rec).Auction == nil || board.Of(rec).Auction.Msg == 0 || len(h.API.Calls("sendMessage")) == sends {
		t.Fatalf("no auction message after the start: %+v", board.Of(rec).Auction)
	}
	msg, data, ok := h.FindButton(board.OpAuctionBid, 0, true)
	if !ok || msg != board.Of(rec).Auction.Msg {
		t.Fatalf("no bid button on the adopted auction's message (%d, want %d)", msg, board.Of(rec).Auction.Msg)
	}
	bidder := h.Users[(int(board.Of(rec).Game.Current)+1)%len(h.Users)]
	h.Press(bidder, msg, data)
	if a := board.Of(h.Record()).Game.Auction; a == nil || int(a.Leader) != rec.SeatOf(bidder.ID) {
		t.Fatalf("the bid on the adopted auction was not placed: %+v", a)
	}
}

// TestAuctionDeedCard: the auction message's deed button shows the lot's
// card (price, rents, that the Bank holds it) however many bids came since.
func TestAuctionDeedCard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.ToBuyDecision()
	sq := board.Of(rec).Game.Players[board.Of(rec).Game.Current].Pos
	h.MustPress(h.UserOf(rec, int(board.Of(rec).Game.Current)), board.OpDecline)
	msg, deed, ok := h.FindButton(board.OpDeed, sq, false)
	if !ok {
		t.Fatal("no deed button on the auction message")
	}
	_, bid, _ := h.FindButton(board.OpAuctionBid, 0, true)
	h.Press(h.Users[0], msg, bid)
	h.Press(h.Users[2], msg, deed)
	lang := h.Users[2].LanguageCode // an alert is in the presser's language
	want := boardOf(h).DeedCard(lang, h.Record(), sq)
	if got := h.LastAnswer(); !got.ShowAlert || got.Text != want || !strings.Contains(want, h.bot.Catalog().T(lang, "deed_owner_bank", nil)) {
		t.Errorf("the deed button answered %+v, want the card %q", got, want)
	}
}
