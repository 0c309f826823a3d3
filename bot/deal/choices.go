package deal

import (
	"encoding/binary"
	"hash/fnv"

	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// choice is one button of a hand message: what it does, without words, so
// that a press can be checked against the choices the hand offers now.
type choice struct {
	op  kit.Op
	arg int
	act deal.Action // OpAct: the engine action
}

// choices are the buttons seat's hand message offers now, in order. OpAct
// choices are numbered by their argument.
func choices(rec *kit.Record, seat deal.PlayerID) []choice {
	d := Of(rec)
	g := d.Game
	if g == nil || seat < 0 || int(seat) >= len(d.Hands) || !g.Waits(seat) && seat != g.Current {
		return nil // the current player re-colours wilds while the others answer
	}
	h := &d.Hands[seat]
	var out []choice
	act := func(a deal.Action) {
		n := 0
		for _, c := range out {
			if c.op == OpAct {
				n++
			}
		}
		out = append(out, choice{op: OpAct, arg: n, act: a})
	}
	legal := g.Legal(seat)
	var wilds deal.CardSet // on the table, to re-colour outside the play phase
	if g.Phase != deal.PhasePlay {
		// A wild re-colours at any moment of one's turn: a wild picked
		// shows its colours; else each wild is one button among the rest.
		if picked, ok := pickedPlays(g, h, legal); ok {
			for _, a := range picked {
				act(a)
			}
			return append(out, choice{op: OpBack})
		}
		rest := legal[:0:0]
		for _, a := range legal {
			if a.Kind == deal.ActRecolor {
				wilds = wilds.Add(a.Card)
			} else {
				rest = append(rest, a)
			}
		}
		legal = rest
	}
	switch g.Phase {
	case deal.PhaseDiscard:
		for _, a := range legal {
			act(a)
		}
	case deal.PhaseRespond:
		for _, a := range legal {
			if a.Kind != deal.ActPay {
				act(a)
				continue
			}
			sel := payment(g, seat, h)
			for c := range deal.DeckSize {
				if g.Payable(seat, c) {
					out = append(out, choice{op: OpMark, arg: MarkArg(c, !sel.Has(c))})
				}
			}
			out = append(out, choice{op: OpPay, arg: value(sel), act: deal.Action{Kind: deal.ActPay, Cards: sel}})
		}
	case deal.PhasePlay:
		if picked, ok := pickedPlays(g, h, legal); ok {
			if deal.Cards[h.Pick].Action == deal.ForcedDeal && !takeChosen(picked, h.Take) {
				seen := deal.CardSet{}
				for _, a := range picked {
					if a.Kind != deal.ActPlay {
						act(a) // to the bank
					} else if !seen.Has(a.Take) {
						seen = seen.Add(a.Take)
						out = append(out, choice{op: OpTake, arg: a.Take})
					}
				}
			} else {
				for _, a := range picked {
					if a.Kind != deal.ActPlay || deal.Cards[h.Pick].Action != deal.ForcedDeal || a.Take == h.Take {
						act(a)
					}
				}
			}
			return append(out, choice{op: OpBack})
		}
		var playable deal.CardSet
		for _, a := range legal {
			if playKind(a.Kind) {
				playable = playable.Add(a.Card)
			}
		}
		for c := playable.Next(0); c >= 0; c = playable.Next(c + 1) {
			out = append(out, choice{op: OpCard, arg: c})
		}
		act(deal.Action{Kind: deal.ActEndTurn})
	}
	for c := wilds.Next(0); c >= 0; c = wilds.Next(c + 1) {
		out = append(out, choice{op: OpCard, arg: c})
	}
	return out
}

// pickedPlays are the ways to play the hand's picked card (false: no card
// picked, or it cannot be played any more).
func pickedPlays(g *deal.Game, h *state.Hand, legal []deal.Action) ([]deal.Action, bool) {
	if !h.Picked {
		return nil, false
	}
	var out []deal.Action
	for _, a := range legal {
		if a.Card == h.Pick && playKind(a.Kind) {
			out = append(out, a)
		}
	}
	return out, len(out) > 0
}

// playKind says whether an action plays a picked card: from the hand, or
// a wild on the table turned to another colour (free).
func playKind(k deal.ActionKind) bool {
	return k == deal.ActBank || k == deal.ActPlace || k == deal.ActPlay || k == deal.ActRecolor
}

func takeChosen(plays []deal.Action, take int) bool {
	for _, a := range plays {
		if a.Kind == deal.ActPlay && a.Take == take {
			return true
		}
	}
	return false
}

// payment is the cards seat's hand offers to pay the pending debt with:
// what the person chose, else the engine's default (the least valuable).
func payment(g *deal.Game, seat deal.PlayerID, h *state.Hand) deal.CardSet {
	if !h.Paying {
		return g.DefaultPayment(seat, g.Pending.Amount)
	}
	var sel deal.CardSet
	for c := h.Pay.Next(0); c >= 0; c = h.Pay.Next(c + 1) {
		if g.Payable(seat, c) {
			sel = sel.Add(c)
		}
	}
	return sel
}

// handKey is what a hand's buttons carry instead of the record's revision:
// a digest of the choices the hand offers and the cards in it. A press
// whose key differs was made on a hand drawn before something changed.
// Choosing the cards of a payment changes no key: a mark says which card
// and whether to add or remove it, and Pay the amount it shows, each
// checked by itself, so a person may tap several cards before the hand's
// message shows the first.
func handKey(rec *kit.Record, seat deal.PlayerID) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	g := Of(rec).Game
	hand := g.Hand(seat)
	put(hand[0])
	put(hand[1])
	for _, c := range choices(rec, seat) {
		put(uint64(len(c.op)))
		h.Write([]byte(c.op))
		switch c.op {
		case OpMark: // the card, not whether it is chosen: marking another is no change
			card, _ := MarkOf(c.arg)
			put(uint64(card))
			continue
		case OpPay: // its amount is checked by itself (the argument)
			continue
		}
		put(uint64(c.arg))
		a := c.act
		put(uint64(a.Kind) | uint64(a.Card)<<8 | uint64(uint8(a.Color))<<16 | uint64(uint8(a.Target))<<24 | uint64(a.Take)<<32 | uint64(a.Give)<<48)
		put(a.Cards[0])
		put(a.Cards[1])
	}
	return h.Sum64() >> 24 // 40 bits: short callback data, and enough
}

// Button is one button of a seat's hand message: its op and argument, and
// for OpAct and OpPay the engine action it takes.
type Button struct {
	Op     kit.Op
	Arg    int
	Action deal.Action
}

// Buttons are the buttons seat's hand message offers now, in order (what a
// test or another view of the hand presses).
func Buttons(rec *kit.Record, seat int) []Button {
	if Of(rec) == nil {
		return nil
	}
	var out []Button
	for _, c := range choices(rec, deal.PlayerID(seat)) {
		out = append(out, Button{Op: c.op, Arg: c.arg, Action: c.act})
	}
	return out
}

// MarkArg is the argument of a payment's mark button: card, and whether the
// press adds it (else removes it), as the hand showed it.
func MarkArg(card int, add bool) int {
	if add {
		return card<<1 | 1
	}
	return card << 1
}

// MarkOf reads a mark button's argument (MarkArg).
func MarkOf(arg int) (card int, add bool) { return arg >> 1, arg&1 == 1 }

// value is what the cards of sel are worth.
func value(sel deal.CardSet) int {
	sum := 0
	for c := sel.Next(0); c >= 0; c = sel.Next(c + 1) {
		sum += deal.Cards[c].Value
	}
	return sum
}
