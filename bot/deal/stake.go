package deal

import "github.com/monopoly-tg/monopoly-bot/engine/deal"

// stake says what an action card puts at stake — the card a Sly Deal
// takes, the two a Forced Deal swaps, the set a Deal Breaker takes, a rent
// or a debt — so that its target can decide whether to say no (issue #26).
// Every card it names lies face up on a table. "" for a card that aims at
// nobody, or an event stored before events named their cards.
func (k *texts) stake(lang, names string, action deal.ActionType, take, give int, color deal.Color, amount int) string {
	onTable := func(c int) bool { return c >= deal.FirstProperty && c < deal.FirstAction }
	switch action {
	case deal.SlyDeal:
		if onTable(take) {
			return k.t(lang, "deal_stake_sly", map[string]any{"Take": k.quotedName(names, take)})
		}
	case deal.ForcedDeal:
		if onTable(take) && onTable(give) {
			return k.t(lang, "deal_stake_forced", map[string]any{"Take": k.quotedName(names, take), "Give": k.quotedName(names, give)})
		}
	case deal.DealBreaker:
		return k.t(lang, "deal_stake_breaker", map[string]any{"Set": k.colorName(names, color)})
	case deal.RentCard:
		return k.t(lang, "deal_stake_rent", map[string]any{"Set": k.colorName(names, color), "Amount": amount})
	case deal.DebtCollector, deal.Birthday:
		return k.t(lang, "deal_stake_debt", map[string]any{"Amount": amount})
	}
	return ""
}

// pendingStake is stake for the action waiting for answers.
func (k *texts) pendingStake(lang, names string, pd *deal.Pending) string {
	return k.stake(lang, names, pd.Action, pd.Take, pd.Give, pd.Color, pd.Amount)
}
