package fakekind

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Name is the kind's name (Record.Kind) and its one edition.
const Name = "fake"

func init() { kit.RegisterState(Name, decode) }

// State is the fake game's own part of its record: the id of its table
// message, stored as the board's turn message and Deal's table are, so
// that a restart edits the table in place instead of sending it again.
type State struct {
	TableMsg int `json:"table_msg,omitempty"`
}

// Clone: the state is a value.
func (s *State) Clone() kit.State { c := *s; return &c }

// Stored: under "fake" among the record's members.
func (s *State) Stored() (string, any) { return Name, s }

// Of is rec's fake state (nil: a lobby's, which has none yet).
func Of(rec *kit.Record) *State {
	s, _ := rec.State.(*State)
	return s
}

// decode reads a fake game's record: the envelope and its state under
// "fake" (absent in a lobby's).
func decode(data []byte, rec *kit.Record) error {
	s := struct {
		*kit.Envelope
		Fake *State `json:"fake"`
	}{Envelope: (*kit.Envelope)(rec)}
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	if s.Fake != nil {
		rec.State = s.Fake
	}
	return nil
}

// tableMsg is the table message's id as rec stores it (0: none known).
func tableMsg(rec *kit.Record) int {
	if s := Of(rec); s != nil {
		return s.TableMsg
	}
	return 0
}

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
	c.Rec.State = &State{}
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
			c.Finalize(tableSlot(rec.ID), tableMsg(rec), "Fake game over")
		} else {
			win := kit.Press{Game: rec.ID, Rev: rec.Rev, Op: OpWin}.Encode()
			pass := kit.Press{Game: rec.ID, Rev: rec.Rev, Op: OpPass}.Encode()
			c.Show(tableSlot(rec.ID), tableMsg(rec), "Fake game: "+kit.Mention(rec.Seats[0])+" decides (revision "+strconv.FormatUint(rec.Rev, 10)+")",
				kit.MarkupOf([][]kit.Button{{kit.DataButton("🏆", win), kit.DataButton("⏭", pass)}}))
		}
	}
	if c.GameOver {
		c.Closing = append(c.Closing, kit.Reply{Text: "🏆 " + kit.Mention(rec.Seats[0]) + " won\n\n" + k.Standings(lang, rec)})
	}
}

// Reshow: the table keeps its text without buttons; the next Show sends
// it anew.
func (k *Kind) Reshow(c *kit.Change, lang string) {
	c.Finalize(tableSlot(c.Rec.ID), tableMsg(c.Rec), "Fake game")
	if s := Of(c.Rec); s != nil && s.TableMsg != 0 {
		s.TableMsg = 0
		c.Quiet = true // the game is as it was: no new revision
	}
	c.Turn = true
}

// Sent stores the id of the table message.
func (k *Kind) Sent(r *kit.Record, name, key string, id int) bool {
	if s := Of(r); s != nil && name == "table" && key == "" && s.TableMsg != id {
		s.TableMsg = id
		return true
	}
	return false
}

// Unshown: a table whose id was never stored (Restore shows it again).
// Repost: Show posts everything the fake has.
func (k *Kind) Unshown(r *kit.Record) bool        { return r.Status == kit.StatusPlaying && tableMsg(r) == 0 }
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
