package board

import (
	"errors"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Refusals that say why: an engine refusal that only means "not you, not
// now" names whom the game waits for instead, so the presser knows whose
// move it is; a stale button says how the game left it behind.

// refusalText is the alert for an engine refusal of seat's action.
func (b *texts) refusalText(rec *kit.Record, lang string, seat engine.PlayerID, err error) string {
	g := Of(rec).Game
	if g == nil {
		return b.errText(lang, err)
	}
	w := g.Waiting()
	switch {
	case errors.Is(err, engine.ErrNotNow) && g.Phase == engine.PhaseAuction:
		return b.cat.T(lang, "refuse_auction_running", nil)
	case w < 0 || w == seat || int(w) >= len(rec.Seats):
	case errors.Is(err, engine.ErrNotYourTurn):
		return b.cat.T(lang, "refuse_turn_of", map[string]any{"Player": seatName(rec, w)})
	case errors.Is(err, engine.ErrNotNow):
		return b.cat.T(lang, "refuse_waiting_for", map[string]any{"Player": seatName(rec, w)})
	}
	return b.errText(lang, err)
}

// staleText refuses a press on a message the game has left behind.
func (b *texts) staleText(rec *kit.Record, lang string, p kit.Press) string {
	return b.cat.T(lang, kit.StaleID(rec, p), nil)
}

// seatName is a seat's name as plain text, for an alert.
func seatName(rec *kit.Record, seat engine.PlayerID) string {
	if seat < 0 || int(seat) >= len(rec.Seats) {
		return "—"
	}
	return kit.Isolate(rec.Seats[seat].Name)
}

// menuOwnerText refuses a press in a menu someone else opened, naming them.
func (b *texts) menuOwnerText(rec *kit.Record, lang string) string {
	owner := seatOf(rec, Of(rec).View.User)
	if owner < 0 {
		return b.cat.T(lang, "alert_stale_moved", nil)
	}
	return b.cat.T(lang, "refuse_menu_of", map[string]any{"Player": seatName(rec, owner)})
}

// errText is the localized alert for an engine refusal.
func (b *texts) errText(lang string, err error) string {
	for _, s := range engineErrors {
		if errors.Is(err, s.err) {
			return b.cat.T(lang, s.id, nil)
		}
	}
	return b.cat.T(lang, "alert_failed", nil)
}

// engineErrors maps each engine refusal to its alert message.
var engineErrors = []struct {
	err error
	id  string
}{
	{engine.ErrGameOver, "err_game_over"}, {engine.ErrUnknownAction, "err_unknown_action"},
	{engine.ErrNotInGame, "err_not_in_game"}, {engine.ErrNotYourTurn, "err_not_your_turn"},
	{engine.ErrNotNow, "err_not_now"}, {engine.ErrInsufficientFunds, "err_insufficient_funds"},
	{engine.ErrNotProperty, "err_not_property"}, {engine.ErrNotOwner, "err_not_owner"},
	{engine.ErrMortgaged, "err_mortgaged"}, {engine.ErrNotMortgaged, "err_not_mortgaged"},
	{engine.ErrSetMortgaged, "err_set_mortgaged"}, {engine.ErrNoMonopoly, "err_no_monopoly"},
	{engine.ErrNotBuildable, "err_not_buildable"}, {engine.ErrUnevenBuilding, "err_uneven_building"},
	{engine.ErrMaxBuildings, "err_max_buildings"}, {engine.ErrNoBuildings, "err_no_buildings"},
	{engine.ErrHasBuildings, "err_has_buildings"}, {engine.ErrNoHousesLeft, "err_no_houses_left"},
	{engine.ErrNoHotelsLeft, "err_no_hotels_left"}, {engine.ErrBuildLimit, "err_build_limit"},
	{engine.ErrBuildBeforeTurn, "err_build_before_turn"}, {engine.ErrBidTooLow, "err_bid_too_low"},
	{engine.ErrBidTooHigh, "err_bid_too_high"}, {engine.ErrAlreadyPassed, "err_already_passed"},
	{engine.ErrNotInJail, "err_not_in_jail"}, {engine.ErrNoJailCard, "err_no_jail_card"},
	{engine.ErrInDebt, "err_in_debt"}, {engine.ErrCanStillPay, "err_can_still_pay"},
	{engine.ErrBadTrade, "err_bad_trade"}, {engine.ErrTradeNotFound, "err_trade_not_found"},
	{engine.ErrSelfTrade, "err_self_trade"}, {engine.ErrOptionDisabled, "err_option_disabled"},
	{engine.ErrAlreadyVoted, "err_already_voted"}, {engine.ErrDebtCredit, "err_debt_credit"},
	{engine.ErrDebtorTrade, "err_debtor_trade"}, {engine.ErrWholeNotes, "err_whole_notes"},
	{engine.ErrBadStake, "err_bad_stake"}, {engine.ErrLiftBeforeRoll, "err_lift_before_roll"},
	{engine.ErrBuildingTrade, "err_building_trade"},
}
