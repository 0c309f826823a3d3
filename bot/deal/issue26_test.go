package deal

import (
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// More cards of the scripted games.
const (
	wildRedYellow = 51
	wildAny       = 57
	slyDeal       = 64
	forcedDeal    = 67
	red1, red2    = 31, 32
	green1        = 37
	dblue1        = 40
	rentAny       = 103
)

// lay moves cards to zone z of owner (colour col on a table) wherever they
// lie, the draw pile included, and checks the game stays whole.
func lay(t *testing.T, g *deal.Game, z deal.Zone, owner deal.PlayerID, col deal.Color, cards ...int) {
	t.Helper()
	for _, c := range cards {
		if g.Places[c].Zone == deal.ZoneDeck {
			for i, d := range g.Deck {
				if int(d) == c {
					g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
					break
				}
			}
		}
		g.Places[c] = deal.Place{Zone: z, Owner: owner, Color: col}
	}
	if err := g.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestActorRecolorsWhileAnswered: while the target answers the actor's
// Debt Collector, the actor's hand still offers the wilds on the table to
// re-colour (issue #26, item 17: "at any moment of your turn").
func TestActorRecolorsWhileAnswered(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := Of(rec).Game
	lay(t, g, deal.ZoneTable, 0, deal.Red, wildRedYellow)
	press(k, rec, 0, OpCard, debtCollector)
	press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay && a.Target == 1 }))
	if g.Phase != deal.PhaseRespond || g.Waits(0) {
		t.Fatalf("phase %d, the actor waited for: %v", g.Phase, g.Waits(0))
	}
	if c := press(k, rec, 0, OpCard, wildRedYellow); c.Alert != "" {
		t.Fatalf("picking the wild while answered: %q (buttons %+v)", c.Alert, Buttons(rec, 0))
	}
	arg := actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActRecolor && a.Color == deal.Yellow })
	if c := press(k, rec, 0, OpAct, arg); c.Alert != "" || g.Places[wildRedYellow].Color != deal.Yellow {
		t.Fatalf("re-colouring: alert %q, colour %d", c.Alert, g.Places[wildRedYellow].Color)
	}
	if g.Phase != deal.PhaseRespond || !g.Waits(1) {
		t.Fatal("the re-colour ended the target's answer")
	}
	for _, b := range Buttons(rec, 0) {
		if b.Op == OpAct && b.Action.Kind != deal.ActRecolor {
			t.Fatalf("the actor, not waited for, is offered %+v", b)
		}
	}
}

// TestTargetIsToldWhatIsTaken: the target's private prompt, the group's
// prompt and the table's line name what the action takes — the card of a
// Sly Deal, both cards of a Forced Deal, the set of a Deal Breaker, the set
// and amount of a rent —, so that the target can decide whether to say no
// (issue #26, item 18).
func TestTargetIsToldWhatIsTaken(t *testing.T) {
	k := testKind(t)
	const dealBreaker = 59
	for _, c := range []struct {
		name  string
		card  int
		lay   func(t *testing.T, g *deal.Game)
		match func(a deal.Action) bool
		take  int // a Forced Deal's card to take, chosen first
		want  []string
	}{
		{"Sly Deal", slyDeal, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 1, deal.Red, red1)
		}, func(a deal.Action) bool { return a.Take == red1 }, 0, []string{k.text.cardName("en", red1)}},
		{"Forced Deal", forcedDeal, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 1, deal.Red, red2)
			lay(t, g, deal.ZoneTable, 0, deal.Green, green1)
		}, func(a deal.Action) bool { return a.Take == red2 && a.Give == green1 }, red2,
			[]string{k.text.cardName("en", red2), k.text.cardName("en", green1)}},
		{"Deal Breaker", dealBreaker, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 1, deal.DarkBlue, dblue1, dblue1+1)
		}, func(a deal.Action) bool { return a.Color == deal.DarkBlue }, 0, []string{"complete set: " + k.text.colorName("en", deal.DarkBlue)}},
		{"rent", rentAny, func(t *testing.T, g *deal.Game) {
			lay(t, g, deal.ZoneTable, 0, deal.DarkBlue, dblue1)
			lay(t, g, deal.ZoneBank, 1, 0, money3)
		}, func(a deal.Action) bool { return a.Color == deal.DarkBlue && a.Target == 1 && a.Cards.Empty() }, 0,
			[]string{"rent for " + k.text.colorName("en", deal.DarkBlue), "3M"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := scripted(t)
			g := Of(rec).Game
			lay(t, g, deal.ZoneHand, 0, 0, c.card)
			c.lay(t, g)
			press(k, rec, 0, OpCard, c.card)
			if c.take != 0 {
				press(k, rec, 0, OpTake, c.take)
			}
			played := press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay && c.match(a) }))
			if g.Phase != deal.PhaseRespond || len(played.Replies) != 1 {
				t.Fatalf("phase %d, replies %+v", g.Phase, played.Replies)
			}
			hand, _ := k.text.renderHand("en", testGroup, rec, 1, true)
			table := k.text.renderTable("en", rec, true)
			for _, w := range c.want {
				for where, text := range map[string]string{"the target's hand": hand, "the group's prompt": played.Replies[0].Text, "the table": table} {
					if !strings.Contains(strings.ToLower(text), strings.ToLower(w)) {
						t.Errorf("%s does not say %q:\n%s", where, w, text)
					}
				}
			}
		})
	}
}

// TestInlineEndTurnAlwaysOffered: three players with five loose
// properties each and a Forced Deal in hand gave 66 moves, cut at 50
// with End turn last — gone (issue #26, item 13). The answer is End turn
// first, then one result per card: the Forced Deal is one result, its
// cards chosen in the private chat; nothing posted names a hand card;
// cards that cannot be played now are no results but End turn names
// them; a player the game does not wait for gets nothing to choose.
func TestInlineEndTurnAlwaysOffered(t *testing.T) {
	k := testKind(t)
	g, _, err := deal.New(deal.Config{Players: 3, Deck: []int{}})
	if err != nil {
		t.Fatal(err)
	}
	rec := testRecord(g)
	for c := range deal.DeckSize {
		if g.Places[c].Zone == deal.ZoneHand {
			lay(t, g, deal.ZoneDiscard, deal.Nobody, 0, c)
		}
	}
	// Five loose properties each, of five colours with sets of three.
	colours := []deal.Color{deal.LightBlue, deal.Pink, deal.Orange, deal.Red, deal.Yellow}
	first := []int{22, 25, 28, 31, 34}
	for p := range deal.PlayerID(3) {
		for i, col := range colours {
			lay(t, g, deal.ZoneTable, p, col, first[i]+int(p))
		}
	}
	const justSayNo, double = 61, 91
	lay(t, g, deal.ZoneHand, 0, 0, forcedDeal, money3, justSayNo, double)
	if n := len(g.Legal(0)); n <= maxInlineResults {
		t.Fatalf("the layout gives %d moves: not more than Telegram's %d", n, maxInlineResults)
	}
	results := k.hand.inlineResults("en", "en", testGroup, rec, 0)
	if len(results) > maxInlineResults || len(results) == 0 {
		t.Fatalf("%d results", len(results))
	}
	end := k.t("en", "deal_btn_end", nil)
	first0 := results[0]
	if first0.Title != end {
		t.Fatalf("the first result is %q, not End turn", first0.Title)
	}
	// What a result posts names the card it plays (public once played)
	// and no other card of the hand; a card with several ways, chosen in
	// the private chat, is not named before it is played.
	titles := map[string]int{}
	entries := inlineEntries(rec, 0)
	for i, r := range results {
		a := r
		titles[a.Title]++
		text := a.Text
		e := entries[i]
		played := -1
		if len(e.acts) == 1 {
			played = e.card
		}
		if played >= 0 && !strings.Contains(text, k.text.cardName("en", played)) {
			t.Errorf("result %q posts %q, not naming the card it plays", a.Title, text)
		}
		for _, c := range g.Hand(0).Cards(nil) {
			if c != played && deal.Cards[c].Type != deal.TypeMoney && strings.Contains(text, k.text.cardName("en", c)) {
				t.Errorf("result %q posts %q, naming a hand card it does not play", a.Title, text)
			}
		}
		if a.KB == nil {
			t.Errorf("result %q has no button: a refused choice of it could not be edited", a.Title)
		}
	}
	if len(results) != 5 || len(titles) != 5 {
		t.Fatalf("want End turn and one result for each of the 4 cards: %v", titles)
	}
	// With the 3 plays used, no card can be played: End turn alone,
	// naming them (a card to look at would post a message doing nothing).
	g.Plays = deal.PlaysPerTurn
	results = k.hand.inlineResults("en", "en", testGroup, rec, 0)
	if len(results) != 1 {
		t.Fatalf("with no play left: %d results", len(results))
	}
	for _, c := range []int{forcedDeal, money3, justSayNo, double} {
		if d := results[0].Description; !strings.Contains(d, k.text.cardName("en", c)) {
			t.Errorf("End turn's description %q does not name %q, which cannot be played now", d, k.text.cardName("en", c))
		}
	}
	if n := len(k.hand.inlineResults("en", "en", testGroup, rec, 1)); n != 0 {
		t.Fatalf("a player the game does not wait for got %d results", n)
	}
}

// TestInlineChoices: choosing a card with one way plays it; choosing one
// with several picks it in the private chat's hand and plays nothing;
// choosing End turn ends the turn; a choice made on an older hand is
// refused.
func TestInlineChoices(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := Of(rec).Game
	lay(t, g, deal.ZoneHand, 0, 0, money3+1, red1)
	entries := inlineEntries(rec, 0)
	find := func(card int) int {
		for i, e := range entries {
			if e.card == card {
				return i
			}
		}
		t.Fatalf("no result for card %d: %+v", card, entries)
		return -1
	}
	if len(entries[find(red1)].acts) != 1 || len(entries[find(debtCollector)].acts) < 2 {
		t.Fatalf("the red has one way, the Debt Collector several: %+v", entries)
	}
	// The Debt Collector: picked in the private hand, nothing played.
	ver := g.Version
	i := find(debtCollector)
	choose(k, rec, 0, resultID(testGroup, rec, handKey(rec, 0), i))
	if h := Of(rec).Hands[0]; !h.Picked || h.Pick != debtCollector || g.Version != ver {
		t.Fatalf("choosing the Debt Collector: hand %+v, version %d → %d", h, ver, g.Version)
	}
	// The red: laid down.
	Of(rec).ClearPick(0)
	entries = inlineEntries(rec, 0)
	old := resultID(testGroup, rec, handKey(rec, 0), find(red1))
	choose(k, rec, 0, old)
	if g.Places[red1].Zone != deal.ZoneTable || g.Version != ver+1 {
		t.Fatalf("the red was not laid down: %+v", g.Places[red1])
	}
	// The same choice again: outdated, nothing played.
	if c := choose(k, rec, 0, old); g.Version != ver+1 || len(c.Replies) != 1 || !strings.Contains(c.Replies[0].Text, "outdated") {
		t.Fatalf("a stale choice: version %d, replies %+v", g.Version, c.Replies)
	}
	entries = inlineEntries(rec, 0)
	choose(k, rec, 0, resultID(testGroup, rec, handKey(rec, 0), 0))
	if g.Current != 1 && g.Phase != deal.PhaseDiscard {
		t.Fatalf("End turn, the first result, did not end the turn: current %d, phase %d", g.Current, g.Phase)
	}
}

// choose chooses inline result id as seat's person.
func choose(k *Kind, rec *kit.Record, seat int, id string) *kit.Change {
	_, game, key, i, ok := parseResultID(id)
	c := &kit.Change{Chat: testGroup, Via: rec.Seats[seat].User, Rec: rec}
	if ok { // refused: what ChosenInline tells the group when it cannot edit the posted message
		if why := k.hand.onChosenInline(c, &kit.Person{ID: rec.Seats[seat].User, Name: rec.Seats[seat].Name, Lang: "en"}, game, key, i); why != "" {
			c.Replies = append(c.Replies, kit.Reply{Text: why})
		}
	}
	return c
}

// TestInlineNeverCutsSilently: more cards than Telegram's 50 results keep
// End turn first and end with a result leading to the private chat.
func TestInlineNeverCutsSilently(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := Of(rec).Game
	for c := range deal.FirstProperty { // every money card
		lay(t, g, deal.ZoneHand, 0, 0, c)
	}
	for c := deal.FirstAction; c < deal.DeckSize; c++ {
		if g.Places[c].Zone != deal.ZoneHand {
			lay(t, g, deal.ZoneHand, 0, 0, c)
		}
	}
	entries := inlineEntries(rec, 0)
	results := k.hand.inlineResults("en", "en", testGroup, rec, 0)
	if len(results) != maxInlineResults || len(entries) != maxInlineResults {
		t.Fatalf("%d results for %d cards", len(results), g.Hand(0).Len())
	}
	if results[0].Title != k.t("en", "deal_btn_end", nil) {
		t.Fatal("End turn is not first")
	}
	last := results[len(results)-1]
	if last.Title != k.t("en", "deal_inline_more", nil) || last.KB == nil || last.KB.Rows[0][0].URL == "" {
		t.Fatalf("the last result does not lead to the private chat: %+v", last)
	}
	ver := g.Version
	if c := choose(k, rec, 0, resultID(testGroup, rec, handKey(rec, 0), maxInlineResults-1)); g.Version != ver || c.Alert != "" || len(c.Replies) != 0 {
		t.Fatalf("choosing «more moves» played something: version %d → %d, %+v", ver, g.Version, c.Replies)
	}
}

// TestInlineWildWhileAnswered: while the target answers, the actor's
// inline answer offers the wild on the table to re-colour, named with 🎨
// (issue #26, item 17); a two-colour wild has one way and turns at once.
func TestInlineWildWhileAnswered(t *testing.T) {
	k := testKind(t)
	rec := scripted(t)
	g := Of(rec).Game
	lay(t, g, deal.ZoneTable, 0, deal.Red, wildRedYellow)
	press(k, rec, 0, OpCard, debtCollector)
	press(k, rec, 0, OpAct, actButton(t, rec, 0, func(a deal.Action) bool { return a.Kind == deal.ActPlay && a.Target == 1 }))
	results := k.hand.inlineResults("en", "en", testGroup, rec, 0)
	if len(results) != 1 {
		t.Fatalf("the actor, answered, gets %d results", len(results))
	}
	if r := results[0]; r.Title != "🎨 "+k.text.cardName("en", wildRedYellow) {
		t.Fatalf("the result is %q", r.Title)
	}
	choose(k, rec, 0, resultID(testGroup, rec, handKey(rec, 0), 0))
	if g.Places[wildRedYellow].Color != deal.Yellow || g.Phase != deal.PhaseRespond {
		t.Fatalf("the wild is %d, phase %d", g.Places[wildRedYellow].Color, g.Phase)
	}
}
