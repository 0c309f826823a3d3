package board

import (
	"fmt"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Names of squares and events: the lowest of the texts, used by the turn's
// lines, the deeds and the auctions.

// eventIDs names each engine event's message: "ev_" + this.
var eventIDs = map[engine.EventKind]string{
	engine.EvOrderRoll: "order_roll", engine.EvFirstPlayer: "first_player", engine.EvTurnStarted: "turn_started",
	engine.EvRolled: "rolled", engine.EvMoved: "moved", engine.EvPassedStart: "passed_start", engine.EvLanded: "landed",
	engine.EvBought: "bought", engine.EvDeclined: "declined", engine.EvAuctionStarted: "auction_started",
	engine.EvBid: "bid", engine.EvAuctionPass: "auction_pass", engine.EvAuctionWon: "auction_won",
	engine.EvAuctionUnsold: "auction_unsold", engine.EvRentPaid: "rent_paid", engine.EvRentMortgaged: "rent_mortgaged",
	engine.EvRentOwnerJailed: "rent_owner_jailed", engine.EvTaxPaid: "tax_paid", engine.EvCardDrawn: "card_drawn",
	engine.EvCollected: "collected", engine.EvPaid: "paid", engine.EvPaidPlayer: "paid_player", engine.EvJackpot: "jackpot",
	engine.EvDoubles: "doubles", engine.EvSentToJail: "sent_to_jail", engine.EvJailFinePaid: "jail_fine_paid",
	engine.EvJailCardUsed: "jail_card_used", engine.EvJailCardKept: "jail_card_kept", engine.EvJailRollFailed: "jail_roll_failed",
	engine.EvLeftJail: "left_jail", engine.EvBuilt: "built", engine.EvBuildingSold: "building_sold",
	engine.EvMortgaged: "mortgaged", engine.EvUnmortgaged: "unmortgaged", engine.EvMortgageInterest: "mortgage_interest",
	engine.EvDebt: "debt", engine.EvDebtPaid: "debt_paid", engine.EvBankrupt: "bankrupt", engine.EvResigned: "resigned",
	engine.EvTradeProposed: "trade_proposed", engine.EvTradeAccepted: "trade_accepted", engine.EvTradeRejected: "trade_rejected",
	engine.EvTradeCancelled: "trade_cancelled", engine.EvDeedReceived: "deed_received", engine.EvVotedEnd: "voted_end",
	engine.EvTimeout: "timeout", engine.EvTurnEnded: "turn_ended", engine.EvGameOver: "game_over",
	engine.EvBuildingAuction: "building_auction", engine.EvDebtSettled: "debt_settled",
	// The business edition's.
	engine.EvWillSkip: "will_skip", engine.EvTurnSkipped: "turn_skipped", engine.EvGambleOffered: "gamble_offered",
	engine.EvGambleLost: "gamble_lost", engine.EvGambleWon: "gamble_won", engine.EvNoStake: "no_stake",
	engine.EvLuckTaken: "luck_taken", engine.EvMisfortuneTaken: "misfortune_taken", engine.EvLuckGone: "luck_gone",
	engine.EvMisfortuneGone: "misfortune_gone", engine.EvLuckUsed: "luck_used", engine.EvMisfortuneUsed: "misfortune_used",
	engine.EvFortuneReturned: "fortune_returned", engine.EvBuildingTraded: "building_traded",
	// The lux edition's.
	engine.EvCasinoOffered: "casino_offered", engine.EvReelStopped: "reel_stopped", engine.EvCasinoWon: "casino_won",
	engine.EvCasinoPush: "casino_push", engine.EvCasinoLost: "casino_lost", engine.EvCasinoJackpot: "casino_jackpot",
	engine.EvInspectionFree: "inspection_free", engine.EvInspectionTax: "inspection_tax",
}

func (b *texts) squareName(lang string, rec *kit.Record, sq int) string {
	if rec.NamesLang != "" {
		lang = rec.NamesLang // a private view: the group's names (Record.WithNames)
	}
	return b.cat.T(lang, fmt.Sprintf("sq_%s_%d", rec.Edition, sq), nil)
}

// eventLine renders one engine event, or "" for events the message shows
// otherwise (the turn header, a landing right after the move).
func (b *texts) eventLine(lang string, rec *kit.Record, e engine.Event) string {
	switch e.Kind {
	case engine.EvTurnStarted, engine.EvLanded, engine.EvTurnEnded:
		return ""
	}
	if e.Kind == engine.EvTimeout && e.Player < 0 {
		return b.cat.T(lang, "timeout_bids", nil) // an auction's bid window
	}
	name := eventIDs[e.Kind]
	if name == "" {
		return ""
	}
	other := b.cat.T(lang, "bank", nil)
	if e.Other >= 0 && int(e.Other) < len(rec.Seats) {
		other = kit.SeatName(rec, e.Other)
	}
	data := map[string]any{
		"Player": kit.SeatName(rec, e.Player),
		"Other":  other,
		"Square": b.squareName(lang, rec, e.Square),
		"Amount": b.money(lang, rec, e.Amount),
		"Cost":   b.money(lang, rec, e.Cost),
		"D1":     e.Dice[0], "D2": e.Dice[1], "Sum": e.Dice[0] + e.Dice[1],
		"Deck":   b.deckName(lang, rec, e.Deck),
		"Card":   b.cat.T(lang, fmt.Sprintf("card_%s_%d_%d", rec.Edition, e.Deck, e.Card), nil),
		"Reason": b.cat.T(lang, jailReasonID(rec, e.Amount), nil),
	}
	if e.Kind == engine.EvMoved {
		data["Square"] = b.squareName(lang, rec, e.Square)
	}
	b.editionEventData(lang, rec, e, data)
	return b.cat.N(lang, b.cat.ForEdition(lang, rec.Edition, "ev_"+name), e.Amount, data)
}

// jailReasonID is the message naming why a player went to jail; doubles
// are counted as the game's rules count them (the business edition's
// second double in a row, the classic third).
func jailReasonID(rec *kit.Record, reason int) string {
	if reason == engine.JailByDoubles && Of(rec).Game != nil && Of(rec).Game.Rules.JailDoubles == 2 {
		return "jail_reason_2_of_2"
	}
	return fmt.Sprintf("jail_reason_%d", reason)
}

// MessageIDs are the message ids the board builds from names at run time
// (menus, events, engine errors); the chat layer's test checks that every
// language has them, as it checks the literal ids of the code.
func MessageIDs() []string {
	var ids []string
	for _, m := range []string{state.MenuBuild, state.MenuGroup, state.MenuMortgage, state.MenuBankrupt} {
		ids = append(ids, "menu_of_"+m)
	}
	ids = append(ids, "auction_lot", "auction_lot_building")
	// The turn message's (turn_lines.go, turn_buy.go).
	ids = append(ids, "turn_move_salary", "turn_roll_move_salary", "turn_move_salary_on_start", "turn_roll_move_salary_on_start", "prompt_buy_short_no_auction", "prompt_buy_short_raise_no_auction")
	for _, name := range eventIDs {
		ids = append(ids, "ev_"+name)
	}
	for _, e := range engineErrors {
		ids = append(ids, e.id)
	}
	return ids
}
