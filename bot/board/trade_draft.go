package board

import (
	"slices"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// The amount the composer's ±buttons change (Draft.Edit).
const (
	EditItems = iota
	EditGive  // cash the proposer pays
	EditTake  // cash the proposer asks
	EditDebt  // credited against the proposer's debt to the counterparty
)

// newDraft starts an offer by seat: to its creditor when it is in debt to
// a player (crediting the whole debt), to the only other player if there
// is one.
func newDraft(g *engine.Game, seat engine.PlayerID) *state.Draft {
	d := &state.Draft{Trade: engine.Trade{From: seat, To: engine.NoOwner}}
	if len(g.Debts) > 0 && g.Debts[0].Debtor == seat && g.Debts[0].Creditor >= 0 {
		d.Trade.To = g.Debts[0].Creditor
		d.Trade.Debt = g.MaxDebtCredit(seat, d.Trade.To)
		return d
	}
	if g.ActiveCount() == 2 {
		for i := range g.Players {
			if p := engine.PlayerID(i); p != seat && g.Active(p) {
				d.Trade.To = p
			}
		}
	}
	return d
}

// counterDraft answers offer t with the same items the other way round.
func counterDraft(t *engine.Trade) *state.Draft {
	return &state.Draft{Counter: t.ID, Trade: engine.Trade{From: t.To, To: t.From,
		GiveDeeds: slices.Clone(t.TakeDeeds), TakeDeeds: slices.Clone(t.GiveDeeds),
		GiveCash: t.TakeCash, TakeCash: t.GiveCash,
		GiveCards: slices.Clone(t.TakeCards), TakeCards: slices.Clone(t.GiveCards)}}
}

func toggle(list []int, v int, allowed bool) ([]int, bool) {
	if i := slices.Index(list, v); i >= 0 {
		return slices.Delete(list, i, i+1), true
	}
	if !allowed {
		return list, false
	}
	return append(list, v), true
}

// applyDraftOp changes d by a composer press; it returns the id of the
// alert to show when the press is refused.
func applyDraftOp(g *engine.Game, d *state.Draft, seat engine.PlayerID, press kit.Press) string {
	tr := &d.Trade
	tr.From = seat
	if press.Op == OpTrTo {
		to := engine.PlayerID(press.Arg)
		if press.Arg >= len(g.Players) || to == seat || !g.Active(to) {
			return "composer_gone_player"
		}
		*d = state.Draft{Trade: engine.Trade{From: seat, To: to, Debt: g.MaxDebtCredit(seat, to)}, Rev: d.Rev, Msg: d.Msg}
		return ""
	}
	if press.Op == OpTrWho {
		*d = state.Draft{Trade: engine.Trade{From: seat, To: engine.NoOwner}, Rev: d.Rev, Msg: d.Msg}
		return ""
	}
	if tr.To == engine.NoOwner || !g.Active(tr.To) {
		return "composer_gone_player"
	}
	ok := true
	switch press.Op {
	case OpTrGive:
		tr.GiveDeeds, ok = toggle(tr.GiveDeeds, press.Arg, g.Tradable(seat, press.Arg))
	case OpTrTake:
		tr.TakeDeeds, ok = toggle(tr.TakeDeeds, press.Arg, g.Tradable(tr.To, press.Arg))
	case OpTrCard:
		tr.GiveCards, ok = toggle(tr.GiveCards, press.Arg, press.Arg < 2 && g.Players[seat].JailCards[press.Arg])
	case OpTrAsk:
		tr.TakeCards, ok = toggle(tr.TakeCards, press.Arg, press.Arg < 2 && g.Players[tr.To].JailCards[press.Arg])
	case OpTrBuild:
		if !toggleBuilding(g, tr, press.Arg) {
			return "trade_building_gone"
		}
	case OpTrMode:
		if press.Arg > EditDebt || press.Arg == EditDebt && g.MaxDebtCredit(seat, tr.To) == 0 {
			return "alert_outdated"
		}
		d.Edit = press.Arg
	case OpTrAdd, OpTrSub, OpTrSet:
		if d.Edit == EditItems {
			return "alert_outdated"
		}
		v := press.Arg
		switch press.Op {
		case OpTrAdd:
			v = amountOf(d) + press.Arg
		case OpTrSub:
			v = max(0, amountOf(d)-press.Arg)
		}
		if v > amountMax(g, d) {
			return "err_insufficient_funds"
		}
		setAmount(g, d, v)
	default:
		return "alert_outdated"
	}
	if !ok {
		return "err_bad_trade"
	}
	return ""
}

func amountOf(d *state.Draft) int {
	switch d.Edit {
	case EditGive:
		return d.Trade.GiveCash
	case EditTake:
		return d.Trade.TakeCash
	case EditDebt:
		return d.Trade.Debt
	}
	return 0
}

func amountMax(g *engine.Game, d *state.Draft) int {
	switch d.Edit {
	case EditGive:
		return g.Players[d.Trade.From].Cash
	case EditTake:
		if g.Active(d.Trade.To) {
			return g.Players[d.Trade.To].Cash
		}
	case EditDebt:
		return g.MaxDebtCredit(d.Trade.From, d.Trade.To)
	}
	return 0
}

func setAmount(_ *engine.Game, d *state.Draft, v int) {
	switch d.Edit {
	case EditGive:
		d.Trade.GiveCash = v
	case EditTake:
		d.Trade.TakeCash = v
	case EditDebt:
		d.Trade.Debt = v
	}
}
