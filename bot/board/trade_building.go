package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Buying a branch or a corporation from the counterparty (business
// edition): once the bank has none of that kind left, the composer offers
// the moves engine.Game.TradedBuilding accepts for the draft as it stands:
// a button per deed of the counterparty a building may come off and, when
// the chosen one may go on several of the proposer's deeds, one per deed.

// buildingArgBase packs a move into one button argument: the deed it comes
// off times the base plus the deed it goes on (boards have fewer squares).
const buildingArgBase = 1000

func buildingArg(src, dst int) int { return src*buildingArgBase + dst }

// buildingMove is one building the proposer may buy: off the
// counterparty's deed From onto the proposer's deed On.
type buildingMove struct {
	From, On int
	Kind     int // 1 a branch, engine.Hotel a corporation
}

// buildingMoves lists the moves the engine accepts for trade t (its own
// building part aside), the one t already holds included.
func buildingMoves(g *engine.Game, t engine.Trade) []buildingMove {
	if !g.Rules.NoBuildingAuctions || g.Houses > 0 && g.Hotels > 0 || !g.Active(t.To) {
		return nil
	}
	var moves []buildingMove
	for src := range g.Props {
		if g.Props[src].Owner != t.To || g.Props[src].Buildings == 0 {
			continue
		}
		for dst := range g.Props {
			if g.Props[dst].Owner != t.From {
				continue
			}
			t.TakeBuilding, t.PlaceOn = src, dst
			if kind := g.TradedBuilding(&t); kind != 0 {
				moves = append(moves, buildingMove{From: src, On: dst, Kind: kind})
			}
		}
	}
	return moves
}

// toggleBuilding sets or clears the draft's building move packed in arg;
// it reports false when the engine no longer accepts that move.
func toggleBuilding(g *engine.Game, tr *engine.Trade, arg int) bool {
	src, dst := arg/buildingArgBase, arg%buildingArgBase
	if src == tr.TakeBuilding && dst == tr.PlaceOn && src != 0 {
		tr.TakeBuilding, tr.PlaceOn = 0, 0
		return true
	}
	t := *tr
	t.TakeBuilding, t.PlaceOn = src, dst
	if g.TradedBuilding(&t) == 0 {
		return false
	}
	tr.TakeBuilding, tr.PlaceOn = src, dst
	return true
}

// tradedKind is the kind of building trade t moves (or moved, once
// accepted): a corporation leaves a deed with one or arrives as one.
func tradedKind(g *engine.Game, t *engine.Trade) int {
	src, dst := t.TakeBuilding, t.PlaceOn
	if src <= 0 || src >= len(g.Props) || dst <= 0 || dst >= len(g.Props) {
		return 0
	}
	if g.Props[src].Buildings == engine.Hotel || g.Props[dst].Buildings == engine.Hotel {
		return engine.Hotel
	}
	return 1
}

// buildingItem names t's building part among what the counterparty gives,
// in the offer and the composer ("" when it has none).
func (b *trades) buildingItem(lang string, rec *kit.Record, t *engine.Trade) string {
	kind := tradedKind(Of(rec).Game, t)
	if kind == 0 {
		return ""
	}
	id := "trade_buy_branch"
	if kind == engine.Hotel {
		id = "trade_buy_corporation"
	}
	return b.cat.T(lang, id, map[string]any{"From": b.text.propLabel(lang, rec, t.TakeBuilding), "On": b.text.propLabel(lang, rec, t.PlaceOn)})
}

// buildingChoice is a composer button of the building part.
type buildingChoice struct {
	label string
	arg   int
}

// buildingButtons are the composer's buttons for t's building part: one
// per deed of the counterparty a building may come off (onto the first
// deed that may take it), ticked when t holds it; then, if the chosen one
// may go on several of the proposer's deeds, one per such deed.
func (b *trades) buildingButtons(lang string, rec *kit.Record, t *engine.Trade) []buildingChoice {
	moves := buildingMoves(Of(rec).Game, *t)
	var out, places []buildingChoice
	seen := map[int]bool{}
	for _, m := range moves {
		chosen := m.From == t.TakeBuilding
		if chosen {
			label := b.cat.T(lang, "btn_tr_place_on", map[string]any{"On": b.text.propLabel(lang, rec, m.On)})
			if m.On == t.PlaceOn {
				label = "✅ " + label
			}
			places = append(places, buildingChoice{label, buildingArg(m.From, m.On)})
		}
		if seen[m.From] {
			continue
		}
		seen[m.From] = true
		id := "btn_tr_buy_branch"
		if m.Kind == engine.Hotel {
			id = "btn_tr_buy_corporation"
		}
		label := b.cat.T(lang, id, map[string]any{"From": b.text.propLabel(lang, rec, m.From)})
		arg := buildingArg(m.From, m.On)
		if chosen {
			label, arg = "✅ "+label, buildingArg(t.TakeBuilding, t.PlaceOn) // pressed again: off
		}
		out = append(out, buildingChoice{label, arg})
	}
	if t.TakeBuilding != 0 && !seen[t.TakeBuilding] {
		// The move went stale while drafted: a ticked button still takes it off.
		out = append(out, buildingChoice{"✅ " + b.buildingItem(lang, rec, t), buildingArg(t.TakeBuilding, t.PlaceOn)})
	}
	if len(places) > 1 {
		out = append(out, places...)
	}
	return out
}
