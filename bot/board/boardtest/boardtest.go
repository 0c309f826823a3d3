package boardtest

import (
	"encoding/json"
	"math/rand/v2"

	"github.com/monopoly-tg/monopoly-bot/bot/board"
	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
	"github.com/monopoly-tg/monopoly-bot/bot/fakeapi"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
)

// Board is the whole bot under test (bottest.Harness) played at a board
// game by its Users, through the buttons on screen.
type Board struct{ *bottest.Harness }

// Step presses one button according to a policy that makes a game move
// through auctions, building, mortgages, jail and bankruptcy: seat 0
// (Alice) wins every auction; Богдан buys what he lands on; everyone else
// sends property to auction.
func (h Board) Step(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	rec := h.Record()
	if rec == nil {
		return false
	}
	g := board.Of(rec).Game
	for _, e := range board.Of(rec).Turn {
		seen[e.Kind] = true
	}
	type choice struct {
		u    fakeapi.User
		op   kit.Op
		arg  int
		any  bool
		want string
	}
	var c choice
	switch g.Phase {
	case engine.PhaseAuction:
		a := g.Auction
		for i := range g.Players {
			p := engine.PlayerID(i)
			if a.Passed[i] || a.Leader == p {
				continue
			}
			c = choice{u: h.userOf(rec, p), op: board.OpAuctionLeave}
			// Alice opens the bidding when she can afford its first amount.
			if _, data, ok := h.FindButton(board.OpAuctionBid, 0, true); ok && p == 0 {
				if bid, err := kit.ParsePress(data); err == nil && bid.Arg <= g.Players[0].Cash {
					c = choice{u: h.userOf(rec, p), op: board.OpAuctionBid, arg: bid.Arg}
				}
			}
			break
		}
	case engine.PhaseDebt:
		d := g.Debts[0].Debtor
		u := h.userOf(rec, d)
		switch {
		case g.Check(d, engine.Action{Kind: engine.ActPayDebt}) == nil:
			c = choice{u: u, op: board.OpPayDebt}
		case board.Of(rec).View.Menu == state.MenuMortgage && board.Of(rec).View.User == u.ID:
			c = choice{u: u, op: board.OpMortgage, any: true}
			if _, _, ok := h.FindButton(board.OpMortgage, 0, true); !ok {
				c = choice{u: u, op: board.OpBack}
			}
		case board.Of(rec).View.Menu == state.MenuBankrupt:
			c = choice{u: u, op: board.OpBankruptYes}
		case len(b2a(board.MortgageActions(g, d))) > 0 && hasMortgageAction(g, d):
			c = choice{u: u, op: board.OpMenuMort}
		case len(board.BuildGroups(g, d)) > 0 && board.Of(rec).View.Menu == "":
			c = choice{u: u, op: board.OpMenuBuild}
		case board.Of(rec).View.Menu == state.MenuBuild:
			c = choice{u: u, op: board.OpGroup, any: true}
		case board.Of(rec).View.Menu == state.MenuGroup:
			c = choice{u: u, op: board.OpSell, any: true}
			if _, _, ok := h.FindButton(board.OpSell, 0, true); !ok {
				c = choice{u: u, op: board.OpSellSet, any: true}
			}
		default:
			c = choice{u: u, op: board.OpBankrupt}
		}
	case engine.PhasePlaceBuilding:
		c = choice{u: h.userOf(rec, g.Placing), op: board.OpBuild, any: true}
	default:
		cur := g.Current
		u := h.userOf(rec, cur)
		switch {
		case board.Of(rec).View.Menu == state.MenuGroup && board.Of(rec).View.User == u.ID:
			c = choice{u: u, op: board.OpBuild, any: true}
			if _, _, ok := h.FindButton(board.OpBuild, 0, true); !ok {
				c = choice{u: u, op: board.OpBack}
			}
		case board.Of(rec).View.Menu == state.MenuBuild && board.Of(rec).View.User == u.ID:
			c = choice{u: u, op: board.OpGroup, arg: buildableGroup(g, cur)}
		case g.Phase == engine.PhaseTurnStart && cur == 0 && len(board.BuildGroups(g, cur)) > 0 && canBuild(g, cur):
			c = choice{u: u, op: board.OpMenuBuild}
		case g.Phase == engine.PhaseTurnStart && g.Players[cur].InJail && r.IntN(2) == 0 &&
			g.Check(cur, engine.Action{Kind: engine.ActPayJailFine}) == nil:
			c = choice{u: u, op: board.OpPayFine}
		case g.Phase == engine.PhaseTurnStart, g.Phase == engine.PhaseTurnEnd && g.RollAgain:
			c = choice{u: u, op: board.OpRoll}
		case g.Phase == engine.PhaseBuyDecision && cur == 1 && g.Check(cur, engine.Action{Kind: engine.ActBuy}) == nil:
			c = choice{u: u, op: board.OpBuy}
		case g.Phase == engine.PhaseBuyDecision:
			c = choice{u: u, op: board.OpDecline}
		default:
			c = choice{u: u, op: board.OpEndTurn}
		}
	}
	msg, data, ok := h.FindButton(c.op, c.arg, c.any || c.op != board.OpAuctionBid && c.op != board.OpGroup)
	if !ok {
		msgs := h.API.Messages(bottest.Chat)
		h.T.Fatalf("phase %d: no %q button offered; view %+v; last message:\n%s\n%v", g.Phase, c.op, board.Of(rec).View, msgs[len(msgs)-1].Text, msgs[len(msgs)-1].Keyboard)
	}
	if traceOps {
		h.T.Logf("turn %d phase %d: %s presses %s (view %q)", g.Turn, g.Phase, c.u.FirstName, c.op, board.Of(rec).View.Menu)
	}
	h.Press(c.u, msg, data)
	return true
}

// traceOps logs every press of Step.
var traceOps = false

// ReplayArchive replays the archived game of bottest.Chat from its start
// state and logged actions, checks it ends in the archived final state,
// and returns every event.
func (h Board) ReplayArchive() []engine.Event {
	h.T.Helper()
	arch, err := bottest.Archived(h.App.Store(), bottest.Chat)
	if err != nil || arch.Record == nil {
		h.T.Fatalf("no archived game: %v", err)
	}
	var g *engine.Game
	var all []engine.Event
	for _, raw := range arch.Log {
		var start struct{ Start *engine.Game }
		if json.Unmarshal(raw, &start) == nil && start.Start != nil {
			g = start.Start
			continue
		}
		var e struct { // kit.LogEntry with the board's action
			Seat   int           `json:"seat"`
			Action engine.Action `json:"action"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			h.T.Fatal(err)
		}
		if e.Action.Kind == 0 || g == nil {
			continue // lobby changes and menu navigation
		}
		evs, err := g.Apply(engine.PlayerID(e.Seat), e.Action)
		if err != nil {
			h.T.Fatalf("replaying %+v: %v", e, err)
		}
		all = append(all, evs...)
	}
	got, _ := json.Marshal(g)
	want, _ := json.Marshal(board.Of(arch.Record).Game)
	if string(got) != string(want) {
		h.T.Fatalf("replayed game differs from the archived one")
	}
	return all
}

// b2a keeps the step policy's reading of the mortgage case.
func b2a(a []engine.Action) []engine.Action { return a }

func hasMortgageAction(g *engine.Game, p engine.PlayerID) bool {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActMortgage {
			return true
		}
	}
	return false
}

// buildableGroup is the colour set of the first square p may build on.
func buildableGroup(g *engine.Game, p engine.PlayerID) int {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActBuild {
			return g.EditionData().Squares[a.Square].Group
		}
	}
	return -1
}

func canBuild(g *engine.Game, p engine.PlayerID) bool {
	for _, a := range g.Legal(p) {
		if a.Kind == engine.ActBuild {
			return true
		}
	}
	return false
}

// EditionStep presses one button like Step, and decides what only the
// business and lux editions ask — a stake (a random one of the offered
// buttons, or none), the business jail's choice, the tax inspection's roll.
func (h Board) EditionStep(r *rand.Rand, seen map[engine.EventKind]bool) bool {
	rec := h.Record()
	if rec == nil {
		return false
	}
	g := board.Of(rec).Game
	u := h.userOf(rec, g.Current)
	var op kit.Op
	switch g.Phase {
	case engine.PhaseGamble:
		stakes := h.Buttons(board.OpStake)
		if len(stakes) == 0 || r.IntN(4) == 0 {
			op = board.OpNoStake
			break
		}
		b := stakes[r.IntN(len(stakes))]
		for _, e := range board.Of(rec).Turn {
			seen[e.Kind] = true
		}
		h.Press(u, b.Msg, b.Data)
		return true
	case engine.PhaseJailChoice:
		op = board.OpStayInJail
		if r.IntN(2) == 0 && g.Check(g.Current, engine.Action{Kind: engine.ActPayJailFine}) == nil {
			op = board.OpPayFine
		}
	case engine.PhaseInspection:
		op = board.OpRoll
	case engine.PhaseTurnStart:
		// Whoever owns a set builds on it (step lets only Alice): without
		// auctions the buyer's sets are what ends the game.
		if board.Of(rec).View.Menu != "" || !canBuild(g, g.Current) {
			return h.Step(r, seen)
		}
		op = board.OpMenuBuild
	default:
		return h.Step(r, seen)
	}
	for _, e := range board.Of(rec).Turn {
		seen[e.Kind] = true
	}
	msg, data, ok := h.FindButton(op, 0, true)
	if !ok {
		h.T.Fatalf("phase %d: no %q button", g.Phase, op)
	}
	h.Press(u, msg, data)
	return true
}

// userOf is the one of Users in seat p.
func (h Board) userOf(rec *kit.Record, p engine.PlayerID) fakeapi.User {
	h.T.Helper()
	return h.UserOf(rec, int(p))
}

// Buttons are the buttons with op on Chat's newest message that has any.
func (h Board) Buttons(op kit.Op) []bottest.Button {
	msgs := h.API.Messages(bottest.Chat)
	for i := len(msgs) - 1; i >= 0; i-- {
		var out []bottest.Button
		for _, row := range msgs[i].Keyboard {
			for _, b := range row {
				if p, err := kit.ParsePress(b.Data); err == nil && p.Op == op {
					out = append(out, bottest.Button{Msg: msgs[i].ID, Data: b.Data, Arg: p.Arg, Text: b.Text})
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
