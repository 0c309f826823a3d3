package deal

import "testing"

// TestDebtCollector: one chosen player owes 5M and pays from the table —
// bank and properties, never the hand — choosing the cards; no change is
// given, so an overpayment must need every card; properties paid go to the
// receiver's table in their colour.
func TestDebtCollector(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, debtCollector)
	hand(t, g, 1, m10)
	bank(t, g, 1, m1, m2, m4)
	table(t, g, 1, AnyColor, green1)
	table(t, g, 1, Red, wildRedYellow)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 0}, ErrBadTarget)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 3}, ErrBadTarget)
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	if e := find(t, evs, EvPlayed); e.Other != 1 || e.Amount != 5 || g.Phase != PhaseRespond || g.Waiting() != 1 {
		t.Fatalf("played %+v, waiting %d", e, g.Waiting())
	}
	refuse(t, g, 2, Action{Kind: ActPay, Cards: set(m1, m4)}, ErrNotYourTurn)
	refuse(t, g, 0, Action{Kind: ActEndTurn}, ErrNotNow)
	refuse(t, g, 1, Action{Kind: ActAccept}, ErrMustPay)
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(m10)}, ErrBadPayment)            // from the hand
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(m1, m2)}, ErrBadPayment)         // too little
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(m1, m4, m2)}, ErrBadPayment)     // the 1M (or 2M) is not needed
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(m4, green1, m1)}, ErrBadPayment) // the 1M is not needed
	refuse(t, g, 1, Action{Kind: ActPay, Cards: CardSet{0, 1 << 60}}, ErrBadPayment) // no such card
	// 4M + the 4M green: 8M for 5M, no change — each card is needed.
	evs = apply(t, g, 1, Action{Kind: ActPay, Cards: set(m4, green1)})
	if e := find(t, evs, EvPaid); e.Amount != 8 || e.Owed != 5 || e.Other != 0 {
		t.Fatalf("paid %+v", e)
	}
	if p := where(g, green1); p.Owner != 0 || p.Zone != ZoneTable || p.Color != Green {
		t.Fatalf("green went to %+v", p)
	}
	if p := where(g, m4); p.Owner != 0 || p.Zone != ZoneBank {
		t.Fatalf("4M went to %+v", p)
	}
	if g.Phase != PhasePlay || g.Plays != 1 || g.Waiting() != 0 {
		t.Fatalf("phase %d plays %d", g.Phase, g.Plays)
	}
}

// TestPartialPayment: a payer who cannot pay in full gives everything on
// the table except any-colour wilds, and the rest is forgiven; with
// nothing, nothing is paid.
func TestPartialPayment(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, debtCollector, birthday)
	bank(t, g, 1, m1)
	table(t, g, 1, AnyColor, brown1)
	table(t, g, 1, Brown, wildAny)
	hand(t, g, 1, m10)
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(m1)}, ErrBadPayment)
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(m1, brown1, wildAny)}, ErrBadPayment)
	evs := apply(t, g, 1, Action{Kind: ActPay, Cards: set(m1, brown1)})
	if e := find(t, evs, EvPaid); e.Amount != 2 || e.Owed != 5 {
		t.Fatalf("paid %+v", e)
	}
	if where(g, wildAny).Owner != 1 || where(g, m10).Zone != ZoneHand {
		t.Fatal("the any-colour wild or the hand was taken")
	}
	// Birthday: seat 1 has nothing payable left, so it pays nothing.
	apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	if g.Waiting() != 1 {
		t.Fatalf("waiting %d", g.Waiting())
	}
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(wildAny)}, ErrBadPayment)
	evs = apply(t, g, 1, Action{Kind: ActPay})
	if e := find(t, evs, EvPaid); e.Amount != 0 || e.Owed != 2 || g.Waiting() != 2 {
		t.Fatalf("paid %+v, waiting %d", e, g.Waiting())
	}
}

// TestBirthday: every other player owes 2M; the targets answer at once,
// each on their own, in any order.
func TestBirthday(t *testing.T) {
	g := scripted(t, 4, Rules{})
	g.Current = 2
	hand(t, g, 2, birthday)
	bank(t, g, 3, m2)
	bank(t, g, 0, m1, m1+1, m1+2)
	bank(t, g, 1, m5)
	apply(t, g, 2, Action{Kind: ActPlay, Card: birthday})
	if g.Pending.N != 3 || g.Pending.Targets[0].Player != 3 || g.Waiting() != 3 {
		t.Fatalf("targets %+v", g.Pending)
	}
	for _, p := range []PlayerID{0, 1, 3} {
		if !g.Waits(p) {
			t.Fatalf("seat %d is not asked", p)
		}
	}
	if g.Waits(2) {
		t.Fatal("the actor is asked")
	}
	order := []PlayerID{1, 0, 3}
	pays := []CardSet{set(m5), set(m1, m1+1), set(m2)}
	for i, p := range order {
		if g.Phase != PhaseRespond {
			t.Fatalf("the action ended before %d paid", p)
		}
		apply(t, g, p, Action{Kind: ActPay, Cards: pays[i]})
		if g.Waits(p) {
			t.Fatalf("seat %d asked again", p)
		}
	}
	if g.BankValue(2) != 2+2+5 || g.BankValue(0) != 1 || g.Phase != PhasePlay {
		t.Fatalf("banks %d %d", g.BankValue(2), g.BankValue(0))
	}
}

// TestBuildingsLostInPayment: when a payment breaks a set with buildings,
// its buildings go to the discards (they never pay).
func TestBuildingsLostInPayment(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, debtCollector)
	table(t, g, 1, AnyColor, dblue1, dblue2)
	table(t, g, 1, DarkBlue, house1, hotel1)
	if g.RentOf(1, DarkBlue) != 8+3+4 {
		t.Fatalf("rent %d", g.RentOf(1, DarkBlue))
	}
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	refuse(t, g, 1, Action{Kind: ActPay, Cards: set(dblue1, house1)}, ErrBadPayment)
	evs := apply(t, g, 1, Action{Kind: ActPay, Cards: set(dblue1, dblue2)})
	if e := find(t, evs, EvBuildingsLost); e.Player != 1 || e.Color != DarkBlue || e.Cards != set(house1, hotel1) {
		t.Fatalf("buildings lost %+v", e)
	}
	if where(g, house1).Zone != ZoneDiscard || where(g, hotel1).Zone != ZoneDiscard || g.Complete(0, DarkBlue) != 1 {
		t.Fatal("buildings not discarded, or the set not received")
	}
}

// TestRent: a two-colour rent card charges every other player the rent of
// the chosen colour (cards held, up to the set, plus a house and a hotel);
// the any-colour rent charges one chosen player; Double The Rent doubles
// it, each as a play; no rent for a colour one does not have.
func TestRent(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, rentRedYellow, rentRedYellow+1, rentAny, double1, double2, rentRailUtil)
	table(t, g, 0, AnyColor, red1, red2, red3, yellow1)
	table(t, g, 0, Red, house1)
	bank(t, g, 1, m10, m10-1)
	bank(t, g, 2, m10-2)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentRedYellow, Color: Green}, ErrBadColor)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentRailUtil, Color: Railroad}, ErrNoColor)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentRedYellow, Color: Red, Cards: set(double1, double2, passGo)}, ErrBadDouble)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentRedYellow, Color: Red, Cards: set(m1)}, ErrBadDouble)
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: rentRedYellow, Color: Red, Cards: set(double1)})
	if e := find(t, evs, EvPlayed); e.Amount != (6+3)*2 || e.Other != Nobody || g.Plays != 2 || g.Pending.N != 2 {
		t.Fatalf("rent %+v, plays %d, targets %d", e, g.Plays, g.Pending.N)
	}
	if where(g, double1).Zone != ZoneDiscard {
		t.Fatal("Double The Rent not discarded")
	}
	apply(t, g, 1, Action{Kind: ActPay, Cards: set(m10, m10-1)}) // 10+5 for 18: all there is
	apply(t, g, 2, Action{Kind: ActPay, Cards: set(m10 - 2)})
	// One play left: no room for a double.
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: Yellow, Target: 1, Cards: set(double2)}, ErrBadDouble)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: Yellow}, ErrBadTarget)
	evs = apply(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: Yellow, Target: 2})
	if e := find(t, evs, EvPlayed); e.Amount != 2 || e.Other != 2 || g.Pending.N != 1 {
		t.Fatalf("any-colour rent %+v", e)
	}

	// Two doubles make four times the rent (three plays).
	g = scripted(t, 2, Rules{})
	hand(t, g, 0, rentBrownLBlue, double1, double2)
	table(t, g, 0, AnyColor, lblue1, lblue2)
	evs = apply(t, g, 0, Action{Kind: ActPlay, Card: rentBrownLBlue, Color: LightBlue, Cards: set(double1, double2)})
	if e := find(t, evs, EvPlayed); e.Amount != 2*4 || g.Plays != 3 {
		t.Fatalf("rent %+v", e)
	}
}

// TestTimeoutDefaults: a timed-out target plays no Just Say No — it lets
// the action stand, paying the default payment (money first, nothing more
// than needed); a timed-out actor lets a Just Say No stand.
func TestTimeoutDefaults(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, debtCollector, slyDeal)
	hand(t, g, 1, sayNo1)
	bank(t, g, 1, m1, m3)
	table(t, g, 1, AnyColor, brown1, pink1)
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	evs := apply(t, g, System, Action{Kind: ActTimeout})
	// The bank's 4M first; the 1M brown covers the rest, the 2M pink
	// would overpay: exactly 5M (TestDefaultPaymentKeepsSets has more).
	if e := find(t, evs, EvPaid); e.Cards != set(m1, brown1, m3) || where(g, sayNo1).Zone != ZoneHand {
		t.Fatalf("timeout paid %v", e.Cards.Cards(nil))
	}
	apply(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: pink1})
	apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo1})
	if g.Waiting() != 0 {
		t.Fatalf("waiting %d", g.Waiting())
	}
	evs = apply(t, g, System, Action{Kind: ActTimeout})
	if find(t, evs, EvTimeout).Player != 0 || find(t, evs, EvConceded).Other != 1 || where(g, pink1).Owner != 1 {
		t.Fatal("the actor's timeout did not let the Just Say No stand")
	}
	refuse(t, g, 0, Action{Kind: ActTimeout}, ErrNotNow)

	// A timeout settles every open chain at once.
	g = scripted(t, 3, Rules{})
	hand(t, g, 0, birthday)
	hand(t, g, 1, sayNo1)
	bank(t, g, 1, m2)
	bank(t, g, 2, m3)
	apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	evs = apply(t, g, System, Action{Kind: ActTimeout})
	timeouts := 0
	for _, e := range evs {
		if e.Kind == EvTimeout {
			timeouts++
		}
	}
	if timeouts != 2 || g.Phase != PhasePlay || g.BankValue(0) != 5 || where(g, sayNo1).Zone != ZoneHand {
		t.Fatalf("%d timeouts, phase %d, bank %d", timeouts, g.Phase, g.BankValue(0))
	}
}
