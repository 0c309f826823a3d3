package deal

import (
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// renderHand is seat's private hand message: built from the seat's own
// View, so it holds no other player's card, and its choices (choices).
func (k *texts) renderHand(lang string, chat int64, rec *kit.Record, seat deal.PlayerID, live bool) (string, *kit.Markup) {
	g := Of(rec).Game
	v := g.View(seat)
	h := &Of(rec).Hands[seat]
	var b strings.Builder
	b.WriteString(k.t(lang, "deal_hand_title", map[string]any{"Count": len(v.Hand)}))
	if len(v.Hand) == 0 {
		b.WriteString("\n" + k.t(lang, "deal_hand_empty", nil))
	}
	for _, c := range v.Hand {
		b.WriteString("\n" + k.cardWithValue(lang, namesLang(lang, rec), "deal_hand_card", c))
	}
	if !live || v.Phase == deal.PhaseGameOver {
		// The game ended, however (three sets, the others left, /endgame):
		// the hand closes with the result, nothing more to do in it.
		b.WriteString("\n\n" + k.t(lang, "deal_hand_over", nil) + "\n" + k.standings(lang, rec))
		return b.String(), nil
	}
	b.WriteString("\n\n" + k.handPrompt(lang, rec, v, seat, h))
	cs := choices(rec, seat)
	if len(cs) == 0 {
		return b.String(), nil
	}
	key := handKey(rec, seat)
	sel := payment(g, seat, h)
	if len(cs) > maxButtons { // Telegram refuses a larger keyboard: keep the way back
		cs = append(cs[:maxButtons-1:maxButtons-1], cs[len(cs)-1])
	}
	var rows [][]kit.Button
	for _, c := range cs {
		data := kit.Press{Game: rec.ID, Rev: key, Op: c.op, Arg: c.arg, Chat: chat}.Encode()
		rows = append(rows, []kit.Button{kit.DataButton(k.label(lang, rec, seat, c, sel), data)})
	}
	m := kit.Markup{Rows: rows}
	return b.String(), &m
}

// cardWithValue names a card with its value (template id), a money card
// by its name alone: its name is its value.
func (k *texts) cardWithValue(lang, names, id string, c int) string {
	if deal.Cards[c].Type == deal.TypeMoney {
		return k.t(lang, id+"_money", map[string]any{"Card": k.cardName(names, c)})
	}
	return k.t(lang, id, map[string]any{"Card": k.cardName(names, c), "Amount": deal.Cards[c].Value})
}

// maxButtons bounds a hand's keyboard (Telegram takes about 100 buttons):
// an any-colour rent with Double The Rent against four opponents can list
// more ways than that.
const maxButtons = 90

// handPrompt says what the seat is asked now, or whom the game waits for.
func (k *texts) handPrompt(lang string, rec *kit.Record, v *deal.View, seat deal.PlayerID, h *state.Hand) string {
	g := Of(rec).Game
	pd := &v.Pending
	switch {
	case !g.Waits(seat):
		var names []string
		for _, p := range v.Waiting {
			names = append(names, seatName(rec, p))
		}
		return k.t(lang, "deal_hand_wait", map[string]any{"Players": strings.Join(names, ", ")})
	case v.Phase == deal.PhaseDiscard:
		return k.t(lang, "deal_hand_discard", map[string]any{"Amount": len(v.Hand) - deal.HandLimit})
	case v.Phase == deal.PhaseRespond && pd.Actor == seat:
		for _, t := range pd.Targets[:pd.N] {
			if pd.Chain(seat, t.Player) >= 0 {
				return k.t(lang, "deal_hand_no_to_you", map[string]any{"Player": seatName(rec, t.Player), "Card": k.quotedName(namesLang(lang, rec), pd.Card)})
			}
		}
	case v.Phase == deal.PhaseRespond && pd.IsDebt():
		sum := 0
		sel := payment(g, seat, h)
		for c := sel.Next(0); c >= 0; c = sel.Next(c + 1) {
			sum += deal.Cards[c].Value
		}
		id := "deal_hand_owe"
		if pd.Action == deal.RentCard {
			id = "deal_hand_owe_rent" // which set the rent is for
		}
		return k.t(lang, id, map[string]any{"Player": seatName(rec, pd.Actor), "Card": k.quotedName(namesLang(lang, rec), pd.Card),
			"Set": k.colorName(namesLang(lang, rec), pd.Color), "Amount": pd.Amount, "Sum": sum})
	case v.Phase == deal.PhaseRespond:
		return k.t(lang, "deal_hand_answer", map[string]any{"Player": seatName(rec, pd.Actor), "Card": k.quotedName(namesLang(lang, rec), pd.Card),
			"Stake": k.pendingStake(lang, namesLang(lang, rec), pd)})
	case h.Picked && (g.Hand(seat).Has(h.Pick) || g.Places[h.Pick] == deal.Place{Zone: deal.ZoneTable, Owner: seat, Color: g.Places[h.Pick].Color}):
		if deal.Cards[h.Pick].Action == deal.ForcedDeal && h.Take != 0 {
			return k.t(lang, "deal_hand_give", nil)
		}
		if deal.Cards[h.Pick].Action == deal.ForcedDeal || deal.Cards[h.Pick].Action == deal.SlyDeal {
			return k.t(lang, "deal_hand_take", map[string]any{"Card": k.quotedName(namesLang(lang, rec), h.Pick)})
		}
		return k.t(lang, "deal_hand_pick", map[string]any{"Card": k.quotedName(namesLang(lang, rec), h.Pick)})
	}
	return k.t(lang, "deal_hand_turn", map[string]any{"Left": deal.PlaysPerTurn - v.Plays})
}

// label is a hand button's text (plain: buttons take no HTML).
func (k *texts) label(lang string, rec *kit.Record, seat deal.PlayerID, c choice, sel deal.CardSet) string {
	g := Of(rec).Game
	switch c.op {
	case OpCard:
		if g.Places[c.arg].Zone == deal.ZoneTable {
			return "🎨 " + k.cardName(namesLang(lang, rec), c.arg) // a wild on the table
		}
		return k.cardName(namesLang(lang, rec), c.arg)
	case OpTake:
		return k.t(lang, "deal_btn_take", map[string]any{"Card": k.cardName(namesLang(lang, rec), c.arg), "Player": seatLabel(rec, g.Places[c.arg].Owner)})
	case OpBack:
		return k.t(lang, "deal_btn_back", nil)
	case OpMark:
		card, _ := MarkOf(c.arg)
		mark := "▫️ "
		if sel.Has(card) {
			mark = "✅ "
		}
		return mark + k.cardWithValue(lang, namesLang(lang, rec), "deal_btn_pay_card", card)
	case OpPay:
		return k.t(lang, "deal_btn_pay", map[string]any{"Amount": value(sel)})
	}
	a := c.act
	switch a.Kind {
	case deal.ActEndTurn:
		return k.t(lang, "deal_btn_end", nil)
	case deal.ActDiscard:
		return k.t(lang, "deal_btn_discard", map[string]any{"Card": k.cardName(namesLang(lang, rec), a.Card)})
	case deal.ActBank:
		return k.t(lang, "deal_btn_bank", map[string]any{"Amount": deal.Cards[a.Card].Value})
	case deal.ActPlace:
		return k.t(lang, "deal_btn_place", map[string]any{"Set": k.colorName(namesLang(lang, rec), a.Color)})
	case deal.ActRecolor:
		return k.t(lang, "deal_btn_recolor", map[string]any{"Set": k.colorName(namesLang(lang, rec), a.Color)})
	case deal.ActSayNo:
		if seat == g.Pending.Actor {
			return k.t(lang, "deal_btn_say_no_to", map[string]any{"Player": seatLabel(rec, a.Target)})
		}
		return k.t(lang, "deal_btn_say_no", nil)
	case deal.ActAccept:
		if seat == g.Pending.Actor {
			return k.t(lang, "deal_btn_concede", map[string]any{"Player": seatLabel(rec, a.Target)})
		}
		return k.t(lang, "deal_btn_accept", nil)
	case deal.ActPlay:
		return k.playLabel(lang, rec, seat, a)
	}
	return k.t(lang, "deal_btn_play", nil)
}

// playLabel names one way to play an action or rent card.
func (k *texts) playLabel(lang string, rec *kit.Record, seat deal.PlayerID, a deal.Action) string {
	g := Of(rec).Game
	card := &deal.Cards[a.Card]
	switch card.Action {
	case deal.DebtCollector:
		return k.t(lang, "deal_btn_debt", map[string]any{"Player": seatLabel(rec, a.Target)})
	case deal.DealBreaker:
		return k.t(lang, "deal_btn_breaker", map[string]any{"Set": k.colorName(namesLang(lang, rec), a.Color), "Player": seatLabel(rec, a.Target)})
	case deal.House, deal.Hotel:
		return k.t(lang, "deal_btn_build", map[string]any{"Set": k.colorName(namesLang(lang, rec), a.Color)})
	case deal.SlyDeal:
		return k.t(lang, "deal_btn_take", map[string]any{"Card": k.cardName(namesLang(lang, rec), a.Take), "Player": seatLabel(rec, g.Places[a.Take].Owner)})
	case deal.ForcedDeal:
		return k.t(lang, "deal_btn_give", map[string]any{"Card": k.cardName(namesLang(lang, rec), a.Give)})
	case deal.RentCard:
		doubles := a.Cards.Len()
		amount := g.RentOf(seat, a.Color) << doubles
		s := k.t(lang, "deal_btn_rent", map[string]any{"Set": k.colorName(namesLang(lang, rec), a.Color), "Amount": amount})
		if card.Colors[0] == deal.AnyColor {
			s = k.t(lang, "deal_btn_rent_from", map[string]any{"Set": k.colorName(namesLang(lang, rec), a.Color), "Amount": amount, "Player": seatLabel(rec, a.Target)})
		}
		if doubles > 0 {
			s += " " + k.t(lang, "deal_btn_double", map[string]any{"Count": 1 << doubles})
		}
		return s
	}
	return k.t(lang, "deal_btn_play", nil)
}
