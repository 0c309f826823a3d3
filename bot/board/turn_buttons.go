package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// manageRow is 🏗, 🏦 and 🤝, each only when it can do something now. Anyone
// in the game may open their own menu, also between their turns (the
// buttons inside are built from that person's Legal actions), so a button
// is shown when any player still in the game could use it, not only the
// one the game waits for.
func (b *turns) manageRow(k *kit.Keyboard, lang string, rec *kit.Record) {
	g := Of(rec).Game
	if g.Phase == engine.PhaseAuction || g.Phase == engine.PhasePlaceBuilding {
		return
	}
	var row []kit.Button
	if anySeat(g, func(p engine.PlayerID) bool { return len(BuildGroups(g, p)) > 0 }) {
		row = append(row, k.Btn(b.cat.T(lang, "btn_menu_build", nil), OpMenuBuild, 0))
	}
	if anySeat(g, func(p engine.PlayerID) bool { return len(MortgageActions(g, p)) > 0 }) {
		row = append(row, k.Btn(b.cat.T(lang, "btn_menu_mortgage", nil), OpMenuMort, 0))
	}
	if g.ActiveCount() > 1 && anySeat(g, func(p engine.PlayerID) bool { return hasTradable(g, p) }) {
		row = append(row, k.Btn(b.cat.T(lang, "btn_trade", nil), OpTrade, 0))
	}
	if len(row) > 0 {
		k.Row(row...)
	}
}

// anySeat says whether ok holds for a seat still in the game.
func anySeat(g *engine.Game, ok func(engine.PlayerID) bool) bool {
	for i := range g.Players {
		if p := engine.PlayerID(i); g.Active(p) && ok(p) {
			return true
		}
	}
	return false
}

// hasTradable says whether p holds something a trade could move: a deed or
// a jail card (money alone makes no trade).
func hasTradable(g *engine.Game, p engine.PlayerID) bool {
	if pl := &g.Players[p]; pl.JailCards[0] || pl.JailCards[1] {
		return true
	}
	for sq := range g.Props {
		if g.Props[sq].Owner == p {
			return true
		}
	}
	return false
}

// BuildGroups lists the colour sets where seat can build or sell now.
func BuildGroups(g *engine.Game, seat engine.PlayerID) []int {
	ed := g.EditionData()
	seen := map[int]bool{}
	var groups []int
	for _, a := range g.Legal(seat) {
		switch a.Kind {
		case engine.ActBuild, engine.ActSellBuilding, engine.ActSellSet:
			if grp := ed.Squares[a.Square].Group; !seen[grp] {
				seen[grp] = true
				groups = append(groups, grp)
			}
		}
	}
	return groups
}

// MortgageActions lists the mortgage and lift actions seat may take now.
func MortgageActions(g *engine.Game, seat engine.PlayerID) []engine.Action {
	var out []engine.Action
	for _, a := range g.Legal(seat) {
		if a.Kind == engine.ActMortgage || a.Kind == engine.ActUnmortgage {
			out = append(out, a)
		}
	}
	return out
}
