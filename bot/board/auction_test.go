package board

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

func TestBidSteps(t *testing.T) {
	for _, tc := range []struct {
		price, unit int
		want        [3]int
	}{
		{400, 1, [3]int{20, 100, 200}},
		{60, 1, [3]int{5, 20, 50}},
		{200, 1, [3]int{20, 100, 200}},
		{150, 1, [3]int{10, 50, 100}},
		{5, 1, [3]int{1, 5, 10}}, // never below the unit
		{60_000, 1000, [3]int{5000, 20_000, 50_000}},
		{400_000, 1000, [3]int{20_000, 100_000, 200_000}},
		{3000, 1, [3]int{200, 1000, 2000}},
	} {
		if got := BidSteps(tc.price, tc.unit); got != tc.want {
			t.Errorf("BidSteps(%d, %d) = %v, want %v", tc.price, tc.unit, got, tc.want)
		}
	}
}

// auctionOn opens the auction of the deed on square sq in rec's game: its
// current player declines it.
func auctionOn(t *testing.T, b *Kind, rec *kit.Record, sq int) {
	t.Helper()
	g := Of(rec).Game
	g.Players[g.Current].Pos = sq
	g.Phase, g.Step = engine.PhaseBuyDecision, engine.StepBuyDecision
	c := &kit.Change{Rec: rec}
	evs, err := g.Apply(g.Current, engine.Action{Kind: engine.ActDecline})
	if err != nil {
		t.Fatal(err)
	}
	b.auction.followAuctions(c, "en", evs)
	if g.Phase != engine.PhaseAuction || Of(rec).Auction == nil {
		t.Fatalf("no auction opened: phase %d, %+v", g.Phase, Of(rec).Auction)
	}
}

// TestLuxAuctionMessage: the lux edition's auction mentions every bidder,
// bids in thousands of hryvnias ("+5 000 ₴ → 65 000 ₴" after a bid), shows
// its deadline, and its bid buttons carry the auction's number, not the
// record's revision.
func TestLuxAuctionMessage(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	b := bareKind(cat, Config{Now: func() time.Time { return now }})
	rec := editionRecord(t, engine.Lux)
	rec.Clock.Deadline = now.Add(30 * time.Second).UnixMilli()
	g := Of(rec).Game
	ed := g.EditionData()
	sq := ed.Group(0)[0]
	auctionOn(t, b, rec, sq)
	price := ed.Squares[sq].Price
	steps := BidSteps(price, 1000)
	for _, lang := range locales.Languages {
		text := b.auction.renderAuction(lang, rec)
		for _, s := range rec.Seats {
			if !strings.Contains(text, kit.Mention(s)) {
				t.Errorf("%s: %s is not mentioned:\n%s", lang, s.Name, text)
			}
		}
		if !strings.Contains(text, "⏳") || !strings.Contains(text, cat.MoneyOf(lang, engine.Lux, price)) || strings.Contains(text, "$") {
			t.Errorf("%s: the auction message lacks its deadline or its price in hryvnias:\n%s", lang, text)
		}
	}
	if err := applyBid(g, 1, steps[1]); err != nil {
		t.Fatal(err)
	}
	for _, lang := range locales.Languages {
		var raises []int
		for _, row := range b.auction.auctionKeyboard(lang, rec).Rows {
			for _, btn := range row {
				p, err := kit.ParsePress(btn.Data)
				if err == nil && p.Op == OpDeed { // valid while the game runs (deed.go)
					continue
				}
				if err != nil || p.Game != rec.ID || !p.Keyed || p.Rev != auctionKey(Of(rec).Auction.Seq, g.Auction.High) {
					t.Fatalf("%s: button %q carries %+v, want the game, the auction's number and its highest bid", lang, btn.Text, p)
				}
				if p.Op != OpAuctionRaise {
					continue
				}
				raises = append(raises, p.Arg)
				want := cat.T(lang, "btn_raise", map[string]any{"Step": cat.MoneyOf(lang, engine.Lux, p.Arg),
					"Amount": cat.MoneyOf(lang, engine.Lux, steps[1]+p.Arg)})
				if btn.Text != want || !strings.Contains(btn.Text, "₴") {
					t.Errorf("%s: raise button %q, want %q", lang, btn.Text, want)
				}
			}
		}
		if len(raises) != 3 || raises[0] != steps[0] {
			t.Errorf("%s: raises %v, want the steps %v", lang, raises, steps)
		}
	}
}

func applyBid(g *engine.Game, p engine.PlayerID, amount int) error {
	_, err := g.Apply(p, engine.Action{Kind: engine.ActBid, Amount: amount})
	return err
}

// TestAuctionRefreshGaps: the auction message is refreshed at once when
// the last refresh is old enough, else at the due moment the kind reports,
// and the gaps grow to half the bid window, at most 15 s.
func TestAuctionRefreshGaps(t *testing.T) {
	rec := &kit.Record{}
	rec.Pace.Bid = 30 * time.Second
	var gaps []int64
	for n := 0; n < 5; n++ {
		gaps = append(gaps, refreshGap(rec, n))
	}
	if want := []int64{5000, 10_000, 15_000, 15_000, 15_000}; !slices.Equal(gaps, want) {
		t.Errorf("gaps %v, want %v", gaps, want)
	}
	rec.Pace.Bid = 10 * time.Minute // relaxed: a bid a few seconds after the last refresh shows soon
	if got := refreshGap(rec, 0); got != 15_000 {
		t.Errorf("relaxed pace: first gap %d ms, want 15 s", got)
	}
	b := bareKind(nil, Config{Now: func() time.Time { return time.UnixMilli(1_000_000) }})
	rec = editionRecord(t, engine.Classic)
	rec.Pace.Bid = 30 * time.Second
	auctionOn(t, b, rec, 1)
	if refreshDue(rec) != 0 {
		t.Fatal("a just opened auction waits for a refresh")
	}
	c := &kit.Change{Rec: rec}
	evs, _ := Of(rec).Game.Apply(1, engine.Action{Kind: engine.ActBid, Amount: 10})
	b.auction.followAuctions(c, "en", evs)
	if due := refreshDue(rec); due != 1_000_000+5000 {
		t.Fatalf("a bid right after the opening: refresh due at %d, want 5 s after it", due)
	}
	b.cfg.Now = func() time.Time { return time.UnixMilli(1_006_000) }
	evs, _ = Of(rec).Game.Apply(2, engine.Action{Kind: engine.ActBid, Amount: 20})
	b.auction.followAuctions(c, "en", evs)
	if refreshDue(rec) != 0 || Of(rec).Auction.Refreshes != 1 {
		t.Fatalf("a bid after the gap is not shown at once: %+v", Of(rec).Auction)
	}
}

// TestAuctionOpeningBids: before the first bid the buttons are amounts
// suited to the deed's price, then the deed's card and leaving; a lot
// nobody can pay offers only leaving.
func TestAuctionOpeningBids(t *testing.T) {
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := bareKind(cat, Config{Now: time.Now})
	rec := editionRecord(t, engine.Classic)
	auctionOn(t, b, rec, 1) // Mediterranean Avenue, $60
	ops := func() (bids []int, others []kit.Op) {
		for _, row := range b.auction.auctionKeyboard("en", rec).Rows {
			for _, btn := range row {
				p, _ := kit.ParsePress(btn.Data)
				if p.Op == OpAuctionBid {
					bids = append(bids, p.Arg)
					if btn.Text != cat.T("en", "btn_bid", map[string]any{"Amount": cat.Money("en", p.Arg)}) {
						t.Errorf("opening bid button %q", btn.Text)
					}
				} else {
					others = append(others, p.Op)
				}
			}
		}
		return bids, others
	}
	bids, others := ops()
	if !slices.Equal(bids, []int{5, 20, 50}) || !slices.Equal(others, []kit.Op{OpDeed, OpAuctionLeave}) {
		t.Errorf("opening buttons: bids %v, others %v", bids, others)
	}
	for i := range Of(rec).Game.Players {
		Of(rec).Game.Players[i].Cash = 0
	}
	if bids, _ := ops(); len(bids) != 0 {
		t.Errorf("bids %v offered to bidders without cash", bids)
	}
}
