package engine

import (
	"encoding/binary"
	"testing"
)

// FuzzApply drives a fresh game with the fuzzer's bytes: a header chooses
// the seed, the number of players and rule options, then every 5 bytes are
// one action (player, kind, square, amount). A kind byte with its high bit
// set picks one of the player's legal actions instead, so games progress
// far enough to reach debts, auctions, buildings and bankruptcies. The
// game must never panic; invariants hold after every accepted action;
// every refusal is a sentinel and changes nothing.
//
//	go test -run=NONE -fuzz=FuzzApply -fuzztime=60s ./engine/
func FuzzApply(f *testing.F) {
	f.Add([]byte("\x01\x00\x00\x00\x00\x00\x00\x00\x02\x00"))
	f.Add([]byte("\x07\x00\x00\x00\x00\x00\x00\x00\x03\x0f" +
		"\x00\x81\x00\x00\x00\x00\x81\x01\x00\x00\x00\x86\x00\x00\x00\x01\x81\x00\x00\x00"))
	f.Add([]byte("\x2a\x00\x00\x00\x00\x00\x00\x00\x04\x01" +
		"\x00\x01\x00\x00\x00\x00\x02\x00\x00\x00\x00\x03\x00\x00\x00\x01\x04\x05\x10\x00" +
		"\x02\x07\x27\x00\x00\x00\x11\x05\x40\x00\x00\x16\x00\x00\x00\x00\x96\x00\x00\x00"))
	long := []byte("\x05\x00\x00\x00\x00\x00\x00\x00\x05\x06")
	for i := 0; i < 300; i++ {
		long = append(long, byte(i%7), 0x80|byte(i*37), byte(i*11), byte(i*3), 0)
	}
	f.Add(long)
	business := []byte("\x0b\x00\x00\x00\x00\x00\x00\x00\x02\x80")
	for i := 0; i < 300; i++ {
		business = append(business, byte(i%5), 0x80|byte(i*29), byte(i*13), byte(i*7), 0)
	}
	f.Add(business)
	lux := []byte("\x11\x00\x00\x00\x00\x00\x00\x00\x84\x00") // 4 players of the lux edition
	for i := 0; i < 300; i++ {
		lux = append(lux, byte(i%4), 0x80|byte(i*31), byte(i*17), byte(i*5), 0)
	}
	f.Add(lux)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 10 {
			return
		}
		seed := binary.LittleEndian.Uint64(data)
		players := 2 + int(data[8])%5
		opts := data[9]
		edition := Classic
		switch {
		case opts&128 != 0:
			edition = Business
		case data[8]&128 != 0: // the lux edition takes the classic options
			edition = Lux
			players = min(players, 4)
		}
		rules := EditionByID(edition).Rules
		if edition != Business {
			rules.BuildBeforeRollOnly = opts&1 == 0
			rules.FreeParkingJackpot = opts&2 != 0
			rules.DoubleSalaryOnStart = opts&4 != 0
			rules.NoRentInJail = opts&8 != 0
		} else {
			rules.GambleCap = int(opts&3) * 100 // 0: no cap
			rules.DoubleRentOnSet = opts&4 != 0
			rules.AutoEndTurn = opts&8 != 0
		}
		rules.Auctions = opts&16 == 0 && edition != Business
		rules.EarlyEndByAgreement = opts&32 == 0
		rules.EvenBuilding = opts&64 == 0
		g, _, err := New(Config{Edition: edition, Players: players, Seed: seed, Rules: &rules})
		if err != nil {
			t.Fatal(err)
		}
		g.index() // built from the start, so that every step checks its upkeep
		if err := g.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		var buf []Action
		rest := data[10:]
		if len(rest) > 5*maxFuzzSteps {
			rest = rest[:5*maxFuzzSteps] // long inputs only slow the fuzzer down
		}
		for ; len(rest) >= 5 && g.Phase != PhaseGameOver; rest = rest[5:] {
			p := PlayerID(int(rest[0])%(players+3)) - 3 // -3 … players-1: strangers, System, Bank, seats
			if p == -3 {
				p = PlayerID(players) // a seat that does not exist
			}
			amount := int(int16(binary.LittleEndian.Uint16(rest[3:])))
			var a Action
			if rest[1]&0x80 != 0 {
				if w := g.Waiting(); w != NoOwner && rest[0]&0x80 == 0 {
					p = w
				}
				buf = g.AppendLegal(buf[:0], p)
				if len(buf) == 0 {
					p, a = System, Action{Kind: ActTimeout}
				} else {
					a = buf[int(rest[2])%len(buf)]
					if (a.Kind == ActBid || a.Kind == ActStake) && amount > 0 {
						a.Amount += amount % (a.Max - a.Amount + 1)
						if amount&1 == 0 { // whole banknotes (lux) half the time
							a.Amount -= a.Amount % g.Note()
						}
					}
					a.Max = 0
				}
			} else {
				a = Action{Kind: ActionKind(rest[1] % byte(actionKinds+1)), Square: int(rest[2])%44 - 2,
					Amount: amount, TradeID: int(rest[2]) % 5}
			}
			if a.Kind == ActProposeTrade {
				a.Trade = fuzzTrade(g, p, rest[2], amount)
			}
			if cerr := g.Check(p, a); cerr != nil {
				before := snapshot(t, g)
				if _, err := g.Apply(p, a); err != cerr {
					t.Fatalf("Check said %v, Apply %v", cerr, err)
				}
				if !isSentinel(cerr) {
					t.Fatalf("error %v is not a sentinel", cerr)
				}
				if snapshot(t, g) != before {
					t.Fatalf("refused %+v by %d changed the game", a, p)
				}
				continue
			}
			if _, err := g.Apply(p, a); err != nil {
				t.Fatalf("Check accepted %+v by %d, Apply refused: %v", a, p, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("after %+v by %d: %v\n%s", a, p, err, snapshot(t, g))
			}
		}
	})
}

// maxFuzzSteps bounds the actions one fuzz input plays.
const maxFuzzSteps = 1000

// fuzzTrade builds an offer from two fuzz values: the counterparty, a deed
// of each side chosen by the square byte, cash from the amount, and the
// jail cards sometimes.
func fuzzTrade(g *Game, p PlayerID, b byte, amount int) *Trade {
	n := len(g.Players)
	tr := &Trade{To: PlayerID(int(b) % (n + 1))} // n: nobody
	var mine, theirs []int
	for sq := range g.Props {
		switch g.Props[sq].Owner {
		case p:
			mine = append(mine, sq)
		case tr.To:
			theirs = append(theirs, sq)
		}
	}
	if len(mine) > 0 && b&1 != 0 {
		tr.GiveDeeds = []int{mine[int(b>>1)%len(mine)]}
	}
	if len(theirs) > 0 && b&2 != 0 {
		tr.TakeDeeds = []int{theirs[int(b>>2)%len(theirs)]}
	}
	if amount >= 0 {
		tr.GiveCash = amount % 800
	} else {
		tr.TakeCash = -amount % 800
	}
	if b&4 != 0 {
		tr.GiveCards = []int{int(b>>3) % 2}
	}
	if b&8 != 0 {
		tr.TakeCards = []int{int(b>>4) % 3}
	}
	if b&16 != 0 {
		tr.Debt = g.MaxDebtCredit(p, tr.To) - int(b>>5)
	}
	if amount%7 == 0 { // a building bought from the counterparty, squares maybe off the board
		tr.TakeBuilding, tr.PlaceOn = int(b)%44-2, int(b>>1)%44-2
	}
	return tr
}
