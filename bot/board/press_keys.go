package board

import (
	"encoding/binary"
	"hash/fnv"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// What a board button refers to (its key, kit/callback.go), so that a
// press is refused only when that changed (issue 25), not whenever the
// game did: a vote, someone's menu, an offer or another seat's building
// leaves a decision's buttons valid.
//
//   - a decision of the waiting seat (roll, buy, auction, pay, end turn, a
//     stake): DecisionKey, the decision's identity (phase, seat, turn,
//     doubles, jail, its debt and amount);
//   - building, selling and mortgaging a square: squareKey, the square's
//     state (owner, buildings, mortgage), so a second tap is not a second
//     house;
//   - an auction's bids: auctionKey, the auction and its highest bid;
//   - menus, deeds, the picture, trades, /leave's question: key 0, valid
//     while the game runs (the engine still checks the action).

// decisionOps are the waiting seat's decisions, keyed by DecisionKey.
var decisionOps = map[kit.Op]bool{OpRoll: true, OpBuy: true, OpDecline: true, OpEndTurn: true, OpPayFine: true,
	OpJailCard: true, OpPayDebt: true, OpStayInJail: true, OpBankrupt: true, OpStake: true, OpNoStake: true}

// squareOps change one square's buildings or mortgage, keyed by squareKey
// of their argument.
var squareOps = map[kit.Op]bool{OpBuild: true, OpSell: true, OpSellSet: true, OpMortgage: true, OpUnmortgage: true}

// DecisionKey is the identity of the decision g waits for, the key of its
// buttons: a hash of it, with the waiting seat (plus one) in the low 4
// bits (DecisionSeat).
func DecisionKey(g *engine.Game) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(v int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(v))
		h.Write(buf[:])
	}
	w := g.Waiting()
	put(int(g.Phase))
	put(int(g.Step))
	put(int(w))
	put(g.Turn)
	put(g.Doubles)
	if w >= 0 && int(w) < len(g.Players) && g.Players[w].InJail { // paying the fine leaves the phase as it was
		put(1)
	} else {
		put(0)
	}
	put(len(g.Debts))
	if len(g.Debts) > 0 {
		put(g.Debts[0].Amount)
		put(int(g.Debts[0].Creditor))
	}
	// 36 bits of hash keep the data short; a collision needs the same
	// seat's two decisions to be confused, within one game.
	return h.Sum64()>>28<<4 | uint64(w+1)&0xf
}

// DecisionSeat is the seat a decision button was made for (DecisionKey),
// or -1 when the game waited for nobody.
func DecisionSeat(key uint64) engine.PlayerID { return engine.PlayerID(int(key&0xf) - 1) }

// squareKey is the state of square sq: its owner, buildings and mortgage.
func squareKey(g *engine.Game, sq int) uint64 {
	if sq < 0 || sq >= len(g.Props) {
		return 0
	}
	p := g.Props[sq]
	m := uint64(0)
	if p.Mortgaged {
		m = 1
	}
	return uint64(p.Owner+2)<<5 | uint64(p.Buildings)<<1 | m
}

// auctionKey is an auction's number and its highest bid: a raise names
// the amount it leads to, which must still be the one shown.
func auctionKey(seq, high int) uint64 { return uint64(seq)<<32 | uint64(uint32(high)) }

// auctionSeq is the auction's number in an auctionKey.
func auctionSeq(key uint64) int { return int(key >> 32) }

// buttonKey is the key a board button pressed now would carry: what it
// refers to as the game stands; keyed false for a button valid while the
// game runs.
func buttonKey(g *engine.Game, p kit.Press) (key uint64, keyed bool) {
	switch {
	case decisionOps[p.Op]:
		return DecisionKey(g), true
	case squareOps[p.Op]:
		return squareKey(g, p.Arg), true
	}
	return 0, false
}

// stillMeant checks a keyed press of a turn message's button against what
// it refers to. When that changed it answers: a second tap of the
// presser's own press already applied is "done"; a decision that is not
// the presser's is refused as the engine would (whose turn it is); a
// payment whose amount moved names the amount now; anything else is
// outdated. The game's messages are shown again, in case an edit was
// lost.
func (b *turns) stillMeant(c *kit.Change, lang string, from *kit.Person, seat engine.PlayerID, p kit.Press) bool {
	rec := c.Rec
	g := Of(rec).Game
	want, keyed := buttonKey(g, p)
	if !p.Keyed || !keyed || want == p.Rev {
		return true
	}
	c.Turn = true
	switch {
	case repeated(rec, from.ID, p):
		c.Toast = b.cat.T(lang, "toast_done", nil)
	case decisionOps[p.Op] && DecisionSeat(p.Rev) != seat:
		if kind, ok := directOps[p.Op]; ok {
			if err := g.Check(seat, engine.Action{Kind: kind, Amount: p.Arg}); err != nil {
				c.Alert = b.text.refusalText(rec, lang, seat, err)
				return false
			}
		}
		c.Alert = b.cat.T(lang, "alert_stale_moved", nil)
	case p.Op == OpPayDebt && g.Check(seat, engine.Action{Kind: engine.ActPayDebt}) == nil:
		c.Alert = b.cat.T(lang, "refuse_amount_moved", map[string]any{"Amount": b.text.money(lang, rec, g.Debts[0].Amount)})
	default:
		c.Alert = b.cat.T(lang, "alert_stale_moved", nil)
	}
	return false
}

// keys is the Key of a turn message's keyboard (kit.Keyboard.Key).
func keys(g *engine.Game) func(op kit.Op, arg int) uint64 {
	return func(op kit.Op, arg int) uint64 {
		key, _ := buttonKey(g, kit.Press{Op: op, Arg: arg})
		return key
	}
}

// repeated says whether p is from's last applied press (kit.Repeated).
func repeated(rec *kit.Record, from int64, p kit.Press) bool {
	return kit.Repeated(rec, from, p.Encode())
}
