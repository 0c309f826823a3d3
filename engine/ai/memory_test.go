package ai

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// TestMemoryOutlivesStorage: a Player written after a rejected offer and
// read back remembers it (no new offer within the cooldown), keeps its
// strategy, and decides as the one that was never stored.
func TestMemoryOutlivesStorage(t *testing.T) {
	pl := &Player{Jail: JailLong, Reserve: 250}
	g, p, q := proposeSetup(t, 1500, []int{16, 18}, []int{19})
	a := decideOffer(t, pl, g, p)
	if _, err := g.Apply(p, a); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(q, engine.Action{Kind: engine.ActRejectTrade, TradeID: g.Trades[0].ID}); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(pl)
	if err != nil {
		t.Fatal(err)
	}
	var back Player
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, pl) {
		t.Fatalf("read back %+v, want %+v (from %s)", back, *pl, data)
	}
	if a := decide(t, &back, g, p); a.Kind == engine.ActProposeTrade {
		t.Fatal("the player read back offered the rejected deal again at once")
	}
	if fresh := decide(t, &Player{Jail: JailLong, Reserve: 250}, g, p); fresh.Kind != engine.ActProposeTrade {
		t.Fatalf("without memory the player decided %v: the test does not test the memory", fresh.Kind)
	}
}
