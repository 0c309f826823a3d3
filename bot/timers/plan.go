package timers

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// KickAfter is how many timeouts in a row remove a player (0: never).
func KickAfter(r *kit.Record) int { return max(optionsOf(r).EffectiveKickAfter(), 0) }

// ArchiveAfter is how long an untouched game lasts.
func ArchiveAfter(r *kit.Record) time.Duration { return optionsOf(r).EffectiveArchiveAfter() }

// pace is the game's pace; records from before paces play live.
func pace(r *kit.Record) kit.Pace {
	if r.Pace.Name == "" || r.Pace.Decision <= 0 || r.Pace.Bid <= 0 {
		return kit.Paces[kit.DefaultPace]
	}
	return r.Pace
}

// optionsOf are the options the game plays with (Record.Options, else the
// defaults).
func optionsOf(r *kit.Record) kit.ChatOptions {
	if r.Options != nil {
		return *r.Options
	}
	return kit.ChatOptions{}
}

// lastTouch is when a person last changed the record.
func lastTouch(r *kit.Record) int64 { return max(r.Clock.Touched, r.Created) }

// window is how long the pending decision may take: the pace's decision
// time, or its bid window (Options.AuctionSilence, if set, replaces it).
func (t *Timers) window(r *kit.Record, p kit.Pending) time.Duration {
	switch {
	case p.Computer: // a computer's pause, so the chat can follow
		return pace(r).ComputerPause()
	case !p.Bid:
		return pace(r).Decision
	case t.bid > 0:
		return t.bid
	}
	return pace(r).Bid
}

// maxReminders per decision: two, one in the live pace, none for the live
// pace's bid window.
func maxReminders(r *kit.Record, p kit.Pending) int {
	live := pace(r).Name == kit.PaceLive
	switch {
	case p.Computer, p.Bid && live:
		return 0
	case p.Bid, live:
		return 1
	}
	return 2
}

// reminderAt is the moment of the next reminder, 0 if none is left.
func reminderAt(r *kit.Record, p kit.Pending) int64 {
	cl := &r.Clock
	if cl.Deadline == 0 || cl.Reminded >= maxReminders(r, p) {
		return 0
	}
	if cl.Reminded == 0 {
		return cl.Deadline - cl.Length/2 // half time
	}
	return cl.Deadline - cl.Length/6 // shortly before
}

// plan brings the clock up to date with the game and returns the chat's
// next moment (0: none).
func (t *Timers) plan(c *kit.Change, now int64) int64 {
	r := c.Rec
	archive := lastTouch(r) + ArchiveAfter(r).Milliseconds()
	if c.Settings.Paused {
		return 0 // the bot cannot write there; the next change re-plans
	}
	if r.Status == kit.StatusLobby {
		return min(archive, t.host.LobbyNext(r))
	}
	if r.Status != kit.StatusPlaying {
		return archive
	}
	p := t.host.Kind(r).Pending(r)
	if p.Decision == "" { // the game is over
		return archive
	}
	cl := &r.Clock
	if len(cl.Strikes) != len(r.Seats) || len(cl.StruckTurn) != len(r.Seats) {
		cl.Strikes, cl.StruckTurn = make([]int, len(r.Seats)), make([]int, len(r.Seats))
	}
	if p.Decision != cl.Decision {
		d := t.window(r, p)
		cl.Decision, cl.Reminded, cl.Length = p.Decision, 0, d.Milliseconds()
		cl.Reminder = 0 // the reminder goes with its decision (FinishReminder)
		if cl.PausedAt != 0 {
			cl.Deadline, cl.Left = 0, d.Milliseconds()
		} else {
			cl.Deadline = now + d.Milliseconds()
		}
	}
	// A vote to kick someone the game no longer waits for is void.
	t.host.VoidKickVotes(c, c.ChatLang(), p.Seat)
	if cl.PausedAt != 0 {
		return archive
	}
	next := min(archive, cl.Deadline)
	if at := reminderAt(r, p); at != 0 {
		next = min(next, at)
	}
	if p.Due != 0 {
		next = min(next, cl.WallTime(p.Due))
	}
	if len(t.kickable(r)) > 0 {
		next = min(next, now)
	}
	return next
}

// kickable lists the seats that timed out KickAfter times in a row and
// may resign now (not while an auction runs).
func (t *Timers) kickable(r *kit.Record) []int {
	k := KickAfter(r)
	if k == 0 || r.Status != kit.StatusPlaying {
		return nil
	}
	var out []int
	for seat, n := range r.Clock.Strikes {
		if n >= k && t.host.Kind(r).CanResign(r, seat) {
			out = append(out, seat)
		}
	}
	return out
}

// Rearm re-plans the clock of a change (commit.Options.Rearm, before its
// transaction) and returns how the chat's timer index entry must move, and
// whether the clock changed (the record must be stored). human says a
// person made the change; seat is the seat whose own action it was (-1:
// none).
func (t *Timers) Rearm(c *kit.Change, human bool, seat int) (commit.TimerMove, bool) {
	r := c.Rec
	before := c.ClockBefore
	if before == nil {
		before = r.Clock.AppendJSON(make([]byte, 0, kit.ClockSize))
	}
	now := t.now().UnixMilli()
	if human {
		r.Clock.Touched = now
		if seat >= 0 && seat < len(r.Clock.Strikes) {
			r.Clock.Strikes[seat] = 0
		}
	}
	var move commit.TimerMove
	if want := t.plan(c, now); want != r.Clock.Timer {
		move = commit.TimerMove{Drop: r.Clock.Timer, Add: want}
		r.Clock.Timer = want
	}
	after := r.Clock.AppendJSON(make([]byte, 0, kit.ClockSize))
	return move, string(before) != string(after)
}

// ActingSeat reads the seat of a log entry (-1 if none):
// commit.Options.ActingSeat.
func ActingSeat(entry []byte) int {
	if entry == nil {
		return -1
	}
	if seat, ok := leadingSeat(entry); ok {
		return seat
	}
	var e struct {
		Seat *int `json:"seat"`
	}
	if json.Unmarshal(entry, &e) != nil || e.Seat == nil {
		return -1
	}
	return *e.Seat
}

// leadingSeat reads the seat of an entry as the kinds encode theirs
// (kit.LogEntry and its like: numbers, then "seat", then the action)
// without decoding the action after it, as every change does; anything
// else is left to json.Unmarshal.
func leadingSeat(entry []byte) (int, bool) {
	rest, ok := bytes.CutPrefix(entry, []byte("{"))
	for ok {
		var key []byte
		if key, rest, ok = cutJSONKey(rest); !ok {
			return 0, false
		}
		end := 0
		for end < len(rest) && (rest[end] == '-' || rest[end] >= '0' && rest[end] <= '9') {
			end++
		}
		num, after := rest[:end], rest[end:]
		if len(after) == 0 || after[0] != ',' && after[0] != '}' {
			return 0, false // not a plain integer
		}
		switch string(key) {
		case "seat":
			n, err := strconv.Atoi(string(num))
			return n, err == nil
		case "update", "user":
			rest, ok = after[1:], after[0] == ','
		default:
			return 0, false
		}
	}
	return 0, false
}

// cutJSONKey cuts `"key":` off the front of b (a key without escapes).
func cutJSONKey(b []byte) (key, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	i := bytes.IndexByte(b[1:], '"')
	if i < 0 || bytes.IndexByte(b[1:1+i], '\\') >= 0 {
		return nil, nil, false
	}
	key, rest = b[1:1+i], b[2+i:]
	if len(rest) == 0 || rest[0] != ':' {
		return nil, nil, false
	}
	return key, rest[1:], true
}
