package board

import (
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// tradeItems lists one side of an offer: a building bought from it
// (buildingItem, "" for none), deeds, jail cards, cash.
func (b *trades) tradeItems(lang string, rec *kit.Record, deeds []int, cards []int, cash int, building string) string {
	var items []string
	if building != "" {
		items = append(items, building)
	}
	for _, sq := range deeds {
		if sq >= 0 && sq < len(Of(rec).Game.Props) {
			items = append(items, b.text.propLabel(lang, rec, sq))
		}
	}
	for _, d := range cards {
		items = append(items, b.cat.T(lang, "trade_jail_card", map[string]any{"Deck": b.cat.T(lang, "deck_"+strconv.Itoa(d), nil)}))
	}
	if cash > 0 {
		items = append(items, b.text.money(lang, rec, cash))
	}
	if len(items) == 0 {
		return b.cat.T(lang, "trade_nothing", nil)
	}
	return strings.Join(items, ", ")
}

// offerText describes an offer for the group, mentioning the counterparty
// while it is open.
func (b *trades) offerText(lang string, rec *kit.Record, t *engine.Trade, open bool) string {
	to := kit.SeatName(rec, t.To)
	if open && int(t.To) < len(rec.Seats) && t.To >= 0 {
		to = kit.Tokens[int(t.To)%len(kit.Tokens)] + " " + kit.Mention(rec.Seats[t.To])
	}
	lines := []string{
		b.cat.T(lang, "offer_title", map[string]any{"ID": t.ID, "Player": kit.SeatName(rec, t.From), "Other": to}),
		b.cat.T(lang, "offer_gives", map[string]any{"Player": kit.SeatName(rec, t.From), "Items": b.tradeItems(lang, rec, t.GiveDeeds, t.GiveCards, t.GiveCash, "")}),
		b.cat.T(lang, "offer_gives", map[string]any{"Player": kit.SeatName(rec, t.To), "Items": b.tradeItems(lang, rec, t.TakeDeeds, t.TakeCards, t.TakeCash, b.buildingItem(lang, rec, t))}),
	}
	if t.Debt > 0 {
		lines = append(lines, b.cat.T(lang, "offer_debt", map[string]any{"Amount": b.text.money(lang, rec, t.Debt),
			"Player": kit.SeatName(rec, t.From), "Other": kit.SeatName(rec, t.To)}))
	}
	return strings.Join(lines, "\n")
}

func (b *trades) offerKeyboard(lang string, rec *kit.Record, id int) *kit.Markup {
	btn := func(key string, op kit.Op) kit.Button {
		return kit.DataButton(b.cat.T(lang, key, nil), kit.Press{Game: rec.ID, Op: op, Arg: id}.Encode())
	}
	return kit.MarkupOf([][]kit.Button{
		{btn("btn_offer_accept", OpOfAccept), btn("btn_offer_decline", OpOfReject)},
		{btn("btn_offer_counter", OpOfCounter), btn("btn_offer_withdraw", OpOfWithdraw)}})
}

// renderComposer is the private composer of user's draft in the group's
// game. Its buttons offer only what the engine would accept now.
func (b *trades) renderComposer(lang string, group int64, rec *kit.Record, user int64) (string, *kit.Markup) {
	rec = rec.WithNames(b.groupNames(group)) // the squares as the group sees them, the text in lang
	d := Of(rec).Drafts[user]
	seat := seatOf(rec, user)
	if d == nil || seat < 0 {
		return b.cat.T(lang, "trade_no_game", nil), nil
	}
	g := Of(rec).Game
	var rows [][]kit.Button
	btn := func(text string, op kit.Op, arg int) kit.Button {
		return kit.DataButton(text, kit.Press{Game: rec.ID, Rev: d.Rev, Op: op, Arg: arg, Chat: group}.Encode())
	}
	pairs := func(bs []kit.Button) {
		for i := 0; i < len(bs); i += 2 {
			rows = append(rows, bs[i:min(i+2, len(bs))])
		}
	}
	me := kit.SeatName(rec, seat)
	tr := d.Trade
	tr.From = seat
	if tr.To == engine.NoOwner || !g.Active(tr.To) {
		var bs []kit.Button
		for i := range g.Players {
			if p := engine.PlayerID(i); p != seat && g.Active(p) {
				bs = append(bs, btn(kit.SeatLabel(rec, i), OpTrTo, i))
			}
		}
		pairs(bs)
		rows = append(rows, []kit.Button{btn(b.cat.T(lang, "btn_tr_discard", nil), OpTrDiscard, 0)})
		return b.cat.T(lang, "composer_choose", map[string]any{"Player": me}), kit.MarkupOf(rows)
	}
	lines := []string{
		b.cat.T(lang, "composer_title", map[string]any{"Player": me, "Other": kit.SeatName(rec, tr.To)}),
		b.cat.T(lang, "composer_give", map[string]any{"Items": b.tradeItems(lang, rec, tr.GiveDeeds, tr.GiveCards, tr.GiveCash, "")}),
		b.cat.T(lang, "composer_take", map[string]any{"Items": b.tradeItems(lang, rec, tr.TakeDeeds, tr.TakeCards, tr.TakeCash, b.buildingItem(lang, rec, &tr))}),
	}
	owed := g.MaxDebtCredit(seat, tr.To)
	if owed > 0 || tr.Debt > 0 {
		lines = append(lines, b.cat.T(lang, "composer_debt", map[string]any{"Amount": b.text.money(lang, rec, tr.Debt), "Owed": b.text.money(lang, rec, owed)}))
	}
	checkErr := g.Check(seat, engine.Action{Kind: engine.ActProposeTrade, Trade: &tr})
	if d.Edit != EditItems {
		ids := map[int]string{EditGive: "composer_amount_give", EditTake: "composer_amount_take", EditDebt: "composer_amount_debt"}
		cur, mx := amountOf(d), amountMax(g, d)
		lines = append(lines, "", b.cat.T(lang, ids[d.Edit], map[string]any{"Amount": b.text.money(lang, rec, cur), "Max": b.text.money(lang, rec, mx)}))
		var minus, plus []kit.Button
		scale := moneyScale(rec)
		for _, step := range []int{500 * scale, 100 * scale, 50 * scale, 10 * scale} {
			if cur-step >= 0 {
				minus = append(minus, btn("−"+strconv.Itoa(step), OpTrSub, step))
			}
		}
		for _, step := range []int{10 * scale, 50 * scale, 100 * scale, 500 * scale} {
			if cur+step <= mx {
				plus = append(plus, btn("+"+strconv.Itoa(step), OpTrAdd, step))
			}
		}
		for _, r := range [][]kit.Button{minus, plus} {
			if len(r) > 0 {
				rows = append(rows, r)
			}
		}
		rows = append(rows, []kit.Button{btn(b.text.money(lang, rec, 0), OpTrSet, 0),
			btn(b.cat.T(lang, "btn_tr_max", map[string]any{"Amount": b.text.money(lang, rec, mx)}), OpTrSet, mx)})
		rows = append(rows, []kit.Button{btn(b.cat.T(lang, "btn_tr_done", nil), OpTrMode, EditItems)})
		return strings.Join(lines, "\n"), kit.MarkupOf(rows)
	}
	switch {
	case checkErr == nil:
		lines = append(lines, "", b.cat.T(lang, "composer_ready", nil))
	case emptyTrade(&tr):
		// Nothing chosen yet is where every offer starts, not a problem.
		lines = append(lines, "", b.cat.T(lang, "composer_empty", nil))
	case oneSided(&tr) != "":
		lines = append(lines, "", b.cat.T(lang, oneSided(&tr), nil))
	default:
		lines = append(lines, "", b.cat.T(lang, "composer_problem", map[string]any{"Reason": b.text.errText(lang, checkErr)}))
	}
	lines = append(lines, b.cat.T(lang, "composer_help", nil))
	deedButtons := func(owner engine.PlayerID, chosen []int, op kit.Op, mark string) {
		var bs []kit.Button
		for sq := range g.Props {
			in := slices.Contains(chosen, sq)
			if !in && !g.Tradable(owner, sq) {
				continue
			}
			label := mark + " " + b.text.propLabel(lang, rec, sq)
			if in {
				label = mark + " ✅ " + b.text.propLabel(lang, rec, sq)
			}
			bs = append(bs, btn(label, op, sq))
		}
		for deck := 0; deck < 2; deck++ {
			cards := tr.GiveCards
			cop := OpTrCard
			if op == OpTrTake {
				cards, cop = tr.TakeCards, OpTrAsk
			}
			in := slices.Contains(cards, deck)
			if !in && !g.Players[owner].JailCards[deck] {
				continue
			}
			label := mark + " " + b.cat.T(lang, "trade_jail_card", map[string]any{"Deck": b.cat.T(lang, "deck_"+strconv.Itoa(deck), nil)})
			if in {
				label = mark + " ✅ " + strings.TrimPrefix(label, mark+" ")
			}
			bs = append(bs, btn(label, cop, deck))
		}
		pairs(bs)
	}
	deedButtons(seat, tr.GiveDeeds, OpTrGive, "📤")
	deedButtons(tr.To, tr.TakeDeeds, OpTrTake, "📥")
	var bs []kit.Button
	for _, c := range b.buildingButtons(lang, rec, &tr) {
		bs = append(bs, btn(c.label, OpTrBuild, c.arg))
	}
	pairs(bs)
	rows = append(rows, []kit.Button{
		btn(b.cat.T(lang, "btn_tr_give_cash", map[string]any{"Amount": b.text.money(lang, rec, tr.GiveCash)}), OpTrMode, EditGive),
		btn(b.cat.T(lang, "btn_tr_take_cash", map[string]any{"Amount": b.text.money(lang, rec, tr.TakeCash)}), OpTrMode, EditTake)})
	if owed > 0 {
		rows = append(rows, []kit.Button{
			btn(b.cat.T(lang, "btn_tr_debt", map[string]any{"Amount": b.text.money(lang, rec, tr.Debt)}), OpTrMode, EditDebt)})
	}
	last := []kit.Button{}
	if checkErr == nil {
		last = append(last, btn(b.cat.T(lang, "btn_tr_send", nil), OpTrSend, 0))
	}
	last = append(last, btn(b.cat.T(lang, "btn_tr_who", nil), OpTrWho, 0), btn(b.cat.T(lang, "btn_tr_discard", nil), OpTrDiscard, 0))
	rows = append(rows, last)
	return strings.Join(lines, "\n"), kit.MarkupOf(rows)
}

// emptyTrade says whether nothing is chosen on either side yet (a debt
// credited is the composer's default, not a choice).
func emptyTrade(t *engine.Trade) bool {
	return len(t.GiveDeeds)+len(t.TakeDeeds)+len(t.GiveCards)+len(t.TakeCards) == 0 &&
		t.GiveCash == 0 && t.TakeCash == 0 && t.TakeBuilding == 0
}

// oneSided is the hint for an offer that gives or asks nothing (a gift or
// a loan, which the engine refuses as no trade), "" for neither.
func oneSided(t *engine.Trade) string {
	switch {
	case t.GiveCash == 0 && len(t.GiveDeeds)+len(t.GiveCards) == 0:
		return "composer_give_something"
	case t.TakeCash == 0 && t.Debt == 0 && t.TakeBuilding == 0 && len(t.TakeDeeds)+len(t.TakeCards) == 0:
		return "composer_ask_something"
	}
	return ""
}
