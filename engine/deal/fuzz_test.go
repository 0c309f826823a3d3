package deal

import (
	"encoding/binary"
	"testing"
)

// FuzzApply drives a fresh game with the fuzzer's bytes: a header chooses
// the seed, the number of players and the Just Say No option, then every 6
// bytes are one action (player, kind, card, colour/target, take, give). A
// kind byte with its high bit set picks one of the waiting player's legal
// actions instead, so games get far enough to reach payments, steals,
// buildings and wins. The game must never panic; invariants and event
// promises hold after every accepted action; every refusal is a sentinel
// and changes nothing.
//
//	go test -run=NONE -fuzz=FuzzApply -fuzztime=60s ./engine/deal/
func FuzzApply(f *testing.F) {
	f.Add([]byte("\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	long := []byte("\x05\x00\x00\x00\x00\x00\x00\x00\x02\x01")
	for i := 0; i < 400; i++ {
		long = append(long, byte(i%5), 0x80|byte(i*37), byte(i*11), byte(i*3), byte(i*7), byte(i*13))
	}
	f.Add(long)
	mixed := []byte("\x2a\x00\x00\x00\x00\x00\x00\x00\x03\x00")
	for i := 0; i < 200; i++ {
		mixed = append(mixed, byte(i%6), byte(i*29), byte(i*17), byte(i*5), byte(i*31), byte(i*3))
	}
	f.Add(mixed)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 10 {
			return
		}
		cfg := Config{Seed: binary.LittleEndian.Uint64(data), Players: MinPlayers + int(data[8])%(MaxPlayers-MinPlayers+1),
			Rules: Rules{SayNoCostsPlay: data[9]&1 != 0}}
		g, _, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var buf []Action
		rest := data[10:]
		if len(rest) > 6*maxFuzzSteps {
			rest = rest[:6*maxFuzzSteps]
		}
		for ; len(rest) >= 6 && g.Phase != PhaseGameOver; rest = rest[6:] {
			p := PlayerID(int(rest[0])%(g.Seats+3)) - 2 // System, Nobody, seats, one seat too many
			var a Action
			if rest[1]&0x80 != 0 {
				if q := PlayerID(int(rest[0]) % g.Seats); g.Waits(q) {
					p = q // one of the players asked at once
				} else {
					p = g.Waiting()
				}
				buf = g.AppendLegal(buf[:0], p)
				if len(buf) == 0 {
					p, a = System, Action{Kind: ActTimeout}
				} else {
					a = buf[int(rest[2])%len(buf)]
				}
			} else {
				a = Action{Kind: ActionKind(rest[1] % byte(actionKinds+1)), Card: int(rest[2]) - 10,
					Color: Color(rest[3]%12) - 1, Target: PlayerID(rest[3]>>4) - 1, Take: int(rest[4]), Give: int(rest[5])}
				if a.Kind == ActPay {
					all, _ := g.PayableCards(p)
					a.Cards = CardSet{all[0] & (uint64(rest[4]) * 0x0101010101010101), all[1] & uint64(rest[5])}
				}
			}
			if cerr := g.Check(p, a); cerr != nil {
				before := g.Clone()
				if _, err := g.Apply(p, a); err != cerr {
					t.Fatalf("Check said %v, Apply %v", cerr, err)
				}
				if !isSentinel(cerr) {
					t.Fatalf("error %v is not a sentinel", cerr)
				}
				if !unchanged(before, g) {
					t.Fatalf("refused %+v by %d changed the game", a, p)
				}
				continue
			}
			evs, err := g.Apply(p, a)
			if err != nil {
				t.Fatalf("Check accepted %+v by %d, Apply refused: %v", a, p, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("after %+v by %d: %v\n%s", a, p, err, snapshot(t, g))
			}
			if err := g.CheckEvents(evs); err != nil {
				t.Fatalf("after %+v by %d: %v", a, p, err)
			}
		}
	})
}

// maxFuzzSteps bounds the actions one fuzz input plays.
const maxFuzzSteps = 400
