package board_test

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

const OpTrBuild = board.OpTrBuild

// lastComposerOps lists the ops of the buttons of u's newest private message.
func (h *harness) lastComposerOps(u fakeapi.User) map[kit.Op]int {
	h.T.Helper()
	msgs := h.API.Messages(u.ID)
	if len(msgs) == 0 {
		h.T.Fatalf("no private message to %s", u.FirstName)
	}
	ops := map[kit.Op]int{}
	for _, row := range msgs[len(msgs)-1].Keyboard {
		for _, b := range row {
			if p, err := kit.ParsePress(b.Data); err == nil {
				ops[p.Op]++
			}
		}
	}
	return ops
}

// buildingsOut gives seat x the business edition's first colour set, bare,
// and seat y every other colour set with n branches spread evenly; the
// bank keeps the rest.
func buildingsOut(g *engine.Game, x, y engine.PlayerID, n int) {
	sq := engine.EditionByID(engine.Business).Squares
	first := -1
	var ys []int
	for i, s := range sq {
		if s.Kind != engine.SquareStreet {
			continue
		}
		if first < 0 {
			first = s.Group
		}
		g.Props[i].Buildings = 0
		if s.Group == first {
			g.Props[i].Owner = x
			continue
		}
		g.Props[i].Owner = y
		ys = append(ys, i)
	}
	placed := 0
	for level := 1; level <= 4; level++ {
		for _, i := range ys {
			if placed < n {
				g.Props[i].Buildings = int8(level)
				placed++
			}
		}
	}
	g.Houses = engine.EditionByID(engine.Business).Houses - placed
}

// TestTradeBuysBranch: in the business edition the composer offers to buy
// a branch from the counterparty only once the bank has none; the offer
// names it, and accepting moves the branch. A move the engine no longer
// accepts is refused with an alert.
func TestTradeBuysBranch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 42, nil)
	h.OpenLobby(engine.Business)
	h.MustPress(h.Users[0], bot.OpStart)
	rec := h.Record()
	x := board.Of(rec).Game.Current
	y := (x + 1) % 3
	ux, uy := h.UserOf(rec, int(x)), h.UserOf(rec, int(y))
	total := engine.EditionByID(engine.Business).Houses

	h.Edit(func(r *kit.Record) { buildingsOut(board.Of(r).Game, x, y, 10) })
	h.MustPress(ux, board.OpTrade)
	h.PressPrivate(ux, board.OpTrTo, int(y))
	if n := h.lastComposerOps(ux)[OpTrBuild]; n != 0 {
		t.Fatalf("the bank has branches, yet the composer offers %d to buy", n)
	}

	h.Edit(func(r *kit.Record) { buildingsOut(board.Of(r).Game, x, y, total) })
	h.PressPrivate(ux, board.OpTrWho, 0)
	h.PressPrivate(ux, board.OpTrTo, int(y))
	if n := h.lastComposerOps(ux)[OpTrBuild]; n == 0 {
		t.Fatal("the bank is out of branches, but the composer offers none to buy")
	}
	msg, data, ok := h.FindButtonIn(ux.ID, OpTrBuild, 0, true)
	if !ok {
		t.Fatal("no buy button")
	}

	// The bank gets a branch back: the button goes stale.
	var spare int
	h.Edit(func(r *kit.Record) {
		for i := len(board.Of(r).Game.Props) - 1; i >= 0; i-- {
			if board.Of(r).Game.Props[i].Owner == y && board.Of(r).Game.Props[i].Buildings == 1 {
				board.Of(r).Game.Props[i].Buildings, board.Of(r).Game.Houses, spare = 0, 1, i
				return
			}
		}
		t.Fatal("no deed with one branch to take off")
	})
	h.API.PushCallback(ux.ID, msg, ux, data)
	h.Settle()
	if a := h.LastAnswer(); !a.ShowAlert || a.Text != h.bot.Catalog().T(ux.LanguageCode, "trade_building_gone", nil) {
		t.Fatalf("stale buy answered %+v", a)
	}
	if d := board.Of(h.Record()).Drafts[ux.ID]; d.Trade.TakeBuilding != 0 {
		t.Fatalf("stale buy changed the draft: %+v", d.Trade)
	}
	h.Edit(func(r *kit.Record) { board.Of(r).Game.Props[spare].Buildings, board.Of(r).Game.Houses = 1, 0 })

	// The same button, now that the bank is out again, takes the branch.
	h.API.PushCallback(ux.ID, msg, ux, data)
	h.Settle()
	d := board.Of(h.Record()).Drafts[ux.ID]
	src, first := d.Trade.TakeBuilding, d.Trade.PlaceOn
	if src == 0 || board.Of(h.Record()).Game.Props[src].Owner != y || board.Of(h.Record()).Game.Props[first].Owner != x {
		t.Fatalf("buy not in the draft: %+v (answer %+v)", d.Trade, h.LastAnswer())
	}
	msgs := h.API.Messages(ux.ID)
	if want := beforeValue(h.bot.Catalog().T(ux.LanguageCode, "trade_buy_branch", nil)); !strings.Contains(msgs[len(msgs)-1].Text, want) {
		t.Errorf("the composer does not show the branch bought (%q): %q", want, msgs[len(msgs)-1].Text)
	}
	// x's set has more than one deed: the composer asks which one takes it.
	var dst int
	for _, row := range msgs[len(msgs)-1].Keyboard {
		for _, b := range row {
			p, _ := kit.ParsePress(b.Data)
			if p.Op == OpTrBuild && strings.HasPrefix(b.Text, "📍") && !strings.HasPrefix(b.Text, "✅") {
				h.PressPrivate(ux, OpTrBuild, p.Arg)
				dst = board.Of(h.Record()).Drafts[ux.ID].Trade.PlaceOn
			}
		}
	}
	if dst == 0 || dst == first || board.Of(h.Record()).Drafts[ux.ID].Trade.TakeBuilding != src {
		t.Fatalf("no other deed to put the branch on: first %d, then %d", first, dst)
	}
	h.PressPrivate(ux, board.OpTrMode, board.EditGive)
	h.PressPrivate(ux, board.OpTrAdd, 100)
	h.PressPrivate(ux, board.OpTrMode, board.EditItems)
	before := board.Of(h.Record()).Game
	h.PressPrivate(ux, board.OpTrSend, 0)
	rec = h.Record()
	if len(board.Of(rec).Offers) != 1 || board.Of(rec).Offers[0].Trade.TakeBuilding != src || board.Of(rec).Offers[0].Trade.PlaceOn != dst {
		t.Fatalf("offer not open with the branch: %+v", board.Of(rec).Offers)
	}
	id := board.Of(rec).Offers[0].ID
	var offerText string
	for _, m := range h.API.Messages(testChat) {
		if m.ID == board.Of(rec).Offers[0].Msg {
			offerText = m.Text
		}
	}
	if want := beforeValue(h.bot.Catalog().T("en", "trade_buy_branch", nil)); !strings.Contains(offerText, want) {
		t.Errorf("the offer does not name the branch (%q): %q", want, offerText)
	}
	msg, data = h.offerButton(board.OpOfAccept, id)
	h.Press(uy, msg, data)
	g := board.Of(h.Record()).Game
	if g.Props[src].Buildings != before.Props[src].Buildings-1 || g.Props[dst].Buildings != 1 || g.Houses != 0 {
		t.Fatalf("the branch did not move: %d→%d, %d→%d, bank %d", before.Props[src].Buildings, g.Props[src].Buildings,
			before.Props[dst].Buildings, g.Props[dst].Buildings, g.Houses)
	}
}

// beforeValue is a message's text up to its first missing value.
func beforeValue(s string) string {
	return strings.SplitN(s, "<no value>", 2)[0]
}
