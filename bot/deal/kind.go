package deal

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

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

// Seats are the numbers of players a Deal game takes (the lobby asks).
func (k *Kind) Seats() (lo, hi int) { return MinPlayers, MaxPlayers }

// LobbyText is the lobby message of a Deal game.
func (k *Kind) LobbyText(lang string, rec *Record) string {
	var names []string
	for i, s := range rec.Seats {
		names = append(names, kit.Tokens[i%len(kit.Tokens)]+" "+kit.Name(s.Name))
	}
	return k.t(lang, "deal_lobby", map[string]any{"Players": strings.Join(names, "\n"), "Count": len(rec.Seats),
		"Max": MaxPlayers, "Min": MinPlayers})
}

// Command handles the link that opens a player's hand (/start d…) and,
// in the group, /board (the table message moves to the bottom of the
// chat) and /leave.
func (k *Kind) Command(ctx context.Context, updateID int, m kit.CommandIn) bool {
	group := m.Group
	if group && m.Command == "board" {
		st, err := k.host.Change(m.Chat, updateID, func(c *chatState) error {
			if c.Rec != nil && Of(c.Rec) != nil && c.Rec.Status == kit.StatusPlaying {
				k.Reshow(c, c.ChatLang())
			}
			return nil
		})
		k.host.Finish(ctx, st, err)
		return true
	}
	if group && m.Command == "leave" { // leave.go
		k.play.cmdLeave(ctx, updateID, m)
		return true
	}
	if group || m.Command != "start" {
		return false
	}
	chat, game, ok := parseHandPayload(m.Args)
	if !ok {
		return false
	}
	k.hand.openHand(ctx, updateID, m, chat, game)
	return true
}

// Start deals a game to the lobby's seats.
func (k *Kind) Start(c *chatState, lang string) bool {
	rec := c.Rec
	g, evs, err := deal.New(deal.Config{Players: len(rec.Seats), Seed: k.host.Seed(), Rules: rulesOf(rec.Options)})
	if err != nil {
		c.Alert = k.t(lang, "deal_alert_refused", nil)
		return false
	}
	rec.State = &state.Deal{Game: g, Hands: make([]Hand, len(rec.Seats))}
	rec.Edition = Name
	c.Log(map[string]any{"start": g}) // before the events: the game as it started
	k.play.absorb(c, lang, evs, nil)
	return true
}

// Pending: a computer's move (seats.go), else the turn (play, discard) or
// the action its targets answer, with one deadline for every chain
// (ActTimeout settles them all). Every person the game waits for misses
// the turn when it passes; a /kick is about the first of them.
func (k *Kind) Pending(r *Record) Pending {
	if Of(r) == nil || Of(r).Game == nil || Of(r).Game.Phase == deal.PhaseGameOver {
		return Pending{Seat: -1}
	}
	if p, ok := computerPending(r); ok {
		return p
	}
	g := Of(r).Game
	who := people(r, waiting(g))
	p := Pending{Seat: -1, Turn: g.Turn, Remind: who, Missed: who}
	if len(who) > 0 {
		p.Seat = who[0]
	}
	switch g.Phase {
	case deal.PhaseRespond:
		p.Decision = fmt.Sprintf("r:%d:%d", g.Turn, g.Pending.Card)
	case deal.PhaseDiscard:
		p.Decision = fmt.Sprintf("x:%d", g.Turn)
	default:
		p.Decision = fmt.Sprintf("p:%d", g.Turn)
	}
	return p
}

// waiting are the seats the game waits for now.
func waiting(g *deal.Game) []int {
	var out []int
	for p := range deal.PlayerID(g.Seats) {
		if g.Waits(p) {
			out = append(out, int(p))
		}
	}
	return out
}

// Timeout makes a computer's move when one is due (seats.go); otherwise
// it applies the rules' defaults (deal.ActTimeout as the system): the turn
// ends discarding the least valuable cards; targets play no Just Say No
// and pay with the least valuable cards; an actor lets a No stand.
func (k *Kind) Timeout(c *chatState, lang string) bool {
	if k.play.computerTurn(c, lang) {
		return true
	}
	return k.play.apply(c, lang, 0, deal.System, deal.Action{Kind: deal.ActTimeout}) == nil
}

// CanResign: a seat still in the game may leave it at any moment.
func (k *Kind) CanResign(r *Record, seat int) bool { return k.play.canResign(r, seat) }

// Resign takes the seat out of the game (deal.ActResign): its cards go to
// the discards and the game goes on without it, or ends when one is left.
func (k *Kind) Resign(c *chatState, lang string, seat int) bool {
	return k.play.canResign(c.Rec, seat) && k.play.apply(c, lang, 0, deal.PlayerID(seat), deal.Action{Kind: deal.ActResign}) == nil
}

// Expire: Deal keeps no moments of its own.
func (k *Kind) Expire(ctx context.Context, chat int64) {}

// Active: the seat has not left the game.
func (k *Kind) Active(r *Record, seat int) bool { return k.play.active(r, seat) }

// Show puts the table in the group and each opened hand in its private
// chat; when the game was removed, their final texts without buttons.
func (k *Kind) Show(c *chatState, lang string) {
	rec := c.Rec
	if Of(rec) == nil || Of(rec).Game == nil {
		return
	}
	k.hand.rememberPlayers(c.Chat, rec, c.Remove)
	if c.Turn {
		slot := tableSlot(rec.ID)
		if c.Remove {
			c.Finalize(slot, Of(rec).TableMsg, k.text.renderTable(lang, rec, false))
		} else {
			c.Show(slot, Of(rec).TableMsg, k.text.renderTable(lang, rec, true), k.text.tableKeyboard(lang, c.Chat, rec))
		}
		named := rec.WithNames(lang) // a hand calls the cards as the group's table does
		for i, h := range Of(rec).Hands {
			if !h.Open || i >= len(rec.Seats) {
				continue
			}
			user, hs := rec.Seats[i].User, handSlot(rec.ID, i, c.Chat)
			hl := handLang(c, rec, i, lang)
			if c.Remove {
				text, _ := k.text.renderHand(hl, c.Chat, named, deal.PlayerID(i), false)
				c.FinalizeIn(user, hs, h.Msg, text)
				continue
			}
			text, kb := k.text.renderHand(hl, c.Chat, named, deal.PlayerID(i), true)
			c.ShowIn(user, hs, h.Msg, text, kb)
		}
	}
	if c.GameOver {
		g := Of(rec).Game
		id := "deal_game_over"
		if g.CompleteColors(g.Winner) < deal.SetsToWin {
			id = "deal_game_over_last" // the others left
		}
		c.Closing = append(c.Closing, kit.Reply{Text: k.t(lang, id, map[string]any{"Player": kit.Mention(rec.Seats[g.Winner])}) +
			"\n\n" + k.text.standings(lang, rec)})
	}
}

func tableSlot(game uint64) string { return kit.GameSlot("table", game, "") }

// Reshow closes the table message as it stands; the next one is new.
func (k *Kind) Reshow(c *chatState, lang string) {
	rec := c.Rec
	if Of(rec) == nil {
		return
	}
	if Of(rec).TableMsg != 0 {
		c.Finalize(tableSlot(rec.ID), Of(rec).TableMsg, k.text.renderClosedTurn(lang, rec))
	}
	Of(rec).TableMsg = 0
	c.Turn, c.Save = true, true
}

// Sent stores the id of the table message or of a seat's hand message.
func (k *Kind) Sent(r *Record, name, key string, id int) bool {
	if Of(r) == nil {
		return false
	}
	switch name {
	case "table":
		if key == "" {
			Of(r).TableMsg = id
			return true
		}
	case "hand":
		seat, err := strconv.Atoi(key)
		if err == nil && seat >= 0 && seat < len(Of(r).Hands) {
			Of(r).Hands[seat].Msg = id
			return true
		}
	}
	return false
}

// Unshown: the table or an opened hand whose message id was never stored.
func (k *Kind) Unshown(r *Record) bool {
	if Of(r) == nil {
		return false
	}
	if Of(r).TableMsg == 0 {
		return true
	}
	for _, h := range Of(r).Hands {
		if h.Open && h.Msg == 0 {
			return true
		}
	}
	return false
}

// Repost: Show posts everything Deal has.
func (k *Kind) Repost(chat int64, lang string, r *Record) {}

// Standings rank the seats by complete sets, then by what lies on their
// table and in their bank (render.go).
func (k *Kind) Standings(lang string, r *Record) string { return k.text.standings(lang, r) }

// ranking orders the seats as the standings do: who stayed before who
// left, then by complete sets, then by worth.
func ranking(g *deal.Game) []deal.PlayerID {
	seats := make([]deal.PlayerID, g.Seats)
	for i := range seats {
		seats[i] = deal.PlayerID(i)
	}
	slices.SortStableFunc(seats, func(a, b deal.PlayerID) int { return rankCompare(g, a, b) })
	return seats
}

func rankCompare(g *deal.Game, a, b deal.PlayerID) int {
	if g.Out[a] != g.Out[b] { // who left ranks after who stayed
		if g.Out[a] {
			return 1
		}
		return -1
	}
	if d := g.CompleteColors(b) - g.CompleteColors(a); d != 0 {
		return d
	}
	return worth(g, b) - worth(g, a)
}

// worth is the value of a seat's bank and table.
func worth(g *deal.Game, p deal.PlayerID) int {
	n := 0
	for c, pl := range g.Places {
		if pl.Owner == p && (pl.Zone == deal.ZoneBank || pl.Zone == deal.ZoneTable) {
			n += deal.Cards[c].Value
		}
	}
	return n
}

// Results: the winner the engine declared, the ranking's leader (a win
// when /endgame stops the game) and each seat's worth.
func (k *Kind) Results(r *Record) []SeatResult {
	if Of(r) == nil || Of(r).Game == nil {
		return nil
	}
	g := Of(r).Game
	out := make([]SeatResult, min(len(r.Seats), g.Seats))
	for i := range out {
		p := deal.PlayerID(i)
		out[i] = SeatResult{Won: g.Phase == deal.PhaseGameOver && g.Winner == p, Worth: worth(g, p)}
	}
	if rank := ranking(g); int(rank[0]) < len(out) && !g.Out[rank[0]] && (len(rank) == 1 || rankCompare(g, rank[0], rank[1]) < 0) {
		out[rank[0]].Leader = true
	}
	return out
}

// act applies a person's action from their hand.
func (k *plays) act(c *chatState, lang string, user int64, seat deal.PlayerID, a deal.Action) {
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
func (k *plays) apply(c *chatState, lang string, user int64, seat deal.PlayerID, a deal.Action) error {
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
func (k *plays) absorb(c *chatState, lang string, evs []deal.Event, before []int) {
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
