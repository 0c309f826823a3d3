package deal

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/deal/state"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/engine/deal"
)

// LobbyText is the lobby message of a Deal game.
func (k *Kind) LobbyText(lang string, rec *kit.Record) string {
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
		st, err := k.host.Change(m.Chat, updateID, func(c *kit.Change) error {
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
func (k *Kind) Start(c *kit.Change, lang string) bool {
	rec := c.Rec
	g, evs, err := deal.New(deal.Config{Players: len(rec.Seats), Seed: k.host.Seed(), Rules: rulesOf(rec.Options)})
	if err != nil {
		c.Alert = k.t(lang, "deal_alert_refused", nil)
		return false
	}
	rec.State = &state.Deal{Game: g, Hands: make([]state.Hand, len(rec.Seats))}
	rec.Edition = Name
	c.Log(map[string]any{"start": g}) // before the events: the game as it started
	k.play.absorb(c, lang, evs, nil)
	return true
}

// Pending: a computer's move (seats.go), else the turn (play, discard) or
// the action its targets answer, with one deadline for every chain
// (ActTimeout settles them all). Every person the game waits for misses
// the turn when it passes; a /kick is about the first of them.
func (k *Kind) Pending(r *kit.Record) kit.Pending {
	if Of(r) == nil || Of(r).Game == nil || Of(r).Game.Phase == deal.PhaseGameOver {
		return kit.Pending{Seat: -1}
	}
	if p, ok := computerPending(r); ok {
		return p
	}
	g := Of(r).Game
	who := people(r, waiting(g))
	p := kit.Pending{Seat: -1, Turn: g.Turn, Remind: who, Missed: who}
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

// Timeout makes a computer's move when one is due (seats.go); otherwise
// it applies the rules' defaults (deal.ActTimeout as the system): the turn
// ends discarding the least valuable cards; targets play no Just Say No
// and pay with the least valuable cards; an actor lets a No stand.
func (k *Kind) Timeout(c *kit.Change, lang string) bool {
	if k.play.computerTurn(c, lang) {
		return true
	}
	return k.play.apply(c, lang, 0, deal.System, deal.Action{Kind: deal.ActTimeout}) == nil
}

// CanResign: a seat still in the game may leave it at any moment.
func (k *Kind) CanResign(r *kit.Record, seat int) bool { return k.play.canResign(r, seat) }

// Resign takes the seat out of the game (deal.ActResign): its cards go to
// the discards and the game goes on without it, or ends when one is left.
func (k *Kind) Resign(c *kit.Change, lang string, seat int) bool {
	return k.play.canResign(c.Rec, seat) && k.play.apply(c, lang, 0, deal.PlayerID(seat), deal.Action{Kind: deal.ActResign}) == nil
}

// Expire: Deal keeps no moments of its own.
func (k *Kind) Expire(ctx context.Context, chat int64) {}

// Active: the seat has not left the game.
func (k *Kind) Active(r *kit.Record, seat int) bool { return k.play.active(r, seat) }

// Show puts the table in the group and each opened hand in its private
// chat; when the game was removed, their final texts without buttons.
func (k *Kind) Show(c *kit.Change, lang string) {
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

// Reshow closes the table message as it stands; the next one is new.
func (k *Kind) Reshow(c *kit.Change, lang string) {
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
func (k *Kind) Sent(r *kit.Record, name, key string, id int) bool {
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
func (k *Kind) Unshown(r *kit.Record) bool {
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
func (k *Kind) Repost(chat int64, lang string, r *kit.Record) {}

// Standings rank the seats by complete sets, then by what lies on their
// table and in their bank (render.go).
func (k *Kind) Standings(lang string, r *kit.Record) string { return k.text.standings(lang, r) }

// Results: the winner the engine declared, the ranking's leader (a win
// when /endgame stops the game) and each seat's worth.
func (k *Kind) Results(r *kit.Record) []kit.SeatResult {
	if Of(r) == nil || Of(r).Game == nil {
		return nil
	}
	g := Of(r).Game
	out := make([]kit.SeatResult, min(len(r.Seats), g.Seats))
	for i := range out {
		p := deal.PlayerID(i)
		out[i] = kit.SeatResult{Won: g.Phase == deal.PhaseGameOver && g.Winner == p, Worth: worth(g, p)}
	}
	if rank := ranking(g); int(rank[0]) < len(out) && !g.Out[rank[0]] && (len(rank) == 1 || rankCompare(g, rank[0], rank[1]) < 0) {
		out[rank[0]].Leader = true
	}
	return out
}
