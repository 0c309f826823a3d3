package deal

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/deal/dealai"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
	"github.com/monopoly-tg/monopoly-bot/locales"
)

const testGroup int64 = -100777

func testKind(t *testing.T) *Kind {
	t.Helper()
	cat, err := locales.Load()
	if err != nil {
		t.Fatal(err)
	}
	return (&core{cat: cat, cfg: Config{Now: time.Now, Username: "fake_bot"}}).wire()
}

func testRecord(g *deal.Game) *kit.Record {
	rec := &kit.Record{ID: 77, Status: kit.StatusPlaying, Kind: Name, Seats: []kit.Seat{{User: 1, Name: "Ann"}, {User: 2, Name: "Богдан"}, {User: 3, Name: "Вера"}}}
	rec.State = &state.Deal{Game: g, Hands: make([]state.Hand, g.Seats)}
	for i := range Of(rec).Hands {
		Of(rec).Hands[i].Open = true
	}
	return rec
}

// reshuffleHidden deals the cards seat keep may not see — the other hands
// and the draw pile — anew at random, every hand keeping its size: a game
// that looks the same to keep (deal.Nobody: to the group).
func reshuffleHidden(t *testing.T, g *deal.Game, keep deal.PlayerID, r *rand.Rand) *deal.Game {
	t.Helper()
	h := g.Clone()
	type slot struct {
		owner deal.PlayerID // a hand's, or deal.Nobody for the pile
		pos   int           // the pile's position
	}
	var slots []slot
	var cards []int
	for c, pl := range h.Places {
		if pl.Zone == deal.ZoneHand && pl.Owner != keep {
			slots = append(slots, slot{owner: pl.Owner})
			cards = append(cards, c)
		}
	}
	for i, c := range h.Deck {
		slots = append(slots, slot{owner: deal.Nobody, pos: i})
		cards = append(cards, int(c))
	}
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i, s := range slots {
		c := cards[i]
		if s.owner == deal.Nobody {
			h.Deck[s.pos] = uint8(c)
			h.Places[c] = deal.Place{Zone: deal.ZoneDeck, Owner: deal.Nobody}
		} else {
			h.Places[c] = deal.Place{Zone: deal.ZoneHand, Owner: s.owner}
		}
	}
	if err := h.CheckInvariants(); err != nil {
		t.Fatalf("reshuffled game is broken: %v", err)
	}
	return h
}

// TestNoCardReachesAnotherPlayer plays whole 3-player games and renders,
// after every move, the group's table message, every hand message (with a
// card picked, too), every inline answer and the move's answer prompts;
// then deals the cards each reader may not see anew and renders again:
// nothing may change — no other player's card, nor the pile, reaches them.
//
// Seeds past 6 seat a computer player (seat 1), normal, easy and hard: it
// moves through the kind's computer turn, no change ever shows it a hand,
// and it moves alike in the twin game (the hard level's look-ahead deals
// the cards it cannot see from its own view only).
func TestNoCardReachesAnotherPlayer(t *testing.T) {
	k := testKind(t)
	r := rand.New(rand.NewPCG(1, 2))
	for seed := uint64(1); seed <= 9; seed++ {
		g, evs, err := deal.New(deal.Config{Players: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rec := testRecord(g)
		if seed > 6 {
			rec.Seats[1] = kit.Seat{User: -1, Name: "🤖 Computer 1", Computer: true, Level: kit.Level([]level.Level{level.Normal, level.Easy, level.Hard}[seed-7])}
			Of(rec).Hands[1].Open = false // a computer has no private chat
		}
		c := &kit.Change{Chat: testGroup, Rec: rec}
		k.play.absorb(c, "en", evs, nil)
		computerMoves := 0
		for step := 0; step < 600 && g.Phase != deal.PhaseGameOver; step++ {
			lang := locales.Languages[step%len(locales.Languages)]
			k.checkPrivacy(t, lang, rec, r)
			// The same move in a game whose hidden cards (but the mover's
			// hand) differ shows the group the same prompts and table.
			p := g.Waiting()
			computer, byComputer := computerDue(rec)
			if byComputer {
				p = computer
			}
			twin := *rec
			twin.State = Of(rec).Clone()
			Of(&twin).Game = reshuffleHidden(t, g, p, r)
			c = &kit.Change{Chat: testGroup, Rec: rec}
			ct := &kit.Change{Chat: testGroup, Rec: &twin}
			a := dealai.Decide(g, p)
			if byComputer { // the computer decides from its own view: alike in both
				computerMoves++
				if !k.play.computerTurn(c, lang) || !k.play.computerTurn(ct, lang) {
					t.Fatalf("seed %d step %d: the computer did not move", seed, step)
				}
			} else if err := k.play.apply(c, lang, 0, p, a); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			} else if err := k.play.apply(ct, lang, 0, p, a); err != nil {
				t.Fatalf("seed %d step %d, hidden cards dealt anew: %v", seed, step, err)
			}
			if g.Version != Of(&twin).Game.Version || g.Phase != Of(&twin).Game.Phase {
				t.Fatalf("seed %d step %d: the twin game moved otherwise", seed, step)
			}
			c.Turn = true
			k.Show(c, lang)
			for _, m := range c.Shows {
				if m.Chat < 0 {
					t.Fatalf("seed %d step %d: a message for the computer: %q", seed, step, m.Text)
				}
			}
			if replies(c) != replies(ct) || k.text.renderTable(lang, rec, true) != k.text.renderTable(lang, &twin, true) {
				t.Fatalf("what the group sees after %+v depends on hidden cards:\n%s\n---\n%s", a, replies(c)+k.text.renderTable(lang, rec, true), replies(ct)+k.text.renderTable(lang, &twin, true))
			}
		}
		if g.Phase != deal.PhaseGameOver {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		if seed > 6 && computerMoves == 0 {
			t.Fatalf("seed %d: the computer never moved", seed)
		}
	}
}

func replies(c *kit.Change) string {
	out := ""
	for _, r := range c.Replies {
		out += r.Text + "\n"
	}
	return out
}

func kbString(kb *kit.Markup) string {
	if kb == nil {
		return ""
	}
	out := ""
	for _, row := range kb.Rows {
		for _, b := range row {
			out += b.Text + "|"
			out += b.Data
			out += "\n"
		}
	}
	return out
}

func (k *Kind) checkPrivacy(t *testing.T, lang string, rec *kit.Record, r *rand.Rand) {
	t.Helper()
	g := Of(rec).Game
	table := k.text.renderTable(lang, rec, true)
	other := *rec
	other.State = Of(rec).Clone()
	Of(&other).Game = reshuffleHidden(t, g, deal.Nobody, r)
	if again := k.text.renderTable(lang, &other, true); again != table {
		t.Fatalf("the group's table depends on hidden cards:\n%s\n---\n%s", table, again)
	}
	for p := range deal.PlayerID(g.Seats) {
		for _, pick := range []bool{false, true} {
			Of(rec).ClearPick(int(p))
			if pick {
				for _, ch := range choices(rec, p) {
					if ch.op == OpCard {
						Of(rec).Hands[p].Picked, Of(rec).Hands[p].Pick = true, ch.arg
						break
					}
				}
			}
			text, kb := k.text.renderHand(lang, testGroup, rec, p, true)
			mine := *rec
			mine.State = Of(rec).Clone()
			Of(&mine).Game = reshuffleHidden(t, g, p, r)
			text2, kb2 := k.text.renderHand(lang, testGroup, &mine, p, true)
			if text != text2 || kbString(kb) != kbString(kb2) {
				t.Fatalf("seat %d's hand depends on others' cards:\n%s\n---\n%s", p, text, text2)
			}
			in1, _ := json.Marshal(k.hand.inlineResults(lang, lang, testGroup, rec, p))
			in2, _ := json.Marshal(k.hand.inlineResults(lang, lang, testGroup, &mine, p))
			if string(in1) != string(in2) {
				t.Fatalf("seat %d's inline answer depends on others' cards:\n%s\n---\n%s", p, in1, in2)
			}
			Of(rec).ClearPick(int(p))
		}
	}
}
