package fakekind

import (
	"context"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Name is the kind's name (Record.Kind) and its one edition.
const Name = "fake"

// Its records are the envelope alone.
func init() { kit.RegisterState(Name, kit.DecodeEnvelope) }

// OpWin (🏆) and OpPass (⏭) are its buttons: the first seat's decision,
// to win or to go on.
const (
	OpWin  kit.Op = "zw"
	OpPass kit.Op = "zp"
)

// Ops are its buttons' shapes, for the registration.
var Ops = map[kit.Op]kit.OpShape{OpWin: kit.Plain, OpPass: kit.Plain}

// Editions are its editions: one, named as the kind.
func Editions() []string { return []string{Name} }

// Kind is the fake game, hosted by host.
type Kind struct{ host kit.Host }

// New is the kind over host.
func New(host kit.Host) *Kind { return &Kind{host: host} }

// Offer: two players, nothing else to choose.
func (k *Kind) Offer(string) kit.Offer { return kit.Offer{MinPlayers: 2, MaxPlayers: 2} }

// LobbyText names who joined.
func (k *Kind) LobbyText(lang string, rec *kit.Record) string {
	var names []string
	for _, s := range rec.Seats {
		names = append(names, kit.Name(s.Name))
	}
	return "Fake game: " + strings.Join(names, ", ")
}

// Press handles 🏆 and ⏭ of the first seat: it wins, or the game goes
// on (a new revision, its table edited).
func (k *Kind) Press(ctx context.Context, updateID int, q kit.PressIn, p kit.Press) {
	if q.Message == nil || (p.Op != OpWin && p.Op != OpPass) {
		k.host.AnswerPress(ctx, q.ID, "outdated", true)
		return
	}
	chat := q.Message.Chat
	defer k.host.Lock(chat)()
	st, err := k.host.PressChange(chat, updateID, q, p, func(c *kit.Change, lang string) {
		if c.Rec.SeatOf(q.From.ID) != 0 {
			c.Alert = "not your decision"
			return
		}
		c.Applied(q.From.ID, p.Encode())
		c.Log(kit.LogEntry{Update: updateID, User: q.From.ID, Seat: 0, Ver: 1})
		if p.Op == OpPass {
			c.Save, c.Turn = true, true
			return
		}
		c.Save, c.Remove, c.GameOver, c.Turn = true, true, true, true
	})
	k.host.Answer(ctx, q.ID, st, err)
	k.host.Finish(ctx, st, err)
}

// Command: the kind has none.
func (k *Kind) Command(context.Context, int, kit.CommandIn) bool { return false }

// Start starts the game of the lobby's two seats.
func (k *Kind) Start(c *kit.Change, lang string) bool {
	if len(c.Rec.Seats) != 2 {
		c.Alert = "two players"
		return false
	}
	c.Rec.Edition = Name
	c.Turn = true
	return true
}

// Pending: the first seat's decision, until the game ends; each ⏭ takes
// it and the next one begins (a new deadline, the reminder gone), named by
// the revision the ⏭ was pressed at.
func (k *Kind) Pending(r *kit.Record) kit.Pending {
	if r.Status != kit.StatusPlaying || winner(r) >= 0 {
		return kit.Pending{Seat: -1}
	}
	turn := 1
	if len(r.Seats) > 0 {
		if p, err := kit.ParsePress(r.Seats[0].Pressed); err == nil && p.Op == OpPass && p.Game == r.ID {
			turn = int(p.Rev) + 2
		}
	}
	return kit.Pending{Decision: "decide " + strconv.Itoa(turn), Seat: 0, Turn: turn, Remind: []int{0}}
}

// Timeout: a missed decision is taken as ⏭ for the first seat, so the
// next one begins (the chat layer counts the missed turn).
func (k *Kind) Timeout(c *kit.Change, lang string) bool {
	rec := c.Rec
	c.Applied(rec.Seats[0].User, kit.Press{Game: rec.ID, Rev: rec.Rev, Op: OpPass}.Encode())
	c.Save, c.Turn = true, true
	return true
}

// CanResign: either seat may leave while the game runs; Resign ends it,
// ranking nobody first.
func (k *Kind) CanResign(r *kit.Record, seat int) bool {
	return r.Status == kit.StatusPlaying && seat >= 0 && seat < len(r.Seats)
}

func (k *Kind) Resign(c *kit.Change, lang string, seat int) bool {
	if !k.CanResign(c.Rec, seat) {
		return false
	}
	c.Save, c.Remove, c.Stopped, c.Turn = true, true, true, true
	return true
}

// Expire: the kind has no moments of its own.
func (k *Kind) Expire(context.Context, int64) {}

// Active: every seat plays until the game ends.
func (k *Kind) Active(r *kit.Record, seat int) bool { return seat >= 0 && seat < len(r.Seats) }

func tableSlot(game uint64) string { return kit.GameSlot("table", game, "") }

// Show puts the table in the chat: who decides at which revision, with
// 🏆 and ⏭ under it; its
// final text when the game ends, and the closing message with the winner.
func (k *Kind) Show(c *kit.Change, lang string) {
	rec := c.Rec
	if c.Turn {
		if c.Remove {
			c.Finalize(tableSlot(rec.ID), 0, "Fake game over")
		} else {
			win := kit.Press{Game: rec.ID, Rev: rec.Rev, Op: OpWin}.Encode()
			pass := kit.Press{Game: rec.ID, Rev: rec.Rev, Op: OpPass}.Encode()
			c.Show(tableSlot(rec.ID), 0, "Fake game: "+kit.Mention(rec.Seats[0])+" decides (revision "+strconv.FormatUint(rec.Rev, 10)+")",
				kit.MarkupOf([][]kit.Button{{kit.DataButton("🏆", win), kit.DataButton("⏭", pass)}}))
		}
	}
	if c.GameOver {
		c.Closing = append(c.Closing, kit.Reply{Text: "🏆 " + kit.Mention(rec.Seats[0]) + " won\n\n" + k.Standings(lang, rec)})
	}
}

// Reshow: the next Show sends the table anew.
func (k *Kind) Reshow(c *kit.Change, lang string) {
	c.Finalize(tableSlot(c.Rec.ID), 0, "Fake game")
	c.Turn = true
}

// Sent: the table's id stays with its slot in the outbox.
func (k *Kind) Sent(*kit.Record, string, string, int) bool { return false }

// Unshown, Repost: nothing to show again.
func (k *Kind) Unshown(*kit.Record) bool          { return false }
func (k *Kind) Repost(int64, string, *kit.Record) {}

// Standings list the seats, the winner first.
func (k *Kind) Standings(lang string, r *kit.Record) string {
	lines := []string{"Standings:"}
	for i, s := range r.Seats {
		lines = append(lines, strconv.Itoa(i+1)+". "+kit.Name(s.Name))
	}
	return strings.Join(lines, "\n")
}

// Results: the first seat won if it pressed 🏆.
func (k *Kind) Results(r *kit.Record) []kit.SeatResult {
	out := make([]kit.SeatResult, len(r.Seats))
	if w := winner(r); w >= 0 {
		out[w].Won, out[w].Leader = true, true
	}
	return out
}

// winner is the seat whose last applied press is this game's 🏆 (-1:
// none yet).
func winner(r *kit.Record) int {
	for i, s := range r.Seats {
		if p, err := kit.ParsePress(s.Pressed); err == nil && p.Op == OpWin && p.Game == r.ID {
			return i
		}
	}
	return -1
}
