package deal

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
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
func scripted(t *testing.T) *kit.Record {
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
func press(k *Kind, rec *kit.Record, seat int, op kit.Op, arg int) *kit.Change {
	c := &kit.Change{Chat: testGroup, Via: rec.Seats[seat].User, Rec: rec}
	p := kit.Press{Game: rec.ID, Rev: handKey(rec, deal.PlayerID(seat)), Op: op, Arg: arg, Chat: testGroup}
	k.hand.onHandPress(c, &kit.Person{ID: rec.Seats[seat].User, Lang: "en"}, p)
	return c
}

// actButton is the argument of seat's OpAct button for action kind on card.
func actButton(t *testing.T, rec *kit.Record, seat int, match func(a deal.Action) bool) int {
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
func bankMoney(t *testing.T, k *Kind, rec *kit.Record) {
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
	g := Of(rec).Game
	bankMoney(t, k, rec)
	c := press(k, rec, 0, OpCard, debtCollector)
	if c.Alert != "" || !Of(rec).Hands[0].Picked || !c.Quiet || c.Save {
		t.Fatalf("picking a card: alert %q, hand %+v, quiet %v save %v", c.Alert, Of(rec).Hands[0], c.Quiet, c.Save)
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
	text, kb := k.text.renderHand("en", testGroup, rec, 1, true)
	if !strings.Contains(text, "you owe 5M") || kb == nil {
		t.Fatalf("the target's hand does not ask to pay:\n%s", text)
	}
	if !k.Timeout(&kit.Change{Chat: testGroup, Rec: rec}, "en") {
		t.Fatal("the timeout did nothing")
	}
	if g.Phase != deal.PhasePlay || g.BankValue(0) != 5 || g.BankValue(1) != 1 {
		t.Fatalf("after the timeout: phase %d, banks %d/%d, want the default 2M + 3M paid", g.Phase, g.BankValue(0), g.BankValue(1))
	}
	if p := k.Pending(rec); p.Decision != "p:3" || p.Seat != 0 {
		t.Fatalf("pending after the timeout = %+v", p)
	}
}

// debtCollected is the scripted game where seat 0 played its Debt
// Collector against seat 1, who owes 5M with 2M + 3M offered by default.
func debtCollected(t *testing.T) (*Kind, *kit.Record) {
	t.Helper()
	k := testKind(t)
	rec := scripted(t)
	bankMoney(t, k, rec)
	press(k, rec, 0, OpCard, debtCollector)
	press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay }))
	return k, rec
}

// TestPaymentChosenOnTheHand: the payer marks the cards; too little is
// refused with an alert and changes nothing, enough pays exactly those.
func TestPaymentChosenOnTheHand(t *testing.T) {
	k, rec := debtCollected(t)
	g := Of(rec).Game
	// The default is 2M + 3M; the payer takes the 2M out: 3M is too little.
	if c := press(k, rec, 1, OpMark, MarkArg(money2, false)); c.Alert != "" || !Of(rec).Hands[1].Paying || Of(rec).Hands[1].Pay.Has(money2) {
		t.Fatalf("unmarking 2M: alert %q, hand %+v", c.Alert, Of(rec).Hands[1])
	}
	before := g.Clone()
	if c := press(k, rec, 1, OpPay, 3); !strings.Contains(c.Alert, "at least") || c.Save {
		t.Fatalf("paying 3M of 5M: alert %q, save %v", c.Alert, c.Save)
	}
	if g.Version != before.Version || g.Phase != deal.PhaseRespond {
		t.Fatal("a refused payment changed the game")
	}
	press(k, rec, 1, OpMark, MarkArg(money1, true))
	press(k, rec, 1, OpMark, MarkArg(money2, true))
	// 1M + 2M + 3M = 6M: the 1M is one card too many (no change is given).
	if c := press(k, rec, 1, OpPay, 6); c.Alert == "" {
		t.Fatal("an overpayment with a card too many was accepted")
	}
	press(k, rec, 1, OpMark, MarkArg(money1, false))
	if c := press(k, rec, 1, OpPay, 5); c.Alert != "" || g.Phase != deal.PhasePlay || g.BankValue(0) != 5 || g.BankValue(1) != 1 {
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
	c := &kit.Change{Chat: testGroup, Rec: rec}
	k.hand.onHandPress(c, &kit.Person{ID: 1}, kit.Press{Game: rec.ID, Rev: old, Op: OpCard, Arg: passGo, Chat: testGroup})
	if c.Alert == "" || c.Quiet || c.Save {
		t.Fatalf("a press on an outdated hand: alert %q quiet %v save %v", c.Alert, c.Quiet, c.Save)
	}
	c = &kit.Change{Chat: testGroup, Rec: rec}
	k.hand.onHandPress(c, &kit.Person{ID: 2}, kit.Press{Game: rec.ID, Rev: handKey(rec, 0), Op: OpBack, Chat: testGroup})
	if c.Alert == "" {
		t.Fatal("seat 1 pressed seat 0's button")
	}
	c = &kit.Change{Chat: testGroup, Rec: rec}
	k.hand.onHandPress(c, &kit.Person{ID: 1}, kit.Press{Game: rec.ID + 1, Rev: handKey(rec, 0), Op: OpBack, Chat: testGroup})
	if c.Alert == "" {
		t.Fatal("a button of another game was accepted")
	}
}

// TestPaymentMarksOnOneKeyboard: the payer taps several cards on the hand
// as it was drawn once, before its message shows the first tap: each
// applies; a second tap of a mark is done; Pay as that keyboard showed it
// (5M) is refused naming what the cards chosen make now, and pays nothing.
func TestPaymentMarksOnOneKeyboard(t *testing.T) {
	k, rec := debtCollected(t)
	g := Of(rec).Game
	key := handKey(rec, 1) // the keyboard on the payer's screen: 2M + 3M chosen, "Pay 5M"
	tap := func(op kit.Op, arg int) *kit.Change {
		c := &kit.Change{Chat: testGroup, Via: rec.Seats[1].User, Rec: rec}
		k.hand.onHandPress(c, &kit.Person{ID: rec.Seats[1].User, Lang: "en"}, kit.Press{Game: rec.ID, Rev: key, Op: op, Arg: arg, Chat: testGroup})
		return c
	}
	for _, arg := range []int{MarkArg(money2, false), MarkArg(money1, true)} {
		if c := tap(OpMark, arg); c.Alert != "" || c.Toast != "" {
			t.Fatalf("a mark on the keyboard drawn before was answered %q %q", c.Alert, c.Toast)
		}
	}
	if h := Of(rec).Hands[1]; !h.Pay.Has(money1) || h.Pay.Has(money2) || !h.Pay.Has(money3) {
		t.Fatalf("after two taps the payment is %v, want 1M + 3M", h.Pay)
	}
	if c := tap(OpMark, MarkArg(money2, false)); c.Alert != "" || c.Toast != k.t("en", "toast_done", nil) {
		t.Errorf("a second tap of a mark was answered %q %q, want the toast \"done\"", c.Alert, c.Toast)
	}
	ver := g.Version
	if c := tap(OpPay, 5); c.Alert != k.t("en", "deal_alert_pay_moved", map[string]any{"Amount": 4}) {
		t.Errorf("Pay 5M with 4M chosen was answered %q", c.Alert)
	}
	if g.Version != ver {
		t.Fatal("a Pay whose amount moved paid")
	}
}

// TestHandLangOfAnOlderRecord: a hand opened before view languages (its
// seat has none) keeps the rule of its time — the person's Telegram
// language, unless the group pinned one; a seat's fixed language wins
// over both.
func TestHandLangOfAnOlderRecord(t *testing.T) {
	rec := scripted(t)
	Of(rec).Hands[0].Lang = "en"
	c := &kit.Change{Chat: testGroup, Rec: rec}
	c.Settings.AutoLang = "ru"
	if got := handLang(c, rec, 0, "ru"); got != "en" {
		t.Errorf("an older hand in an unpinned group: %q, want its person's en", got)
	}
	c.Settings.Lang = "uk"
	if got := handLang(c, rec, 0, "uk"); got != "uk" {
		t.Errorf("an older hand in a group pinned to uk: %q, want uk", got)
	}
	if got := handLang(c, rec, 1, "uk"); got != "uk" {
		t.Errorf("a hand never opened: %q, want the group's", got)
	}
	rec.Seats[0].Lang = "en"
	if got := handLang(c, rec, 0, "uk"); got != "en" {
		t.Errorf("a hand whose views are fixed in en: %q", got)
	}
}
