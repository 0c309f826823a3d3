package ai

import (
	"encoding/binary"
	"hash/fnv"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/engine"
)

// rulesFingerprint plays games under rules with computer players and
// hashes every event, so that any change of a decision shows.
func rulesFingerprint(t *testing.T, rules engine.Rules, players int, jail JailStrategy) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(v int) {
		binary.LittleEndian.PutUint64(b[:], uint64(v))
		h.Write(b[:])
	}
	pl := &Player{Jail: jail}
	s := seats(players, pl)
	for seed := uint64(1); seed <= 150; seed++ {
		*pl = Player{Jail: jail}
		r := rules
		g, _, err := engine.New(engine.Config{Edition: engine.Classic, Players: players, Seed: seed, Rules: &r})
		if err != nil {
			t.Fatal(err)
		}
		for g.Phase != engine.PhaseGameOver && g.Turn < 800 {
			events, err := Step(g, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				put(int(e.Kind))
				put(int(e.Player))
				put(int(e.Other))
				put(e.Square)
				put(e.Amount)
				put(e.Cost)
			}
		}
		put(int(g.Winner))
		put(g.Turn)
	}
	return h.Sum64()
}

// TestRulesFingerprint pins every event of games under house rules that
// cmd/monosim's TestFingerprint does not play (building after the roll,
// uneven building, no auctions...). The figures were computed by this test
// run on the code of commit 55306af, before the engine and the computer
// players were made faster: the faster code must make the same decisions
// under every rule.
func TestRulesFingerprint(t *testing.T) {
	classic := engine.EditionByID(engine.Classic).Rules
	free := classic
	free.BuildBeforeRollOnly = false
	uneven := free
	uneven.EvenBuilding = false
	uneven.FreeParkingJackpot = true
	noAuction := classic
	noAuction.Auctions = false
	noAuction.NoRentInJail = true
	for i, c := range []struct {
		rules   engine.Rules
		players int
		jail    JailStrategy
		want    uint64
	}{
		{free, 4, JailShort, 0x3daa9814c1f74fb2},
		{uneven, 3, JailLong, 0x90adb3304850366a},
		{noAuction, 5, JailShort, 0x805bd11cd0f67116},
		{free, 2, JailLong, 0xf8df88e6f8297916},
	} {
		if got := rulesFingerprint(t, c.rules, c.players, c.jail); got != c.want {
			t.Errorf("case %d (%d players, jail %s): fingerprint %#x, want %#x", i, c.players, c.jail, got, c.want)
		}
	}
}
