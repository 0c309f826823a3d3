package deal

import (
	"math/rand/v2"
	"testing"
)

// TestRentNeedsPrintedProperty: a colour made only of wild cards charges
// no rent — there is no printed property to charge it for (issue #26,
// item 15): two any-colour wilds on dark blue charge nothing, not 8M.
func TestRentNeedsPrintedProperty(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, rentAny, rentBrownLBlue)
	bank(t, g, 1, m10)
	table(t, g, 0, DarkBlue, wildAny, wildAny2)
	table(t, g, 0, Brown, wildBrownLBlue)
	if r := g.RentOf(0, DarkBlue); r != 0 {
		t.Fatalf("two wilds on dark blue charge %dM", r)
	}
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: DarkBlue, Target: 1}, ErrNoColor)
	refuse(t, g, 0, Action{Kind: ActPlay, Card: rentBrownLBlue, Color: Brown}, ErrNoColor)
	// One printed card makes it a set: the full rent.
	table(t, g, 0, AnyColor, dblue1)
	if r := g.RentOf(0, DarkBlue); r != 8 {
		t.Fatalf("a dark blue and a wild charge %dM", r)
	}
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: rentAny, Color: DarkBlue, Target: 1})
	if e := find(t, evs, EvPlayed); e.Amount != 8 {
		t.Fatalf("rent %+v", e)
	}
}

// TestDefaultPaymentKeepsSets: the default payment (timeouts, the Pay
// button's first choice) pays from money first, then from properties no
// complete set needs, and breaks a complete set only when nothing else
// covers the debt; each in the smallest sum that covers it (issue #26,
// item 14).
func TestDefaultPaymentKeepsSets(t *testing.T) {
	for _, c := range []struct {
		name  string
		owed  int
		bank  []int
		sets  []int // complete sets, laid in their own colour
		loose []int
		want  CardSet
	}{
		{"the book's case: a 2M bill, not the browns", 2, []int{m2}, []int{brown1, brown2}, nil, set(m2)},
		{"money before a loose property", 3, []int{m3}, nil, []int{red1}, set(m3)},
		{"money while the bank covers it, though it overpays", 5, []int{m1, m3, m10}, nil, []int{brown1}, set(m10)},
		{"a property for what the bank cannot cover", 5, []int{m1, m3}, nil, []int{brown1, pink1}, set(m1, m3, brown1)},
		{"a loose property before a set", 3, []int{m1}, []int{dblue1, dblue2}, []int{red1}, set(red1)},
		{"money and a loose property before a set", 4, []int{m1}, []int{dblue1, dblue2}, []int{red1}, set(m1, red1)},
		{"a set only when nothing else covers", 5, []int{m1}, []int{dblue1, dblue2}, nil, set(m1, dblue1)},
		{"the least overpayment", 4, []int{m2, m3, m4}, nil, nil, set(m4)},
		{"the least overpayment from properties", 5, nil, nil, []int{red1, green1, pink1}, set(red1, pink1)},
		{"the fourth red may go, not two", 3, nil, []int{red1, red2, red3, wildRedYellow}, []int{}, set(red1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := scripted(t, 2, Rules{})
			hand(t, g, 0, debtCollector)
			bank(t, g, 1, c.bank...)
			for _, card := range append(append([]int{}, c.sets...), c.loose...) {
				table(t, g, 1, Cards[card].Colors[0], card) // a wild as its first colour
			}
			got := g.DefaultPayment(1, c.owed)
			if got != c.want {
				t.Fatalf("owing %dM pays %v, want %v", c.owed, got.Cards(nil), c.want.Cards(nil))
			}
			if err := g.CheckPayment(1, c.owed, got); err != nil {
				t.Fatalf("the default payment is refused: %v", err)
			}
		})
	}
}

// TestDefaultPaymentRandom: on random banks and tables, the default
// payment is valid (CheckPayment), breaks no complete set while the bank
// and the loose properties cover the debt, and is the best payment by
// its order — least value from complete sets, then from loose properties,
// then the least sum — against every subset of the payable cards.
func TestDefaultPaymentRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(26, 14))
	tried := 0
	for round := range 1000 {
		// Cards are laid straight into Places: the layouts need not be
		// reachable games (three sets may lie there), only payers.
		g := &Game{Seats: 2}
		for i := range DeckSize {
			g.Places[i] = Place{Zone: ZoneDeck, Owner: Nobody}
			switch c := &Cards[i]; {
			case r.IntN(9) != 0:
			case c.Bankable() && r.IntN(2) == 0:
				g.Places[i] = Place{Zone: ZoneBank, Owner: 1}
			case c.IsProperty():
				col := c.Colors[r.IntN(2)]
				if col == AnyColor {
					col = Color(r.IntN(int(NumColors)))
				}
				g.Places[i] = Place{Zone: ZoneTable, Owner: 1, Color: col}
			}
		}
		all, total := g.PayableCards(1)
		if all.Len() > 10 {
			continue // the brute force below stays quick
		}
		tried++
		owed := 1 + r.IntN(max(total, 1)+3)
		got := g.DefaultPayment(1, owed)
		if err := g.CheckPayment(1, owed, got); err != nil {
			t.Fatalf("round %d: owing %d pays %v: %v", round, owed, got.Cards(nil), err)
		}
		var tiers [numPayTiers]payTier
		g.paymentTiers(1, &tiers)
		var tierOf [DeckSize]int
		for k := range tiers {
			for _, c := range tiers[k].cards[:tiers[k].n] {
				tierOf[c] = k
			}
		}
		score := func(s CardSet) [3]int {
			var v [numPayTiers]int
			sum := 0
			for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
				v[tierOf[c]] += Cards[c].Value
				sum += Cards[c].Value
			}
			return [3]int{v[tierSet], v[tierLoose], sum}
		}
		less := func(a, b [3]int) bool {
			for i := range a {
				if a[i] != b[i] {
					return a[i] < b[i]
				}
			}
			return false
		}
		cards := all.Cards(nil)
		best, bestScore := CardSet{}, [3]int{1 << 30}
		for mask := range 1 << len(cards) {
			var s CardSet
			for i, c := range cards {
				if mask&(1<<i) != 0 {
					s = s.Add(c)
				}
			}
			if g.CheckPayment(1, owed, s) == nil && less(score(s), bestScore) {
				best, bestScore = s, score(s)
			}
		}
		if score(got) != bestScore {
			t.Fatalf("round %d: owing %d pays %v %v, better %v %v", round, owed, got.Cards(nil), score(got), best.Cards(nil), bestScore)
		}
		if tiers[tierMoney].value+tiers[tierLoose].value >= owed {
			h := g.Clone()
			h.transfer(0, 1, got)
			for c := range NumColors {
				if h.Complete(1, c) != g.Complete(1, c) {
					t.Fatalf("round %d: owing %d with %d in bank and loose cards breaks a set: %v", round, owed,
						tiers[tierMoney].value+tiers[tierLoose].value, got.Cards(nil))
				}
			}
		}
	}
	if tried < 400 {
		t.Fatalf("only %d layouts tried", tried)
	}
}

// TestRecolorAnyMomentOfTurn: a wild re-colours "at any moment of your
// turn" (the book) — while one's own action waits for answers, while one
// answers a Just Say No, while one discards — and never on another's turn
// (issue #26, item 17).
func TestRecolorAnyMomentOfTurn(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, debtCollector, m1, m2, m3, m4, m5, m10, passGo, passGo2)
	hand(t, g, 1, sayNo1)
	bank(t, g, 1, m2+1, m2+2, m2+3)
	table(t, g, 0, Red, wildRedYellow)
	table(t, g, 1, Pink, wildPinkOrange)
	apply(t, g, 0, Action{Kind: ActPlay, Card: debtCollector, Target: 1})
	// The target answers; the actor re-colours meanwhile.
	apply(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Yellow})
	refuse(t, g, 1, Action{Kind: ActRecolor, Card: wildPinkOrange, Color: Orange}, ErrNotYourTurn)
	if g.Phase != PhaseRespond || g.Waiting() != 1 {
		t.Fatalf("the re-colour changed the phase %d or whom it waits for %d", g.Phase, g.Waiting())
	}
	// The actor answers a Just Say No and may re-colour then too.
	apply(t, g, 1, Action{Kind: ActSayNo, Card: sayNo1})
	apply(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Red})
	apply(t, g, 0, Action{Kind: ActAccept, Target: 1})
	// Discarding down to 7.
	apply(t, g, 0, Action{Kind: ActEndTurn})
	if g.Phase != PhaseDiscard {
		t.Fatalf("phase %d", g.Phase)
	}
	apply(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Yellow})
	if where(g, wildRedYellow).Color != Yellow {
		t.Fatal("not re-coloured")
	}
	apply(t, g, 0, Action{Kind: ActDiscard, Card: m1})
	// Another's turn: no.
	refuse(t, g, 0, Action{Kind: ActRecolor, Card: wildRedYellow, Color: Red}, ErrNotYourTurn)
}

// TestPlayedNamesWhatIsAtStake: the event of a Sly Deal or Forced Deal
// names the cards it takes and gives, so the target and the table can be
// told (issue #26, item 18); a Deal Breaker names the colour, a rent its
// colour and amount.
func TestPlayedNamesWhatIsAtStake(t *testing.T) {
	g := scripted(t, 2, Rules{})
	hand(t, g, 0, slyDeal, forcedDeal, dealBreaker)
	table(t, g, 1, AnyColor, red1, green1, dblue1, dblue2)
	table(t, g, 0, AnyColor, yellow1)
	e := find(t, apply(t, g, 0, Action{Kind: ActPlay, Card: slyDeal, Take: red1}), EvPlayed)
	if e.Take != red1 || e.Give != 0 || e.Other != 1 {
		t.Fatalf("Sly Deal played %+v", e)
	}
	apply(t, g, 1, Action{Kind: ActAccept})
	e = find(t, apply(t, g, 0, Action{Kind: ActPlay, Card: forcedDeal, Take: green1, Give: yellow1}), EvPlayed)
	if e.Take != green1 || e.Give != yellow1 {
		t.Fatalf("Forced Deal played %+v", e)
	}
	apply(t, g, 1, Action{Kind: ActAccept})
	e = find(t, apply(t, g, 0, Action{Kind: ActPlay, Card: dealBreaker, Target: 1, Color: DarkBlue}), EvPlayed)
	if e.Color != DarkBlue || e.Other != 1 || e.Take != 0 {
		t.Fatalf("Deal Breaker played %+v", e)
	}
}

// TestDefaultPaymentAllocatesNothing: the default payment and the legal
// moves (which list it, and the re-colours in every phase) allocate
// nothing with a buffer reused, as computer players and the bot call
// them on every step.
func TestDefaultPaymentAllocatesNothing(t *testing.T) {
	g := scripted(t, 3, Rules{})
	hand(t, g, 0, birthday)
	bank(t, g, 1, m1, m3, m10)
	table(t, g, 1, AnyColor, brown1, brown2, pink1, red1)
	table(t, g, 0, Red, wildRedYellow)
	apply(t, g, 0, Action{Kind: ActPlay, Card: birthday})
	buf := make([]Action, 0, 256)
	if n := testing.AllocsPerRun(200, func() {
		_ = g.DefaultPayment(1, 7)
		buf = g.AppendLegal(buf[:0], 1)
		buf = g.AppendLegal(buf[:0], 0)
	}); n != 0 {
		t.Fatalf("%.1f allocations a call", n)
	}
	if len(buf) == 0 {
		t.Fatal("the actor, answered, may re-colour its wild: nothing listed")
	}
}
