package board_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot"
	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// editGame changes the stored board game by hand.
func (h *harness) editGame(edit func(g *engine.Game)) {
	h.EditRecord(func(rec *kit.Record) {
		edit(board.Of(rec).Game)
		board.Of(rec).Game.Reindex()
	})
}

// TestLuxLeaveReturnsDeedsUnsold: a lux player with eight deeds leaves by
// /leave; the deeds go back to the bank unsold — no auction, let alone
// eight in a row — and the summary says they are free to buy again.
func TestLuxLeaveReturnsDeedsUnsold(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 7, nil)
	h.OpenLobby("lux")
	h.MustPress(h.Users[0], bot.OpStart)
	leaver := h.Users[1]
	seat := h.Record().SeatOf(leaver.ID)
	var deeds []int
	h.editGame(func(g *engine.Game) {
		for sq, s := range g.EditionData().Squares {
			if s.Price > 0 && len(deeds) < 8 {
				g.Props[sq].Owner = engine.PlayerID(seat)
				deeds = append(deeds, sq)
			}
		}
	})
	h.Say(leaver, "/leave")
	msg, data, ok := h.FindButton(board.OpResignYes, 0, true)
	if !ok {
		t.Fatal("/leave did not ask for confirmation")
	}
	sent := len(h.API.Messages(testChat))
	h.Press(leaver, msg, data)
	rec := h.Record()
	g := board.Of(rec).Game
	if !g.Players[seat].Bankrupt {
		t.Fatal("/leave confirmed did not take the player out")
	}
	if g.Auction != nil || len(g.AuctionQueue) != 0 || g.Phase == engine.PhaseAuction {
		t.Fatalf("leaving started auctions: %+v, queue %v", g.Auction, g.AuctionQueue)
	}
	var names []string
	for _, sq := range deeds {
		if g.Props[sq].Owner != engine.NoOwner {
			t.Errorf("deed %d still owned by %d", sq, g.Props[sq].Owner)
		}
		names = append(names, h.bot.Catalog().T("en", fmt.Sprintf("sq_%s_%d", rec.Edition, sq), nil))
	}
	var texts []string
	for _, m := range h.API.Messages(testChat)[sent:] {
		texts = append(texts, m.Text)
	}
	all := strings.ReplaceAll(strings.Join(texts, "\n"), ",\n   ", ", ")
	want := h.bot.Catalog().T("en", "ending_out_deeds_free", map[string]any{"Name": strings.Join(names, ", ")})
	if !strings.Contains(all, want) {
		t.Errorf("no summary %q among the messages after /leave:\n%s", want, all)
	}
	if strings.Contains(all, "auction") {
		t.Errorf("an auction follows /leave:\n%s", all)
	}
}
