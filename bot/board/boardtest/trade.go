package boardtest

import (
	"strconv"
	"strings"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// Edit changes the stored game by hand (a test's setup), under the chat's
// lock, without a new revision; the game must still hold its invariants.
// Then the chat shows the edited game, as after any change: its buttons
// follow the holdings (🤝 only once someone holds a deed).
func (h Board) Edit(fn func(rec *kit.Record)) {
	h.T.Helper()
	unlock := h.App.LockChat(bottest.Chat)
	defer h.Settle()
	defer unlock()
	defer func() {
		_ = h.App.ChangeAndShow(bottest.Chat, func(c *kit.Change) error { c.Turn, c.Quiet = c.Rec != nil, true; return nil })
	}()
	err := h.App.Store().Update(func(tx *storage.Tx) error {
		data, _ := tx.Game(bottest.Chat)
		rec, err := kit.DecodeRecord(data)
		if err != nil {
			return err
		}
		fn(rec)
		if err := board.Of(rec).Game.CheckInvariants(); err != nil {
			return err
		}
		out, err := rec.Encode()
		if err != nil {
			return err
		}
		return tx.PutGame(bottest.Chat, out)
	})
	if err != nil {
		h.T.Fatal(err)
	}
}

// PrivateButton finds the newest button with op (and arg) in the private
// chat of u.
func (h Board) PrivateButton(u fakeapi.User, op kit.Op, arg int) (int, string) {
	h.T.Helper()
	msgs := h.API.Messages(u.ID)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				p, err := kit.ParsePress(b.Data)
				if err != nil {
					h.T.Fatalf("bad private button data %q", b.Data)
				}
				if p.Op == op && p.Arg == arg {
					if p.Chat != bottest.Chat {
						h.T.Fatalf("composer button names chat %d", p.Chat)
					}
					return msgs[i].ID, b.Data
				}
			}
		}
	}
	var last string
	if len(msgs) > 0 {
		last = msgs[len(msgs)-1].Text
	}
	h.T.Fatalf("no %q/%d button in the private chat of %s; last:\n%s", op, arg, u.FirstName, last)
	return 0, ""
}

// PressPrivate presses PrivateButton as u.
func (h Board) PressPrivate(u fakeapi.User, op kit.Op, arg int) {
	h.T.Helper()
	msg, data := h.PrivateButton(u, op, arg)
	h.API.PushCallback(u.ID, msg, u, data)
	h.Settle()
}

// OfferParties are the two sides of an offer composed by ComposeOffer.
type OfferParties struct {
	X, Y   engine.PlayerID
	UX, UY fakeapi.User
}

// ComposeOffer starts a game of users in which the current player x has
// composed, not yet sent, an offer of Mediterranean Avenue to the next
// seat y for $10.
func (h Board) ComposeOffer() OfferParties {
	h.T.Helper()
	h.StartGame()
	rec := h.Record()
	p := OfferParties{X: board.Of(rec).Game.Current, Y: (board.Of(rec).Game.Current + 1) % 3}
	p.UX, p.UY = h.userOf(rec, p.X), h.userOf(rec, p.Y)
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[1].Owner = p.X })
	h.ComposeDeedForCash(p.UX, p.Y, 1, 10)
	return p
}

// ComposeDeedForCash has ux compose, in the private chat, an offer to seat
// `to` of deed sq (ux's) for cash, ready to send.
func (h Board) ComposeDeedForCash(ux fakeapi.User, to engine.PlayerID, sq, cash int) {
	h.T.Helper()
	h.MustPress(ux, board.OpTrade)
	h.PressPrivate(ux, board.OpTrTo, int(to))
	h.PressPrivate(ux, board.OpTrGive, sq)
	h.PressPrivate(ux, board.OpTrMode, board.EditTake)
	h.PressPrivate(ux, board.OpTrAdd, cash)
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
}

// DraftPortForCash has ux compose, in the private chat, an offer to y of
// the first port (given to ux here) for 120 in cash.
func (h Board) DraftPortForCash(rec *kit.Record, ux fakeapi.User, y engine.PlayerID) {
	h.T.Helper()
	x := engine.PlayerID(rec.SeatOf(ux.ID))
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[5].Owner = x })
	h.API.PushMessage(ux.ID, ux, "/start "+board.TradePayload(bottest.Chat, rec.ID))
	h.Settle()
	h.PressPrivate(ux, board.OpTrTo, int(y))
	h.PressPrivate(ux, board.OpTrGive, 5)
	h.PressPrivate(ux, board.OpTrMode, board.EditTake)
	h.API.PushMessage(ux.ID, ux, "/cash 120")
	h.Settle()
}

// OfferMessages are the messages in chat that show trade offer id.
func (h Board) OfferMessages(chat int64, id int) []fakeapi.Message {
	var out []fakeapi.Message
	for _, m := range h.API.Messages(chat) {
		if strings.Contains(m.Text, "Trade offer #"+strconv.Itoa(id)+"</b>") {
			out = append(out, m)
		}
	}
	return out
}

// ToBuyDecision plays on (rolls, pays the jail's fine, ends turns) until
// the game asks someone of users whether to buy a deed.
func (h Board) ToBuyDecision() *kit.Record {
	h.T.Helper()
	for i := 0; i < 200; i++ {
		rec := h.Record()
		g := board.Of(rec).Game
		switch {
		case g.Phase == engine.PhaseBuyDecision:
			return rec
		case g.Phase == engine.PhaseTurnStart && g.Players[g.Current].InJail &&
			g.Check(g.Current, engine.Action{Kind: engine.ActPayJailFine}) == nil:
			h.MustPress(h.userOf(rec, g.Current), board.OpPayFine)
		case g.Phase == engine.PhaseTurnStart, g.Phase == engine.PhaseTurnEnd && g.RollAgain:
			h.MustPress(h.userOf(rec, g.Current), board.OpRoll)
		case g.Phase == engine.PhaseTurnEnd:
			h.MustPress(h.userOf(rec, g.Current), board.OpEndTurn)
		default:
			h.T.Fatalf("phase %d on the way to a deed for sale", g.Phase)
		}
	}
	h.T.Fatal("nobody landed on a deed for sale")
	return nil
}

// PlayAgainstComputers plays a game of person u against computer seats to
// its end: u presses the first of prefer the chat offers whenever the game
// waits for a person (not computerDue), and lets the deadline pass (moves
// the bot's clock on by pass) when none is offered.
func (h Board) PlayAgainstComputers(u fakeapi.User, pass func(time.Duration), prefer []kit.Op, computerDue func(*kit.Record) bool) {
	h.T.Helper()
	for presses := 0; ; presses++ {
		if presses > 2000 {
			h.T.Fatal("the game did not end after 2000 presses")
		}
		var rec *kit.Record
		if !h.API.WaitFor(func() bool { rec = h.Record(); return rec == nil || !computerDue(rec) }, 10*time.Second) {
			h.T.Fatalf("the computers did not move (record %+v)", rec.Clock)
		}
		h.Settle()
		if rec = h.Record(); rec == nil {
			return
		}
		pressed := false
		for _, op := range prefer {
			if msg, data, ok := h.FindButton(op, 0, true); ok {
				h.Press(u, msg, data)
				pressed = true
				break
			}
		}
		if !pressed {
			// A decision without a button for u: its deadline passes.
			pass(25 * time.Hour)
			ver := board.Of(rec).Game.Version
			if !h.API.WaitFor(func() bool { r := h.Record(); return r == nil || board.Of(r).Game.Version != ver }, 5*time.Second) {
				h.T.Fatalf("nothing for %s to press in phase %v, and no timeout", u.FirstName, board.Of(rec).Game.Phase)
			}
		}
	}
}

// LinkMessages are the messages Chat shows with a link to a trade's
// composer in a private chat.
func (h Board) LinkMessages() []fakeapi.Message {
	var out []fakeapi.Message
	for _, m := range h.API.Messages(bottest.Chat) {
		if m.Deleted {
			continue
		}
		for _, row := range m.Keyboard {
			for _, b := range row {
				if strings.Contains(b.URL, "?start=t") {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// PlaceBid has u press a bid button (data under msg) and checks that u
// leads the auction now.
func (h Board) PlaceBid(u fakeapi.User, msg int, data, what string) (*kit.Record, *engine.Auction) {
	h.T.Helper()
	h.Press(u, msg, data)
	rec := h.Record()
	a := board.Of(rec).Game.Auction
	if a == nil || int(a.Leader) != rec.SeatOf(u.ID) {
		h.T.Fatalf("%s was not placed: %+v", what, a)
	}
	return rec, a
}

// WantRefused checks that the last press (what) was answered with the
// alert want and changed nothing in rec's game.
func (h Board) WantRefused(rec *kit.Record, want, what string) {
	h.T.Helper()
	if got := h.LastAnswer(); !got.ShowAlert || got.Text != want {
		h.T.Errorf("%s was answered %+v, want the alert %q", what, got, want)
	}
	if board.Of(h.Record()).Game.Version != board.Of(rec).Game.Version {
		h.T.Errorf("%s bid", what)
	}
}

// WantOutbid checks that u's last bid was refused naming the leader and
// the highest bid (in u's language unless the chat pinned one), and that
// it changed nothing.
func (h Board) WantOutbid(u, leader fakeapi.User, rec *kit.Record, high int, what string) {
	h.T.Helper()
	cat := h.App.Catalog()
	lang := h.App.ChatLang(bottest.Chat, u.LanguageCode)
	want := cat.T(lang, "auction_outbid", map[string]any{"Player": kit.Isolate(leader.FirstName), "Amount": cat.MoneyOf(lang, rec.Edition, high)})
	h.WantRefused(rec, want, what)
}

// Current is the person whose turn it is in chat's board game.
func (h Board) Current(chat int64) fakeapi.User {
	h.T.Helper()
	rec, err := h.App.Snapshot(chat)
	if err != nil || rec == nil || board.Of(rec).Game == nil {
		h.T.Fatalf("chat %d: no game (%v)", chat, err)
	}
	return h.userOf(rec, board.Of(rec).Game.Current)
}
