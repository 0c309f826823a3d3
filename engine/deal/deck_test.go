package deal

import (
	"encoding/json"
	"testing"
)

// TestDeck checks the 106 cards against the standard printing: 20 money
// cards worth 57M, 28 properties and 11 wilds (39 property cards), 34
// action and 13 rent cards (47), their values, colours and counts.
func TestDeck(t *testing.T) {
	count := map[CardType]int{}
	money := 0
	actions := map[ActionType]int{}
	actionValue := map[ActionType]int{}
	byColor := map[Color]int{}
	wilds := map[[2]Color]int{}
	rents := map[[2]Color]int{}
	for i, c := range Cards {
		count[c.Type]++
		switch c.Type {
		case TypeMoney:
			money += c.Value
		case TypeProperty:
			if c.Value != int(colorTable[c.Colors[0]].value) {
				t.Errorf("property %d worth %d", i, c.Value)
			}
			byColor[c.Colors[0]]++
		case TypeWild:
			wilds[c.Colors]++
		case TypeAction:
			actions[c.Action]++
			actionValue[c.Action] = c.Value
		case TypeRent:
			rents[c.Colors]++
			if c.Value != map[bool]int{true: 3, false: 1}[c.Colors[0] == AnyColor] {
				t.Errorf("rent card %d worth %d", i, c.Value)
			}
		}
	}
	if count[TypeMoney] != 20 || money != 57 || count[TypeProperty] != 28 || count[TypeWild] != 11 ||
		count[TypeAction] != 34 || count[TypeRent] != 13 {
		t.Errorf("deck: %v, money %dM", count, money)
	}
	for c := range NumColors {
		if byColor[c] != SetSize(c) {
			t.Errorf("colour %d: %d properties, set of %d", c, byColor[c], SetSize(c))
		}
	}
	wantWilds := map[[2]Color]int{{Brown, LightBlue}: 1, {Pink, Orange}: 2, {Red, Yellow}: 2, {Green, DarkBlue}: 1,
		{LightBlue, Railroad}: 1, {Green, Railroad}: 1, {Railroad, Utility}: 1, {AnyColor, AnyColor}: 2}
	wantRents := map[[2]Color]int{{Brown, LightBlue}: 2, {Pink, Orange}: 2, {Red, Yellow}: 2, {Green, DarkBlue}: 2,
		{Railroad, Utility}: 2, {AnyColor, AnyColor}: 3}
	wantActions := map[ActionType][2]int{DealBreaker: {2, 5}, JustSayNo: {3, 4}, SlyDeal: {3, 3}, ForcedDeal: {3, 3},
		DebtCollector: {3, 3}, Birthday: {3, 2}, PassGo: {10, 1}, House: {3, 3}, Hotel: {2, 4}, DoubleRent: {2, 1}}
	for k, n := range wantWilds {
		if wilds[k] != n {
			t.Errorf("wild %v: %d, want %d", k, wilds[k], n)
		}
	}
	for k, n := range wantRents {
		if rents[k] != n {
			t.Errorf("rent %v: %d, want %d", k, rents[k], n)
		}
	}
	for k, w := range wantActions {
		if actions[k] != w[0] || actionValue[k] != w[1] {
			t.Errorf("action %d: %d cards worth %d, want %v", k, actions[k], actionValue[k], w)
		}
	}
	if Cards[wildAny].Value != 0 || Cards[wildRedYellow].Value != 3 || Cards[54].Value != 4 {
		t.Errorf("wild values %d %d %d", Cards[wildAny].Value, Cards[wildRedYellow].Value, Cards[54].Value)
	}
	rentTable := map[Color][]int{Brown: {1, 2}, LightBlue: {1, 2, 3}, Pink: {1, 2, 4}, Orange: {1, 3, 5},
		Red: {2, 3, 6}, Yellow: {2, 4, 6}, Green: {2, 4, 7}, DarkBlue: {3, 8}, Railroad: {1, 2, 3, 4}, Utility: {1, 2}}
	for c, rents := range rentTable {
		for n, r := range rents {
			if Rent(c, n+1) != r {
				t.Errorf("rent of colour %d with %d cards: %d, want %d", c, n+1, Rent(c, n+1), r)
			}
		}
		if Rent(c, len(rents)+1) != rents[len(rents)-1] {
			t.Errorf("colour %d: cards beyond the set raise the rent", c)
		}
	}
	if Buildable(Railroad) || Buildable(Utility) || !Buildable(DarkBlue) {
		t.Error("buildable colours")
	}
	if NumKinds != 58 {
		t.Errorf("%d card kinds, want 58", NumKinds)
	}
}

// TestDealAndDraw checks the deal (5 cards each, one at a time), the first
// turn's draw of 2, the draw of 5 from an empty hand, what each event lets
// whom see, and the player limits.
func TestDealAndDraw(t *testing.T) {
	for _, n := range []int{1, 6} {
		if _, _, err := New(Config{Players: n}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	if _, _, err := New(Config{Players: 2, Deck: []int{3, 3}}); err == nil {
		t.Error("a scripted deck naming a card twice was accepted")
	}
	deck := []int{m10, red1, m1, red2, m2, red3, m3, yellow1, m4, yellow2, passGo, slyDeal}
	g, evs, err := New(Config{Players: 2, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	check(t, g)
	if g.Hand(0) != set(m10, m1, m2, m3, m4, passGo, slyDeal) || g.Hand(1) != set(red1, red2, red3, yellow1, yellow2) {
		t.Fatalf("hands after the deal and draw: %v %v", g.Hand(0).Cards(nil), g.Hand(1).Cards(nil))
	}
	if g.Current != 0 || g.Phase != PhasePlay || g.Turn != 1 || len(g.Deck) != DeckSize-12 {
		t.Fatalf("current %d phase %d turn %d deck %d", g.Current, g.Phase, g.Turn, len(g.Deck))
	}
	// The first turn's draw is in the deal's events too: 2 cards to seat 0.
	var drew []Event
	for _, e := range evs {
		if e.Kind == EvDrew {
			drew = append(drew, e)
		}
	}
	if len(drew) != 3 || drew[2].Cards != set(passGo, slyDeal) || drew[2].Seen != 0 || drew[1].Seen != 1 {
		t.Fatalf("draw events %+v", drew)
	}
	for _, e := range evs {
		if e.Kind == EvDrewCount && e.Seen != Everyone {
			t.Error("the number of cards drawn is public")
		}
	}
	// Seat 1 ends up with an empty hand: it draws 5 at its turn's start.
	for _, c := range g.Hand(1).Cards(nil) {
		put(t, g, ZoneDiscard, Nobody, 0, c)
	}
	for _, c := range []int{m10, m1, m2} {
		apply(t, g, 0, Action{Kind: ActBank, Card: c})
	}
	evs = apply(t, g, 0, Action{Kind: ActEndTurn})
	if got := find(t, evs, EvDrewCount); got.Player != 1 || got.Amount != DrawEmptyHand || g.HandSize(1) != 5 {
		t.Fatalf("empty hand drew %+v, holds %d", got, g.HandSize(1))
	}
}

// TestReshuffle: when the draw pile runs out, the discards are shuffled
// into a new one; with neither, the draw gives what there is.
func TestReshuffle(t *testing.T) {
	g := scripted(t, 5, Rules{})
	keep := int(g.Deck[len(g.Deck)-1])
	for i := range g.Places {
		if g.Places[i].Zone == ZoneDeck && i != keep {
			put(t, g, ZoneDiscard, Nobody, 0, i)
		}
	}
	discards := 0
	for i := range g.Places {
		if g.Places[i].Zone == ZoneDiscard {
			discards++
		}
	}
	hand(t, g, 0, passGo)
	discards-- // the Pass Go came from the discards, and goes back to them when played
	evs := apply(t, g, 0, Action{Kind: ActPlay, Card: passGo})
	if e := find(t, evs, EvReshuffled); e.Amount != discards+1 {
		t.Fatalf("reshuffled %d cards, want %d", e.Amount, discards+1)
	}
	if !g.Hand(0).Has(keep) || g.HandSize(0) != 2 || len(g.Deck) != discards {
		t.Fatalf("hand %v, pile %d", g.Hand(0).Cards(nil), len(g.Deck))
	}
	// Nothing left to draw: the draw gives nothing and the game goes on.
	// (Each seat keeps two colours' sets, so nobody wins meanwhile.)
	for i := range g.Places {
		if z := g.Places[i].Zone; z == ZoneDeck || z == ZoneDiscard {
			stashByColor(t, g, i)
		}
	}
	evs = apply(t, g, 0, Action{Kind: ActEndTurn})
	if e := find(t, evs, EvDrewCount); e.Amount != 0 || g.Current != 1 {
		t.Fatalf("draw from nothing: %+v", e)
	}
}

// stashByColor puts a card out of play: a property on the table of the
// seat owning its colour (two colours a seat, of five), anything else in
// seat 4's bank.
func stashByColor(t *testing.T, g *Game, card int) {
	t.Helper()
	c := Cards[card].Colors[0]
	switch {
	case Cards[card].Bankable():
		bank(t, g, 4, card)
	case c == AnyColor:
		table(t, g, 0, Brown, card)
	default:
		table(t, g, PlayerID(c/2), c, card)
	}
}

// TestView shows a player their own hand only, the others' hand sizes,
// the size of the draw pile but not its order, and no generator state.
func TestView(t *testing.T) {
	g, _, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	me := (g.Current + 1) % 3
	v := g.View(me)
	if len(v.Hand) != 5 || g.Hand(me) != set(v.Hand...) || v.Hands[g.Current] != 7 || v.DeckLeft != len(g.Deck) ||
		len(v.Waiting) != 1 || v.Waiting[0] != g.Current {
		t.Fatalf("view %+v", v)
	}
	b, _ := json.Marshal(v)
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{"rng", "deck", "places"} {
		if _, ok := fields[hidden]; ok {
			t.Errorf("the view shows %q", hidden)
		}
	}
	other := g.Hand(g.Current)
	for _, c := range v.Hand {
		if other.Has(c) {
			t.Error("the view holds another player's card")
		}
	}
	if len(g.View(Nobody).Hand) != 0 || (&Event{Seen: me}).VisibleTo(g.Current) || !(&Event{Seen: Everyone}).VisibleTo(me) {
		t.Error("an onlooker sees a hand, or a private event is seen by another")
	}
}
