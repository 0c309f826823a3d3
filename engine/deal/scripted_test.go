package deal

import "testing"

// TestScriptedGame plays a whole two-player game from a scripted deck,
// every card coming from the deal and the draws: laying sets down, a Deal
// Breaker cancelled by Just Say No, and a win by three colours on the third
// play of a turn.
func TestScriptedGame(t *testing.T) {
	deck := []int{
		// the deal, one card at a time: seat 0, seat 1, …
		brown1, m1, brown2, m2, dblue1, m3, dblue2, green1, sayNo1, green2,
		util1, util2, // seat 0's first draw
		green3, dealBreaker, // seat 1's draw
		m5, m4, // seat 0's second draw
	}
	g, _, err := New(Config{Players: 2, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	if g.Hand(0) != set(brown1, brown2, dblue1, dblue2, sayNo1, util1, util2) {
		t.Fatalf("seat 0 holds %v", g.Hand(0).Cards(nil))
	}
	apply(t, g, 0, Action{Kind: ActPlace, Card: brown1, Color: Brown})
	apply(t, g, 0, Action{Kind: ActPlace, Card: brown2, Color: Brown})
	apply(t, g, 0, Action{Kind: ActPlace, Card: dblue1, Color: DarkBlue})
	apply(t, g, 0, Action{Kind: ActEndTurn})

	if g.Current != 1 || g.Hand(1) != set(m1, m2, m3, green1, green2, green3, dealBreaker) {
		t.Fatalf("seat 1 holds %v", g.Hand(1).Cards(nil))
	}
	apply(t, g, 1, Action{Kind: ActPlace, Card: green1, Color: Green})
	apply(t, g, 1, Action{Kind: ActPlace, Card: green2, Color: Green})
	apply(t, g, 1, Action{Kind: ActPlay, Card: dealBreaker, Target: 0, Color: Brown})
	apply(t, g, 0, Action{Kind: ActSayNo, Card: sayNo1})
	evs := apply(t, g, 1, Action{Kind: ActAccept, Target: 0}) // no Just Say No to answer with
	if find(t, evs, EvConceded).Other != 0 || g.Complete(0, Brown) != 1 {
		t.Fatal("the Just Say No did not save the browns")
	}
	apply(t, g, 1, Action{Kind: ActEndTurn})

	apply(t, g, 0, Action{Kind: ActPlace, Card: dblue2, Color: DarkBlue})
	if g.Hand(0) != set(util1, util2, m5, m4) || g.CompleteColors(0) != 2 {
		t.Fatalf("seat 0 holds %v", g.Hand(0).Cards(nil))
	}
	apply(t, g, 0, Action{Kind: ActPlace, Card: util1, Color: Utility})
	evs = apply(t, g, 0, Action{Kind: ActPlace, Card: util2, Color: Utility})
	if find(t, evs, EvWon).Player != 0 || g.Winner != 0 || g.Turn != 3 || g.Plays != 3 {
		t.Fatalf("winner %d, turn %d", g.Winner, g.Turn)
	}
}
