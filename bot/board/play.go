package board

import (
	"errors"
	"math/rand/v2"

	"github.com/monopoly-tg/monopoly-bot/bot/board/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine"
	"github.com/monopoly-tg/monopoly-bot/engine/ai"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// onPress turns a validated button press into a change of c.
func (b *turns) onPress(c *kit.Change, lang string, from *kit.Person, press kit.Press) {
	rec := c.Rec
	seat := seatOf(rec, from.ID)
	g := Of(rec).Game
	if rec.Status != kit.StatusPlaying || g == nil {
		c.Alert = b.cat.T(lang, "alert_outdated", nil)
		return
	}
	if seat < 0 || !g.Active(seat) {
		c.Alert = b.cat.T(lang, "alert_not_player", nil)
		return
	}
	if !b.stillMeant(c, lang, from, seat, press) { // press_keys.go
		return
	}
	if press.Op == OpVoteEnd && errors.Is(g.Check(seat, engine.Action{Kind: engine.ActVoteEnd}), engine.ErrAlreadyVoted) {
		c.Toast = b.cat.T(lang, "toast_done", nil) // a second tap
		return
	}
	if kind, ok := directOps[press.Op]; ok {
		a := engine.Action{Kind: kind}
		switch kind {
		case engine.ActBid, engine.ActStake:
			a.Amount = press.Arg
		case engine.ActBuild, engine.ActSellBuilding, engine.ActSellSet, engine.ActMortgage, engine.ActUnmortgage:
			a.Square = press.Arg
		}
		b.act(c, lang, from, seat, a)
		return
	}
	switch press.Op {
	case OpBankrupt:
		if err := g.Check(seat, engine.Action{Kind: engine.ActBankrupt}); err != nil {
			c.Alert = b.text.refusalText(rec, lang, seat, err)
			return
		}
		b.setView(c, state.View{Menu: state.MenuBankrupt, User: from.ID})
	case OpBankruptYes:
		if Of(rec).View.Menu != state.MenuBankrupt || Of(rec).View.User != from.ID {
			c.Alert = b.text.menuOwnerText(rec, lang)
			return
		}
		b.act(c, lang, from, seat, engine.Action{Kind: engine.ActBankrupt})
	case OpMenuBuild:
		if len(BuildGroups(g, seat)) == 0 {
			c.Alert = b.cat.T(lang, "alert_nothing_to_build", nil)
			return
		}
		b.setView(c, state.View{Menu: state.MenuBuild, User: from.ID})
	case OpGroup:
		if !b.ownsMenu(c, lang, from) {
			return
		}
		if press.Arg >= g.EditionData().GroupCount() {
			c.Alert = b.cat.T(lang, "alert_outdated", nil)
			return
		}
		b.setView(c, state.View{Menu: state.MenuGroup, User: from.ID, Group: press.Arg})
	case OpMenuMort:
		if len(MortgageActions(g, seat)) == 0 {
			c.Alert = b.cat.T(lang, "alert_nothing_to_mortgage", nil)
			return
		}
		b.setView(c, state.View{Menu: state.MenuMortgage, User: from.ID})
	case OpBack:
		if b.ownsMenu(c, lang, from) {
			b.setView(c, state.View{})
		}
	case OpResignYes:
		if int(seat) != press.Arg {
			c.Alert = b.cat.T(lang, "refuse_menu_of", map[string]any{"Player": seatName(rec, engine.PlayerID(press.Arg))})
			return
		}
		b.act(c, lang, from, seat, engine.Action{Kind: engine.ActResign})
	case OpResignNo:
		c.Toast = b.cat.T(lang, "cancelled", nil)
	default:
		c.Alert = b.cat.T(lang, "alert_outdated", nil)
	}
}

// setView opens, moves within or closes one person's menu. A menu is that
// person's view of the game, not a change of it: it is stored quietly,
// without a new revision, so everyone else's buttons stay valid.
func (b *turns) setView(c *kit.Change, v state.View) {
	Of(c.Rec).View = v
	c.Quiet, c.Turn = true, true
}

// ownsMenu says whether from may move within the open menu (nobody's, their
// own, or one whose owner left the game), alerting otherwise.
func (b *turns) ownsMenu(c *kit.Change, lang string, from *kit.Person) bool {
	v := Of(c.Rec).View
	if owner := seatOf(c.Rec, v.User); v.Menu != "" && v.User != from.ID && owner >= 0 && Of(c.Rec).Game.Active(owner) {
		c.Alert = b.text.menuOwnerText(c.Rec, lang)
		return false
	}
	return true
}

// act applies one engine action for seat and records what to show.
func (b *turns) act(c *kit.Change, lang string, from *kit.Person, seat engine.PlayerID, a engine.Action) {
	g := Of(c.Rec).Game
	evs, err := b.apply(c, lang, seat, a) // a bankruptcy's summary too (ending_bankrupt.go)
	if err != nil {
		c.Alert = b.text.refusalText(c.Rec, lang, seat, err)
		return
	}
	c.Log(kit.LogEntry{User: from.ID, Seat: int(seat), Action: a, Ver: g.Version, At: b.cfg.Now().UnixMilli()})
	// Menus stay open for repeated building, selling and mortgaging.
	switch a.Kind {
	case engine.ActBuild, engine.ActSellBuilding, engine.ActSellSet, engine.ActMortgage, engine.ActUnmortgage:
	default:
		Of(c.Rec).View = state.View{}
	}
	b.absorb(c, lang, evs)
}

// absorb files the events of one action into the turn messages: a new
// turn closes the previous turn's message and opens a new one.
func (b *turns) absorb(c *kit.Change, lang string, evs []engine.Event) {
	rec := c.Rec
	for _, e := range evs {
		if e.Kind == engine.EvTurnStarted && turnShown(Of(rec).Turn) {
			b.animateSpin(c, lang, evs) // a spin that ended the turn (reels.go)
			// Only the first turn that ends in a change has a message of
			// its own: the later ones never had one.
			c.FinalizeOnce(TurnSlot(rec.ID), Of(rec).TurnMsg, b.text.renderClosedTurn(lang, rec))
			Of(rec).Turn, Of(rec).TurnMsg, Of(rec).View = nil, 0, state.View{}
		}
		Of(rec).Turn = append(Of(rec).Turn, e)
	}
	remember(rec, evs)
	keepTally(rec, evs, b.cfg.Now().UnixMilli()) // for the ending (ending.go)
	if c.Frames[TurnSlot(rec.ID)] == nil {
		b.animateSpin(c, lang, evs) // a spin in the turn that goes on
	}
	b.auction.followAuctions(c, lang, evs) // auction.go
	if n := len(Of(rec).Turn); n > maxTurnEvents {
		Of(rec).Turn = append([]engine.Event(nil), Of(rec).Turn[n-maxTurnEvents:]...)
	}
	c.Save, c.Turn = true, true
	if Of(rec).Game.Phase == engine.PhaseGameOver {
		c.GameOver, c.Remove = true, true
	}
	b.trade.reconcileOffers(c, lang, evs)
}

// turnShown says whether events already hold a turn of their own (the
// order roll before the first turn belongs to the first turn's message).
func turnShown(evs []engine.Event) bool {
	for _, e := range evs {
		if e.Kind == engine.EvTurnStarted {
			return true
		}
	}
	return false
}

// maxTurnEvents bounds the events one turn message shows (and stores).
const maxTurnEvents = 40

// startBoard starts a board game with the lobby's seats and options.
func (b *turns) startBoard(c *kit.Change, lang string) bool {
	rec := c.Rec
	ed := EditionOf(rec.Options)
	rules, seed := b.RulesOf(rec.Options), b.seed()
	rules.AutoEndTurn = rec.Options == nil || !rec.Options.ManualEndTurn
	// An edition whose rule book names who starts (business: the youngest)
	// starts with the first seat: the lobby's first player, or a random one
	// with RandomOrder.
	zeroStarts := false
	if e := engine.EditionByID(ed.ID); e != nil {
		zeroStarts = e.SeatZeroStarts
	}
	g, evs, err := engine.New(engine.Config{Edition: ed.ID, Players: len(rec.Seats), Seed: seed, Rules: &rules, SeatZeroStarts: zeroStarts})
	if err != nil {
		c.Alert = b.text.errText(lang, err)
		return false
	}
	if rec.Options.RandomOrder {
		evs = shuffleSeats(rec, g, seed, evs)
	}
	Of(rec).Game, rec.Edition = g, ed.ID
	c.Log(map[string]any{"start": g}) // before the events: the game as it started
	b.absorb(c, lang, evs)
	return true
}

// SeatOrder is the random seating of RandomOrder: a permutation of n seats
// drawn from the game's seed, so a replay seats everyone the same way.
func SeatOrder(seed uint64, n int) []int {
	r := rand.New(rand.NewPCG(seed, 0x5ea75ea75ea75ea7))
	return r.Perm(n)
}

// shuffleSeats seats rec's players in random order instead of the order
// roll: seat order[0] starts and the others follow in drawn order. The
// engine has already rolled for its first player (its dice stream stays
// as seeded); the people are placed around that seat, and the roll's
// events are dropped, since it decided nothing.
func shuffleSeats(rec *kit.Record, g *engine.Game, seed uint64, evs []engine.Event) []engine.Event {
	n := len(rec.Seats)
	order := SeatOrder(seed, n)
	seats := make([]kit.Seat, n)
	for i, from := range order {
		seats[(int(g.Current)+i)%n] = rec.Seats[from]
	}
	rec.Seats = seats
	out := evs[:0:0]
	for _, e := range evs {
		if e.Kind != engine.EvOrderRoll {
			out = append(out, e)
		}
	}
	return out
}

// computerTurn makes the computers' pending move in c: one engine action
// of a computer seat (its memory kept in the record), or the end of a game
// no person plays any more. False when no computer has a move (the usual
// timeout applies then).
func (b *turns) computerTurn(c *kit.Change, lang string) bool {
	rec := c.Rec
	if Of(rec).Game == nil || Of(rec).Game.Phase == engine.PhaseGameOver || !hasComputer(rec) {
		return false
	}
	if !peoplePlay(rec) {
		c.Remove, c.Turn, c.Stopped = true, true, true
		// After the turn message's final text, like a game over's table.
		c.Closing = append(c.Closing, kit.Reply{Text: b.cat.T(lang, "seats_no_people", nil) + "\n\n" + b.text.renderStandings(lang, rec)})
		return true
	}
	seat, _, ok := computerMove(rec)
	if !ok {
		return false
	}
	if Of(rec).Computer == nil {
		Of(rec).Computer = &ai.Player{}
	}
	g := Of(rec).Game
	Of(rec).Computer.Level = level.Level(rec.Seats[seat].Level) // the seat's, chosen in the lobby
	a, ok := Of(rec).Computer.Decide(g, seat)                   // the same decision, now remembered
	if !ok {
		return false
	}
	evs, err := b.apply(c, lang, seat, a)
	if err != nil {
		return false
	}
	c.Log(kit.LogEntry{Seat: int(seat), Action: a, Ver: g.Version, At: b.cfg.Now().UnixMilli()})
	Of(c.Rec).View = state.View{}
	b.absorb(c, lang, evs)
	if a.Kind == engine.ActProposeTrade {
		// Posted like a person's offer: its own message, with the
		// counterparty's buttons, open for OfferTTL.
		id := g.NextTrade
		if tr := findTrade(g, id); tr != nil {
			Of(rec).Offers = append(Of(rec).Offers, state.Offer{ID: id, Expires: rec.Clock.GameTime(b.cfg.Now().UnixMilli()) + OfferTTL.Milliseconds(), Trade: *tr})
			text, kb := b.trade.openOffer(lang, rec, tr)
			c.Show(offerSlot(rec.ID, id), 0, text, kb)
		}
	}
	return true
}
