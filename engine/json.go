package engine

import (
	"encoding/base64"
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc"
)

// Encoding a game without reflection.
//
// The bot stores a game with every change, and encoding/json's reflection
// over the game and its events was the largest part of storing it (a tenth
// of an update's processor time in BenchmarkThousandChats). AppendJSON and
// AppendEventsJSON write exactly the bytes json.Marshal writes for the same
// values — field order, omitempty and omitzero, nil slices as null, byte
// slices in base64 — so stored records are unchanged and every decoder,
// old or new, reads them as before. TestAppendJSONMatchesMarshal fills
// every field through reflection and compares, so a field added to these
// types without adding it here fails the test.
//
// They are not MarshalJSON methods on purpose: encoding/json re-scans a
// Marshaler's output (compacting it), which costs more than the reflection
// it replaces; the caller splices the bytes into its own output instead.

// AppendJSON appends g as json.Marshal encodes it.
func (g *Game) AppendJSON(b []byte) []byte {
	if g == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"edition":`...)
	b = jsonenc.AppendString(b, g.Edition)
	b = append(b, `,"rules":`...)
	b = g.Rules.appendJSON(b)
	b = append(b, `,"version":`...)
	b = strconv.AppendUint(b, g.Version, 10)
	b = append(b, `,"rng":{"state":`...)
	b = strconv.AppendUint(b, g.RNG.State, 10)
	b = appendList(append(b, `},"players":`...), g.Players, (*Player).appendJSON)
	b = appendInt(b, `,"current":`, int64(g.Current))
	b = appendInt(b, `,"phase":`, int64(g.Phase))
	b = appendInt(b, `,"step":`, int64(g.Step))
	b = appendInt(b, `,"turn":`, int64(g.Turn))
	b = append(b, `,"dice":`...)
	b = appendPair(b, g.Dice)
	b = appendIntOmit(b, `,"doubles":`, int64(g.Doubles))
	b = appendTrueOmit(b, `,"roll_again":true`, g.RollAgain)
	b = appendIntOmit(b, `,"built":`, int64(g.Built))
	b = appendList(append(b, `,"props":`...), g.Props, (*Property).appendJSON)
	b = appendInt(b, `,"houses":`, int64(g.Houses))
	b = appendInt(b, `,"hotels":`, int64(g.Hotels))
	b = appendList(append(b, `,"decks":`...), g.Decks[:], (*Deck).appendJSON)
	if a := g.Auction; a != nil {
		b = appendInt(b, `,"auction":{"square":`, int64(a.Square))
		b = appendInt(b, `,"high":`, int64(a.High))
		b = appendInt(b, `,"min":`, int64(a.Min))
		b = appendInt(b, `,"leader":`, int64(a.Leader))
		b = appendList(append(b, `,"passed":`...), a.Passed, func(p *bool, b []byte) []byte { return strconv.AppendBool(b, *p) })
		b = appendIntOmit(b, `,"step":`, int64(a.Step))
		b = appendIntOmit(b, `,"building":`, int64(a.Building))
		b = appendIntOmit(b, `,"requester":`, int64(a.Requester))
		b = append(b, '}')
	}
	if len(g.AuctionQueue) > 0 {
		b = appendInts(append(b, `,"auction_queue":`...), g.AuctionQueue)
	}
	if len(g.Debts) > 0 {
		b = appendList(append(b, `,"debts":`...), g.Debts, (*Debt).appendJSON)
	}
	b = appendIntOmit(b, `,"placing":`, int64(g.Placing))
	b = appendIntOmit(b, `,"place_kind":`, int64(g.PlaceKind))
	b = appendIntOmit(b, `,"place_paid":`, int64(g.PlacePaid))
	if len(g.Trades) > 0 {
		b = appendList(append(b, `,"trades":`...), g.Trades, (*Trade).AppendJSON)
	}
	b = appendIntOmit(b, `,"next_trade":`, int64(g.NextTrade))
	b = appendIntOmit(b, `,"jackpot":`, int64(g.Jackpot))
	b = appendInt(b, `,"bank":`, g.Bank)
	b = appendInt(b, `,"winner":`, int64(g.Winner))
	if len(g.Scripted) > 0 {
		b = appendBytes(append(b, `,"scripted":`...), g.Scripted)
	}
	return append(b, '}')
}

func (p *Property) appendJSON(b []byte) []byte {
	b = appendInt(b, `{"owner":`, int64(p.Owner))
	b = appendIntOmit(b, `,"buildings":`, int64(p.Buildings))
	b = appendTrueOmit(b, `,"mortgaged":true`, p.Mortgaged)
	b = appendTrueOmit(b, `,"received":true`, p.Received)
	return append(b, '}')
}

func (d *Deck) appendJSON(b []byte) []byte {
	b = appendBytes(append(b, `{"order":`...), d.Order)
	b = appendInt(b, `,"head":`, int64(d.Head))
	b = appendInt(b, `,"count":`, int64(d.Count))
	return append(b, '}')
}

func (d *Debt) appendJSON(b []byte) []byte {
	b = appendInt(b, `{"debtor":`, int64(d.Debtor))
	b = appendInt(b, `,"creditor":`, int64(d.Creditor))
	b = appendInt(b, `,"amount":`, int64(d.Amount))
	b = appendTrueOmit(b, `,"centre":true`, d.Centre)
	return append(b, '}')
}

func (r *Rules) appendJSON(b []byte) []byte {
	b = appendInt(b, `{"starting_cash":`, int64(r.StartingCash))
	b = appendInt(b, `,"salary":`, int64(r.Salary))
	b = appendInt(b, `,"jail_fine":`, int64(r.JailFine))
	b = appendInt(b, `,"jail_rolls":`, int64(r.JailRolls))
	b = appendInt(b, `,"mortgage_interest":`, int64(r.MortgageInterest))
	b = appendBool(b, `,"auctions":`, r.Auctions)
	b = appendBool(b, `,"double_rent_on_set":`, r.DoubleRentOnSet)
	b = appendBool(b, `,"even_building":`, r.EvenBuilding)
	b = appendBool(b, `,"build_before_roll_only":`, r.BuildBeforeRollOnly)
	b = appendInt(b, `,"builds_per_turn":`, int64(r.BuildsPerTurn))
	b = appendBool(b, `,"free_parking_jackpot":`, r.FreeParkingJackpot)
	b = appendBool(b, `,"double_salary_on_start":`, r.DoubleSalaryOnStart)
	b = appendBool(b, `,"no_rent_in_jail":`, r.NoRentInJail)
	b = appendBool(b, `,"early_end_by_agreement":`, r.EarlyEndByAgreement)
	b = appendTrueOmit(b, `,"auto_end_turn":true`, r.AutoEndTurn)
	b = appendIntOmit(b, `,"jail_doubles":`, int64(r.JailDoubles))
	b = appendTrueOmit(b, `,"jail_skips_turn":true`, r.JailSkipsTurn)
	b = appendIntOmit(b, `,"gamble_cap":`, int64(r.GambleCap))
	b = appendTrueOmit(b, `,"no_building_auctions":true`, r.NoBuildingAuctions)
	b = appendTrueOmit(b, `,"mortgaged_untradable":true`, r.MortgagedUntradable)
	b = appendTrueOmit(b, `,"bankrupt_to_bank":true`, r.BankruptToBank)
	b = appendTrueOmit(b, `,"hotel_needs_full_set":true`, r.HotelNeedsFullSet)
	b = appendTrueOmit(b, `,"build_on_own_turn":true`, r.BuildOnOwnTurn)
	b = appendTrueOmit(b, `,"unmortgage_before_turn":true`, r.UnmortgageBeforeTurn)
	b = appendTrueOmit(b, `,"jail_on_stop":true`, r.JailOnStop)
	b = appendTrueOmit(b, `,"hotels_by_set":true`, r.HotelsBySet)
	b = appendTrueOmit(b, `,"interest_twice":true`, r.InterestTwice)
	return append(b, '}')
}

func (p *Player) appendJSON(b []byte) []byte {
	b = appendInt(b, `{"cash":`, int64(p.Cash))
	b = appendInt(b, `,"pos":`, int64(p.Pos))
	b = appendTrueOmit(b, `,"in_jail":true`, p.InJail)
	b = appendIntOmit(b, `,"jail_tries":`, int64(p.JailTries))
	if p.JailCards != [2]bool{} {
		b = append(b, `,"jail_cards":[`...)
		b = strconv.AppendBool(b, p.JailCards[0])
		b = append(b, ',')
		b = strconv.AppendBool(b, p.JailCards[1])
		b = append(b, ']')
	}
	b = appendTrueOmit(b, `,"bankrupt":true`, p.Bankrupt)
	b = appendTrueOmit(b, `,"voted_end":true`, p.VotedEnd)
	if p.OutAt != 0 {
		b = strconv.AppendUint(append(b, `,"out_at":`...), p.OutAt, 10)
	}
	if p.Skips != [skipReasons]uint8{} {
		b = append(b, `,"skips":[`...)
		for i, s := range p.Skips {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, uint64(s), 10)
		}
		b = append(b, ']')
	}
	b = appendIntOmit(b, `,"luck":`, int64(p.Luck))
	b = appendIntOmit(b, `,"misfortune":`, int64(p.Misfortune))
	return append(b, '}')
}

// AppendJSON appends t as json.Marshal encodes it (the board keeps copies
// of offers in its record state).
func (t *Trade) AppendJSON(b []byte) []byte {
	b = appendInt(b, `{"id":`, int64(t.ID))
	b = appendInt(b, `,"from":`, int64(t.From))
	b = appendInt(b, `,"to":`, int64(t.To))
	if len(t.GiveDeeds) > 0 {
		b = appendInts(append(b, `,"give_deeds":`...), t.GiveDeeds)
	}
	if len(t.TakeDeeds) > 0 {
		b = appendInts(append(b, `,"take_deeds":`...), t.TakeDeeds)
	}
	b = appendIntOmit(b, `,"give_cash":`, int64(t.GiveCash))
	b = appendIntOmit(b, `,"take_cash":`, int64(t.TakeCash))
	if len(t.GiveCards) > 0 {
		b = appendInts(append(b, `,"give_cards":`...), t.GiveCards)
	}
	if len(t.TakeCards) > 0 {
		b = appendInts(append(b, `,"take_cards":`...), t.TakeCards)
	}
	b = appendIntOmit(b, `,"debt":`, int64(t.Debt))
	b = appendIntOmit(b, `,"take_building":`, int64(t.TakeBuilding))
	b = appendIntOmit(b, `,"place_on":`, int64(t.PlaceOn))
	return append(b, '}')
}

// AppendEventsJSON appends evs as json.Marshal encodes a []Event.
func AppendEventsJSON(b []byte, evs []Event) []byte {
	return appendList(b, evs, (*Event).appendJSON)
}

// appendList appends xs as a JSON array of what each appends (null if nil).
func appendList[T any](b []byte, xs []T, each func(*T, []byte) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(&xs[i], b)
	}
	return append(b, ']')
}

func (e *Event) appendJSON(b []byte) []byte {
	b = appendInt(b, `{"kind":`, int64(e.Kind))
	b = appendInt(b, `,"player":`, int64(e.Player))
	b = appendIntOmit(b, `,"other":`, int64(e.Other))
	b = appendIntOmit(b, `,"square":`, int64(e.Square))
	b = appendIntOmit(b, `,"from":`, int64(e.From))
	b = appendIntOmit(b, `,"amount":`, int64(e.Amount))
	b = appendIntOmit(b, `,"cost":`, int64(e.Cost))
	if e.Dice != [2]int{} {
		b = appendPair(append(b, `,"dice":`...), e.Dice)
	}
	b = appendIntOmit(b, `,"deck":`, int64(e.Deck))
	b = appendIntOmit(b, `,"card":`, int64(e.Card))
	return append(b, '}')
}

func appendInt(b []byte, key string, v int64) []byte {
	return strconv.AppendInt(append(b, key...), v, 10)
}

func appendIntOmit(b []byte, key string, v int64) []byte {
	if v == 0 {
		return b
	}
	return appendInt(b, key, v)
}

func appendBool(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(append(b, key...), v)
}

// appendTrueOmit appends field (key and true) if v is set: omitempty.
func appendTrueOmit(b []byte, field string, v bool) []byte {
	if !v {
		return b
	}
	return append(b, field...)
}

func appendPair(b []byte, p [2]int) []byte {
	b = strconv.AppendInt(append(b, '['), int64(p[0]), 10)
	b = strconv.AppendInt(append(b, ','), int64(p[1]), 10)
	return append(b, ']')
}

func appendInts(b []byte, v []int) []byte {
	return appendList(b, v, func(x *int, b []byte) []byte { return strconv.AppendInt(b, int64(*x), 10) })
}

// appendBytes encodes a byte slice as encoding/json does: base64, null if nil.
func appendBytes(b []byte, v []uint8) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}
