package board

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// buyPrompt asks the current player whether to buy the deed they stand
// on. Short of money, it says how much is missing and whether mortgaging
// (🏦) or selling buildings (🏗) could raise it before deciding — the
// engine lets a player do both while the purchase waits.
func (b *texts) buyPrompt(lang string, rec *kit.Record) string {
	g := Of(rec).Game
	p := g.Current
	sq := g.Players[p].Pos
	price := g.EditionData().Squares[sq].Price
	data := map[string]any{"Player": kit.SeatName(rec, p), "Square": b.squareName(lang, rec, sq), "Amount": b.money(lang, rec, price)}
	short := price - g.Players[p].Cash
	if short <= 0 {
		return b.cat.T(lang, "prompt_buy", data)
	}
	data["Short"] = b.money(lang, rec, short)
	id := "prompt_buy_short_raise"
	if raisable(g, p) < short || len(MortgageActions(g, p)) == 0 && !canSellBuildings(g, p) {
		id = "prompt_buy_short"
	}
	if !g.Rules.Auctions {
		id += "_no_auction"
	}
	return b.cat.T(lang, id, data)
}

// raisable is about how much p could raise now by selling every building
// (at half its cost) and mortgaging every deed.
func raisable(g *engine.Game, p engine.PlayerID) int {
	ed := g.EditionData()
	total := 0
	for sq := range g.Props {
		prop := &g.Props[sq]
		if prop.Owner != p || prop.Mortgaged {
			continue
		}
		total += ed.Squares[sq].Mortgage + int(prop.Buildings)*ed.Squares[sq].HouseCost/2
	}
	return total
}

// canSellBuildings says whether p may sell a building now.
func canSellBuildings(g *engine.Game, p engine.PlayerID) bool {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActSellBuilding || a.Kind == engine.ActSellSet {
			return true
		}
	}
	return false
}
