package board

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// keyedPress is the press of a turn message's button of op and arg as the
// keyboard would draw it for rec now.
func keyedPress(rec *kit.Record, op kit.Op, arg int) kit.Press {
	k := &kit.Keyboard{Rec: rec, Key: keys(Of(rec).Game)}
	p, err := kit.ParsePress(k.Data(op, arg))
	if err != nil {
		panic(err)
	}
	return p
}

// TestDecisionKeysFollowTheDecisionOnly: a decision button stays valid
// while its decision is pending, whatever else changes (another seat's
// mortgage); once the decision is taken, the presser's second tap is
// "done", someone else's press of it names whose turn it is, and a debt
// whose amount moved is refused naming the amount now.
func TestDecisionKeysFollowTheDecisionOnly(t *testing.T) {
	b := turnKind(t)
	rec := gameRecord(t, engine.Classic, 3)
	g := Of(rec).Game
	cur := g.Current
	other := (cur + 1) % 3
	user := func(s engine.PlayerID) *kit.Person {
		return &kit.Person{ID: rec.Seats[s].User, Lang: "en"}
	}
	check := func(seat engine.PlayerID, p kit.Press) *kit.Change {
		c := &kit.Change{Rec: rec}
		b.turn.stillMeant(c, "en", user(seat), seat, p)
		return c
	}

	roll := keyedPress(rec, OpRoll, 0)
	if DecisionSeat(roll.Rev) != cur {
		t.Fatalf("the roll's key names seat %d, the game waits for %d", DecisionSeat(roll.Rev), cur)
	}
	sq := streetsOf(g)[0]
	g.Props[sq].Owner = other
	mortgage := keyedPress(rec, OpMortgage, sq)
	g.Props[sq].Mortgaged = true // the other seat's mortgage: a change of the game, not of the roll
	if c := check(cur, roll); c.Alert != "" || c.Toast != "" {
		t.Errorf("another seat's mortgage outdated the roll: %q %q", c.Alert, c.Toast)
	}
	rec.Seats[other].Pressed = mortgage.Encode()
	if c := check(other, mortgage); c.Toast != b.cat.T("en", "toast_done", nil) {
		t.Errorf("a second tap of the mortgage was answered %q %q, want \"done\"", c.Alert, c.Toast)
	}

	g.Turn++ // the roll taken: a later decision
	rec.Seats[cur].Pressed = roll.Encode()
	if c := check(cur, roll); c.Alert != "" || c.Toast != b.cat.T("en", "toast_done", nil) {
		t.Errorf("the roller's second tap was answered %q %q, want \"done\"", c.Alert, c.Toast)
	}
	if c := check(other, roll); c.Alert != b.cat.T("en", "refuse_turn_of", map[string]any{"Player": kit.Isolate(rec.Seats[cur].Name)}) {
		t.Errorf("someone else's press of the roll was answered %q", c.Alert)
	}

	g.Phase, g.Debts = engine.PhaseDebt, []engine.Debt{{Debtor: cur, Creditor: engine.Bank, Amount: 50}}
	pay := keyedPress(rec, OpPayDebt, 0)
	if c := check(cur, pay); c.Alert != "" {
		t.Fatalf("the debt's own button was refused: %q", c.Alert)
	}
	g.Debts[0].Amount = 80
	want := b.cat.T("en", "refuse_amount_moved", map[string]any{"Amount": b.text.money("en", rec, 80)})
	if c := check(cur, pay); c.Alert != want {
		t.Errorf("paying a debt whose amount moved was answered %q, want %q", c.Alert, want)
	}
}

// streetsOf are g's street squares.
func streetsOf(g *engine.Game) []int {
	var out []int
	for sq, s := range g.EditionData().Squares {
		if s.Kind == engine.SquareStreet {
			out = append(out, sq)
		}
	}
	return out
}
