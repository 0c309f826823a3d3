package deal

import (
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// Cards of the scripted games (engine/deal numbers the deck by block).
const (
	debtCollector = 70
	passGo        = 76
	money1        = 0
	money2        = 6
	money3        = 11
)

// scripted deals 2 players a scripted deck: seat 0 holds a Debt Collector
// and Pass Go cards, seat 1 money (1M, 2M, 3M, 1M, 1M).
func scripted(t *testing.T) *Record {
	t.Helper()
	g, _, err := deal.New(deal.Config{Players: 2, Deck: []int{debtCollector, money1, passGo, money2, passGo + 1, money3,
		passGo + 2, money1 + 1, passGo + 3, money1 + 2, passGo + 4, passGo + 5}})
	if err != nil {
		t.Fatal(err)
	}
	rec := testRecord(g)
	rec.Seats = rec.Seats[:2]
	return rec
}

// press presses a hand button of seat's as its message shows it now.
func press(k *Kind, rec *Record, seat int, op Op, arg int) *chatState {
	c := &chatState{Chat: testGroup, Via: rec.Seats[seat].User, Rec: rec}
	p := Press{Game: rec.ID, Rev: handKey(rec, deal.PlayerID(seat)), Op: op, Arg: arg, Chat: testGroup}
	k.onHandPress(c, &tgbotapi.User{ID: rec.Seats[seat].User, LanguageCode: "en"}, p)
	return c
}

// actButton is the argument of seat's OpAct button for action kind on card.
func actButton(t *testing.T, rec *Record, seat int, match func(a deal.Action) bool) int {
	t.Helper()
	for _, b := range Buttons(rec, seat) {
		if b.Op == OpAct && match(b.Action) {
			return b.Arg
		}
	}
	t.Fatalf("seat %d's hand has no such button: %+v", seat, Buttons(rec, seat))
	return 0
}

// bankMoney passes seat 0's first turn and has seat 1 bank 1M, 2M and 3M
// (a hand's cards cannot pay), back to seat 0's turn.
func bankMoney(t *testing.T, k *Kind, rec *Record) {
	t.Helper()
	press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActEndTurn }))
	for _, card := range []int{money1, money2, money3} {
		press(k, rec, 1, OpCard, card)
		if c := press(k, rec, 1, OpAct, actButton(t, rec, 1, func(a deal.Action) bool { return a.Kind == deal.ActBank })); c.Alert != "" {
			t.Fatalf("banking: %q", c.Alert)
		}
	}
	press(k, rec, 1, OpAct, actButton(t, rec, 1, func(a deal.Action) bool { return a.Kind == deal.ActEndTurn }))
}

// TestDebtTimesOutToTheDefaultPayment: a Debt Collector played from the
// hand asks its target in the group; the target's hand offers to pay; at
// the deadline the rules' default pays (the least valuable cards).
func TestDebtTimesOutToTheDefaultPayment(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := rec.Deal.Game
	bankMoney(t, k, rec)
	c := press(k, rec, 0, OpCard, debtCollector)
	if c.Alert != "" || !rec.Deal.Hands[0].Picked || !c.Quiet || c.Save {
		t.Fatalf("picking a card: alert %q, hand %+v, quiet %v save %v", c.Alert, rec.Deal.Hands[0], c.Quiet, c.Save)
	}
	arg := actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay && a.Target == 1 })
	c = press(k, rec, 0, OpAct, arg)
	if c.Alert != "" || g.Phase != deal.PhaseRespond || !c.Save || len(c.Logs) != 1 {
		t.Fatalf("playing the Debt Collector: alert %q, phase %d, save %v, logs %d", c.Alert, g.Phase, c.Save, len(c.Logs))
	}
	if len(c.Replies) != 1 || !strings.Contains(c.Replies[0].Text, "tg://user?id=2") {
		t.Fatalf("the target is not asked in the group: %+v", c.Replies)
	}
	if p := k.Pending(rec); p.Decision != "r:3:70" || len(p.Remind) != 1 || p.Remind[0] != 1 {
		t.Fatalf("pending = %+v", p)
	}
	text, kb := k.renderHand("en", testGroup, rec, 1, true)
	if !strings.Contains(text, "you owe 5M") || kb == nil {
		t.Fatalf("the target's hand does not ask to pay:\n%s", text)
	}
	if !k.Timeout(&chatState{Chat: testGroup, Rec: rec}, "en") {
		t.Fatal("the timeout did nothing")
	}
	if g.Phase != deal.PhasePlay || g.BankValue(0) != 5 || g.BankValue(1) != 1 {
		t.Fatalf("after the timeout: phase %d, banks %d/%d, want the default 2M + 3M paid", g.Phase, g.BankValue(0), g.BankValue(1))
	}
	if p := k.Pending(rec); p.Decision != "p:3" || p.Seat != 0 {
		t.Fatalf("pending after the timeout = %+v", p)
	}
}

// TestPaymentChosenOnTheHand: the payer marks the cards; too little is
// refused with an alert and changes nothing, enough pays exactly those.
func TestPaymentChosenOnTheHand(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := rec.Deal.Game
	bankMoney(t, k, rec)
	press(k, rec, 0, OpCard, debtCollector)
	press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay }))
	// The default is 2M + 3M; the payer takes the 2M out: 3M is too little.
	if c := press(k, rec, 1, OpMark, money2); c.Alert != "" || !rec.Deal.Hands[1].Paying || rec.Deal.Hands[1].Pay.Has(money2) {
		t.Fatalf("unmarking 2M: alert %q, hand %+v", c.Alert, rec.Deal.Hands[1])
	}
	before := g.Clone()
	if c := press(k, rec, 1, OpPay, 0); !strings.Contains(c.Alert, "at least") || c.Save {
		t.Fatalf("paying 3M of 5M: alert %q, save %v", c.Alert, c.Save)
	}
	if g.Version != before.Version || g.Phase != deal.PhaseRespond {
		t.Fatal("a refused payment changed the game")
	}
	press(k, rec, 1, OpMark, money1)
	press(k, rec, 1, OpMark, money2)
	// 1M + 2M + 3M = 6M: the 1M is one card too many (no change is given).
	if c := press(k, rec, 1, OpPay, 0); c.Alert == "" {
		t.Fatal("an overpayment with a card too many was accepted")
	}
	press(k, rec, 1, OpMark, money1)
	if c := press(k, rec, 1, OpPay, 0); c.Alert != "" || g.Phase != deal.PhasePlay || g.BankValue(0) != 5 || g.BankValue(1) != 1 {
		t.Fatalf("paying 2M + 3M: alert %q, phase %d, banks %d/%d", c.Alert, g.Phase, g.BankValue(0), g.BankValue(1))
	}
}

// TestStaleHandButtonsAreRefused: a button drawn before the hand's choices
// changed is outdated; another seat's move that leaves them alone is not.
func TestStaleHandButtonsAreRefused(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	old := handKey(rec, 0)
	press(k, rec, 0, OpCard, debtCollector)
	c := &chatState{Chat: testGroup, Rec: rec}
	k.onHandPress(c, &tgbotapi.User{ID: 1}, Press{Game: rec.ID, Rev: old, Op: OpCard, Arg: passGo, Chat: testGroup})
	if c.Alert == "" || c.Quiet || c.Save {
		t.Fatalf("a press on an outdated hand: alert %q quiet %v save %v", c.Alert, c.Quiet, c.Save)
	}
	c = &chatState{Chat: testGroup, Rec: rec}
	k.onHandPress(c, &tgbotapi.User{ID: 2}, Press{Game: rec.ID, Rev: handKey(rec, 0), Op: OpBack, Chat: testGroup})
	if c.Alert == "" {
		t.Fatal("seat 1 pressed seat 0's button")
	}
	c = &chatState{Chat: testGroup, Rec: rec}
	k.onHandPress(c, &tgbotapi.User{ID: 1}, Press{Game: rec.ID + 1, Rev: handKey(rec, 0), Op: OpBack, Chat: testGroup})
	if c.Alert == "" {
		t.Fatal("a button of another game was accepted")
	}
}
