package board

import (
	"slices"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// A bankruptcy is followed by a short summary of what went to whom: the
// cash, the deeds and the jail cards. The engine's event names only the
// creditor, so the summary is worked out from the game as it was before
// the action (a copy taken only when the action may bankrupt someone) and
// the action's events.

// apply applies a for seat, adding a summary of each bankruptcy it causes
// to the change's replies.
func (b *turns) apply(c *kit.Change, lang string, seat engine.PlayerID, a engine.Action) ([]engine.Event, error) {
	g := Of(c.Rec).Game
	var before *engine.Game
	if mayBankrupt(g, a) {
		before = g.Clone()
	}
	evs, err := g.Apply(seat, a)
	if err != nil || before == nil {
		return evs, err
	}
	for i, e := range evs {
		if e.Kind == engine.EvBankrupt {
			c.Replies = append(c.Replies, kit.Reply{Text: b.ending.bankruptcySummary(lang, c.Rec, before, evs[:i], e)})
		}
	}
	return evs, nil
}

// mayBankrupt: the actions that can end in a bankruptcy — declaring it,
// resigning, and anything while a debt is due (a timeout raises the money
// or goes bankrupt).
func mayBankrupt(g *engine.Game, a engine.Action) bool {
	return a.Kind == engine.ActBankrupt || a.Kind == engine.ActResign || g.Phase == engine.PhaseDebt
}

// handover is what a bankrupt seat hands its creditor.
type handover struct {
	cash  int
	deeds []int // squares
	cards int
}

// handedOver works out what p handed over on going bankrupt: the cash it
// had before the action, what it raised in the action before the
// bankruptcy (buildings sold, deeds mortgaged: events), and its remaining
// buildings, which the bankruptcy sells to the bank at half price; its
// deeds and jail cards as they were before the action.
func handedOver(before *engine.Game, p engine.PlayerID, earlier []engine.Event) handover {
	ed := before.EditionData()
	h := handover{cash: before.Players[p].Cash}
	left := map[int]int{}
	for sq, prop := range before.Props {
		if prop.Owner == p {
			h.deeds = append(h.deeds, sq)
			left[sq] = int(prop.Buildings)
		}
	}
	for _, e := range earlier {
		if e.Player != p {
			continue
		}
		switch e.Kind {
		case engine.EvBuildingSold:
			h.cash += e.Cost
			left[e.Square] = e.Amount
		case engine.EvMortgaged:
			h.cash += e.Cost
		}
	}
	for sq, n := range left {
		h.cash += n * (ed.Squares[sq].HouseCost / 2)
	}
	for _, has := range before.Players[p].JailCards {
		if has {
			h.cards++
		}
	}
	return h
}

// bankruptcySummary is the message after bankruptcy e: who is out, and
// what the creditor (a player or the bank) receives.
func (b *endings) bankruptcySummary(lang string, rec *kit.Record, before *engine.Game, earlier []engine.Event, e engine.Event) string {
	h := handedOver(before, e.Player, earlier)
	head := "ending_out_bank"
	if e.Other >= 0 && int(e.Other) < len(rec.Seats) {
		head = "ending_out_player"
	}
	lines := []string{b.cat.T(lang, head, map[string]any{"Player": kit.SeatName(rec, e.Player), "Other": kit.SeatName(rec, e.Other)})}
	if h.cash > 0 {
		lines = append(lines, b.cat.T(lang, "ending_out_cash", map[string]any{"Amount": b.text.money(lang, rec, h.cash)}))
	}
	if len(h.deeds) > 0 {
		names := make([]string, len(h.deeds))
		for i, sq := range h.deeds {
			names[i] = b.text.squareName(lang, rec, sq)
			if before.Props[sq].Mortgaged {
				names[i] += " 🔒"
			}
		}
		id := "ending_out_deeds"
		switch {
		case head != "ending_out_bank" || !Of(rec).Game.Rules.Auctions:
		case slices.Contains(earlier, engine.Event{Kind: engine.EvResigned, Player: e.Player}):
			id = "ending_out_deeds_free" // who leaves owes nothing: no auctions (engine/RULES.md)
		default:
			id = "ending_out_deeds_auction"
		}
		lines = append(lines, b.cat.T(lang, id, map[string]any{"Name": strings.Join(names, ", ")}))
	}
	if h.cards > 0 {
		lines = append(lines, b.cat.N(lang, "ending_out_cards", h.cards, nil))
	}
	if len(lines) == 1 {
		lines = append(lines, b.cat.T(lang, "ending_out_nothing", nil))
	}
	return strings.Join(lines, "\n")
}
