package deal

import (
	"errors"
	"slices"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
	"github.com/monopoly-tg/monopoly-bot/engine/level"
)

// Play: an action applied through the engine and its events absorbed into
// the record — the lowest of Deal's moves, below the presses, /leave and the
// computer seats that call it.

// act applies a person's action from their hand.
func (k *plays) act(c *kit.Change, lang string, user int64, seat deal.PlayerID, a deal.Action) {
	if err := k.apply(c, lang, user, seat, a); err != nil {
		c.Alert = k.errText(lang, err)
		return
	}
	Of(c.Rec).ClearPick(int(seat))
	// The seat's own move, though made in a private chat or inline (the
	// chat layer clears missed turns only for moves made in the group):
	// its missed turns in a row start again.
	if st := c.Rec.Clock.Strikes; int(seat) < len(st) {
		st[seat] = 0
	}
}

// apply applies one engine action and records what to show.
func (k *plays) apply(c *kit.Change, lang string, user int64, seat deal.PlayerID, a deal.Action) error {
	g := Of(c.Rec).Game
	before := waiting(g)
	evs, err := g.Apply(seat, a)
	if err != nil {
		return err
	}
	c.Log(logEntry{User: user, Seat: int(seat), Action: a, Ver: g.Version, At: k.cfg.Now().UnixMilli()})
	k.absorb(c, lang, evs, before)
	return nil
}

// absorb files an action's public events into the table message (a new
// turn closes the previous turn's message and opens a new one) and asks
// the players an action newly waits for to answer.
func (k *plays) absorb(c *kit.Change, lang string, evs []deal.Event, before []int) {
	rec := c.Rec
	d := Of(rec)
	for _, e := range evs {
		if e.Seen != deal.Everyone {
			continue // a draw's cards: only the drawer's hand shows them
		}
		if e.Kind == deal.EvTurnStarted && slices.ContainsFunc(d.Events, func(x deal.Event) bool { return x.Kind == deal.EvTurnStarted }) {
			c.FinalizeOnce(tableSlot(rec.ID), d.TableMsg, k.text.renderClosedTurn(lang, rec))
			d.Events, d.TableMsg = nil, 0
			for i := range d.Hands {
				d.ClearPick(i)
			}
		}
		noteTop(d, e)
		d.Events = append(d.Events, e)
		if e.Kind == deal.EvResigned {
			k.hand.closeHand(c, lang, int(e.Player))
		}
	}
	if n := len(d.Events); n > maxEvents {
		d.Events = slices.Clone(d.Events[n-maxEvents:])
	}
	g := d.Game
	if g.Phase == deal.PhaseRespond {
		pd := &g.Pending
		var asked []string
		actorAsked := false
		for _, p := range people(rec, waiting(g)) { // a computer needs no prompt
			if slices.Contains(before, p) {
				continue
			}
			if deal.PlayerID(p) == pd.Actor {
				actorAsked = true // a target said no: the actor answers
				continue
			}
			asked = append(asked, mention(rec, deal.PlayerID(p)))
		}
		card := k.text.quotedName(lang, pd.Card)
		if len(asked) > 0 {
			c.Replies = append(c.Replies, kit.Reply{Text: k.t(lang, "deal_answer_prompt", map[string]any{
				"Players": strings.Join(asked, ", "), "Player": seatName(rec, pd.Actor), "Card": card, "Stake": k.text.pendingStake(lang, lang, pd)})})
		}
		if actorAsked {
			var noes []string
			for _, t := range pd.Targets[:pd.N] {
				if pd.Chain(pd.Actor, t.Player) >= 0 {
					noes = append(noes, seatName(rec, t.Player))
				}
			}
			c.Replies = append(c.Replies, kit.Reply{Text: k.t(lang, "deal_answer_no_prompt", map[string]any{
				"Players": mention(rec, pd.Actor), "Other": strings.Join(noes, ", "), "Card": card})})
		}
	}
	c.Save, c.Turn = true, true
	if g.Phase == deal.PhaseGameOver {
		c.GameOver, c.Remove = true, true
	}
}

// errText is the alert for an engine refusal.
func (k *plays) errText(lang string, err error) string {
	if errors.Is(err, deal.ErrBadPayment) {
		return k.t(lang, "deal_alert_not_enough", nil)
	}
	return k.t(lang, "deal_alert_refused", nil)
}

// logEntry is one line of the chat's action log: enough to replay a game
// from its seed (the board's kit.LogEntry holds a board action).
type logEntry struct {
	Update int         `json:"update,omitempty"`
	User   int64       `json:"user,omitempty"`
	Seat   int         `json:"seat"`
	Action deal.Action `json:"action"`
	Ver    uint64      `json:"ver"`
	At     int64       `json:"at"`
}

func tableSlot(game uint64) string { return kit.GameSlot("table", game, "") }

// computerTurn makes the computers' pending move in c: one action of a
// computer seat, or the end of a game no person plays any more. False when
// no computer has a move (the rules' timeout applies then).
func (k *plays) computerTurn(c *kit.Change, lang string) bool {
	rec := c.Rec
	if Of(rec) == nil || Of(rec).Game == nil || Of(rec).Game.Phase == deal.PhaseGameOver {
		return false
	}
	computers, people := seatsLeft(rec)
	if computers == 0 {
		return false
	}
	if people == 0 {
		c.Remove, c.Turn, c.Stopped = true, true, true
		// After the table's final text, like a game over's standings.
		c.Closing = append(c.Closing, kit.Reply{Text: k.t(lang, "seats_no_people", nil) + "\n\n" + k.text.standings(lang, rec)})
		return true
	}
	seat, ok := computerDue(rec)
	if !ok {
		return false
	}
	return k.apply(c, lang, 0, seat, computerMove(Of(rec).Game, seat, level.Level(rec.Seats[seat].Level))) == nil
}
