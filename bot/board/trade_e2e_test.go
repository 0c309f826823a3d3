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
	"github.com/monopoly-tg/monopoly-bot/locales"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// offerButton finds the group's button op for trade id.
func (h *harness) offerButton(op kit.Op, id int) (int, string) {
	h.T.Helper()
	msg, data, ok := h.FindButton(op, id, false)
	if !ok {
		h.T.Fatalf("no %q button for offer %d", op, id)
	}
	return msg, data
}

// TestTradeCompletesSetThenBuild: two players agree a trade through the
// composer in a private chat and the offer in the group; the deed received
// completes a colour set, and its new owner builds on it.
func TestTradeCompletesSetThenBuild(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.StartGame()
	rec := h.Record()
	x := board.Of(rec).Game.Current
	y := (x + 1) % 3
	ux, uy := h.UserOf(rec, int(x)), h.UserOf(rec, int(y))
	uz := h.UserOf(rec, int((x+2)%3))
	h.Edit(func(r *kit.Record) {
		board.Of(r).Game.Props[37].Owner = x
		board.Of(r).Game.Props[39].Owner = y
	})

	h.MustPress(ux, board.OpTrade)
	if got := h.LastAnswer(); got.ShowAlert {
		t.Fatalf("trade button answered with alert %q", got.Text)
	}
	// Three players: the composer asks whom first.
	h.PressPrivate(ux, board.OpTrTo, int(y))
	h.PressPrivate(ux, board.OpTrTake, 39)
	h.PressPrivate(ux, board.OpTrMode, board.EditGive)
	h.PressPrivate(ux, board.OpTrAdd, 100)
	h.PressPrivate(ux, board.OpTrAdd, 50)
	h.PressPrivate(ux, board.OpTrSub, 50)
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
	groupRev := h.Record().Rev
	if groupRev != rec.Rev {
		t.Fatalf("composing changed the group's revision %d → %d", rec.Rev, groupRev)
	}
	h.PressPrivate(ux, board.OpTrSend, 0)
	rec = h.Record()
	if len(board.Of(rec).Game.Trades) != 1 || len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Msg == 0 || len(board.Of(rec).Drafts) != 0 {
		t.Fatalf("offer not open: trades %+v offers %+v drafts %v", board.Of(rec).Game.Trades, board.Of(rec).Offers, board.Of(rec).Drafts)
	}
	tr := board.Of(rec).Game.Trades[0]
	if tr.From != x || tr.To != y || tr.GiveCash != 100 || len(tr.TakeDeeds) != 1 || tr.TakeDeeds[0] != 39 {
		t.Fatalf("offer %+v", tr)
	}
	offerMsg := board.Of(rec).Offers[0].Msg
	var text string
	for _, m := range h.API.Messages(testChat) {
		if m.ID == offerMsg {
			text = m.Text
		}
	}
	if !strings.Contains(text, "tg://user?id="+strconv.FormatInt(uy.ID, 10)) {
		t.Errorf("the offer does not mention the counterparty: %q", text)
	}

	// Only the counterparty answers; the proposer cannot accept.
	before := h.Record()
	msg, data := h.offerButton(board.OpOfAccept, tr.ID)
	h.Press(ux, msg, data)
	if a := h.LastAnswer(); !a.ShowAlert {
		t.Errorf("the proposer's accept got no alert: %+v", a)
	}
	h.Press(uz, msg, data)
	if a := h.LastAnswer(); !a.ShowAlert {
		t.Errorf("a third player's accept got no alert: %+v", a)
	}
	if after := h.Record(); after.Rev != before.Rev {
		t.Fatal("refused accepts changed the game")
	}
	cashX, cashY := board.Of(before).Game.Players[x].Cash, board.Of(before).Game.Players[y].Cash
	h.Press(uy, msg, data)
	rec = h.Record()
	if board.Of(rec).Game.Props[39].Owner != x || board.Of(rec).Game.Players[x].Cash != cashX-100 || board.Of(rec).Game.Players[y].Cash != cashY+100 {
		t.Fatalf("trade not carried out: owner %d, cash %d %d", board.Of(rec).Game.Props[39].Owner, board.Of(rec).Game.Players[x].Cash, board.Of(rec).Game.Players[y].Cash)
	}
	if len(board.Of(rec).Offers) != 0 || len(board.Of(rec).OfferEdits) != 0 {
		t.Fatalf("offer still listed: %+v %+v", board.Of(rec).Offers, board.Of(rec).OfferEdits)
	}
	for _, m := range h.API.Messages(testChat) {
		if m.ID == offerMsg && (m.Keyboard != nil || !strings.Contains(m.Text, h.bot.Catalog().T("en", "offer_accepted", nil))) {
			t.Errorf("accepted offer message not finalized: %q %v", m.Text, m.Keyboard)
		}
	}
	// The set is complete: x builds on it before rolling.
	h.MustPress(ux, board.OpMenuBuild)
	msg, data, ok := h.FindButton(board.OpGroup, engine.EditionByID(engine.Classic).Squares[37].Group, false)
	if !ok {
		t.Fatal("no building menu for the completed set")
	}
	h.Press(ux, msg, data)
	msg, data, ok = h.FindButton(board.OpBuild, 37, false)
	if !ok {
		t.Fatal("no build button on the completed set")
	}
	h.Press(ux, msg, data)
	if rec := h.Record(); board.Of(rec).Game.Props[37].Buildings != 1 {
		t.Fatalf("no house built: %d", board.Of(rec).Game.Props[37].Buildings)
	}
}

// TestTradeStaleOffer: an offer that a state change made impossible is
// pruned; its button answers with an alert and changes nothing.
func TestTradeStaleOffer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.StartGame()
	rec := h.Record()
	x := board.Of(rec).Game.Current
	y, z := (x+1)%3, (x+2)%3
	ux, uy, uz := h.UserOf(rec, int(x)), h.UserOf(rec, int(y)), h.UserOf(rec, int(z))
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = x })
	offer := func(to engine.PlayerID, cash int) int {
		h.MustPress(ux, board.OpTrade)
		h.PressPrivate(ux, board.OpTrTo, int(to))
		h.PressPrivate(ux, board.OpTrGive, 1)
		h.PressPrivate(ux, board.OpTrMode, board.EditTake)
		h.PressPrivate(ux, board.OpTrAdd, cash)
		h.PressPrivate(ux, board.OpTrMode, board.EditItems)
		h.PressPrivate(ux, board.OpTrSend, 0)
		return board.Of(h.Record()).Game.NextTrade
	}
	a := offer(y, 10)
	b := offer(z, 50)
	msgB, dataB := h.offerButton(board.OpOfAccept, b)
	msgA, dataA := h.offerButton(board.OpOfAccept, a)
	h.Press(uy, msgA, dataA)
	rec = h.Record()
	if board.Of(rec).Game.Props[1].Owner != y || len(board.Of(rec).Game.Trades) != 0 || len(board.Of(rec).Offers) != 0 {
		t.Fatalf("after the first accept: owner %d, trades %+v, offers %+v", board.Of(rec).Game.Props[1].Owner, board.Of(rec).Game.Trades, board.Of(rec).Offers)
	}
	h.Press(uz, msgB, dataB)
	if ans := h.LastAnswer(); !ans.ShowAlert || ans.Text != h.bot.Catalog().T(locales.Normalize(uz.LanguageCode), "err_trade_not_found", nil) { // the presser's
		t.Errorf("stale accept answered %+v", ans)
	}
	if after := h.Record(); after.Rev != rec.Rev || board.Of(after).Game.Props[1].Owner != y {
		t.Fatal("the stale accept changed the game")
	}
	for _, m := range h.API.Messages(testChat) {
		if m.ID == msgB && (m.Keyboard != nil || !strings.Contains(m.Text, h.bot.Catalog().T("en", "offer_cancelled", nil))) {
			t.Errorf("pruned offer message not finalized: %q %v", m.Text, m.Keyboard)
		}
	}
	// An outdated composer button (a draft already sent) is refused too.
	msgs := h.API.Messages(ux.ID)
	h.API.PushCallback(ux.ID, msgs[0].ID, ux, kit.Press{Game: rec.ID, Rev: 0, Op: board.OpTrSend, Chat: testChat}.Encode())
	h.Settle()
	if ans := h.LastAnswer(); !ans.ShowAlert {
		t.Errorf("outdated composer press answered %+v", ans)
	}
}

// TestTradeDeepLinkAndExpiry: /start with the group's payload opens the
// composer; an offer left unanswered past its deadline is withdrawn at the
// next press in the group.
func TestTradeDeepLinkAndExpiry(t *testing.T) {
	t.Parallel()
	clock := bottest.NewClock(time.Unix(1_800_000_000, 0))
	h := newHarnessWith(t, 11, nil, func(c *bot.AppConfig) { c.Now = clock.Now })
	h.StartGame()
	rec := h.Record()
	x := board.Of(rec).Game.Current
	y := (x + 1) % 3
	ux := h.UserOf(rec, int(x))
	h.DraftPortForCash(rec, ux, y)
	if d := board.Of(h.Record()).Drafts[ux.ID]; d == nil || d.Trade.TakeCash != 120 {
		t.Fatalf("typed amount not taken: %+v", d)
	}
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
	h.PressPrivate(ux, board.OpTrSend, 0)
	if n := len(board.Of(h.Record()).Game.Trades); n != 1 {
		t.Fatalf("%d offers open", n)
	}
	clock.Add(board.OfferTTL + time.Minute)
	h.MustPress(ux, board.OpMenuMort) // any press in the group
	rec = h.Record()
	if len(board.Of(rec).Game.Trades) != 0 || len(board.Of(rec).Offers) != 0 {
		t.Fatalf("expired offer still open: %+v", board.Of(rec).Game.Trades)
	}
	found := false
	for _, m := range h.API.Messages(testChat) {
		found = found || strings.Contains(m.Text, h.bot.Catalog().T("en", "offer_expired", nil)) && m.Keyboard == nil
	}
	if !found {
		t.Error("the expired offer's message was not finalized")
	}
}

// TestTradeOfferThroughOutbox: the offer message waits its turn in the
// group's outbox like every other message — behind a reply held up by a
// 429 — and an offer that ends before its message went out is sent once,
// with its final text and no buttons (the queued message took the final
// content), instead of being sent with live buttons and edited.
func TestTradeOfferThroughOutbox(t *testing.T) {
	t.Parallel()
	bottest.InBubble(t, func(t *testing.T) {
		h, p := composeOffer(t)
		y, z := p.Y, (p.X+2)%3
		ux, uy := p.UX, p.UY
		h.PressPrivate(ux, board.OpTrSend, 0)
		a := board.Of(h.Record()).Game.NextTrade
		if m := h.OfferMessages(testChat, a); len(m) != 1 || m[0].Keyboard == nil {
			t.Fatalf("offer %d not shown with its buttons: %+v", a, m)
		}
		// A second offer of the same deed, to z.
		h.ComposeDeedForCash(ux, z, 1, 50)

		// The group's next message gets a 429: the outbox holds everything
		// queued behind it for ten seconds — long enough for the send and the
		// accept below to be handled first even under -race on a busy machine
		// (with two seconds the send's handling once outlasted the ban).
		h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 429, RetryAfter: 10})
		h.API.PushMessage(testChat, ux, "/help")
		flooded := func() bool {
			for _, r := range h.API.Calls("sendMessage") {
				if r.Status == 429 {
					return true
				}
			}
			return false
		}
		if !h.API.WaitFor(flooded, 10*time.Second) {
			t.Fatal("the /help reply did not meet the 429")
		}
		msg, data := h.PrivateButton(ux, board.OpTrSend, 0)
		h.API.PushCallback(ux.ID, msg, ux, data)
		if !h.API.WaitFor(func() bool { return h.API.Pending() == 0 }, 10*time.Second) {
			t.Fatal("the send was not handled")
		}
		rec := h.Record()
		b := board.Of(rec).Game.NextTrade
		if b == a || len(board.Of(rec).Offers) != 2 {
			t.Fatalf("second offer not open: %+v", board.Of(rec).Offers)
		}
		// Sent, answered — and still waiting behind the reply.
		if board.Of(rec).Offers[1].Msg != 0 || len(h.OfferMessages(testChat, b)) != 0 {
			t.Fatalf("offer %d was posted past the outbox while the chat waits for its 429: %+v", b, board.Of(rec).Offers[1])
		}
		// y accepts the first offer meanwhile: the second one becomes
		// impossible (the deed is gone) before its message was delivered.
		msgA, dataA := h.offerButton(board.OpOfAccept, a)
		h.Press(uy, msgA, dataA)

		rec = h.Record()
		if board.Of(rec).Game.Props[1].Owner != y || len(board.Of(rec).Game.Trades) != 0 || len(board.Of(rec).Offers) != 0 || len(board.Of(rec).OfferEdits) != 0 {
			t.Fatalf("after the accept: owner %d, trades %+v, offers %+v, edits %+v", board.Of(rec).Game.Props[1].Owner, board.Of(rec).Game.Trades, board.Of(rec).Offers, board.Of(rec).OfferEdits)
		}
		msgs := h.OfferMessages(testChat, b)
		if len(msgs) != 1 {
			t.Fatalf("offer %d shown in %d messages: %+v", b, len(msgs), msgs)
		}
		if m := msgs[0]; m.Keyboard != nil || m.Edits != 0 || !strings.Contains(m.Text, h.bot.Catalog().T("en", "offer_cancelled", nil)) {
			t.Errorf("the pruned offer's message was not sent once with its final text and no buttons: %+v", m)
		}
		var reply int
		for _, m := range h.API.Messages(testChat) {
			if strings.Contains(m.Text, "/newgame") {
				reply = m.ID
			}
		}
		if reply == 0 || msgs[0].ID < reply {
			t.Errorf("the offer (message %d) overtook the /help reply queued before it (message %d)", msgs[0].ID, reply)
		}
		if m := h.OfferMessages(testChat, a); len(m) != 1 || m[0].Keyboard != nil || !strings.Contains(m[0].Text, h.bot.Catalog().T("en", "offer_accepted", nil)) {
			t.Errorf("the accepted offer's message was not finalized: %+v", m)
		}
	})
}

// TestTradeOfferDeclined: the offer's message id is stored once the outbox
// sent it; a decline edits that message to its outcome without buttons,
// and its old buttons then answer with an alert and change nothing.
func TestTradeOfferDeclined(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	x := p.X
	ux, uy := p.UX, p.UY
	h.PressPrivate(ux, board.OpTrSend, 0)
	rec := h.Record()
	id := board.Of(rec).Game.NextTrade
	msgs := h.OfferMessages(testChat, id)
	if len(msgs) != 1 || len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Msg != msgs[0].ID {
		t.Fatalf("offer message not stored: offers %+v, messages %+v", board.Of(rec).Offers, msgs)
	}
	msg, data := h.offerButton(board.OpOfReject, id)
	if msg != msgs[0].ID {
		t.Fatalf("decline button on message %d, offer message %d", msg, msgs[0].ID)
	}
	h.Press(uy, msg, data)
	rec = h.Record()
	if len(board.Of(rec).Game.Trades) != 0 || len(board.Of(rec).Offers) != 0 || len(board.Of(rec).OfferEdits) != 0 || board.Of(rec).Game.Props[1].Owner != x {
		t.Fatalf("after the decline: trades %+v, offers %+v, edits %+v", board.Of(rec).Game.Trades, board.Of(rec).Offers, board.Of(rec).OfferEdits)
	}
	msgs = h.OfferMessages(testChat, id)
	if len(msgs) != 1 || msgs[0].Keyboard != nil || msgs[0].Edits != 1 || !strings.Contains(msgs[0].Text, h.bot.Catalog().T("en", "offer_declined", nil)) {
		t.Fatalf("declined offer's message not edited to its outcome: %+v", msgs)
	}
	// Its buttons as they were: an alert, nothing changes.
	accept := bottest.EncodePress(t, kit.Press{Game: rec.ID, Op: board.OpOfAccept, Arg: id})
	h.Press(uy, msg, accept)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.Catalog().T("en", "err_trade_not_found", nil) {
		t.Errorf("an ended offer's accept answered %+v", a)
	}
	if after := h.Record(); after.Rev != rec.Rev {
		t.Error("the ended offer's button changed the game")
	}
}

// TestTradeOfferMigrates: the group becomes a supergroup just as the offer
// is posted; the offer follows the game there, its id is stored in the
// moved record and it can be accepted there.
func TestTradeOfferMigrates(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	y := p.Y
	ux, uy := p.UX, p.UY
	h.API.FailNext("sendMessage", 1, fakeapi.ErrorResponse{Code: 400, MigrateToChatID: superChat})
	h.PressPrivate(ux, board.OpTrSend, 0)
	moved, err := h.bot.Snapshot(superChat)
	if err != nil || moved == nil || len(board.Of(moved).Offers) != 1 {
		t.Fatalf("the game with its offer did not move: %+v, %v", moved, err)
	}
	id := board.Of(moved).Offers[0].ID
	msgs := h.OfferMessages(superChat, id)
	if len(msgs) != 1 || board.Of(moved).Offers[0].Msg != msgs[0].ID || msgs[0].Keyboard == nil {
		t.Fatalf("offer not posted in the supergroup: offer %+v, messages %+v", board.Of(moved).Offers[0], msgs)
	}
	data := bottest.EncodePress(t, kit.Press{Game: moved.ID, Op: board.OpOfAccept, Arg: id})
	h.API.PushCallback(superChat, msgs[0].ID, uy, data)
	h.Settle()
	moved, _ = h.bot.Snapshot(superChat)
	if board.Of(moved).Game.Props[1].Owner != y || len(board.Of(moved).Offers) != 0 {
		t.Fatalf("accept in the supergroup not carried out: owner %d, offers %+v", board.Of(moved).Game.Props[1].Owner, board.Of(moved).Offers)
	}
	if m := h.OfferMessages(superChat, id); len(m) != 1 || m[0].Keyboard != nil || !strings.Contains(m[0].Text, h.bot.Catalog().T("en", "offer_accepted", nil)) {
		t.Errorf("offer message in the supergroup not finalized: %+v", m)
	}
}

// TestTradeOfferLostIDAfterRestart: a restart finds an open offer whose
// message id was never stored (killed between the send and storing it):
// the offer is posted again and the new message is the one that gets
// finalized; the old message's buttons answer with an alert once the
// offer ended.
func TestTradeOfferLostIDAfterRestart(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	x := p.X
	ux, uy := p.UX, p.UY
	h.PressPrivate(ux, board.OpTrSend, 0)
	id := board.Of(h.Record()).Game.NextTrade
	old := h.OfferMessages(testChat, id)
	if len(old) != 1 {
		t.Fatalf("offer shown in %d messages", len(old))
	}
	h.Stop()
	// As if the process died after the send, before storing the id.
	store, err := storage.Open(h.DB, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	err = store.Update(func(tx *storage.Tx) error {
		data, _ := tx.Game(testChat)
		r, err := kit.DecodeRecord(data)
		if err != nil {
			return err
		}
		board.Of(r).Offers[0].Msg = 0
		out, err := r.Encode()
		if err != nil {
			return err
		}
		return tx.PutGame(testChat, out)
	})
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	h.Start()
	h.Settle()
	rec := h.Record()
	msgs := h.OfferMessages(testChat, id)
	if len(msgs) != 2 || len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Msg != msgs[1].ID || msgs[1].Keyboard == nil {
		t.Fatalf("offer not posted again after the restart: offers %+v, messages %+v", board.Of(rec).Offers, msgs)
	}
	data := bottest.EncodePress(t, kit.Press{Game: rec.ID, Op: board.OpOfReject, Arg: id})
	h.Press(uy, msgs[1].ID, data)
	msgs = h.OfferMessages(testChat, id)
	if msgs[1].Keyboard != nil || !strings.Contains(msgs[1].Text, h.bot.Catalog().T("en", "offer_declined", nil)) {
		t.Errorf("the re-posted offer message not finalized: %+v", msgs[1])
	}
	rec = h.Record()
	data = bottest.EncodePress(t, kit.Press{Game: rec.ID, Op: board.OpOfAccept, Arg: id})
	h.Press(uy, msgs[0].ID, data)
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.Catalog().T("en", "err_trade_not_found", nil) {
		t.Errorf("the orphan's accept answered %+v", a)
	}
	if after := h.Record(); after.Rev != rec.Rev || board.Of(after).Game.Props[1].Owner != x {
		t.Error("the orphan's button changed the game")
	}
}

// TestOfferEndedByAKick: an offer ended by something other than a trade
// button (here an admin's /kick of its proposer, which makes them
// bankrupt) still gets its final text and loses its buttons.
func TestOfferEndedByAKick(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t) // x, the current player, is the one /kick may remove
	x := p.X
	ux, uy := p.UX, p.UY
	h.PressPrivate(ux, board.OpTrSend, 0)
	id := board.Of(h.Record()).Game.NextTrade
	if msgs := h.OfferMessages(testChat, id); len(msgs) != 1 || msgs[0].Keyboard == nil {
		t.Fatalf("offer not posted with its buttons: %+v", msgs)
	}
	h.API.SetAdmins(testChat, uy.ID)
	h.Say(uy, "/kick")
	rec := h.Record()
	if board.Of(rec).Game.Active(x) || len(board.Of(rec).Offers) != 0 {
		t.Fatalf("after the kick: seat %d active %v, offers %+v", x, board.Of(rec).Game.Active(x), board.Of(rec).Offers)
	}
	msgs := h.OfferMessages(testChat, id)
	if len(msgs) != 1 || len(msgs[0].Keyboard) != 0 || !strings.Contains(msgs[0].Text, h.bot.Catalog().T("en", "offer_cancelled", nil)) {
		t.Fatalf("the ended offer's message kept its buttons or its text: %+v", msgs)
	}
	if len(board.Of(rec).OfferEdits) != 0 {
		t.Errorf("finalized offer edits still pending: %+v", board.Of(rec).OfferEdits)
	}
}

// TestOfferPostedWhilePaused: an offer sent from the private chat while
// the bot cannot write to the group (removed, paused) appears in the
// group when the bot is back, and its id is stored.
func TestOfferPostedWhilePaused(t *testing.T) {
	t.Parallel()
	h, p := composeOffer(t)
	ux := p.UX
	h.API.PushUpdate(bottest.MemberUpdate(testChat, "kicked"))
	h.Settle()
	h.PressPrivate(ux, board.OpTrSend, 0)
	id := board.Of(h.Record()).Game.NextTrade
	if msgs := h.OfferMessages(testChat, id); len(msgs) != 0 {
		t.Fatalf("offer sent to a chat the bot was removed from: %+v", msgs)
	}
	h.API.PushUpdate(bottest.MemberUpdate(testChat, "member"))
	h.Settle()
	rec := h.Record()
	msgs := h.OfferMessages(testChat, id)
	if len(msgs) != 1 || len(msgs[0].Keyboard) == 0 || len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Msg != msgs[0].ID {
		t.Fatalf("offer not shown on the bot's return: messages %+v, offers %+v", msgs, board.Of(rec).Offers)
	}
}
