package board

import (
	"fmt"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// turnKeyboard builds the turn message's buttons from engine.Legal, so a
// button never offers what the engine would refuse.
func (b *turns) turnKeyboard(lang string, rec *kit.Record) *kit.Markup {
	g := Of(rec).Game
	if g.Phase == engine.PhaseGameOver {
		return nil
	}
	k := &kit.Keyboard{Rec: rec, Key: keys(g)} // press_keys.go
	// The waiting player's buttons stay on top even while someone else has
	// a menu open below them, so nobody's menu can hide another's turn.
	if _, computer := computerDecides(rec); !computer { // a computer's decision has no buttons for people
		b.mainRows(k, lang, rec)
	}
	switch Of(rec).View.Menu {
	case state.MenuBuild, state.MenuGroup, state.MenuMortgage, state.MenuBankrupt:
		if seat := seatOf(rec, Of(rec).View.User); seat >= 0 && g.Active(seat) {
			b.menuRows(k, lang, rec, seat)
			k.Row(k.Btn(b.cat.T(lang, "btn_back", nil), OpBack, 0))
			return k.Markup()
		}
	}
	b.manageRow(k, lang, rec)
	b.picture.lookRow(k, lang) // anyone's: the picture, following the game (picture.go)
	return k.Markup()
}

// mainRows are the waiting player's (or the bidders') decisions.
func (b *turns) mainRows(k *kit.Keyboard, lang string, rec *kit.Record) {
	g := Of(rec).Game
	switch g.Phase {
	case engine.PhaseAuction: // its buttons are on its own message (auction.go)
	case engine.PhaseGamble:
		b.stakeRows(k, lang, rec)
	case engine.PhasePlaceBuilding:
		for _, a := range g.Legal(g.Placing) {
			if a.Kind == engine.ActBuild {
				k.Row(k.Btn("🏠 "+b.text.squareName(lang, rec, a.Square), OpBuild, a.Square))
			}
		}
	default:
		waiting := g.Waiting()
		var main []kit.Button
		for _, a := range g.Legal(waiting) {
			switch a.Kind {
			case engine.ActRoll:
				id := "btn_roll"
				if g.Phase == engine.PhaseInspection {
					id = "btn_roll_inspection"
				} else if g.Players[waiting].InJail {
					id = "btn_roll_jail"
				} else if g.Phase == engine.PhaseTurnEnd {
					id = "btn_roll_again"
				}
				main = append(main, k.Btn(b.cat.T(lang, id, nil), OpRoll, 0))
			case engine.ActBuy:
				sq := g.Players[waiting].Pos
				main = append(main, k.Btn(b.cat.T(lang, "btn_buy", map[string]any{"Amount": b.text.money(lang, rec, g.EditionData().Squares[sq].Price)}), OpBuy, 0))
			case engine.ActDecline:
				id := "btn_auction"
				if !g.Rules.Auctions {
					id = "btn_decline"
				}
				main = append(main, k.Btn(b.cat.T(lang, id, nil), OpDecline, 0))
			case engine.ActEndTurn:
				main = append(main, k.Btn(b.cat.T(lang, "btn_end_turn", nil), OpEndTurn, 0))
			case engine.ActPayJailFine:
				main = append(main, k.Btn(b.cat.T(lang, "btn_pay_fine", map[string]any{"Amount": b.text.money(lang, rec, g.Rules.JailFine)}), OpPayFine, 0))
			case engine.ActStayInJail:
				main = append(main, k.Btn(b.cat.T(lang, "btn_stay_in_jail", nil), OpStayInJail, 0))
			case engine.ActUseJailCard:
				main = append(main, k.Btn(b.cat.T(lang, "btn_jail_card", nil), OpJailCard, 0))
			case engine.ActPayDebt:
				main = append(main, k.Btn(b.cat.T(lang, "btn_pay_debt", map[string]any{"Amount": b.text.money(lang, rec, g.Debts[0].Amount)}), OpPayDebt, 0))
			case engine.ActBankrupt:
				// Once asked, the question below is the only bankruptcy
				// button: two look-alike buttons confused players.
				if Of(rec).View.Menu != state.MenuBankrupt || seatOf(rec, Of(rec).View.User) != waiting {
					main = append(main, k.Btn(b.cat.T(lang, "btn_bankrupt", nil), OpBankrupt, 0))
				}
			}
		}
		if g.Phase == engine.PhaseBuyDecision { // what the deed earns, before deciding
			main = append(main, b.deed.deedButton(k, lang, g.Players[g.Current].Pos))
		}
		for i := 0; i < len(main); i += 2 {
			k.Row(main[i:min(i+2, len(main))]...)
		}
	}
}

func (b *turns) menuRows(k *kit.Keyboard, lang string, rec *kit.Record, seat engine.PlayerID) {
	g := Of(rec).Game
	ed := g.EditionData()
	switch Of(rec).View.Menu {
	case state.MenuBuild:
		for _, grp := range BuildGroups(g, seat) {
			k.Row(k.Btn(b.cat.T(lang, fmt.Sprintf("group_emoji_%s_%d", rec.Edition, grp), nil)+" "+
				b.cat.T(lang, fmt.Sprintf("group_%s_%d", rec.Edition, grp), nil), OpGroup, grp))
		}
	case state.MenuGroup:
		legal := g.Legal(seat)
		has := func(kind engine.ActionKind, sq int) bool {
			for _, a := range legal {
				if a.Kind == kind && a.Square == sq {
					return true
				}
			}
			return false
		}
		grp := Of(rec).View.Group
		for _, sq := range ed.Group(grp) {
			row := []kit.Button{k.Btn(b.text.propLabel(lang, rec, sq), OpDeed, sq)}
			if has(engine.ActBuild, sq) {
				row = append(row, k.Btn(b.cat.T(lang, "btn_build", map[string]any{"Amount": b.text.money(lang, rec, ed.Squares[sq].HouseCost)}), OpBuild, sq))
			}
			if has(engine.ActSellBuilding, sq) {
				row = append(row, k.Btn(b.cat.T(lang, "btn_sell", map[string]any{"Amount": b.text.money(lang, rec, ed.Squares[sq].HouseCost/2)}), OpSell, sq))
			}
			k.Row(row...)
		}
		if sets := ed.Group(grp); len(sets) > 0 && has(engine.ActSellSet, sets[0]) {
			k.Row(k.Btn(b.cat.T(lang, "btn_sell_set", nil), OpSellSet, sets[0]))
		}
	case state.MenuMortgage:
		for _, a := range MortgageActions(g, seat) {
			label := b.text.propLabel(lang, rec, a.Square)
			if a.Kind == engine.ActMortgage {
				k.Row(k.Btn(b.cat.T(lang, "btn_mortgage", map[string]any{"Square": label, "Amount": b.text.money(lang, rec, ed.Squares[a.Square].Mortgage)}), OpMortgage, a.Square))
			} else {
				k.Row(k.Btn(b.cat.T(lang, "btn_unmortgage", map[string]any{"Square": label, "Amount": b.text.money(lang, rec, g.UnmortgageCost(a.Square))}), OpUnmortgage, a.Square))
			}
		}
	case state.MenuBankrupt:
		k.Row(k.Btn(b.cat.T(lang, "btn_confirm_bankrupt", nil), OpBankruptYes, 0))
	}
}
